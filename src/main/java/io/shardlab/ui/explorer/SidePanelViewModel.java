package io.shardlab.ui.explorer;

import io.shardlab.ui.explorer.diagram.ChunkDetails;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;

/**
 * Where the explorer's side panel (chunk details, query targeting, history, log) shows and which of its
 * sections is in front.
 *
 * <p>A wide explorer docks the panel beside the diagram, as it always did. A narrow one (a 1280 px window with
 * the lessons panel open, or presenter mode's larger lessons panel) would leave the number line a sliver, so
 * the panel folds into a rail of section buttons and opens on demand as a drawer over the diagram, or pinned
 * beside it. The states and their ways in and out:
 * <ul>
 *   <li>{@link Placement#DOCKED}: the explorer is at least {@link #DOCK_MIN_WIDTH} wide;</li>
 *   <li>{@link Placement#RAIL}: narrow and closed: only the rail shows (a docked panel folds into it as the
 *       explorer narrows, unless it was pinned);</li>
 *   <li>{@link Placement#DRAWER}: narrow, opened from the rail: the panel floats over the diagram's right side;
 *       the same rail button, or Esc, closes it;</li>
 *   <li>{@link Placement#PINNED}: narrow, pinned: the panel sits beside the diagram (which narrows) until
 *       unpinned or closed, both of which fold it back into the rail.</li>
 * </ul>
 * Invariant: pinned implies open. A chunk selected where none was brings the chunk section forward when the
 * panel shows (docked, drawer or pinned), as before; in the rail it only raises {@link #chunkCueProperty()},
 * which the chunk button shows until the chunk section is opened or the selection is cleared.
 */
final class SidePanelViewModel {

    /** The panel's sections, in tab order. */
    enum Section {
        CHUNK("explorer.side.chunk"),
        QUERY("explorer.side.query"),
        HISTORY("explorer.side.history"),
        LOG("explorer.side.log");

        private final String title;

        Section(String title) {
            this.title = title;
        }

        /** The tab's caption: a key of the explorer's bundle. */
        String title() {
            return title;
        }
    }

    /** Where the panel shows; see the class comment. */
    enum Placement {
        DOCKED,
        RAIL,
        DRAWER,
        PINNED;

        /** Whether the panel's sections show (beside or over the diagram). */
        boolean showsPanel() {
            return this != RAIL;
        }

        /** Whether the rail shows. */
        boolean showsRail() {
            return this != DOCKED;
        }

        /** Whether the panel takes room beside the diagram (rather than floating over it or hiding). */
        boolean besideDiagram() {
            return this == DOCKED || this == PINNED;
        }
    }

    /**
     * The explorer width, in pixels, from which the panel docks. Docked, the panel takes 380–420 px; below this
     * width that would leave the diagram column under 1,000 px and the number line under ~600 px beside the
     * lanes' names and figures (at 1600 × 1000 with the lessons panel open, the explorer is 1,264 px wide: the
     * docked panel would leave the line ~390 px, the rail leaves it ~770).
     */
    static final double DOCK_MIN_WIDTH = 1420;

    private final ReadOnlyBooleanWrapper narrow = new ReadOnlyBooleanWrapper(this, "narrow");
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(this, "open");
    private final ReadOnlyBooleanWrapper pinned = new ReadOnlyBooleanWrapper(this, "pinned");
    private final ReadOnlyBooleanWrapper chunkCue = new ReadOnlyBooleanWrapper(this, "chunkCue");
    private final ReadOnlyObjectWrapper<Section> section = new ReadOnlyObjectWrapper<>(this, "section", Section.CHUNK);
    private final ReadOnlyObjectWrapper<Placement> placement =
            new ReadOnlyObjectWrapper<>(this, "placement", Placement.DOCKED);
    private final ObservableBooleanValue readOnlyLayout;

    /**
     * @param selectedChunk the number line's selected chunk (null for none)
     * @param readOnlyLayout whether a recorded layout shows: its panel has only the chunk section
     */
    SidePanelViewModel(ObservableValue<ChunkDetails> selectedChunk, ObservableBooleanValue readOnlyLayout) {
        this.readOnlyLayout = Objects.requireNonNull(readOnlyLayout, "readOnlyLayout");
        Objects.requireNonNull(selectedChunk, "selectedChunk").addListener((obs, was, now) -> {
            if (now == null) {
                chunkCue.set(false);
            } else if (was == null) {
                chunkSelected();
            }
        });
        readOnlyLayout.addListener((obs, was, readOnly) -> {
            if (readOnly) {
                section.set(Section.CHUNK);
            }
        });
    }

    /** The explorer's width changed (pixels): docks the panel or folds it into the rail. */
    void explorerWidth(double width) {
        boolean nowNarrow = width < DOCK_MIN_WIDTH;
        if (nowNarrow == narrow.get()) {
            return;
        }
        narrow.set(nowNarrow);
        // a docked panel folds into the rail as the explorer narrows, unless the user pinned it
        open.set(pinned.get());
        if (!nowNarrow && chunkCue.get()) {
            // docked, the panel shows the selection's details as it always did
            section.set(Section.CHUNK);
            chunkCue.set(false);
        }
        update();
    }

    /**
     * A rail button: opens the panel on {@code s}, or closes it when {@code s} is already in front of an open
     * panel. Sections of the simulator do nothing while a recorded layout shows.
     */
    void toggle(Section s) {
        if (!available(s)) {
            return;
        }
        if (open.get() && section.get() == s) {
            close();
            return;
        }
        section.set(s);
        open.set(true);
        if (s == Section.CHUNK) {
            chunkCue.set(false);
        }
        update();
    }

    /** Opens the panel on {@code s} (e.g. Edit → Query targeting…); does nothing for an unavailable section. */
    void show(Section s) {
        if (!available(s)) {
            return;
        }
        select(s);
        open.set(true);
        update();
    }

    /** {@code s} came to the front inside the panel (its tab was clicked). */
    void select(Section s) {
        if (!available(s)) {
            return;
        }
        section.set(s);
        if (s == Section.CHUNK && placement.get().showsPanel()) {
            chunkCue.set(false);
        }
    }

    /** Closes a drawer or a pinned panel back into the rail (and unpins it). Docked, it stays. */
    void close() {
        open.set(false);
        pinned.set(false);
        update();
    }

    /** Pins the panel beside the diagram (opening it), or unpins it back into the rail. */
    void togglePin() {
        if (pinned.get()) {
            close();
            return;
        }
        pinned.set(true);
        open.set(true);
        if (section.get() == Section.CHUNK) {
            chunkCue.set(false);
        }
        update();
    }

    private void chunkSelected() {
        if (placement.get().showsPanel()) {
            section.set(Section.CHUNK);
        } else {
            chunkCue.set(true);
        }
    }

    private boolean available(Section s) {
        return s == Section.CHUNK || !readOnlyLayout.get();
    }

    private void update() {
        placement.set(
                !narrow.get()
                        ? Placement.DOCKED
                        : pinned.get() ? Placement.PINNED : open.get() ? Placement.DRAWER : Placement.RAIL);
        if (placement.get().showsPanel() && section.get() == Section.CHUNK) {
            chunkCue.set(false);
        }
    }

    /** Whether the explorer is narrower than {@link #DOCK_MIN_WIDTH}. */
    ReadOnlyBooleanProperty narrowProperty() {
        return narrow.getReadOnlyProperty();
    }

    /** Whether a narrow explorer's panel is open (as a drawer or pinned). */
    ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    /** Whether a narrow explorer's panel is pinned beside the diagram. */
    ReadOnlyBooleanProperty pinnedProperty() {
        return pinned.getReadOnlyProperty();
    }

    /** Whether a chunk was selected while the panel was folded into the rail, and its details wait there. */
    ReadOnlyBooleanProperty chunkCueProperty() {
        return chunkCue.getReadOnlyProperty();
    }

    /** The section in front. */
    ReadOnlyObjectProperty<Section> sectionProperty() {
        return section.getReadOnlyProperty();
    }

    /** Where the panel shows. */
    ReadOnlyObjectProperty<Placement> placementProperty() {
        return placement.getReadOnlyProperty();
    }
}

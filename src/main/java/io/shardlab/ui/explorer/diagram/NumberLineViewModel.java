package io.shardlab.ui.explorer.diagram;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.OrphanedRange;
import io.shardlab.key.ShardKey;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.HeatmapData;
import io.shardlab.render.Highlight;
import io.shardlab.render.KeyValueAxis;
import io.shardlab.render.LayoutData;
import io.shardlab.render.MigrationMarks;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.Scale;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.render.Theme;
import io.shardlab.render.View;
import io.shardlab.render.Viewport;
import io.shardlab.render.WriteSeries;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.sim.Migration;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The number line and everything drawn with it (lanes, writes chart, heatmap): what to paint, how far
 * in it is zoomed, on which scale, which chunk is under the pointer and which one is selected.
 *
 * <p>Zoom and pan work on render's {@link Viewport} (fractions of the whole line), so they cost nothing
 * however many chunks there are; the painter aggregates the visible chunks per pixel column. The
 * number line model is rebuilt only when the chunks, the scale or (for the data-size scale) the sizes
 * change.
 */
public final class NumberLineViewModel {

    /** How much one zoom step magnifies. */
    public static final double ZOOM_STEP = 1.5;
    /** How much of the visible span one pan step moves. */
    public static final double PAN_STEP = 0.2;

    private final ObservableBooleanValue dark;
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(this, "language", Language.ENGLISH);
    private final ObjectProperty<Optional<MigrationMarks.PlannedMove>> plannedMove =
            new SimpleObjectProperty<>(this, "plannedMove", Optional.empty());
    private final ReadOnlyObjectWrapper<DiagramPicture> picture = new ReadOnlyObjectWrapper<>(this, "picture");
    private final ReadOnlyObjectWrapper<Scale> scale = new ReadOnlyObjectWrapper<>(this, "scale", Scale.EQUAL);
    private final ObservableList<Scale> scales = FXCollections.observableArrayList(Scale.EQUAL, Scale.DATA_SIZE);
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<Scale> scalesView = FXCollections.unmodifiableObservableList(scales);
    private final ReadOnlyObjectWrapper<Viewport> viewport =
            new ReadOnlyObjectWrapper<>(this, "viewport", Viewport.FULL);
    private final ReadOnlyObjectWrapper<ChunkDetails> hovered = new ReadOnlyObjectWrapper<>(this, "hovered");
    private final ReadOnlyObjectWrapper<ChunkDetails> selected = new ReadOnlyObjectWrapper<>(this, "selected");

    private Shown shown;
    /** Per draining shard id, what is left of its drain (its lane's badge); none for a loaded layout. */
    private Map<String, Message> drainsLeft = Map.of();

    private int shownComplete = -1;
    /** Whether the charts on show hold a window still filling (so the next frame's data differs). */
    private boolean shownFilling;

    private long shownWindowStart;
    private NumberLineModel model;
    private ClusterSnapshot modelSnapshot;
    private Scale modelScale;
    private ChunkMap modelChunks;
    private LayoutData modelLayout;
    private ClusterSnapshot valueSnapshot;
    private NumberLineModel valueModel;
    private ShardKey selectedMin;
    private double selectedPosition = Double.NaN;
    private Set<String> highlightedShards = Set.of();
    private LayoutData layout;
    /** The order this view first saw the shards of what it shows in: their colours, kept while the origin is. */
    private final ReadOnlyObjectWrapper<ShardColorOrder> colorOrder =
            new ReadOnlyObjectWrapper<>(this, "colorOrder", ShardColorOrder.of(List.of()));

    /** @param dark whether the dark theme shows: the painter's colours follow it */
    public NumberLineViewModel(ObservableBooleanValue dark) {
        this.dark = Objects.requireNonNull(dark, "dark");
        dark.addListener((obs, was, now) -> repaint());
        language.addListener((obs, was, now) -> repaint());
        plannedMove.addListener((obs, was, now) -> repaint());
    }

    /**
     * The balancer's next migration to draw on the line and the lanes (Why no move?'s plan preview while its panel
     * is open), or empty.
     */
    public ObjectProperty<Optional<MigrationMarks.PlannedMove>> plannedMoveProperty() {
        return plannedMove;
    }

    /**
     * The order in which the shards on show took their colours, first seen first, since the origin (scenario, loaded
     * collection) last changed: a chart beside the lanes colours its shards by it too.
     */
    public ReadOnlyObjectProperty<ShardColorOrder> colorOrderProperty() {
        return colorOrder.getReadOnlyProperty();
    }

    /** The language the painter's own words (counts, legend, captions) are drawn in; the view binds it. */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    private boolean sizesUnknown;
    private List<Migration> inFlight = List.of();

    /** What is on show, whatever it came from (a simulation frame, a loaded layout). */
    private record Shown(
            Object origin,
            LayoutData layout,
            Optional<WriteSeries> writes,
            Optional<HeatmapData> heat,
            Optional<ClusterSnapshot> valueLine,
            List<ExplorerFrame.InsertMark> marks,
            List<ExplorerFrame.ChunkMove> moves,
            List<ExplorerFrame.SplitMark> splits,
            List<OrphanedRange> orphans,
            long atMillis) {}

    /**
     * Whether the simulation on show started from a layout whose source did not tell its chunks' sizes (a
     * fork of a config dump without them): the simulator's counts then leave those documents out, so every
     * size reads "unknown" rather than a count that looks exact.
     */
    public void sizesUnknown(boolean unknown) {
        sizesUnknown = unknown;
    }

    /**
     * As {@link #show(ExplorerFrame)}, each draining shard's badge saying what is left of its drain.
     *
     * @param left per draining shard id, what is left ({@code ShardDrain#left}), measured with {@code next}
     */
    public void show(ExplorerFrame next, Map<String, Message> left) {
        drainsLeft = Map.copyOf(left);
        show(next);
    }

    /** Shows a frame of a simulation; keeps zoom, scale and selection unless the scenario changed. */
    public void show(ExplorerFrame next) {
        inFlight = next.cluster().migrationsInFlight();
        ClusterSnapshot snapshot = next.cluster().cluster();
        Optional<WriteSeries> writes = Optional.empty();
        Optional<HeatmapData> heat = Optional.empty();
        // only windows that are over: a window in progress would read as a sudden drop in writes. A window
        // that is over never changes again (its inserts all happened in it), so while no new window has
        // completed the charts' data stays the same object and the charts need no repaint. A client's
        // writes are the exception: they show as they arrive (the clock may stand still, paused), so the
        // window they fill is drawn in progress and redrawn with every frame.
        long now = next.cluster().atMillis();
        int drawn = next.writes().shownAt(now);
        boolean filling = drawn > next.writes().completeAt(now);
        if (shown != null
                && !filling
                && !shownFilling
                && shown.origin().equals(next.scenario())
                && drawn == shownComplete
                && next.writes().startMillis() == shownWindowStart) {
            writes = shown.writes();
            heat = shown.heat();
        } else if (drawn > 0) {
            writes = Optional.of(new WriteSeries(
                    next.shardIds(),
                    next.writes().startMillis(),
                    next.writes().windowMillis(),
                    next.writes().byRow(drawn)));
            heat = Optional.of(new HeatmapData(
                    next.heatBounds(),
                    next.heat().startMillis(),
                    next.heat().windowMillis(),
                    next.heat().byWindow(Math.min(drawn, next.heat().windows()))));
        }
        shownComplete = drawn;
        shownFilling = filling;
        shownWindowStart = next.writes().startMillis();
        show(new Shown(
                next.scenario(),
                new LayoutData(
                        snapshot,
                        sizesUnknown
                                ? Optional.empty()
                                : Optional.of(ChunkSizes.of(next.cluster().chunkStatistics())
                                        .withCannotSplit(next.cluster().oversizedOneValueChunks()))),
                writes,
                heat,
                next.valueLine(),
                next.inserts(),
                next.moves(),
                next.splits(),
                next.cluster().orphanedRanges(),
                now));
    }

    /**
     * Shows a chunk layout that no simulation drives (a real cluster's, a loaded snapshot's), with its
     * chunk sizes when known: the same line, lanes, zoom, scales, hover and selection.
     */
    public void showLayout(LayoutData layout) {
        showLayout(layout, List.of(), List.of());
    }

    /** As {@link #showLayout(LayoutData)}, with migrations and splits to animate (a live watch's poll). */
    public void showLayout(
            LayoutData layout, List<ExplorerFrame.ChunkMove> moves, List<ExplorerFrame.SplitMark> splits) {
        Objects.requireNonNull(layout, "layout");
        inFlight = List.of();
        drainsLeft = Map.of();
        show(new Shown(
                layout.snapshot().namespace(),
                layout,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                List.copyOf(moves),
                List.copyOf(splits),
                List.of(),
                0));
    }

    private void show(Shown next) {
        boolean newOrigin = shown == null || !shown.origin().equals(next.origin());
        ShardColorOrder seen = newOrigin ? ShardColorOrder.of(List.of()) : colorOrder.get();
        // a shard that joins takes the next colour, one that leaves keeps its own: no other lane is recoloured
        colorOrder.set(seen.joining(next.layout().snapshot().shardIds()));
        shown = next;
        layout = next.layout().withColors(colorOrder.get());
        if (newOrigin) {
            viewport.set(Viewport.FULL);
            selectedMin = null;
            hovered.set(null);
            if (scale.get() == Scale.KEY_VALUE) {
                scale.set(Scale.EQUAL);
            }
        }
        ClusterSnapshot snapshot = layout.snapshot();
        if (layout.sizes().isEmpty()) {
            scales.remove(Scale.DATA_SIZE);
            if (scale.get() == Scale.DATA_SIZE) {
                scale.set(Scale.EQUAL);
            }
        } else if (!scales.contains(Scale.DATA_SIZE)) {
            scales.add(1, Scale.DATA_SIZE);
        }
        boolean keyScale = KeyValueAxis.supports(snapshot.chunks(), snapshot.key());
        if (keyScale != scales.contains(Scale.KEY_VALUE)) {
            if (keyScale) {
                scales.add(Scale.KEY_VALUE);
            } else {
                scales.remove(Scale.KEY_VALUE);
                if (scale.get() == Scale.KEY_VALUE) {
                    scale.set(Scale.EQUAL);
                }
            }
        }
        repaint();
    }

    private void repaint() {
        if (shown == null) {
            return;
        }
        ClusterSnapshot snapshot = layout.snapshot();
        // the model costs one pass over the chunks: rebuild it only when what it is made of changed,
        // never for a zoom or a pan
        if (model == null
                || modelScale != scale.get()
                || modelChunks != snapshot.chunks()
                || !modelSnapshot.shards().equals(snapshot.shards())
                || (scale.get() == Scale.DATA_SIZE && modelLayout != layout)) {
            model = NumberLineModel.of(layout, scale.get());
            modelScale = scale.get();
            modelChunks = snapshot.chunks();
            modelSnapshot = snapshot;
            modelLayout = layout;
        }
        Optional<NumberLineModel> values = Optional.empty();
        if (shown.valueLine().isPresent()) {
            if (valueSnapshot != shown.valueLine().get()) {
                valueSnapshot = shown.valueLine().get();
                valueModel = NumberLineModel.of(LayoutData.of(valueSnapshot), Scale.EQUAL);
            }
            values = Optional.of(valueModel);
        }
        resolveSelection();
        DiagramOptions options = new DiagramOptions(
                View.ALL,
                dark.get() ? Theme.dark() : Theme.light(),
                "",
                scale.get(),
                viewport.get(),
                highlight(),
                false,
                language.get(),
                "");
        DiagramPicture last = picture.get();
        DiagramData data = last != null
                        && last.data().layout() == layout
                        && last.data().writes() == shown.writes()
                        && last.data().heatmap() == shown.heat()
                        && last.data().valueLine().orElse(null)
                                == shown.valueLine().orElse(null)
                        && last.data().drainsLeft().equals(drainsLeft)
                ? last.data()
                : new DiagramData(layout, shown.writes(), shown.heat(), shown.valueLine(), MigrationMarks.NONE)
                        .withDrainsLeft(drainsLeft);
        MigrationMarks marks = new MigrationMarks(plannedMove.get(), shown.orphans(), shown.atMillis());
        if (!data.migrations().equals(marks)) {
            data = data.withMigrations(marks);
        }
        picture.set(new DiagramPicture(data, options, model, values, shown.marks(), shown.moves(), shown.splits()));
    }

    private Highlight highlight() {
        if (!highlightedShards.isEmpty()) {
            return new Highlight.Shards(highlightedShards);
        }
        ChunkDetails s = selected.get();
        return s == null ? Highlight.none() : new Highlight.Chunk(s.index());
    }

    private void resolveSelection() {
        if (selectedMin == null) {
            selected.set(null);
            return;
        }
        ChunkMap chunks = layout.snapshot().chunks();
        int i = chunks.indexOf(selectedMin);
        selected.set(details(i));
        if (!chunks.get(i).min().equals(selectedMin)) {
            selectedMin = chunks.get(i).min();
            selectedPosition = Double.NaN;
        }
    }

    private ChunkDetails details(int index) {
        ClusterSnapshot snapshot = layout.snapshot();
        if (layout.sizes().isEmpty()) {
            return ChunkDetails.withoutSizes(index, snapshot.chunks().get(index), snapshot.key());
        }
        ChunkSizes sizes = layout.sizes().get();
        return new ChunkDetails(
                index, snapshot.chunks().get(index), sizes.documents(index), sizes.bytes(index), snapshot.key());
    }

    // ---- what to paint ---------------------------------------------------------------------------

    /** The picture to paint; null before the first frame. */
    public ReadOnlyObjectProperty<DiagramPicture> pictureProperty() {
        return picture.getReadOnlyProperty();
    }

    /** The scale chunks are drawn on. */
    public ReadOnlyObjectProperty<Scale> scaleProperty() {
        return scale.getReadOnlyProperty();
    }

    /** The scales this layout can be drawn on (the key-value scale needs numbers or dates in the key). */
    public ObservableList<Scale> scales() {
        return scalesView;
    }

    /** The visible part of the line. */
    public ReadOnlyObjectProperty<Viewport> viewportProperty() {
        return viewport.getReadOnlyProperty();
    }

    /** The chunk under the pointer, null when none. */
    public ReadOnlyObjectProperty<ChunkDetails> hoveredProperty() {
        return hovered.getReadOnlyProperty();
    }

    /** The selected chunk, null when none. */
    public ReadOnlyObjectProperty<ChunkDetails> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /**
     * Where in the selected chunk it was clicked, 0 to 1 of its drawn width; NaN when it was selected
     * another way.
     */
    public double selectedFraction() {
        ChunkDetails s = selected.get();
        if (s == null || Double.isNaN(selectedPosition) || model == null) {
            return Double.NaN;
        }
        double a = model.edge(s.index());
        double b = model.edge(s.index() + 1);
        return b > a ? (selectedPosition - a) / (b - a) : Double.NaN;
    }

    // ---- verbs -----------------------------------------------------------------------------------

    /** Draws the chunks on {@code s}; refused silently when the layout cannot be drawn so. */
    public void chooseScale(Scale s) {
        if (scales.contains(s) && s != scale.get()) {
            scale.set(s);
            repaint();
        }
    }

    public void zoomIn() {
        zoom(ZOOM_STEP, 0.5);
    }

    public void zoomOut() {
        zoom(1 / ZOOM_STEP, 0.5);
    }

    /** Zooms by {@code factor} (2 shows half as much) keeping the line under {@code anchor} (0 left, 1 right) in place. */
    public void zoom(double factor, double anchor) {
        setViewport(viewport.get().zoom(factor, anchor));
    }

    /** Moves by {@code fraction} of the visible span (negative: left). */
    public void pan(double fraction) {
        setViewport(viewport.get().pan(fraction));
    }

    public void panLeft() {
        pan(-PAN_STEP);
    }

    public void panRight() {
        pan(PAN_STEP);
    }

    /** Follows a drag of {@code dx} pixels on a line {@code widthPx} wide. */
    public void drag(double dx, double widthPx) {
        setViewport(viewport.get().dragged(dx, widthPx));
    }

    /** Shows the whole line. */
    public void fit() {
        setViewport(Viewport.FULL);
    }

    /** Zooms to the selected chunk with some room around it. */
    public void zoomToSelection() {
        ChunkDetails s = selected.get();
        if (s != null && model != null) {
            setViewport(Viewport.showing(model.edge(s.index()), model.edge(s.index() + 1), 0.5));
        }
    }

    /** Shows {@code v} of the line, as a zoom or a pan would (a comparison keeps its two lines on one view). */
    public void showViewport(Viewport v) {
        setViewport(Objects.requireNonNull(v, "v"));
    }

    private void setViewport(Viewport v) {
        if (!v.equals(viewport.get())) {
            viewport.set(v);
            repaint();
        }
    }

    /** The chunk at line position {@code position} (0 to 1) is under the pointer; NaN for none. */
    public void hover(double position) {
        if (model == null || Double.isNaN(position) || position < 0 || position > 1) {
            hovered.set(null);
            return;
        }
        int i = model.chunkAt(position);
        ChunkDetails current = hovered.get();
        if (current == null
                || current.index() != i
                || current.chunk() != layout.snapshot().chunks().get(i)) {
            hovered.set(details(i));
        }
    }

    /** Selects the chunk at line position {@code position}, remembering the spot for "split here". */
    public void selectAt(double position) {
        if (model == null || Double.isNaN(position)) {
            return;
        }
        double p = Math.max(0, Math.min(1, position));
        selectedMin = layout.snapshot().chunks().get(model.chunkAt(p)).min();
        selectedPosition = p;
        repaint();
    }

    /** Selects the chunk at {@code index} in key order. */
    public void selectChunk(int index) {
        if (model == null || index < 0 || index >= layout.snapshot().chunks().size()) {
            return;
        }
        selectedMin = layout.snapshot().chunks().get(index).min();
        selectedPosition = Double.NaN;
        repaint();
    }

    /** Selects the next chunk in key order (the first when none is selected). */
    public void selectNext() {
        ChunkDetails s = selected.get();
        selectChunk(
                s == null
                        ? 0
                        : Math.min(s.index() + 1, layout.snapshot().chunks().size() - 1));
    }

    /** Selects the previous chunk in key order (the last when none is selected). */
    public void selectPrevious() {
        ChunkDetails s = selected.get();
        selectChunk(s == null ? layout.snapshot().chunks().size() - 1 : Math.max(0, s.index() - 1));
    }

    public void clearSelection() {
        if (selectedMin != null) {
            selectedMin = null;
            repaint();
        }
    }

    /** Highlights the shards a query reaches; an empty set highlights none. */
    public void highlightShards(Set<String> shards) {
        Set<String> next = Set.copyOf(shards);
        if (!next.equals(highlightedShards)) {
            highlightedShards = next;
            repaint();
        }
    }

    /** The migrations of the simulation on show that have started and not yet committed; none for a layout. */
    public List<Migration> migrationsInFlight() {
        return inFlight;
    }

    /** The details of the chunk at {@code index} on the current frame. */
    Optional<ChunkDetails> chunk(int index) {
        if (shown == null || index < 0 || index >= layout.snapshot().chunks().size()) {
            return Optional.empty();
        }
        return Optional.of(details(index));
    }

    /** The shard ids in colour order. */
    List<String> shardIds() {
        return model == null ? List.of() : new ArrayList<>(model.shards());
    }
}

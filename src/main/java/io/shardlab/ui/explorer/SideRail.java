package io.shardlab.ui.explorer;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.diagram.ChunkDetails;
import io.shardlab.ui.text.UiText;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The narrow explorer's slim rail at its right edge: one icon button per side-panel section (open it, or close
 * it when it is in front), and a pin that keeps the panel beside the diagram. A chunk selected while the panel
 * is closed puts a dot on the chunk button.
 */
final class SideRail {

    // style classes of its nodes, as its stylesheet names them
    private static final String RAIL_BUTTON = "rail-button";
    private static final String RAIL_CUE = "rail-cue";
    private static final String RAIL_SEPARATOR = "rail-separator";
    private static final String SIDE_RAIL = "side-rail";

    /** The chunk button while a chunk was selected with the panel closed. */
    private static final PseudoClass CUE = PseudoClass.getPseudoClass("cue");

    private final VBox root = new VBox();

    /**
     * @param placement where the side panel shows
     * @param readOnlyLayout whether a recorded layout shows (only the chunk section then)
     * @param selected the selected chunk, for the chunk button's tooltip
     */
    SideRail(
            SidePanelViewModel placement,
            ObservableBooleanValue readOnlyLayout,
            ObservableValue<ChunkDetails> selected,
            UiText text) {
        Map<SidePanelViewModel.Section, ToggleButton> buttons = new EnumMap<>(SidePanelViewModel.Section.class);
        for (SidePanelViewModel.Section s : SidePanelViewModel.Section.values()) {
            ToggleButton b = new ToggleButton(null, new FontIcon(icon(s)));
            b.setId("rail-" + s.name().toLowerCase(Locale.ROOT));
            b.getStyleClass().addAll(RAIL_BUTTON, Styles.BUTTON_ICON, Styles.FLAT);
            text.tip(b, s.title());
            b.setOnAction(e -> placement.toggle(s));
            if (s != SidePanelViewModel.Section.CHUNK) {
                b.disableProperty().bind(readOnlyLayout);
            }
            buttons.put(s, b);
            root.getChildren().add(b);
        }

        cue(buttons.get(SidePanelViewModel.Section.CHUNK), placement, selected, text);

        ToggleButton pin = pinButton(placement, text);
        Separator separator = new Separator();
        separator.getStyleClass().add(RAIL_SEPARATOR);
        root.getChildren().addAll(separator, pin);

        Runnable sync = () -> {
            SidePanelViewModel.Placement p = placement.placementProperty().get();
            buttons.forEach((s, b) ->
                    b.setSelected(p.showsPanel() && placement.sectionProperty().get() == s));
            pin.setSelected(placement.pinnedProperty().get());
            ((FontIcon) pin.getGraphic())
                    .setIconCode(
                            placement.pinnedProperty().get()
                                    ? MaterialDesignP.PIN_OFF_OUTLINE
                                    : MaterialDesignP.PIN_OUTLINE);
        };
        placement.placementProperty().addListener((obs, was, now) -> sync.run());
        placement.sectionProperty().addListener((obs, was, now) -> sync.run());
        placement.pinnedProperty().addListener((obs, was, now) -> sync.run());
        // a toggle button flips itself on a click; the placement model has the last word
        buttons.values().forEach(b -> b.selectedProperty().addListener((obs, was, now) -> sync.run()));
        pin.selectedProperty().addListener((obs, was, now) -> sync.run());
        sync.run();

        root.setId("side-rail");
        root.getStyleClass().add(SIDE_RAIL);
        root.setAlignment(Pos.TOP_CENTER);
        root.visibleProperty().bind(placement.placementProperty().map(SidePanelViewModel.Placement::showsRail));
        root.managedProperty().bind(root.visibleProperty());
    }

    /** The cue: a dot on the chunk button while a selected chunk's details wait in the closed panel. */
    private static void cue(
            ToggleButton chunk, SidePanelViewModel placement, ObservableValue<ChunkDetails> selected, UiText text) {
        Region dot = new Region();
        dot.getStyleClass().add(RAIL_CUE);
        dot.setMinSize(9, 9);
        dot.setMaxSize(9, 9);
        // at the icon's top right corner, a little outside it
        dot.setTranslateX(5);
        dot.setTranslateY(-5);
        dot.visibleProperty().bind(placement.chunkCueProperty());
        StackPane chunkGraphic = new StackPane(new FontIcon(icon(SidePanelViewModel.Section.CHUNK)), dot);
        StackPane.setAlignment(dot, Pos.TOP_RIGHT);
        // the icon's size, not the button's: the dot belongs to the icon
        chunkGraphic.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        chunk.setGraphic(chunkGraphic);
        text.tip(chunk, () -> {
            Tooltip chunkTip = new Tooltip();
            chunkTip.textProperty()
                    .bind(Bindings.createStringBinding(
                            () -> placement.chunkCueProperty().get() && selected.getValue() != null
                                    ? text.now(
                                            "explorer.side.chunkSelected",
                                            selected.getValue().title())
                                    : text.now(SidePanelViewModel.Section.CHUNK.title()),
                            placement.chunkCueProperty(),
                            selected,
                            text.language()));
            return chunkTip;
        });
        placement.chunkCueProperty().addListener((obs, was, cue) -> {
            chunk.pseudoClassStateChanged(CUE, cue);
        });
    }

    /** The pin, which keeps the panel beside the diagram. */
    private static ToggleButton pinButton(SidePanelViewModel placement, UiText text) {
        ToggleButton pin = new ToggleButton(null, new FontIcon(MaterialDesignP.PIN_OUTLINE));
        pin.setId("rail-pin");
        pin.getStyleClass().addAll(RAIL_BUTTON, Styles.BUTTON_ICON, Styles.FLAT);
        pin.setOnAction(e -> placement.togglePin());
        text.tip(
                pin,
                () -> text.tooltip(placement
                        .pinnedProperty()
                        .map(on -> Message.of(on ? "explorer.side.unpin" : "explorer.side.pin"))));
        return pin;
    }

    VBox node() {
        return root;
    }

    private static Ikon icon(SidePanelViewModel.Section s) {
        return switch (s) {
            case CHUNK -> MaterialDesignC.CUBE_OUTLINE;
            case QUERY -> MaterialDesignF.FILTER_OUTLINE;
            case HISTORY -> MaterialDesignH.HISTORY;
            case LOG -> MaterialDesignT.TIMELINE_TEXT_OUTLINE;
        };
    }
}

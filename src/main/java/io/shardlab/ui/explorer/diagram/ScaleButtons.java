package io.shardlab.ui.explorer.diagram;

import atlantafx.base.theme.Styles;
import io.shardlab.render.Scale;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.collections.ObservableList;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;

/**
 * The Equal / Data size / Key value pills that choose a number line's scale, for the explorer's line and for
 * both lines of a comparison: the chosen one stays selected (a click on it keeps it), and a scale the frames
 * cannot draw yet is disabled.
 */
public final class ScaleButtons {

    private ScaleButtons() {}

    /**
     * @param idPrefix each button's id is this and the scale's CLI name, e.g. {@code scale-size}
     * @param bothSides whether the buttons scale two lines at once (a comparison): their tooltips say so
     * @param chosen the scale on show
     * @param offered the scales that can be chosen now
     * @param choose asks for a scale
     */
    public static HBox of(
            String idPrefix,
            boolean bothSides,
            ReadOnlyObjectProperty<Scale> chosen,
            ObservableList<Scale> offered,
            Consumer<Scale> choose,
            UiText text) {
        HBox scales = new HBox();
        scales.getStyleClass().add(ExplorerStyles.SCALE_GROUP);
        ToggleGroup group = new ToggleGroup();
        Scale[] all = Scale.values();
        for (int i = 0; i < all.length; i++) {
            Scale s = all[i];
            ToggleButton b = text.label(
                    new ToggleButton(),
                    switch (s) {
                        case EQUAL -> "explorer.scale.equal";
                        case DATA_SIZE -> "explorer.scale.dataSize";
                        case KEY_VALUE -> "explorer.scale.keyValue";
                    });
            b.setId(idPrefix + s.cliName());
            b.setToggleGroup(group);
            b.getStyleClass()
                    .addAll(
                            Styles.SMALL,
                            i == 0 ? Styles.LEFT_PILL : i == all.length - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
            text.tip(b, bothSides ? "explorer.scale.tip.both" : "explorer.scale.tip", s.caption());
            b.setSelected(chosen.get() == s);
            b.setOnAction(e -> {
                choose.accept(s);
                b.setSelected(chosen.get() == s);
            });
            b.disableProperty().bind(Bindings.createBooleanBinding(() -> !offered.contains(s), offered));
            chosen.addListener((obs, was, now) -> b.setSelected(now == s));
            scales.getChildren().add(b);
        }
        return scales;
    }
}

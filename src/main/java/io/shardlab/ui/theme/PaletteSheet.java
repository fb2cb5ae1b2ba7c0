package io.shardlab.ui.theme;

import atlantafx.base.theme.Styles;
import io.shardlab.render.Theme;
import java.util.Objects;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Parent;

/**
 * render's {@link Theme} colours as CSS looked-up colours ({@code -sl-shard-0} …, {@code -sl-hot}, see
 * {@link Theme#lookedUpColors()}) in a stylesheet on one node, swapped between the light and the dark
 * theme: render's Theme is the one source of the palette, so a swatch or a lane drawn by CSS shows a shard
 * in the colour the canvases and the exports paint it.
 */
public final class PaletteSheet {

    private final Parent node;
    private final String selector;
    private String sheet;

    /**
     * @param node where the stylesheet goes
     * @param selector what its rule selects, e.g. {@code ".root"}
     */
    public PaletteSheet(Parent node, String selector) {
        this.node = Objects.requireNonNull(node, "node");
        this.selector = Objects.requireNonNull(selector, "selector");
    }

    /** Shows the palette of the theme {@code dark} names now and whenever it changes. */
    public void follow(ObservableBooleanValue dark) {
        show(dark.get());
        dark.addListener((obs, was, isDark) -> show(isDark));
    }

    /** Shows the dark or the light palette. */
    public void show(boolean dark) {
        if (sheet != null) {
            node.getStylesheets().remove(sheet);
        }
        sheet = Styles.toDataURI((dark ? Theme.dark() : Theme.light()).toCss(selector));
        node.getStylesheets().add(sheet);
    }
}

package io.shardlab.render;

import java.awt.FontMetrics;

/**
 * The advance width of a text in one font, in the same units as the geometry (logical pixels). Geometry
 * that places labels takes one, so it can be tested without fonts; painters pass one backed by the
 * Graphics2D's font metrics.
 */
@FunctionalInterface
public interface TextMeasure {

    /** Width of {@code text}, not negative. */
    double width(String text);

    /** A measure backed by {@code metrics}. */
    static TextMeasure of(FontMetrics metrics) {
        return text -> metrics.getStringBounds(text, null).getWidth();
    }
}

package io.shardlab.render;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.FontRenderContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The advance widths of texts a painter has measured, remembered so that laying out a picture (each try of a fit
 * ladder, then the paint) measures each text once: a text's width depends only on its font and the graphics'
 * {@link FontRenderContext} (for one graphics: a graphics of another kind may measure through other metrics), so a
 * remembered width is exactly the width measuring again would give, and the picture does not change by one pixel.
 * Widths are remembered for the last graphics measured on; another graphics starts afresh.
 *
 * <p>Bounded: past {@code capacity} texts the least recently used is forgotten, so a painter kept across frames of
 * changing counts stays small. Owned by one painter; not thread-safe, like the painters.
 */
final class TextWidths {

    /** Enough for every header, name, badge and cell of 64 lanes' table. */
    static final int CAPACITY = 512;

    /** Measures a text's advance width in a font, in the graphics' user space (logical pixels). */
    @FunctionalInterface
    interface Measurer {
        double width(Graphics2D g, Font font, String text);
    }

    private record Key(FontRenderContext context, Font font, String text) {}

    private final Measurer measurer;
    private final Map<Key, Double> widths;
    private Graphics2D measuredOn;

    /** Widths measured by {@link Pen#advance} and remembered, at most {@link #CAPACITY} of them. */
    TextWidths() {
        this(CAPACITY, (g, font, text) -> Pen.advance(g, CjkFont.bundled(), font, text));
    }

    /**
     * @param capacity the most widths remembered; 0 measures every time
     * @param measurer what measures a text not remembered
     */
    TextWidths(int capacity, Measurer measurer) {
        this.measurer = measurer;
        this.widths = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Double> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The advance width of {@code text} in {@code font} on {@code g}, measured the first time only. */
    double width(Graphics2D g, Font font, String text) {
        if (g != measuredOn) {
            widths.clear();
            measuredOn = g;
        }
        Key key = new Key(g.getFontRenderContext(), font, text);
        Double known = widths.get(key);
        if (known != null) {
            return known;
        }
        double width = measurer.width(g, font, text);
        widths.put(key, width);
        return width;
    }
}

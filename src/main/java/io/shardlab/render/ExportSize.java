package io.shardlab.render;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * The size of an exported diagram in logical pixels, and its pixel density.
 *
 * <p>PNG: the image is {@code round(width × scale)} × {@code round(height × scale)} device pixels (scale 2 for
 * HiDPI screens and crisp slides). SVG: the drawing is {@code width × height} user units (its viewBox), and the
 * {@code width}/{@code height} attributes are multiplied by scale. PDF: one page of {@code width × height}
 * points; scale does not apply to vector pages.
 *
 * @param width logical width, 200 to 20,000
 * @param height logical height, 100 to 20,000, or 0 for the view's preferred height
 * @param scale device pixels per logical pixel, 0.25 to 8
 */
public record ExportSize(int width, int height, double scale) {

    /** The narrowest export, in logical pixels. */
    public static final int MIN_WIDTH = 200;
    /** The lowest export with a given height, in logical pixels. */
    public static final int MIN_HEIGHT = 100;
    /** The longest side, in logical pixels. */
    public static final int MAX_SIDE = 20_000;
    /** The smallest and largest pixel density. */
    public static final double MIN_SCALE = 0.25;

    public static final double MAX_SCALE = 8;
    /**
     * The most device pixels a picture (PNG, preview, clipboard) may have: 100 million, 400 MB of ARGB. A
     * larger one would exhaust the heap; vector exports (SVG, PDF) have no pixels and no such limit.
     */
    public static final long MAX_PIXELS = 100_000_000L;

    public ExportSize {
        if (width < MIN_WIDTH || width > MAX_SIDE) {
            throw new RefusedInput(Message.of("render.refused.width", MIN_WIDTH, MAX_SIDE, width));
        }
        if (height != 0 && (height < MIN_HEIGHT || height > MAX_SIDE)) {
            throw new RefusedInput(Message.of("render.refused.height", MIN_HEIGHT, MAX_SIDE, height));
        }
        if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) {
            throw new RefusedInput(Message.of("render.refused.scale", MIN_SCALE, MAX_SCALE, scale));
        }
    }

    /**
     * Checks the pixel budget of a picture {@code logicalHeight} high at this width and scale.
     *
     * @throws IllegalArgumentException naming the size in device pixels and {@link #MAX_PIXELS}
     */
    public void checkPixels(int logicalHeight) {
        long w = Math.round(width * scale);
        long h = Math.round(logicalHeight * scale);
        if (w * h > MAX_PIXELS) {
            throw new RefusedInput(Message.of(
                    "render.refused.pixels",
                    w,
                    h,
                    scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale),
                    w * h,
                    MAX_PIXELS));
        }
    }

    /** True when the height follows the view's content. */
    public boolean automaticHeight() {
        return height == 0;
    }
}

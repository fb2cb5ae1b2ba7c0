package io.shardlab.render;

import java.util.Locale;

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
            throw new IllegalArgumentException("width: expected 200 to 20000 px, got " + width);
        }
        if (height != 0 && (height < MIN_HEIGHT || height > MAX_SIDE)) {
            throw new IllegalArgumentException(
                    "height: expected 100 to 20000 px (or none for automatic), got " + height);
        }
        if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException("scale: expected 0.25 to 8, got " + scale);
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
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "size: %,d × %,d px at scale %s is "
                            + "%,d pixels, more than a picture may have (%,d); lower the width, height or scale, or export SVG "
                            + "or PDF",
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

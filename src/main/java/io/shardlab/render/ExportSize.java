package io.shardlab.render;

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

    public ExportSize {
        if (width < 200 || width > 20_000) {
            throw new IllegalArgumentException("width: expected 200 to 20000 px, got " + width);
        }
        if (height != 0 && (height < 100 || height > 20_000)) {
            throw new IllegalArgumentException("height: expected 100 to 20000 px (or none for automatic), got " + height);
        }
        if (!(scale >= 0.25 && scale <= 8)) {
            throw new IllegalArgumentException("scale: expected 0.25 to 8, got " + scale);
        }
    }

    /** True when the height follows the view's content. */
    public boolean automaticHeight() {
        return height == 0;
    }
}

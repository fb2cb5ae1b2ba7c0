package io.shardlab.render;

/**
 * The visible part of the number line, as fractions of the whole line: {@code [start, end)} with
 * {@code 0 <= start < end <= 1}. The whole key space [MinKey, MaxKey) is {@code [0, 1)}.
 *
 * <p>Zooming keeps the line position under an anchor fixed on screen; panning moves by a fraction of the
 * visible span. Both clamp to the line: the span never exceeds 1 or falls below {@link #MIN_SPAN}, and the
 * view never leaves [0, 1] (a pan past an end stops at it).
 *
 * @param start first visible line position
 * @param end line position at the right edge
 */
public record Viewport(double start, double end) {

    /** The smallest span: one chunk of 10^9 still fills thousands of pixels at this zoom. */
    public static final double MIN_SPAN = 1e-12;

    /** The whole line. */
    public static final Viewport FULL = new Viewport(0, 1);

    public Viewport {
        if (!(start >= 0 && end <= 1 && end - start >= MIN_SPAN * 0.999)) {
            throw new IllegalArgumentException(String.format(
                    "viewport: expected 0 <= start < end <= 1 with a span of at least %s, got [%s, %s)", // untranslated: a developer's contract
                    MIN_SPAN, start, end));
        }
    }

    /** {@code end - start}. */
    public double span() {
        return end - start;
    }

    /**
     * Zoomed by {@code factor} (2 shows half as much) around {@code anchor}, the screen fraction (0 = left
     * edge, 1 = right edge) whose line position stays put, then clamped to the line.
     */
    public Viewport zoom(double factor, double anchor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException(
                    "factor: must be positive and finite, got " + factor); // untranslated: a developer's contract
        }
        double a = Math.max(0, Math.min(1, anchor));
        double pivot = start + a * span();
        double newSpan = Math.max(MIN_SPAN, Math.min(1, span() / factor));
        return clamped(pivot - a * newSpan, newSpan);
    }

    /** Moved right by {@code fraction} of the visible span (negative moves left), stopping at the ends. */
    public Viewport pan(double fraction) {
        return clamped(start + fraction * span(), span());
    }

    /** Moved so that dragging the line {@code dx} pixels right on a {@code widthPx} view follows the pointer. */
    public Viewport dragged(double dx, double widthPx) {
        return pan(-dx / widthPx);
    }

    /** A view of {@code [from, to)} with {@code padding} of its span added on each side, clamped. */
    public static Viewport showing(double from, double to, double padding) {
        double span = Math.max(MIN_SPAN, to - from);
        double padded = Math.min(1, Math.max(MIN_SPAN, span * (1 + 2 * padding)));
        return clamped(from + span / 2 - padded / 2, padded);
    }

    private static Viewport clamped(double start, double span) {
        double s = Math.max(0, Math.min(1 - span, start));
        return new Viewport(s, Math.min(1, s + span));
    }

    /** Screen x (0 at the left edge) of {@code linePosition} on a view {@code widthPx} wide. */
    public double toPixel(double linePosition, double widthPx) {
        return (linePosition - start) / span() * widthPx;
    }

    /** Line position under screen x {@code px} on a view {@code widthPx} wide. */
    public double toLine(double px, double widthPx) {
        return start + px / widthPx * span();
    }
}

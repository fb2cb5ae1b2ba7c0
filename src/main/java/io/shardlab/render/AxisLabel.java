package io.shardlab.render;

/**
 * One label on the number line's axis: the value of a chunk bound, drawn at the bound's x.
 *
 * @param x the bound's x in logical pixels from the line's left edge
 * @param text the label text
 * @param width the measured text width
 * @param anchor how the text sits relative to {@code x}
 * @param bound the bound's index: 0 for MinKey, n for MaxKey, i for the min of chunk i
 */
public record AxisLabel(double x, String text, double width, Anchor anchor, int bound) {

    /** Where the text sits relative to its x. */
    public enum Anchor {
        /** Text starts at x (the line's left end). */
        START,
        /** Text is centred on x. */
        MIDDLE,
        /** Text ends at x (the line's right end). */
        END
    }

    /** Left edge of the text. */
    public double left() {
        return switch (anchor) {
            case START -> x;
            case MIDDLE -> x - width / 2;
            case END -> x - width;
        };
    }

    /** Right edge of the text. */
    public double right() {
        return left() + width;
    }
}

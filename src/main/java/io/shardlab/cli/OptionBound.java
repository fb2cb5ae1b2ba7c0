package io.shardlab.cli;

import java.util.Locale;

/**
 * The accepted range of one numeric command-line option, checked before a command does any work; every
 * command that takes the option checks it through the same bound ({@link OptionBounds}).
 *
 * @param option the option's name, e.g. {@code --shards}
 * @param min the smallest value accepted
 * @param max the largest value accepted
 * @param unit what the value counts, in the plural ("shards", "MB"), or empty
 */
record OptionBound(String option, double min, double max, String unit) {

    OptionBound {
        if (!(min <= max)) {
            throw new IllegalArgumentException("min: " + min + " above max " + max);
        }
    }

    /**
     * {@code value} when it is in range.
     *
     * @throws IllegalArgumentException "--shards: between 1 and 1000 shards, got 1001"
     */
    long check(long value) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + ": between " + text(min) + " and " + text(max)
                    + (unit.isEmpty() ? "" : " " + unit) + ", got " + value);
        }
        return value;
    }

    /** {@code value} when it is a number in range (never NaN or infinite). */
    double check(double value) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(option + ": between " + text(min) + " and " + text(max)
                    + (unit.isEmpty() ? "" : " " + unit) + ", got " + text(value));
        }
        return value;
    }

    private static String text(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }
}

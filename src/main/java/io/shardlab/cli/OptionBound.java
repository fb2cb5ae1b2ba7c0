package io.shardlab.cli;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.Locale;

/**
 * The accepted range of one numeric command-line option, checked before a command does any work; every
 * command that takes the option checks it through the same bound ({@link OptionBounds}).
 *
 * @param option the option's name, e.g. {@code --shards}
 * @param min the smallest value accepted
 * @param max the largest value accepted
 * @param unit the {@code cli} bundle's key of what the value counts ({@code cli.unit.shards}: "shards"), or empty
 */
record OptionBound(String option, double min, double max, String unit) {

    OptionBound {
        if (!(min <= max)) {
            throw new IllegalArgumentException(
                    "min: " + min + " above max " + max); // untranslated: a developer's contract (OptionBounds)
        }
    }

    /**
     * {@code value} when it is in range.
     *
     * @throws RefusedInput "--shards: between 1 and 1000 shards, got 1001"
     */
    long check(long value) {
        if (value < min || value > max) {
            throw refusal(Long.toString(value));
        }
        return value;
    }

    /** Checks a whole-number option when it was given; an option not given (null) passes. */
    void checkIfGiven(Number value) {
        if (value != null) {
            check(value.longValue());
        }
    }

    /** {@code value} when it is a number in range (never NaN or infinite). */
    double check(double value) {
        if (!(value >= min && value <= max)) {
            throw refusal(text(value));
        }
        return value;
    }

    private RefusedInput refusal(String value) {
        return new RefusedInput(
                unit.isEmpty()
                        ? Message.of("cli.bound.between", option, text(min), text(max), value)
                        : Message.of("cli.bound.betweenUnits", option, text(min), text(max), Message.of(unit), value));
    }

    private static String text(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }
}

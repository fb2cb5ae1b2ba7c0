package io.shardlab.render;

/**
 * Time since the start of a series, for time axes: {@code 0s}, {@code 45s}, {@code 2m}, {@code 2m30s},
 * {@code 1h}, {@code 1h05m}; below one second, milliseconds ({@code 250ms}).
 */
public final class ElapsedTime {

    private ElapsedTime() {}

    /** {@code millis} (not negative) as a short elapsed time. */
    public static String format(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException(
                    "millis: must not be negative, got " + millis); // untranslated: a developer's contract
        }
        if (millis == 0) {
            return "0s";
        }
        if (millis < 1000) {
            return millis + "ms";
        }
        long seconds = millis / 1000;
        long h = seconds / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        if (h > 0) {
            return m == 0 ? h + "h" : String.format("%dh%02dm", h, m);
        }
        if (m > 0) {
            return s == 0 ? m + "m" : String.format("%dm%02ds", m, s);
        }
        return s + "s";
    }
}

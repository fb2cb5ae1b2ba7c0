package io.shardlab.render;

import java.math.BigDecimal;

/**
 * Byte counts as the mongo shell prints them in {@code getShardDistribution()}: {@code sh._dataFormat} in mongo
 * {@code src/mongo/shell/utils_sh.js} (4.x–6.0): below 1024 {@code floor(b) + "B"}; below 1 MiB
 * {@code floor(b / 1024) + "KiB"}; below 1 GiB {@code floor(floor(b / 1024) / 1024 * 100) / 100 + "MiB"};
 * otherwise {@code floor(floor(b / 1048576) / 1024 * 100) / 100 + "GiB"}, the number printed as JavaScript
 * prints it (no trailing zeros).
 */
public final class DataSize {

    /** What a size the source did not tell reads as, wherever sizes are shown: never 0. */
    public static final String UNKNOWN = "unknown";

    private DataSize() {}

    /** {@code bytes} as {@code sh._dataFormat} prints them, e.g. {@code 139B}, {@code 1.5MiB}. */
    public static String format(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException(
                    "bytes: must not be negative, got " + bytes); // untranslated: a developer's contract
        }
        if (bytes < 1024) {
            return bytes + "B";
        }
        if (bytes < 1024L * 1024) {
            return (bytes / 1024) + "KiB";
        }
        if (bytes < 1024L * 1024 * 1024) {
            return hundredths(Math.floor((bytes / 1024) / 1024.0 * 100)) + "MiB";
        }
        return hundredths(Math.floor((bytes / (1024 * 1024)) / 1024.0 * 100)) + "GiB";
    }

    private static String hundredths(double floored) {
        return BigDecimal.valueOf((long) floored)
                .movePointLeft(2)
                .stripTrailingZeros()
                .toPlainString();
    }
}

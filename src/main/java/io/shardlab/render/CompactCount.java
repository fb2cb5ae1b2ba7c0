package io.shardlab.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Counts (documents, writes) in at most about five characters for lanes and chart axes: exact below 10,000,
 * then three significant digits with a k, M, G or T suffix ({@code 12.3k}, {@code 4.57M}), rounded half-even.
 */
public final class CompactCount {

    private static final String[] SUFFIX = {"", "k", "M", "G", "T", "P", "E"};

    private CompactCount() {}

    /** {@code count} in compact form. */
    public static String format(long count) {
        if (Math.abs(count) < 10_000) {
            return Long.toString(count);
        }
        BigDecimal v = BigDecimal.valueOf(count).round(new MathContext(3, RoundingMode.HALF_EVEN));
        int group = 0;
        while (v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0 && group < SUFFIX.length - 1) {
            v = v.movePointLeft(3);
            group++;
        }
        return v.stripTrailingZeros().toPlainString() + SUFFIX[group];
    }
}

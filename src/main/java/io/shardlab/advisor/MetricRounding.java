package io.shardlab.advisor;

/**
 * How analyzeShardKey rounds the doubles it returns (mongo {@code src/mongo/s/analyze_shard_key_common.cpp},
 * {@code round} and {@code calculatePercentage}; {@code kMaxNumDecimalPlaces = 10} in
 * {@code analyze_shard_key_common.h}). Note that MongoDB's "round" takes the <em>ceiling</em> at the
 * tenth decimal: {@code ceil(val * 10^n) / 10^n}.
 */
public final class MetricRounding {

    /** {@code kMaxNumDecimalPlaces}. */
    public static final int MAX_DECIMAL_PLACES = 10;

    private MetricRounding() {}

    /** {@code round(val, n)}: the ceiling of {@code val} at {@code n} decimals. */
    public static double round(double val, int n) {
        double multiplier = Math.pow(10.0, n);
        return Math.ceil(val * multiplier) / multiplier;
    }

    /**
     * {@code calculatePercentage(part, whole)}: {@code round(part / whole * 100, 10)}.
     *
     * @throws IllegalArgumentException unless {@code 0 <= part <= whole} and {@code whole > 0} (MongoDB's invariants)
     */
    public static double percentage(double part, double whole) {
        if (!(part >= 0 && whole > 0 && part <= whole)) {
            throw new IllegalArgumentException(String.format(
                    "part/whole: need 0 <= part <= whole and whole > 0, got %s of %s", // untranslated: a developer's
                    // contract
                    part, whole));
        }
        return round(part / whole * 100, MAX_DECIMAL_PLACES);
    }
}

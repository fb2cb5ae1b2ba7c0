package io.shardlab.sim;

import io.shardlab.bson.CanonicalType;
import io.shardlab.key.ShardKey;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Where a one-field chunk bound falls among 64-bit integer keys: the smallest {@code long} that is
 * {@code >=} the bound in MongoDB's order, or {@link #NONE} when every {@code long} is below it
 * (a string, MaxKey, …). Numbers compare by value across types, so a bound of {@code 2.5} has the
 * ceiling {@code 3} and a bound of {@code null} or MinKey the ceiling {@code Long.MIN_VALUE}.
 */
final class LongKeyBound {

    /** Marker: no {@code long} key is at or above the bound. */
    static final long NONE_MARKER = Long.MAX_VALUE;

    /** A bound above every 64-bit integer. */
    static final LongKeyBound NONE = new LongKeyBound(false, NONE_MARKER);

    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final double TWO_POW_63 = 9.223372036854775808E18;

    private final boolean reachable;
    private final long ceiling;

    private LongKeyBound(boolean reachable, long ceiling) {
        this.reachable = reachable;
        this.ceiling = ceiling;
    }

    /** The ceiling of a one-field bound. */
    static LongKeyBound of(ShardKey bound) {
        BsonValue v = bound.get(0);
        int rank = CanonicalType.of(v);
        if (rank < CanonicalType.NUMBER) {
            return new LongKeyBound(true, Long.MIN_VALUE);
        }
        if (rank > CanonicalType.NUMBER) {
            return NONE;
        }
        switch (v.getBsonType()) {
            case INT32:
                return new LongKeyBound(true, v.asInt32().getValue());
            case INT64:
                return new LongKeyBound(true, v.asInt64().getValue());
            case DOUBLE: {
                double d = v.asDouble().getValue();
                if (Double.isNaN(d) || d < -TWO_POW_63) {
                    return new LongKeyBound(true, Long.MIN_VALUE);
                }
                if (d >= TWO_POW_63) {
                    return NONE;
                }
                return new LongKeyBound(true, (long) Math.ceil(d));
            }
            default: {
                Decimal128 d = v.asDecimal128().getValue();
                if (d.isNaN()) {
                    return new LongKeyBound(true, Long.MIN_VALUE);
                }
                if (d.isInfinite()) {
                    return d.isNegative() ? new LongKeyBound(true, Long.MIN_VALUE) : NONE;
                }
                BigDecimal c = new BigDecimal(d.toString()).setScale(0, RoundingMode.CEILING);
                if (c.compareTo(LONG_MAX) > 0) {
                    return NONE;
                }
                if (c.compareTo(LONG_MIN) < 0) {
                    return new LongKeyBound(true, Long.MIN_VALUE);
                }
                return new LongKeyBound(true, c.longValueExact());
            }
        }
    }

    /** Whether some {@code long} key is at or above the bound. */
    boolean reachable() {
        return reachable;
    }

    /** The smallest {@code long} at or above the bound; meaningful only when {@link #reachable()}. */
    long ceiling() {
        return ceiling;
    }

    /** Whether {@code key >= bound}. */
    boolean isAtOrBelow(long key) {
        return reachable && key >= ceiling;
    }
}

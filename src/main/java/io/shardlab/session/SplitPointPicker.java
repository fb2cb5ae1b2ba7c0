package io.shardlab.session;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Optional;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The split point under the pointer: where a click {@code f} of the way across a chunk's drawn width
 * falls in key terms. The first field in which the chunk's bounds differ is interpolated linearly
 * between them when both are numbers of one kind (int32, int64, double) or both dates; the fields
 * before it are copied from the bounds (they are equal), the fields after it are MinKey, which is a
 * valid bound value and makes the point the smallest key with that prefix.
 *
 * <p>A hashed field's bounds are hash values (int64), and MinKey and MaxKey stand for the ends of the
 * hash space, {@code -2^63} and {@code 2^63 - 1}. For any other field a MinKey or MaxKey bound leaves
 * nothing to interpolate from, and so do bounds of other types (strings, ObjectIds): then there is no
 * point, and the explorer splits at the chunk's median instead ({@code sh.splitFind}).
 *
 * <p>The point returned lies strictly inside the chunk; rounding that lands on a bound gives none.
 */
public final class SplitPointPicker {

    private final ShardKeyPattern pattern;

    public SplitPointPicker(ShardKeyPattern pattern) {
        this.pattern = pattern;
    }

    /** The split point {@code fraction} (0 to 1) of the way from {@code chunk}'s min to its max, if one can be named. */
    public Optional<ShardKey> pointIn(Chunk chunk, double fraction) {
        double f = Math.max(0, Math.min(1, fraction));
        ShardKey min = chunk.min();
        ShardKey max = chunk.max();
        int field = 0;
        while (field < min.arity() && min.get(field).equals(max.get(field))) {
            field++;
        }
        if (field == min.arity()) {
            return Optional.empty();
        }
        boolean hashed = pattern.fields().get(field).hashed();
        Optional<BsonValue> value = interpolate(min.get(field), max.get(field), f, hashed);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        BsonValue[] values = new BsonValue[min.arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = i < field ? min.get(i) : i == field ? value.get() : new BsonMinKey();
        }
        ShardKey point = ShardKey.of(values);
        if (point.compareTo(min) <= 0 || point.compareTo(max) >= 0) {
            return Optional.empty();
        }
        return Optional.of(point);
    }

    private static Optional<BsonValue> interpolate(BsonValue lo, BsonValue hi, double f, boolean hashed) {
        if (hashed) {
            Optional<BigInteger> a = hashBound(lo);
            Optional<BigInteger> b = hashBound(hi);
            if (a.isEmpty() || b.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new BsonInt64(between(a.get(), b.get(), f).longValueExact()));
        }
        if (lo.getBsonType() != hi.getBsonType()) {
            return Optional.empty();
        }
        return switch (lo.getBsonType()) {
            case INT32 ->
                Optional.of(new BsonInt32(between(
                                BigInteger.valueOf(lo.asInt32().getValue()),
                                BigInteger.valueOf(hi.asInt32().getValue()),
                                f)
                        .intValueExact()));
            case INT64 ->
                Optional.of(new BsonInt64(between(
                                BigInteger.valueOf(lo.asInt64().getValue()),
                                BigInteger.valueOf(hi.asInt64().getValue()),
                                f)
                        .longValueExact()));
            case DATE_TIME ->
                Optional.of(new BsonDateTime(between(
                                BigInteger.valueOf(lo.asDateTime().getValue()),
                                BigInteger.valueOf(hi.asDateTime().getValue()),
                                f)
                        .longValueExact()));
            case DOUBLE -> {
                double a = lo.asDouble().getValue();
                double b = hi.asDouble().getValue();
                yield Double.isFinite(a) && Double.isFinite(b)
                        ? Optional.of(new BsonDouble(a + (b - a) * f))
                        : Optional.empty();
            }
            default -> Optional.empty();
        };
    }

    private static Optional<BigInteger> hashBound(BsonValue v) {
        if (v.getBsonType() == BsonType.MIN_KEY) {
            return Optional.of(BigInteger.valueOf(Long.MIN_VALUE));
        }
        if (v.getBsonType() == BsonType.MAX_KEY) {
            return Optional.of(BigInteger.valueOf(Long.MAX_VALUE));
        }
        return v.isInt64() ? Optional.of(BigInteger.valueOf(v.asInt64().getValue())) : Optional.empty();
    }

    /** {@code a + round((b - a) · f)}, exact for the whole int64 range. */
    private static BigInteger between(BigInteger a, BigInteger b, double f) {
        BigDecimal span = new BigDecimal(b.subtract(a));
        return a.add(span.multiply(BigDecimal.valueOf(f))
                .setScale(0, RoundingMode.HALF_EVEN)
                .toBigInteger());
    }
}

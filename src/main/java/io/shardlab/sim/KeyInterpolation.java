package io.shardlab.sim;

import io.shardlab.bson.BsonOrder;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Where a key lies inside a chunk, and which key lies at a given share of a chunk, for documents
 * whose keys ShardLab does not hold (the contents of a loaded layout: a count and a byte total per
 * chunk, no keys).
 *
 * <p>The assumption, ShardLab's own and stated wherever it is used: such documents have distinct
 * shard keys spread evenly over the chunk's key range, measured along the <em>axis</em> of the
 * chunk, the first shard-key field on which its bounds differ (the fields before it are equal in
 * both bounds and so in every key of the chunk). The axis is measurable only when the key space
 * between the bounds is a bounded run of numbers:
 * <ul>
 *   <li>a hashed field: every value is a 64-bit hash ({@code NumberLong}; a missing field hashes
 *       like null, mongo {@code src/mongo/db/hasher.cpp}), so MinKey stands for -2<sup>63</sup> and
 *       MaxKey for 2<sup>63</sup>; hashes of distinct values are spread evenly over that range,
 *       which makes the assumption close to the truth for hashed keys;</li>
 *   <li>a ranged field whose two bounds are both numbers (int, long, double), both dates, or both
 *       ObjectIds (read as 96-bit unsigned integers): BSON's order puts only values of that kind
 *       between them (reference §5), so they bound the documents' values;</li>
 * </ul>
 * and it is not measurable otherwise (a MinKey or MaxKey bound on a ranged field, strings, mixed
 * kinds, decimals, NaN), because nothing bounds where the documents' values lie. A key named by
 * {@link #keyAt} takes the bounds' common prefix, the interpolated axis value (of the lower bound's
 * kind: an integer between integer bounds, a double when a bound is a double), and MinKey in every
 * later field; it lies strictly inside the chunk or is not named at all.
 */
final class KeyInterpolation {

    private static final BigDecimal TWO_POW_63 = new BigDecimal(BigInteger.ONE.shiftLeft(63));

    private final ShardKeyPattern pattern;

    KeyInterpolation(ShardKeyPattern pattern) {
        this.pattern = pattern;
    }

    /**
     * The share of the chunk {@code [lo, hi)} below {@code key}, between 0 and 1, or empty when the
     * chunk's axis is not measurable. {@code key} must lie in {@code [lo, hi]}.
     */
    OptionalDouble fraction(ShardKey lo, ShardKey hi, ShardKey key) {
        if (key.compareTo(lo) <= 0) {
            return OptionalDouble.of(0);
        }
        if (key.compareTo(hi) >= 0) {
            return OptionalDouble.of(1);
        }
        int axis = axis(lo, hi);
        boolean hashed = pattern.fields().get(axis).hashed();
        Optional<BigDecimal> a = coordinate(lo.get(axis), hashed, lo.get(axis), hi.get(axis));
        Optional<BigDecimal> b = coordinate(hi.get(axis), hashed, lo.get(axis), hi.get(axis));
        Optional<BigDecimal> x = coordinate(key.get(axis), hashed, lo.get(axis), hi.get(axis));
        if (a.isEmpty() || b.isEmpty() || x.isEmpty()) {
            return OptionalDouble.empty();
        }
        BigDecimal width = b.get().subtract(a.get());
        double f = x.get().subtract(a.get()).divide(width, 17, RoundingMode.HALF_EVEN).doubleValue();
        return OptionalDouble.of(Math.max(0, Math.min(1, f)));
    }

    /**
     * A key at share {@code f} (strictly between 0 and 1) of the chunk {@code [lo, hi)}, strictly
     * inside it; empty when the axis is not measurable or holds no value of its kind strictly
     * between the bounds (for example the integer bounds 5 and 6).
     */
    Optional<ShardKey> keyAt(ShardKey lo, ShardKey hi, double f) {
        if (!(f > 0 && f < 1)) {
            throw new IllegalArgumentException("f: must lie strictly between 0 and 1, got " + f);
        }
        int axis = axis(lo, hi);
        BsonValue low = lo.get(axis);
        BsonValue high = hi.get(axis);
        boolean hashed = pattern.fields().get(axis).hashed();
        Optional<BigDecimal> a = coordinate(low, hashed, low, high);
        Optional<BigDecimal> b = coordinate(high, hashed, low, high);
        if (a.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal x = a.get().add(b.get().subtract(a.get()).multiply(BigDecimal.valueOf(f)));
        Optional<BsonValue> value = valueAt(x, hashed, low, high);
        // an integer axis rounds down; a share close to an end may land on a bound: take the
        // nearest value of the kind inside instead
        if (value.isPresent() && BsonOrder.compareValues(low, value.get()) >= 0) {
            value = valueAt(a.get().add(BigDecimal.ONE), hashed, low, high);
        }
        if (value.isPresent() && BsonOrder.compareValues(value.get(), high) >= 0) {
            value = valueAt(b.get().subtract(BigDecimal.ONE), hashed, low, high);
        }
        if (value.isEmpty() || BsonOrder.compareValues(low, value.get()) >= 0
                || BsonOrder.compareValues(value.get(), high) >= 0) {
            return Optional.empty();
        }
        List<BsonValue> values = new ArrayList<>(lo.arity());
        for (int i = 0; i < axis; i++) {
            values.add(lo.get(i));
        }
        values.add(value.get());
        for (int i = axis + 1; i < lo.arity(); i++) {
            values.add(new BsonMinKey());
        }
        return Optional.of(ShardKey.of(values));
    }

    /** Whether the chunk {@code [lo, hi)} has a measurable axis. */
    boolean measurable(ShardKey lo, ShardKey hi) {
        int axis = axis(lo, hi);
        boolean hashed = pattern.fields().get(axis).hashed();
        return coordinate(lo.get(axis), hashed, lo.get(axis), hi.get(axis)).isPresent()
                && coordinate(hi.get(axis), hashed, lo.get(axis), hi.get(axis)).isPresent();
    }

    /** The first field on which the bounds differ. */
    private static int axis(ShardKey lo, ShardKey hi) {
        for (int i = 0; i < lo.arity(); i++) {
            if (BsonOrder.compareValues(lo.get(i), hi.get(i)) != 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("bounds: " + lo + " and " + hi + " are equal");
    }

    private enum Kind { NUMBER, DATE, OBJECT_ID }

    /** The kind of the axis between {@code low} and {@code high} on a ranged field, or null. */
    private static Kind kind(BsonValue low, BsonValue high) {
        if (number(low) && number(high)) {
            return Kind.NUMBER;
        }
        if (low.getBsonType() == BsonType.DATE_TIME && high.getBsonType() == BsonType.DATE_TIME) {
            return Kind.DATE;
        }
        if (low.getBsonType() == BsonType.OBJECT_ID && high.getBsonType() == BsonType.OBJECT_ID) {
            return Kind.OBJECT_ID;
        }
        return null;
    }

    private static boolean number(BsonValue v) {
        return switch (v.getBsonType()) {
            case INT32, INT64 -> true;
            case DOUBLE -> Double.isFinite(v.asDouble().getValue());
            default -> false;
        };
    }

    /** {@code v} on the axis between {@code low} and {@code high}, or empty when it has no place on it. */
    private static Optional<BigDecimal> coordinate(BsonValue v, boolean hashed, BsonValue low, BsonValue high) {
        if (hashed) {
            return switch (v.getBsonType()) {
                case MIN_KEY -> Optional.of(TWO_POW_63.negate());
                case MAX_KEY -> Optional.of(TWO_POW_63);
                case INT64 -> Optional.of(BigDecimal.valueOf(v.asInt64().getValue()));
                default -> Optional.empty();
            };
        }
        Kind kind = kind(low, high);
        if (kind == null) {
            return Optional.empty();
        }
        return switch (kind) {
            case NUMBER -> switch (v.getBsonType()) {
                case INT32 -> Optional.of(BigDecimal.valueOf(v.asInt32().getValue()));
                case INT64 -> Optional.of(BigDecimal.valueOf(v.asInt64().getValue()));
                case DOUBLE -> Double.isFinite(v.asDouble().getValue())
                        ? Optional.of(new BigDecimal(v.asDouble().getValue())) : Optional.empty();
                default -> Optional.empty();
            };
            case DATE -> v.getBsonType() == BsonType.DATE_TIME
                    ? Optional.of(BigDecimal.valueOf(v.asDateTime().getValue())) : Optional.empty();
            case OBJECT_ID -> v.getBsonType() == BsonType.OBJECT_ID
                    ? Optional.of(new BigDecimal(new BigInteger(1, v.asObjectId().getValue().toByteArray())))
                    : Optional.empty();
        };
    }

    /** The value of the axis's kind at coordinate {@code x}, or empty when it has none there. */
    private static Optional<BsonValue> valueAt(BigDecimal x, boolean hashed, BsonValue low, BsonValue high) {
        if (hashed) {
            // every int64 lies between MinKey and MaxKey: clamp to the int64 range
            BigInteger v = x.setScale(0, RoundingMode.FLOOR).toBigInteger()
                    .max(BigInteger.valueOf(Long.MIN_VALUE)).min(BigInteger.valueOf(Long.MAX_VALUE));
            return Optional.of(new BsonInt64(v.longValueExact()));
        }
        Kind kind = kind(low, high);
        if (kind == null) {
            return Optional.empty();
        }
        switch (kind) {
            case NUMBER -> {
                if (low.getBsonType() == BsonType.DOUBLE || high.getBsonType() == BsonType.DOUBLE) {
                    return Optional.of(new BsonDouble(x.doubleValue()));
                }
                BigInteger v = x.setScale(0, RoundingMode.FLOOR).toBigInteger();
                if (v.bitLength() > 63) {
                    return Optional.empty();
                }
                long l = v.longValueExact();
                boolean int32 = low.getBsonType() == BsonType.INT32 && high.getBsonType() == BsonType.INT32;
                return Optional.of(int32 ? new BsonInt32((int) l) : new BsonInt64(l));
            }
            case DATE -> {
                BigInteger v = x.setScale(0, RoundingMode.FLOOR).toBigInteger();
                return v.bitLength() > 63 ? Optional.empty() : Optional.of(new BsonDateTime(v.longValueExact()));
            }
            default -> {
                BigInteger v = x.setScale(0, RoundingMode.FLOOR).toBigInteger();
                if (v.signum() < 0 || v.bitLength() > 96) {
                    return Optional.empty();
                }
                byte[] raw = v.toByteArray();
                byte[] twelve = new byte[12];
                int copy = Math.min(12, raw.length);
                System.arraycopy(raw, raw.length - copy, twelve, 12 - copy, copy);
                return Optional.of(new BsonObjectId(new ObjectId(twelve)));
            }
        }
    }
}

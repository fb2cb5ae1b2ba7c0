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
import org.bson.BsonMaxKey;
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
 *
 * <p>Given the number of unknown documents {@code n} of the chunk (the four-argument forms), two
 * more chunks get an <em>assumed</em> axis, always ShardLab's estimate and marked so by the
 * callers:
 * <ul>
 *   <li>a ranged axis with one MinKey or MaxKey end and a number, date or ObjectId at the other:
 *       the documents take the {@code n} consecutive values next to the bounded end
 *       ({@code [b - n, b)} below a bound b, {@code [a, a + n)} above a bound a), the closest packing
 *       of distinct keys; a ranged axis from MinKey to MaxKey takes {@code [0, n)};</li>
 *   <li>an integer (int, long, date, ObjectId) axis whose bounds are one apart, with MinKey in
 *       every later field of the upper bound, holds only keys whose axis value is the lower bound's:
 *       the next field is the axis, from the lower bound's value up to MaxKey.</li>
 * </ul>
 * Both are self-consistent under cutting: the pieces of a chunk cut at a placed key get the same
 * assumed values for their shares of the documents. A chunk whose last field is such a one-apart
 * integer axis holds a single key ({@link #holdsOneKey}): no finder can cut it.
 */
final class KeyInterpolation {

    private static final BigDecimal TWO_POW_63 = new BigDecimal(BigInteger.ONE.shiftLeft(63));

    private final ShardKeyPattern pattern;

    KeyInterpolation(ShardKeyPattern pattern) {
        this.pattern = pattern;
    }

    /**
     * The measured or assumed axis of a chunk: field {@code index} runs from coordinate {@code a} to
     * {@code b} between the keys {@code lo} and {@code hi} (the chunk, or the part of it that can hold
     * keys); values are made of the kind of {@code low} and {@code high}.
     */
    private record Axis(
            ShardKey lo,
            ShardKey hi,
            int index,
            boolean hashed,
            BigDecimal a,
            BigDecimal b,
            BsonValue low,
            BsonValue high) {}

    /**
     * The share of the chunk {@code [lo, hi)} below {@code key}, between 0 and 1, or empty when the
     * chunk's axis is not measurable. {@code key} must lie in {@code [lo, hi]}.
     */
    OptionalDouble fraction(ShardKey lo, ShardKey hi, ShardKey key) {
        return fraction(lo, hi, key, 0);
    }

    /**
     * As {@link #fraction(ShardKey, ShardKey, ShardKey)}, for a chunk holding {@code documents}
     * unknown documents: the chunks with an assumed axis (see the class comment) are measured too.
     */
    OptionalDouble fraction(ShardKey lo, ShardKey hi, ShardKey key, long documents) {
        if (key.compareTo(lo) <= 0) {
            return OptionalDouble.of(0);
        }
        if (key.compareTo(hi) >= 0) {
            return OptionalDouble.of(1);
        }
        Optional<Axis> found = axisOf(lo, hi, documents);
        if (found.isEmpty()) {
            return OptionalDouble.empty();
        }
        Axis ax = found.get();
        if (key.compareTo(ax.hi()) >= 0) {
            return OptionalDouble.of(1);
        }
        Optional<BigDecimal> x = coordinate(key.get(ax.index()), ax.hashed(), ax.low(), ax.high());
        if (x.isEmpty()) {
            return OptionalDouble.empty();
        }
        BigDecimal width = ax.b().subtract(ax.a());
        double f = x.get()
                .subtract(ax.a())
                .divide(width, 17, RoundingMode.HALF_EVEN)
                .doubleValue();
        return OptionalDouble.of(Math.max(0, Math.min(1, f)));
    }

    /**
     * A key at share {@code f} (strictly between 0 and 1) of the chunk {@code [lo, hi)}, strictly
     * inside it; empty when the axis is not measurable or holds no value of its kind strictly
     * between the bounds (for example the integer bounds 5 and 6).
     */
    Optional<ShardKey> keyAt(ShardKey lo, ShardKey hi, double f) {
        return keyAt(lo, hi, f, 0);
    }

    /**
     * As {@link #keyAt(ShardKey, ShardKey, double)}, for a chunk holding {@code documents} unknown
     * documents: the chunks with an assumed axis (see the class comment) are placed too.
     */
    Optional<ShardKey> keyAt(ShardKey lo, ShardKey hi, double f, long documents) {
        if (!(f > 0 && f < 1)) {
            throw new IllegalArgumentException("f: must lie strictly between 0 and 1, got " + f);
        }
        Optional<Axis> found = axisOf(lo, hi, documents);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Axis ax = found.get();
        BsonValue lowBound = ax.lo().get(ax.index());
        BsonValue highBound = ax.hi().get(ax.index());
        BigDecimal a = ax.a();
        BigDecimal b = ax.b();
        BigDecimal x = a.add(b.subtract(a).multiply(BigDecimal.valueOf(f)));
        Optional<BsonValue> value = valueAt(x, ax.hashed(), ax.low(), ax.high());
        // an integer axis rounds down; a share close to an end may land on a bound: take the
        // nearest value of the kind inside instead
        if (value.isPresent() && BsonOrder.compareValues(lowBound, value.get()) >= 0) {
            value = valueAt(a.add(BigDecimal.ONE), ax.hashed(), ax.low(), ax.high());
        }
        if (value.isPresent() && BsonOrder.compareValues(value.get(), highBound) >= 0) {
            value = valueAt(b.subtract(BigDecimal.ONE), ax.hashed(), ax.low(), ax.high());
        }
        if (value.isEmpty()
                || BsonOrder.compareValues(lowBound, value.get()) >= 0
                || BsonOrder.compareValues(value.get(), highBound) >= 0) {
            return Optional.empty();
        }
        List<BsonValue> values = new ArrayList<>(lo.arity());
        for (int i = 0; i < ax.index(); i++) {
            values.add(ax.lo().get(i));
        }
        values.add(value.get());
        for (int i = ax.index() + 1; i < lo.arity(); i++) {
            values.add(new BsonMinKey());
        }
        ShardKey k = ShardKey.of(values);
        return lo.compareTo(k) < 0 && k.compareTo(hi) < 0 ? Optional.of(k) : Optional.empty();
    }

    /** Whether the chunk {@code [lo, hi)} has a measurable axis. */
    boolean measurable(ShardKey lo, ShardKey hi) {
        return axisOf(lo, hi, 0).isPresent();
    }

    /**
     * Whether every key in {@code [lo, hi)} of the bounds' kind is the same: the bounds differ only
     * in the last field, an integer axis (int or long, date, ObjectId) on which they are one apart,
     * for example {@code [10, 11)}. Documents of such a chunk share one key under ShardLab's
     * assumption that their values are of the bounds' kind.
     */
    boolean holdsOneKey(ShardKey lo, ShardKey hi) {
        int axis = axis(lo, hi);
        if (axis != lo.arity() - 1 || pattern.fields().get(axis).hashed()) {
            return false;
        }
        return oneApart(lo.get(axis), hi.get(axis));
    }

    /** Whether {@code low} and {@code high} are integers of one kind one apart. */
    private static boolean oneApart(BsonValue low, BsonValue high) {
        Kind kind = kind(low, high);
        if (kind == null || (kind == Kind.NUMBER && (low.isDouble() || high.isDouble()))) {
            return false;
        }
        Optional<BigDecimal> a = coordinate(low, false, low, high);
        Optional<BigDecimal> b = coordinate(high, false, low, high);
        return a.isPresent() && b.isPresent() && b.get().subtract(a.get()).compareTo(BigDecimal.ONE) == 0;
    }

    /** The chunk's axis, measured, or assumed when {@code documents > 0}; empty when it has none. */
    private Optional<Axis> axisOf(ShardKey lo, ShardKey hi, long documents) {
        int axis = axis(lo, hi);
        BsonValue low = lo.get(axis);
        BsonValue high = hi.get(axis);
        boolean hashed = pattern.fields().get(axis).hashed();
        if (hashed || kind(low, high) != null) {
            Optional<BigDecimal> a = coordinate(low, hashed, low, high);
            Optional<BigDecimal> b = coordinate(high, hashed, low, high);
            if (a.isEmpty() || b.isEmpty()) {
                return Optional.empty();
            }
            if (documents > 0 && !hashed && axis + 1 < lo.arity() && oneApart(low, high) && minKeysAfter(hi, axis)) {
                // every key has the lower bound's axis value: the next field varies, up to MaxKey
                List<BsonValue> top = new ArrayList<>(lo.arity());
                for (int i = 0; i <= axis; i++) {
                    top.add(lo.get(i));
                }
                for (int i = axis + 1; i < lo.arity(); i++) {
                    top.add(new BsonMaxKey());
                }
                ShardKey ceiling = ShardKey.of(top);
                return lo.compareTo(ceiling) < 0
                        ? axisOf(lo, ceiling, documents)
                                .map(inner -> new Axis(
                                        lo,
                                        ceiling,
                                        inner.index(),
                                        inner.hashed(),
                                        inner.a(),
                                        inner.b(),
                                        inner.low(),
                                        inner.high()))
                        : Optional.empty();
            }
            return Optional.of(new Axis(lo, hi, axis, hashed, a.get(), b.get(), low, high));
        }
        if (documents <= 0) {
            return Optional.empty();
        }
        BigDecimal n = BigDecimal.valueOf(documents);
        if ((low.getBsonType() == BsonType.MIN_KEY) && (high.getBsonType() == BsonType.MAX_KEY)) {
            BsonValue zero = new BsonInt64(0);
            return Optional.of(new Axis(lo, hi, axis, false, BigDecimal.ZERO, n, zero, zero));
        }
        if ((low.getBsonType() == BsonType.MIN_KEY) && kind(high, high) != null) {
            BigDecimal b = coordinate(high, false, high, high).orElseThrow();
            return Optional.of(new Axis(lo, hi, axis, false, b.subtract(n), b, high, high));
        }
        if ((high.getBsonType() == BsonType.MAX_KEY) && kind(low, low) != null) {
            BigDecimal a = coordinate(low, false, low, low).orElseThrow();
            return Optional.of(new Axis(lo, hi, axis, false, a, a.add(n), low, low));
        }
        return Optional.empty();
    }

    private static boolean minKeysAfter(ShardKey key, int axis) {
        for (int i = axis + 1; i < key.arity(); i++) {
            if (!(key.get(i).getBsonType() == BsonType.MIN_KEY)) {
                return false;
            }
        }
        return true;
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

    private enum Kind {
        NUMBER,
        DATE,
        OBJECT_ID
    }

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
            case NUMBER ->
                switch (v.getBsonType()) {
                    case INT32 -> Optional.of(BigDecimal.valueOf(v.asInt32().getValue()));
                    case INT64 -> Optional.of(BigDecimal.valueOf(v.asInt64().getValue()));
                    case DOUBLE ->
                        Double.isFinite(v.asDouble().getValue())
                                ? Optional.of(new BigDecimal(v.asDouble().getValue()))
                                : Optional.empty();
                    default -> Optional.empty();
                };
            case DATE ->
                v.getBsonType() == BsonType.DATE_TIME
                        ? Optional.of(BigDecimal.valueOf(v.asDateTime().getValue()))
                        : Optional.empty();
            case OBJECT_ID ->
                v.getBsonType() == BsonType.OBJECT_ID
                        ? Optional.of(new BigDecimal(
                                new BigInteger(1, v.asObjectId().getValue().toByteArray())))
                        : Optional.empty();
        };
    }

    /** The value of the axis's kind at coordinate {@code x}, or empty when it has none there. */
    private static Optional<BsonValue> valueAt(BigDecimal x, boolean hashed, BsonValue low, BsonValue high) {
        if (hashed) {
            // every int64 lies between MinKey and MaxKey: clamp to the int64 range
            BigInteger v = x.setScale(0, RoundingMode.FLOOR)
                    .toBigInteger()
                    .max(BigInteger.valueOf(Long.MIN_VALUE))
                    .min(BigInteger.valueOf(Long.MAX_VALUE));
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
                boolean int32 = low.getBsonType() == BsonType.INT32
                        && high.getBsonType() == BsonType.INT32
                        && l >= Integer.MIN_VALUE
                        && l <= Integer.MAX_VALUE;
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

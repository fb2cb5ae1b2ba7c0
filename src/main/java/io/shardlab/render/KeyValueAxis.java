package io.shardlab.render;

import io.shardlab.bson.CanonicalType;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.OptionalDouble;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Positions of chunk bounds on a {@link Scale#KEY_VALUE} number line, from the first shard-key field.
 *
 * <p>The axis type is numbers or dates, whichever more interior bounds hold in their first field (numbers
 * on a tie); a hashed first field is always numbers over the whole hash space {@code [-2^63, 2^63)}. The
 * line is laid out as:
 * <ul>
 *   <li>{@code [0, MARGIN)}: the left margin. A bound whose first field is MinKey sits at 0. Bounds whose
 *       first field sorts before the axis values (null, numbers on a date axis, NaN, -Infinity) share the
 *       margin evenly in key order: the j-th of L sits at {@code MARGIN * j / (L + 1)}.</li>
 *   <li>{@code [MARGIN, 1 - MARGIN]}: axis values, linear from the smallest to the largest axis value among
 *       the bounds (for hashed keys, from -2^63 to 2^63); a single distinct value sits in the middle.</li>
 *   <li>{@code (1 - MARGIN, 1]}: the right margin, the mirror image: bounds sorting after the axis values
 *       (strings, ObjectIds, +Infinity, dates on a number axis…) evenly, MaxKey at 1.</li>
 * </ul>
 * So the first chunk {@code [MinKey, v)} spans the left margin when no other type precedes {@code v}, and a
 * chunk's width is proportional to the span of values it owns. Positions never decrease along the chunk
 * map, because BSON order puts lower-ranked types first and orders numbers and dates by value. Bounds that
 * share a first-field value (compound keys) share a position, so such chunks have zero width.
 */
public final class KeyValueAxis {

    /** Width of each end margin, as a fraction of the line. */
    public static final double MARGIN = 0.05;

    private static final int DATE = CanonicalType.of(BsonType.DATE_TIME);

    private final int axisRank;
    private final double lo;
    private final double hi;

    private KeyValueAxis(int axisRank, double lo, double hi) {
        this.axisRank = axisRank;
        this.lo = lo;
        this.hi = hi;
    }

    /**
     * Whether a key-value line can be drawn: a hashed first field, a single chunk, or at least one interior
     * bound whose first field is a finite number or a date.
     */
    public static boolean supports(ChunkMap chunks, ShardKeyPattern pattern) {
        if (pattern.hasHashedPrefix() || chunks.size() == 1) {
            return true;
        }
        for (int i = 1; i < chunks.size(); i++) {
            BsonValue v = chunks.get(i).min().get(0);
            if (v.getBsonType() == BsonType.DATE_TIME || finiteNumber(v).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The axis for a chunk map.
     *
     * @throws IllegalArgumentException when {@link #supports} is false, naming the key and the first bound
     */
    public static KeyValueAxis of(ChunkMap chunks, ShardKeyPattern pattern) {
        if (!supports(chunks, pattern)) {
            throw new RefusedInput(Message.of(
                    "render.refused.keyValueScale",
                    pattern.toString(),
                    chunks.get(1).min().toString()));
        }
        if (pattern.hasHashedPrefix()) {
            return new KeyValueAxis(CanonicalType.NUMBER, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        int numbers = 0;
        int dates = 0;
        for (int i = 1; i < chunks.size(); i++) {
            BsonValue v = chunks.get(i).min().get(0);
            if (v.getBsonType() == BsonType.DATE_TIME) {
                dates++;
            } else if (finiteNumber(v).isPresent()) {
                numbers++;
            }
        }
        int rank = dates > numbers ? DATE : CanonicalType.NUMBER;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 1; i < chunks.size(); i++) {
            OptionalDouble v = axisValue(chunks.get(i).min().get(0), rank);
            if (v.isPresent()) {
                lo = Math.min(lo, v.getAsDouble());
                hi = Math.max(hi, v.getAsDouble());
            }
        }
        if (lo > hi) {
            lo = 0;
            hi = 0;
        }
        return new KeyValueAxis(rank, lo, hi);
    }

    /** True when the axis holds dates, false for numbers. */
    public boolean isDateAxis() {
        return axisRank == DATE;
    }

    /** The smallest axis value among the bounds (the hash space minimum for hashed keys). */
    public double low() {
        return lo;
    }

    /** The largest axis value among the bounds (the hash space maximum for hashed keys). */
    public double high() {
        return hi;
    }

    /** The line positions of all n + 1 bounds of the chunk map, non-decreasing, from 0 to 1. */
    public double[] edges(ChunkMap chunks) {
        int n = chunks.size();
        double[] edges = new double[n + 1];
        edges[n] = 1;
        int left = 0;
        int right = 0;
        for (int i = 1; i < n; i++) {
            switch (side(chunks.get(i).min().get(0))) {
                case LEFT -> left++;
                case RIGHT -> right++;
                default -> {}
            }
        }
        int seenLeft = 0;
        int seenRight = 0;
        for (int i = 1; i < n; i++) {
            BsonValue v = chunks.get(i).min().get(0);
            edges[i] = switch (side(v)) {
                case MIN -> 0;
                case MAX -> 1;
                case LEFT -> MARGIN * ++seenLeft / (left + 1);
                case RIGHT -> 1 - MARGIN + MARGIN * ++seenRight / (right + 1);
                case AXIS -> onAxis(axisValue(v, axisRank).getAsDouble());
            };
        }
        return edges;
    }

    /** Line position of an axis value (number, or date in epoch milliseconds); may lie outside the axis band. */
    public double onAxis(double value) {
        if (hi == lo) {
            return 0.5;
        }
        return MARGIN + (1 - 2 * MARGIN) * (value - lo) / (hi - lo);
    }

    /** The value of {@code v} on this axis: a finite number on a number axis, epoch milliseconds on a date axis. */
    public OptionalDouble valueOf(BsonValue v) {
        return axisValue(v, axisRank);
    }

    private enum Side {
        MIN,
        LEFT,
        AXIS,
        RIGHT,
        MAX
    }

    private Side side(BsonValue v) {
        int rank = CanonicalType.of(v);
        if (rank == CanonicalType.MIN_KEY) {
            return Side.MIN;
        }
        if (rank == CanonicalType.MAX_KEY) {
            return Side.MAX;
        }
        if (axisValue(v, axisRank).isPresent()) {
            return Side.AXIS;
        }
        if (rank != axisRank) {
            return rank < axisRank ? Side.LEFT : Side.RIGHT;
        }
        // a non-finite number on a number axis: NaN and -Infinity sort before all numbers, +Infinity after
        double d = v.asNumber().doubleValue();
        return d == Double.POSITIVE_INFINITY ? Side.RIGHT : Side.LEFT;
    }

    private static OptionalDouble axisValue(BsonValue v, int axisRank) {
        if (axisRank == DATE) {
            return v.getBsonType() == BsonType.DATE_TIME
                    ? OptionalDouble.of(v.asDateTime().getValue())
                    : OptionalDouble.empty();
        }
        return finiteNumber(v);
    }

    /** A finite Int32, Int64, Double or Decimal128 as a double; empty for NaN, infinities and other types. */
    static OptionalDouble finiteNumber(BsonValue v) {
        return switch (v.getBsonType()) {
            case INT32 -> OptionalDouble.of(v.asInt32().getValue());
            case INT64 -> OptionalDouble.of(v.asInt64().getValue());
            case DOUBLE, DECIMAL128 -> {
                double d = v.asNumber().doubleValue();
                yield Double.isFinite(d) ? OptionalDouble.of(d) : OptionalDouble.empty();
            }
            default -> OptionalDouble.empty();
        };
    }

    /**
     * Where {@code key} falls inside the chunk {@code [min, max)}, as a fraction in [0, 1): interpolated by value
     * when the first fields of the key and both bounds are numbers (or all dates) and differ between the bounds;
     * 0 when the key is the chunk's min; otherwise the middle, 0.5.
     */
    static double fractionInside(ShardKey key, ShardKey min, ShardKey max) {
        if (key.compareTo(min) <= 0) {
            return 0;
        }
        OptionalDouble k = comparable(key.get(0));
        OptionalDouble a = comparable(min.get(0));
        OptionalDouble b = comparable(max.get(0));
        if (k.isPresent()
                && a.isPresent()
                && b.isPresent()
                && min.get(0).getBsonType() == BsonType.DATE_TIME == (key.get(0).getBsonType() == BsonType.DATE_TIME)
                && max.get(0).getBsonType() == BsonType.DATE_TIME == (key.get(0).getBsonType() == BsonType.DATE_TIME)
                && b.getAsDouble() > a.getAsDouble()) {
            double f = (k.getAsDouble() - a.getAsDouble()) / (b.getAsDouble() - a.getAsDouble());
            return Math.max(0, Math.min(1, f));
        }
        return 0.5;
    }

    private static OptionalDouble comparable(BsonValue v) {
        return v.getBsonType() == BsonType.DATE_TIME
                ? OptionalDouble.of(v.asDateTime().getValue())
                : finiteNumber(v);
    }
}

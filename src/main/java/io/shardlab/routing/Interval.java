package io.shardlab.routing;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import org.bson.BsonValue;

/**
 * One interval of index-key values for one shard-key field, as the query planner builds it
 * (mongo {@code src/mongo/db/query/interval.h}): {@code [start, end]}, {@code (start, end)} and the
 * half-open forms, in MongoDB's cross-type order ({@link BsonOrder}).
 *
 * @param start the lower end
 * @param startInclusive whether {@code start} itself is in the interval
 * @param end the upper end; never below {@code start}
 * @param endInclusive whether {@code end} itself is in the interval
 */
public record Interval(BsonValue start, boolean startInclusive, BsonValue end, boolean endInclusive) {

    public Interval {
        if (start == null || end == null) {
            throw new IllegalArgumentException("start/end: an interval needs both ends");
        }
        if (BsonOrder.compareValues(start, end) > 0) {
            throw new IllegalArgumentException("end: " + end + " is below start " + start);
        }
    }

    /** The point interval {@code [v, v]}. */
    public static Interval point(BsonValue v) {
        return new Interval(v, true, v, true);
    }

    /** Whether this is a single value {@code [v, v]} ({@code Interval::isPoint}). */
    public boolean isPoint() {
        return startInclusive && endInclusive && BsonOrder.compareValues(start, end) == 0;
    }

    /** Whether no value lies in the interval, e.g. {@code (5, 5]} ({@code Interval::isNull}). */
    public boolean isEmpty() {
        return BsonOrder.compareValues(start, end) == 0 && !(startInclusive && endInclusive);
    }

    @Override
    public String toString() {
        return (startInclusive ? "[" : "(") + BsonPrinter.shell(start) + ", " + BsonPrinter.shell(end)
                + (endInclusive ? "]" : ")");
    }
}

package io.shardlab.routing;

import io.shardlab.bson.BsonOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * The sorted, non-overlapping intervals one shard-key field may take: mongo's
 * {@code OrderedIntervalList} ({@code src/mongo/db/query/index_bounds.h}) with the operations of
 * {@code IndexBoundsBuilder::unionize}, {@code intersectize} and {@code OrderedIntervalList::complement}
 * ({@code src/mongo/db/query/index_bounds_builder.cpp}, {@code index_bounds.cpp}).
 *
 * <p>Invariant: intervals are non-empty, sorted by start and disjoint; an empty list means no value
 * can match (an unsatisfiable field).
 */
public final class OrderedIntervalList {

    private static final BsonValue MIN = new BsonMinKey();
    private static final BsonValue MAX = new BsonMaxKey();

    /** Sorts by start, an inclusive start first ({@code IntervalComparison}). */
    private static final Comparator<Interval> BY_START = (a, b) -> {
        int c = BsonOrder.compareValues(a.start(), b.start());
        if (c != 0) {
            return c;
        }
        return a.startInclusive() == b.startInclusive() ? 0 : a.startInclusive() ? -1 : 1;
    };

    private final List<Interval> intervals;

    private OrderedIntervalList(List<Interval> sortedDisjoint) {
        this.intervals = List.copyOf(sortedDisjoint);
    }

    /** {@code [MinKey, MaxKey]}: every value ({@code IndexBoundsBuilder::allValues}). */
    public static OrderedIntervalList allValues() {
        return new OrderedIntervalList(List.of(new Interval(MIN, true, MAX, true)));
    }

    /** No interval at all: the field cannot be satisfied. */
    public static OrderedIntervalList none() {
        return new OrderedIntervalList(List.of());
    }

    /** The union of any intervals, sorted and merged ({@code IndexBoundsBuilder::unionize}). */
    public static OrderedIntervalList union(List<Interval> any) {
        List<Interval> sorted = new ArrayList<>();
        for (Interval i : any) {
            if (!i.isEmpty()) {
                sorted.add(i);
            }
        }
        sorted.sort(BY_START);
        List<Interval> merged = new ArrayList<>();
        for (Interval next : sorted) {
            if (merged.isEmpty()) {
                merged.add(next);
                continue;
            }
            Interval last = merged.get(merged.size() - 1);
            int c = BsonOrder.compareValues(next.start(), last.end());
            boolean touches = c < 0 || (c == 0 && (last.endInclusive() || next.startInclusive()));
            if (!touches) {
                merged.add(next);
                continue;
            }
            int e = BsonOrder.compareValues(next.end(), last.end());
            BsonValue end = e > 0 ? next.end() : last.end();
            boolean endInclusive = e > 0
                    ? next.endInclusive()
                    : e < 0 ? last.endInclusive() : last.endInclusive() || next.endInclusive();
            merged.set(merged.size() - 1, new Interval(last.start(), last.startInclusive(), end, endInclusive));
        }
        return new OrderedIntervalList(merged);
    }

    /** The intervals, sorted and disjoint. */
    public List<Interval> intervals() {
        return intervals;
    }

    /** Whether no value can match this field. */
    public boolean isEmpty() {
        return intervals.isEmpty();
    }

    /** Whether this is the single point interval {@code [v, v]}. */
    public boolean isSinglePoint() {
        return intervals.size() == 1 && intervals.get(0).isPoint();
    }

    /** Whether this is exactly {@code [MinKey, MaxKey]}. */
    public boolean isAllValues() {
        if (intervals.size() != 1) {
            return false;
        }
        Interval i = intervals.get(0);
        return i.start() instanceof BsonMinKey && i.end() instanceof BsonMaxKey;
    }

    /** The values in both lists ({@code IndexBoundsBuilder::intersectize}). */
    public OrderedIntervalList intersect(OrderedIntervalList other) {
        List<Interval> result = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < intervals.size() && j < other.intervals.size()) {
            Interval a = intervals.get(i);
            Interval b = other.intervals.get(j);
            int s = BsonOrder.compareValues(a.start(), b.start());
            BsonValue start = s >= 0 ? a.start() : b.start();
            boolean startInclusive =
                    s > 0 ? a.startInclusive() : s < 0 ? b.startInclusive() : a.startInclusive() && b.startInclusive();
            int e = BsonOrder.compareValues(a.end(), b.end());
            BsonValue end = e <= 0 ? a.end() : b.end();
            boolean endInclusive =
                    e < 0 ? a.endInclusive() : e > 0 ? b.endInclusive() : a.endInclusive() && b.endInclusive();
            int c = BsonOrder.compareValues(start, end);
            if (c < 0 || (c == 0 && startInclusive && endInclusive)) {
                result.add(new Interval(start, startInclusive, end, endInclusive));
            }
            if (e < 0 || (e == 0 && !a.endInclusive())) {
                i++;
            } else {
                j++;
            }
        }
        return new OrderedIntervalList(result);
    }

    /** Every value not in this list, within [MinKey, MaxKey] ({@code OrderedIntervalList::complement}). */
    public OrderedIntervalList complement() {
        List<Interval> result = new ArrayList<>();
        BsonValue boundary = MIN;
        boolean boundaryInclusive = false;
        for (Interval current : intervals) {
            if (BsonOrder.compareValues(current.start(), boundary) != 0
                    || (!boundaryInclusive && !current.startInclusive())) {
                result.add(new Interval(boundary, !boundaryInclusive, current.start(), !current.startInclusive()));
            }
            boundary = current.end();
            boundaryInclusive = current.endInclusive();
        }
        if (BsonOrder.compareValues(MAX, boundary) != 0 || !boundaryInclusive) {
            result.add(new Interval(boundary, !boundaryInclusive, MAX, true));
        }
        return new OrderedIntervalList(result);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderedIntervalList l && l.intervals.equals(intervals);
    }

    @Override
    public int hashCode() {
        return intervals.hashCode();
    }

    @Override
    public String toString() {
        return intervals.toString();
    }
}

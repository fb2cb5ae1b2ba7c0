package io.shardlab.routing;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonValue;

/**
 * Turns per-field intervals into full-key ranges: mongo {@code flattenBounds}
 * ({@code src/mongo/s/shard_key_pattern_query_util.cpp}).
 *
 * <p>Rules: if any field has no interval the result is empty. While the leading fields are single
 * points, each point is appended to every range. The first field with several intervals, or with one
 * non-point interval, multiplies the ranges, one per interval (at most 4,000,000:
 * {@code kMaxFlattenedInCombinations}, error 17439). Every later field only appends its first
 * interval's start to the lower ends and its last interval's end to the upper ends. Interval
 * inclusivity is dropped: the ranges are closed.
 */
final class BoundsFlattener {

    /** {@code kMaxFlattenedInCombinations}. */
    static final int MAX_COMBINATIONS = 4_000_000;

    private BoundsFlattener() {}

    static List<KeyRange> flatten(List<OrderedIntervalList> fields) {
        for (OrderedIntervalList f : fields) {
            if (f.isEmpty()) {
                return List.of();
            }
        }
        List<List<BsonValue>> lows = new ArrayList<>();
        List<List<BsonValue>> highs = new ArrayList<>();
        lows.add(new ArrayList<>());
        highs.add(new ArrayList<>());
        boolean equalityOnly = true;
        for (OrderedIntervalList field : fields) {
            List<Interval> intervals = field.intervals();
            if (equalityOnly && intervals.size() == 1 && intervals.get(0).isPoint()) {
                for (int b = 0; b < lows.size(); b++) {
                    lows.get(b).add(intervals.get(0).start());
                    highs.get(b).add(intervals.get(0).end());
                }
            } else if (equalityOnly) {
                equalityOnly = false;
                List<List<BsonValue>> newLows = new ArrayList<>();
                List<List<BsonValue>> newHighs = new ArrayList<>();
                for (int b = 0; b < lows.size(); b++) {
                    for (Interval interval : intervals) {
                        if (newLows.size() >= MAX_COMBINATIONS) {
                            throw new UnsupportedQueryException(
                                    "combinatorial limit of $in partitioning of results exceeded");
                        }
                        List<BsonValue> low = new ArrayList<>(lows.get(b));
                        low.add(interval.start());
                        List<BsonValue> high = new ArrayList<>(highs.get(b));
                        high.add(interval.end());
                        newLows.add(low);
                        newHighs.add(high);
                    }
                }
                lows = newLows;
                highs = newHighs;
            } else {
                for (int b = 0; b < lows.size(); b++) {
                    lows.get(b).add(intervals.get(0).start());
                    highs.get(b).add(intervals.get(intervals.size() - 1).end());
                }
            }
        }
        List<KeyRange> ranges = new ArrayList<>(lows.size());
        for (int b = 0; b < lows.size(); b++) {
            ranges.add(new KeyRange(ShardKey.of(lows.get(b)), ShardKey.of(highs.get(b))));
        }
        return ranges;
    }
}

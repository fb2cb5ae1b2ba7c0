package io.shardlab.render;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The key ranges a heatmap's rows stand for, cut from the keys a stream wrote: bounds
 * {@code [MinKey, b1), [b1, b2), …, [bk, MaxKey)} holding about the same number of the stream's
 * <em>distinct</em> keys each. Cutting by distinct keys rather than by documents keeps hot keys
 * visible (a range of ten keys that took half the writes stays one range), while every range the
 * stream writes to gets its share of rows. A stream with fewer distinct keys than rows gets one
 * range starting at each key, plus {@code [MinKey, smallest key)}. Shared by the explorer and {@code export}.
 *
 * @param bounds MinKey first, MaxKey last, strictly increasing; {@code bounds.size() - 1} ranges
 */
public record HeatmapRanges(List<ShardKey> bounds) {

    /** How many rows a heatmap gets when nothing else is asked: fine enough to see a hot range, few enough to read. */
    public static final int DEFAULT_ROWS = 48;

    public HeatmapRanges {
        bounds = List.copyOf(bounds);
        if (bounds.size() < 2) {
            throw new IllegalArgumentException(
                    "bounds: at least MinKey and MaxKey, got " + bounds.size()); // untranslated: a developer's contract
        }
    }

    /**
     * The ranges for {@code keys} (any order, not modified) under {@code pattern}, at most {@code rows}.
     *
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public static HeatmapRanges of(ShardKeyPattern pattern, ShardKey[] keys, int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("rows: at least 1, got " + rows); // untranslated: a developer's contract
        }
        ShardKey[] sorted = keys.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i].compareTo(sorted[distinct - 1]) != 0) {
                sorted[distinct++] = sorted[i];
            }
        }
        List<ShardKey> bounds = new ArrayList<>(rows + 1);
        bounds.add(pattern.globalMin());
        for (int r = 1; r < rows && distinct > 0; r++) {
            ShardKey b = sorted[(int) ((long) r * distinct / rows)];
            if (b.compareTo(bounds.get(bounds.size() - 1)) > 0 && !b.isGlobalMax()) {
                bounds.add(b);
            }
        }
        bounds.add(pattern.globalMax());
        return new HeatmapRanges(bounds);
    }

    /** Number of ranges (heatmap rows). */
    public int size() {
        return bounds.size() - 1;
    }

    /** The range holding {@code key}: the last bound at or below it (binary search). */
    public int rowOf(ShardKey key) {
        return rowOf(bounds, key);
    }

    /** The range of {@code bounds} (MinKey first, MaxKey last) holding {@code key}. */
    public static int rowOf(List<ShardKey> bounds, ShardKey key) {
        int lo = 0;
        int hi = bounds.size() - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (bounds.get(mid).compareTo(key) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}

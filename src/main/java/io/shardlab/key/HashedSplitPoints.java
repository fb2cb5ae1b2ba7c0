package io.shardlab.key;

import java.util.ArrayList;
import java.util.List;

/**
 * The initial split points of a hashed shard key: mongo
 * {@code src/mongo/db/s/config/initial_split_policy.cpp}, {@code calculateHashedSplitPoints}.
 *
 * <p>{@code intervalSize = (INT64_MAX / n) * 2} in integer arithmetic; for even n emit 0 and start at
 * {@code intervalSize}, for odd n start at {@code intervalSize / 2}; then {@code (n - 1) / 2} times
 * emit {@code +cur} and {@code -cur}, adding {@code intervalSize}; sorted. n = 1 gives none.
 */
public final class HashedSplitPoints {

    private HashedSplitPoints() {
    }

    /**
     * The sorted split points that cut the hashed space into {@code numChunks} chunks.
     *
     * @param numChunks at least 1
     */
    public static List<Long> of(int numChunks) {
        if (numChunks < 1) {
            throw new IllegalArgumentException("numChunks: must be at least 1, got " + numChunks);
        }
        List<Long> points = new ArrayList<>();
        if (numChunks == 1) {
            return points;
        }
        long intervalSize = (Long.MAX_VALUE / numChunks) * 2;
        long current = 0;
        if (numChunks % 2 == 0) {
            points.add(0L);
            current += intervalSize;
        } else {
            current += intervalSize / 2;
        }
        for (int i = 0; i < (numChunks - 1) / 2; i++) {
            points.add(current);
            points.add(-current);
            current += intervalSize;
        }
        points.sort(null);
        return points;
    }
}

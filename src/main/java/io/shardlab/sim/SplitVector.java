package io.shardlab.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code splitVector} command's split points, mongo {@code src/mongo/db/s/split_vector.cpp}
 * (same logic in 4.4 and 8.0):
 * <ul>
 *   <li>{@code recCount}/{@code dataSize} are the collection's on the shard; with {@code force}
 *       the max chunk size becomes {@code dataSize} (split in half).</li>
 *   <li>No points when {@code dataSize < maxChunkSize}, the collection is empty, or the range
 *       holds a single key value.</li>
 *   <li>{@code keyCount = maxChunkSize / (2 * avgRecSize)}, capped at {@code maxChunkObjects}
 *       (default {@code kMaxObjectPerChunk = 250000}).</li>
 *   <li>Scan the index from the first key, counting keys; once the count exceeds keyCount the
 *       current key becomes a point unless it equals the previous point (the first key is a
 *       sentinel), then the count restarts.</li>
 *   <li>{@code force}: a first pass only counts N keys; a second pass uses keyCount = N / 2.</li>
 * </ul>
 */
final class SplitVector implements SplitPointFinder {

    /** mongo split_vector.cpp {@code kMaxObjectPerChunk}. */
    static final long MAX_OBJECTS_PER_CHUNK = 250_000;

    @Override
    public List<Integer> indexes(
            IndexScan scan, long shardDocuments, long shardBytes, long maxChunkSizeBytes, int limit) {
        return compute(scan, shardDocuments, shardBytes, maxChunkSizeBytes, false, limit);
    }

    /**
     * The median-ish point {@code split: ns, find: ...} asks for ({@code splitVector} with
     * {@code force: true}), as a document index; empty when the chunk cannot be divided.
     */
    static List<Integer> forced(IndexScan docs, long shardDocuments, long shardBytes) {
        return compute(docs, shardDocuments, shardBytes, 0, true, 0);
    }

    private static List<Integer> compute(
            IndexScan docs, long recCount, long dataSize, long maxChunkSize, boolean force, int maxSplitPoints) {
        return compute(docs, recCount, dataSize, maxChunkSize, MAX_OBJECTS_PER_CHUNK, force, maxSplitPoints);
    }

    /**
     * {@code splitVector(…, force, maxSplitPoints, maxChunkObjects, maxChunkSizeBytes)} with every
     * argument: {@code maxChunkObjects} caps the keys per half chunk ({@link #MAX_OBJECTS_PER_CHUNK}
     * when the caller gives none, as the balancer and the auto-splitter do).
     */
    static List<Integer> compute(
            IndexScan docs,
            long recCount,
            long dataSize,
            long maxChunkSize,
            long maxChunkObjects,
            boolean force,
            int maxSplitPoints) {
        if (force) {
            maxChunkSize = dataSize;
        }
        List<Integer> none = List.of();
        if (maxChunkSize <= 0 || dataSize < maxChunkSize || recCount == 0) {
            return none;
        }
        int n = docs.count();
        if (n == 0 || docs.sameKey(0, n - 1)) {
            return none;
        }
        long avgRecSize = dataSize / recCount;
        long keyCount = maxChunkSize / (2 * avgRecSize);
        if (maxChunkObjects < keyCount) {
            keyCount = maxChunkObjects;
        }
        if (force) {
            keyCount = n / 2;
        }
        List<Integer> points = new ArrayList<>();
        int last = 0; // the sentinel: the first key
        long currCount = 0;
        for (int i = 0; i < n; i++) {
            currCount++;
            if (currCount > keyCount) {
                if (docs.sameKey(i, last)) {
                    continue;
                }
                points.add(i);
                last = i;
                currCount = 0;
                if (maxSplitPoints > 0 && points.size() >= maxSplitPoints) {
                    break;
                }
            }
        }
        return points;
    }
}

package io.shardlab.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code autoSplitVector} split points, mongo {@code src/mongo/db/s/auto_split_vector.cpp}
 * (forward scan), used by the 5.0 auto-splitter ({@code chunk_splitter.cpp}) and, with
 * {@code limit 1}, by 6.0+ {@code moveRange} without a max ({@code computeOtherBound} in
 * {@code migration_source_manager.cpp}) and {@code splitOrMarkJumbo}:
 * <ul>
 *   <li>No points when the collection's {@code dataSize} on the shard is below the max chunk size,
 *       it has no documents, the range is empty, or its first and last keys are equal.</li>
 *   <li>{@code maxDocsPerChunk = maxChunkSize / (dataSize / numRecords)}. Counting the first key
 *       as 1, each key whose count reaches maxDocsPerChunk becomes a point (a key equal to the
 *       previous point is skipped without resetting the count); with a limit, stop after
 *       {@code limit + 1} points.</li>
 *   <li>If the last chunk would hold fewer than 80% of maxDocsPerChunk, the last
 *       {@code min(3, points)} points are recomputed with
 *       {@code maxDocsPerNewChunk = maxDocsPerChunk - (maxDocsPerChunk - remaining) / (n + 1)},
 *       or the last point is just dropped when {@code remaining < maxDocsPerChunk -
 *       maxDocsPerNewChunk}.</li>
 * </ul>
 */
final class AutoSplitVector implements SplitPointFinder {

    private static final int MAX_SPLIT_POINTS_TO_REPOSITION = 3;

    @Override
    public List<Integer> indexes(
            IndexScan scan, long shardDocuments, long shardBytes, long maxChunkSizeBytes, int limit) {
        return points(scan, shardDocuments, shardBytes, maxChunkSizeBytes, limit);
    }

    /** The split points as document indexes (each point is the key of that document). */
    static List<Integer> points(IndexScan docs, long totalDocs, long dataSize, long maxChunkSizeBytes, int limit) {
        List<Integer> splitKeys = new ArrayList<>();
        if (dataSize < maxChunkSizeBytes || totalDocs == 0) {
            return splitKeys;
        }
        int n = docs.count();
        if (n == 0 || docs.sameKey(0, n - 1)) {
            return splitKeys;
        }
        long avgDocSize = dataSize / totalDocs;
        long maxDocsPerChunk = maxChunkSizeBytes / avgDocSize;
        long numScannedKeys = 1;
        int lastSplitPoint = 0;
        for (int i = 1; i < n; i++) {
            if (++numScannedKeys >= maxDocsPerChunk) {
                if (docs.sameKey(i, lastSplitPoint)) {
                    continue;
                }
                splitKeys.add(i);
                lastSplitPoint = i;
                numScannedKeys = 0;
                if (limit > 0 && splitKeys.size() == limit + 1) {
                    break;
                }
            }
        }
        boolean lastChunk80PercentFull = numScannedKeys >= maxDocsPerChunk * 0.8;
        if (!lastChunk80PercentFull && !splitKeys.isEmpty()) {
            int nToReposition = Math.min(splitKeys.size(), MAX_SPLIT_POINTS_TO_REPOSITION);
            long maxDocsPerNewChunk = maxDocsPerChunk - ((maxDocsPerChunk - numScannedKeys) / (nToReposition + 1));
            if (numScannedKeys < maxDocsPerChunk - maxDocsPerNewChunk) {
                splitKeys.remove(splitKeys.size() - 1);
            } else {
                for (int r = 0; r < nToReposition; r++) {
                    splitKeys.remove(splitKeys.size() - 1);
                }
                int previous = splitKeys.isEmpty() ? 0 : splitKeys.get(splitKeys.size() - 1);
                // the scan restarts at the first document whose key equals the previous point
                int start = previous;
                while (start > 0 && docs.sameKey(start - 1, previous)) {
                    start--;
                }
                numScannedKeys = 0;
                for (int i = start; i < n; i++) {
                    if (++numScannedKeys >= maxDocsPerNewChunk) {
                        if (!docs.sameKey(i, previous) && i > previous) {
                            splitKeys.add(i);
                            previous = i;
                            numScannedKeys = 0;
                            if (--nToReposition == 0) {
                                break;
                            }
                        }
                    }
                }
            }
        }
        return splitKeys;
    }
}

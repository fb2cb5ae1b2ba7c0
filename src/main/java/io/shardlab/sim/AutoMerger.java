package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;

/**
 * The auto-merger of 7.0 and later, mongo {@code src/mongo/db/s/balancer/auto_merger_policy.cpp}
 * and {@code ShardingCatalogManager::commitMergeAllChunksOnShard}
 * ({@code sharding_catalog_manager_chunk_operations.cpp}, 8.0):
 * <ul>
 *   <li>runs every {@code autoMergerIntervalSecs} (default 3600) while the balancer is on, inside
 *       its window, and auto-merge is enabled;</li>
 *   <li>per shard, a chunk is mergeable when it is not jumbo and has been on the shard longer than
 *       the snapshot history window ({@code onCurrentShardSince < now - max(
 *       minSnapshotHistoryWindowInSeconds, transactionLifetimeLimitSeconds)}, defaults 300 s and
 *       60 s);</li>
 *   <li>runs of mergeable chunks that are contiguous in the key space and lie in the same zone
 *       segment (zones and the gaps between them count as segments) are merged, each run into one
 *       chunk, at most {@code MAX_NUMBER_OF_CHUNKS_TO_MERGE = 1000} chunks per action; the merged
 *       chunk keeps the newest {@code onCurrentShardSince} of its run;</li>
 *   <li>a shard is re-scheduled while it still merges something.</li>
 * </ul>
 */
final class AutoMerger {

    /** mongo sharding_config_server_parameters.idl {@code autoMergerIntervalSecs} default, in ms. */
    static final long INTERVAL_MILLIS = 3_600_000;
    /** {@code max(minSnapshotHistoryWindowInSeconds 300, transactionLifetimeLimitSeconds 60)}, in ms. */
    static final long HISTORY_WINDOW_MILLIS = 300_000;
    /** mongo auto_merger_policy.h {@code MAX_NUMBER_OF_CHUNKS_TO_MERGE}. */
    static final int MAX_CHUNKS_PER_ACTION = 1000;

    private AutoMerger() {}

    /** Merges what can be merged now; returns the number of merges. */
    static int mergeAll(ClusterState state) {
        int merges = 0;
        boolean mergedSomething = true;
        while (mergedSomething) {
            mergedSomething = false;
            for (String shard : new ArrayList<>(state.shards().keySet())) {
                int n = mergeOnShard(state, shard, MAX_CHUNKS_PER_ACTION, ClusterEvent.MergeCause.AUTO_MERGER);
                merges += n;
                mergedSomething |= n > 0;
            }
        }
        return merges;
    }

    /**
     * One {@code mergeAllChunksOnShard} of {@code shard}: merges the runs among its first {@code maxChunks}
     * mergeable chunks; returns the number of merges.
     */
    static int mergeOnShard(ClusterState state, String shard, int maxChunks, ClusterEvent.MergeCause cause) {
        List<int[]> runs = mergeableRuns(state, shard, maxChunks);
        for (int r = runs.size() - 1; r >= 0; r--) {
            int from = runs.get(r)[0];
            int to = runs.get(r)[1];
            long since = 0;
            for (int c = from; c < to; c++) {
                since = Math.max(since, state.documentsOf(c).onShardSinceMillis());
            }
            state.merge(from, to, cause, since);
        }
        return runs.size();
    }

    /**
     * The runs {@code [from, to)} of contiguous mergeable chunks of {@code shard} among its first {@code maxChunks}
     * mergeable chunks, in key order (the state is not changed).
     */
    static List<int[]> mergeableRuns(ClusterState state, String shard, int maxChunks) {
        long horizon = state.clock() - HISTORY_WINDOW_MILLIS;
        List<int[]> runs = new ArrayList<>();
        ChunkMap chunks = state.chunks();
        int start = -1;
        int seen = 0;
        int i = 0;
        for (; i < chunks.size() && seen < maxChunks; i++) {
            if (!mergeable(state, i, shard, horizon)) {
                if (start >= 0 && i - start > 1) {
                    runs.add(new int[] {start, i});
                }
                start = -1;
                continue;
            }
            seen++;
            if (start >= 0 && !sameSegment(state, chunks.get(i - 1), chunks.get(i))) {
                if (i - start > 1) {
                    runs.add(new int[] {start, i});
                }
                start = i;
            } else if (start < 0) {
                start = i;
            }
        }
        if (start >= 0 && i - start > 1) {
            runs.add(new int[] {start, i});
        }
        return runs;
    }

    private static boolean mergeable(ClusterState state, int i, String shard, long horizon) {
        Chunk c = state.chunks().get(i);
        return c.shard().equals(shard)
                && !c.jumbo()
                && state.documentsOf(i).onShardSinceMillis() < horizon
                && !state.isMigrating(i);
    }

    /** Whether two adjacent chunks lie in the same zone segment (a zone range, or a gap between zones). */
    private static boolean sameSegment(ClusterState state, Chunk left, Chunk right) {
        ShardKey boundary = right.min();
        for (ZoneRange z : state.collection().zones()) {
            if (z.min().equals(boundary) || z.max().equals(boundary)) {
                return false;
            }
        }
        return true;
    }
}

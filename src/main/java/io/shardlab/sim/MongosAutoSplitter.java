package io.shardlab.sim;

import io.shardlab.cluster.Chunk;

/**
 * The mongos-side auto-splitter of MongoDB 4.0 (from 4.2 the shard primary splits, {@link ShardAutoSplitter}).
 *
 * <p>Trigger, mongo {@code src/mongo/s/chunk.cpp} ({@code Chunk::shouldSplit}) and
 * {@code src/mongo/s/write_ops/cluster_write.cpp} ({@code updateChunkWriteStatsAndSplitIfNeeded}): every
 * routed write adds its size to the chunk's {@code _dataWritten} (0 for a new chunk); the chunk is
 * checked when {@code _dataWritten >= threshold / kSplitTestFactor} ({@code kSplitTestFactor = 5}), where
 * the threshold is the desired chunk size, 90 % of it for a chunk at the global MinKey or MaxKey. The
 * desired size depends on the collection's chunk count ({@code calculateDesiredChunkSize}): 1 chunk →
 * 1024 B; fewer than 3 → 512 KiB; fewer than 10 → max(max/4, 1 MiB); fewer than 20 → max(max/2, 1 MiB);
 * else the max chunk size.
 *
 * <p>The split: with auto-split off nothing happens (the count is kept). Split points come from
 * {@code splitVector} at the desired size, or at {@code min(dataWritten, max)} when
 * {@code dataWritten / desired * 2 >= kTooManySplitPoints (4)} (integer division); at most one point
 * means "no need to split yet" and clears the count. A chunk in a migration cannot be split (the split
 * fails and the count is cleared). Otherwise the split and the top-chunk optimisation are the shard's
 * ({@link ShardAutoSplitter#split}: {@code findExtremeKeyForShard}, then {@code rebalanceChunk} of the
 * one-document edge chunk).
 */
final class MongosAutoSplitter implements AutoSplitter {

    /** mongo chunk.h {@code kSplitTestFactor}. */
    static final long SPLIT_TEST_FACTOR = 5;
    /** cluster_write.cpp {@code kTooManySplitPoints}. */
    static final long TOO_MANY_SPLIT_POINTS = 4;

    private static final long MIN_CHUNK_SIZE = 1 << 20;

    private final ShardAutoSplitter splitter;

    MongosAutoSplitter(SplitPointFinder finder) {
        this.splitter = new ShardAutoSplitter(finder, 2);
    }

    /** {@code calculateDesiredChunkSize}: the chunk size mongos splits at, for a collection of {@code numChunks}. */
    static long desiredChunkSize(long maxChunkSizeBytes, int numChunks) {
        if (numChunks <= 1) {
            return 1024;
        } else if (numChunks < 3) {
            return MIN_CHUNK_SIZE / 2;
        } else if (numChunks < 10) {
            return Math.max(maxChunkSizeBytes / 4, MIN_CHUNK_SIZE);
        } else if (numChunks < 20) {
            return Math.max(maxChunkSizeBytes / 2, MIN_CHUNK_SIZE);
        }
        return maxChunkSizeBytes;
    }

    /** {@code Chunk::shouldSplit}: whether {@code bytesWritten} warrants a split check. */
    static boolean shouldSplit(long bytesWritten, long desired, boolean edge) {
        long threshold = edge ? (long) (desired * 0.9) : desired;
        return bytesWritten >= threshold / SPLIT_TEST_FACTOR;
    }

    /** The chunk size {@code selectChunkSplitPoints} is asked for. */
    static long chunkSizeToUse(long bytesWritten, long desired, long maxChunkSizeBytes) {
        return bytesWritten / desired * 2 >= TOO_MANY_SPLIT_POINTS
                ? Math.min(bytesWritten, maxChunkSizeBytes)
                : desired;
    }

    /**
     * 4.0's mongos counts an update by its statement, not by the document: {@code _targetUpdateByShardKey}
     * adds {@code query.objsize() + updateExpr.objsize()} to the chunk of the statement's exact shard key
     * ({@code chunk_manager_targeter.cpp}), an update routed by query adds nothing. Those statements reach
     * this splitter through {@link UpdateDocuments#keyedStatements}, so the documents an update changed add
     * nothing here.
     */
    @Override
    public boolean onUpdate(ClusterState state, int index, int size) {
        return false;
    }

    @Override
    public boolean onUpdateStatement(ClusterState state, int index, int size) {
        return onInsert(state, index, size);
    }

    @Override
    public boolean onInsert(ClusterState state, int index, int size) {
        ChunkDocuments docs = state.documentsOf(index);
        docs.recordWrite(size);
        Chunk chunk = state.chunks().get(index);
        long max = state.maxChunkSizeBytes();
        long desired = desiredChunkSize(max, state.chunks().size());
        boolean edge = chunk.min().isGlobalMin() || chunk.max().isGlobalMax();
        if (!shouldSplit(docs.bytesWritten(), desired, edge)
                || !state.settings().autoSplitEnabled()) {
            return false;
        }
        if (state.isMigrating(index)) {
            docs.resetWrites();
            return false;
        }
        long chunkSize = chunkSizeToUse(docs.bytesWritten(), desired, max);
        if (splitter.split(state, index, chunkSize)) {
            return true;
        }
        docs.resetWrites();
        return false;
    }
}

package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.Shard;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shard-side auto-splitter of MongoDB 4.2 to 6.0.2 (DOCS-14301: driven by the shard primary from 4.2).
 *
 * <p>Trigger, mongo {@code src/mongo/db/s/shard_server_op_observer.cpp}
 * ({@code incrementChunkOnInsertOrUpdate}) and {@code src/mongo/s/chunk_writes_tracker.cpp}: every
 * insert adds its BSON size to the chunk's {@code ChunkWritesTracker}, which starts at 0 for every
 * new chunk; when auto-split is enabled and {@code bytesWritten > maxChunkSizeBytes /
 * kSplitTestFactor} ({@code kSplitTestFactor = 5}) the {@code ChunkSplitter} runs. (The
 * small-collection chunk-size tiers and the random initial counter belonged to the mongos-side
 * trigger of 4.0, {@link MongosAutoSplitter}; the 4.2-era {@code chunk_splitter.cpp} splits at
 * {@code maxChunkSizeBytes} only.)
 *
 * <p>The split, mongo {@code src/mongo/db/s/chunk_splitter.cpp} ({@code _runAutosplit}): the tracker
 * is reset ({@code prepareSplit}; an abandoned split drops the count); split points come from the
 * version's {@link SplitPointFinder} with the maximum chunk size; 4.2 and 4.4 use {@code splitVector}
 * (points every half chunk, and "1 split point means we have between half the chunk size to full
 * chunk size so there is no need to split yet", so fewer than 2 points do not split), 5.0 uses
 * {@code autoSplitVector} (any point splits). Top-chunk optimisation, for ordered (non-hashed)
 * keys only: if the chunk starts at the global MinKey its first point becomes the key of the 2nd
 * document on the shard ({@code findExtremeKeyForShard(doSplitAtLower = true)} skips one), so the
 * bottom chunk holds one document; if it ends at the global MaxKey its last point becomes the
 * highest key on the shard. After such a split, when balancing is allowed, the new top chunk is
 * offered to the balancer ({@code moveChunk(topChunkMinKey)} → {@code balanceChunk} →
 * {@code BalancerPolicy::balanceSingleChunk}: the least loaded suitable shard by chunk count; no
 * move if that is the chunk's own shard). A chunk in a migration is not split (the shard's split
 * would conflict with the migration); its tracker keeps counting.
 */
final class ShardAutoSplitter implements AutoSplitter {

    /** mongo chunk_writes_tracker.h {@code kSplitTestFactor}. */
    static final long SPLIT_TEST_FACTOR = 5;

    private final SplitPointFinder finder;
    private final int minimumSplitPoints;

    ShardAutoSplitter(SplitPointFinder finder, int minimumSplitPoints) {
        this.finder = finder;
        this.minimumSplitPoints = minimumSplitPoints;
    }

    @Override
    public boolean onInsert(ClusterState state, int index, int size) {
        ChunkDocuments docs = state.documentsOf(index);
        docs.recordWrite(size);
        long threshold = state.maxChunkSizeBytes() / SPLIT_TEST_FACTOR;
        if (docs.bytesWritten() <= threshold || !state.settings().autoSplitEnabled()) {
            return false;
        }
        if (state.isMigrating(index)) {
            return false;
        }
        docs.resetWrites();
        return split(state, index, state.maxChunkSizeBytes());
    }

    /**
     * Splits chunk {@code index} at the finder's points for chunks of {@code chunkSizeBytes}, with the
     * top-chunk optimisation; false when there are too few points or they cannot be placed.
     */
    boolean split(ClusterState state, int index, long chunkSizeBytes) {
        ChunkMap map = state.chunks();
        Chunk chunk = map.get(index);
        ChunkDocuments docs = state.documentsOf(index);
        long[] shardData = state.dataByShard().get(chunk.shard());
        if (docs.hasUnknown()) {
            return splitWithUnknownDocuments(state, index, shardData, chunkSizeBytes);
        }
        docs.sort();
        List<ShardKey> points = new ArrayList<>(finder.find(docs, shardData[0], shardData[1], chunkSizeBytes, 0));
        if (points.size() < minimumSplitPoints) {
            return false;
        }
        ShardKeyPattern key = state.key();
        ShardKey topChunkMin = null;
        if (isOrdered(key)) {
            if (chunk.min().isGlobalMin()) {
                // the 2nd document on the shard, in key order (this chunk holds the shard's lowest keys)
                if (docs.count() >= 2) {
                    points.set(0, docs.keyAt(1));
                    topChunkMin = chunk.min();
                }
            } else if (chunk.max().isGlobalMax()) {
                points.set(points.size() - 1, docs.keyAt(docs.count() - 1));
                topChunkMin = docs.keyAt(docs.count() - 1);
            }
        }
        if (!validSplit(chunk, points)
                || CommandSupport.unstorableSplitPoint(key, points).isPresent()) {
            // splitChunk refuses non-increasing points, commitChunkSplit a point it may not store (a regular
            // expression); the auto-split is abandoned
            return false;
        }
        state.split(index, points, ClusterEvent.SplitCause.AUTO_SPLIT);
        if (topChunkMin != null && BalancerGate.balancingAllowed(state)) {
            moveTopChunk(state, topChunkMin);
        }
        return true;
    }

    /**
     * A chunk holding unknown documents (a loaded layout): the finder's points over that many
     * distinct keys, placed by {@link KeyInterpolation}. The top-chunk optimisation needs the
     * chunk's 2nd and highest real keys; it applies only to ordered keys at the global MinKey or
     * MaxKey, where a ranged axis has no bound to interpolate from, so such a split is skipped with
     * a {@link ClusterEvent.DocumentsUnknown} event like any other that cannot be placed.
     */
    private boolean splitWithUnknownDocuments(ClusterState state, int index, long[] shardData, long chunkSizeBytes) {
        Chunk chunk = state.chunks().get(index);
        IndexScan scan = state.assumedScan(index);
        List<Integer> ranks = finder.indexes(scan, shardData[0], shardData[1], chunkSizeBytes, 0);
        if (ranks.size() < minimumSplitPoints) {
            return false;
        }
        Optional<List<ShardKey>> points = isOrdered(state.key())
                        && (chunk.min().isGlobalMin() || chunk.max().isGlobalMax())
                ? Optional.empty()
                : state.placeRanks(index, scan, ranks);
        if (points.isEmpty()) {
            state.emit(ClusterEvent.DocumentsUnknown.ofSplit(state.clock(), chunk, "the auto-splitter"));
            return false;
        }
        if (points.get().size() < minimumSplitPoints) {
            return false;
        }
        state.split(index, points.get(), ClusterEvent.SplitCause.AUTO_SPLIT);
        return true;
    }

    private static boolean validSplit(Chunk chunk, List<ShardKey> points) {
        ShardKey previous = chunk.min();
        for (ShardKey p : points) {
            if (p.compareTo(previous) <= 0 || p.compareTo(chunk.max()) >= 0) {
                return false;
            }
            previous = p;
        }
        return true;
    }

    /** {@code KeyPattern::isOrderedKeyPattern}: every field ascending or descending, none hashed. */
    private static boolean isOrdered(ShardKeyPattern key) {
        for (KeyField f : key.fields()) {
            if (f.hashed()) {
                return false;
            }
        }
        return true;
    }

    /** {@code balanceSingleChunk}: the least loaded suitable receiver by chunk count, if not the owner. */
    private static void moveTopChunk(ClusterState state, ShardKey topChunkMin) {
        int index = state.chunks().indexOf(topChunkMin);
        Chunk chunk = state.chunks().get(index);
        if (chunk.jumbo() || state.isMigrating(index) || state.isShardMigrating(chunk.shard())) {
            return;
        }
        String zone = state.zoneOf(chunk);
        Map<String, Integer> counts = state.chunks().chunksPerShard();
        String best = null;
        int min = Integer.MAX_VALUE;
        for (Shard s : state.shards().values()) {
            if (s.draining() || (!zone.isEmpty() && !s.zones().contains(zone))) {
                continue;
            }
            int n = counts.getOrDefault(s.id(), 0);
            if (n < min) {
                min = n;
                best = s.id();
            }
        }
        if (best == null || best.equals(chunk.shard()) || state.isShardMigrating(best)) {
            return;
        }
        state.startMigration(index, chunk.max(), best, MigrationReason.TOP_CHUNK);
    }
}

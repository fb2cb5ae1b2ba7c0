package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;

/**
 * Starts a migration as the donor shard does: resolves a {@code moveRange} without max, checks
 * the donor's size limit, and on {@code ChunkTooBig} lets the balancer split the chunk or mark it
 * jumbo.
 *
 * <ul>
 *   <li>moveRange without max: {@code computeOtherBound} (mongo
 *       {@code src/mongo/db/s/migration_source_manager.cpp}) takes the first point of
 *       {@code autoSplitVector(min, chunkMax, maxChunkSizeBytes, limit 1)}, else the chunk's max.</li>
 *   <li>Size limit, mongo {@code migration_chunk_cloner_source.cpp}
 *       ({@code _storeCurrentRecordId}): {@code avgRecSize = dataSize / numRecords} of the
 *       collection on the donor; from 6.0 {@code maxRecsWhenFull = 2 * max(maxChunkSize /
 *       avgRecSize, 1)} (8.0 file); before, {@code min(kMaxObjectPerChunk + 1, 130% *
 *       maxChunkSize / avgRecSize)} (3.x–4.x file per the reference; taken for 5.0 too, not read in
 *       a 5.0 file). More documents in the range than that fail with {@code ChunkTooBig} unless the
 *       move is forced (draining).</li>
 *   <li>On ChunkTooBig of a balancer move, {@code splitOrMarkJumbo} (balancer.cpp before 6.0,
 *       {@code sharding_catalog_manager_chunk_operations.cpp} from 6.0): split points from the
 *       version's finder at the max chunk size (limit 1 from 6.0); none → the chunk is marked jumbo.</li>
 * </ul>
 */
final class MigrationStarter {

    private MigrationStarter() {
    }

    /** The end of a moveRange that starts at chunk {@code index}'s min and gives no max. */
    static ShardKey resolveMax(ClusterState state, int index) {
        Chunk c = state.chunks().get(index);
        ChunkDocuments docs = state.buckets.get(index);
        docs.sort();
        long[] shard = state.dataByShard().get(c.shard());
        List<Integer> points = AutoSplitVector.indexes(docs, shard[0], shard[1], state.maxChunkSizeBytes(), 1);
        return points.isEmpty() ? c.max() : docs.keyAt(points.get(0));
    }

    /** Empty when the range {@code [chunk min, max)} may move, else the donor's ChunkTooBig message. */
    static Optional<String> tooBig(ClusterState state, int index, ShardKey max) {
        Chunk c = state.chunks().get(index);
        long[] shard = state.dataByShard().get(c.shard());
        long maxChunk = state.maxChunkSizeBytes();
        long maxRecsWhenFull;
        long avgRecSize;
        if (shard[0] > 0) {
            avgRecSize = Math.max(shard[1] / shard[0], 5);
            if (state.config.version().atLeast(MongoVersion.V6_0)) {
                maxRecsWhenFull = 2 * Math.max(maxChunk / avgRecSize, 1);
            } else {
                maxRecsWhenFull = Math.min(SplitVector.MAX_OBJECTS_PER_CHUNK + 1, 130 * maxChunk / avgRecSize / 100);
            }
        } else {
            avgRecSize = 0;
            maxRecsWhenFull = SplitVector.MAX_OBJECTS_PER_CHUNK + 1;
        }
        ChunkDocuments docs = state.buckets.get(index);
        long recCount;
        if (max.equals(c.max())) {
            recCount = docs.count();
        } else {
            docs.sort();
            recCount = docs.lowerBound(max);
        }
        if (recCount > maxRecsWhenFull) {
            return Optional.of("Cannot move chunk: the maximum number of documents for a chunk is " + maxRecsWhenFull
                    + ", the maximum chunk size is " + maxChunk + ", average document size is " + avgRecSize
                    + ". Found " + recCount + " documents in chunk  ns: " + state.collection.namespace() + " "
                    + ServerText.of(c.min(), state.key()) + " -> " + ServerText.of(max, state.key()));
        }
        return Optional.empty();
    }

    /**
     * Starts the balancer's migration {@code plan}; on ChunkTooBig splits or marks the chunk jumbo
     * instead. Returns whether a migration started.
     */
    static boolean startBalancerMigration(ClusterState state, BalancerPolicy.Plan plan) {
        int index = plan.chunkIndex();
        Chunk c = state.chunks().get(index);
        ShardKey max = state.config.version().atLeast(MongoVersion.V6_0) ? resolveMax(state, index) : c.max();
        Optional<String> tooBig = plan.forceJumbo() ? Optional.empty() : tooBig(state, index, max);
        if (tooBig.isPresent()) {
            Migration failed = new Migration(0, c.min(), max, c.shard(), plan.to(), 0, 0, state.clock, state.clock,
                    plan.reason());
            state.emit(new ClusterEvent.MigrationFailed(state.clock, failed, tooBig.get()));
            splitOrMarkJumbo(state, index);
            return false;
        }
        state.startMigration(index, max, plan.to(), plan.reason());
        return true;
    }

    /** {@code splitOrMarkJumbo}: split at the finder's points (one from 6.0), or flag the chunk jumbo. */
    static void splitOrMarkJumbo(ClusterState state, int index) {
        Chunk c = state.chunks().get(index);
        ChunkDocuments docs = state.buckets.get(index);
        docs.sort();
        long[] shard = state.dataByShard().get(c.shard());
        boolean sixOrLater = state.config.version().atLeast(MongoVersion.V6_0);
        List<ShardKey> points = state.policies.splitPoints().find(docs, shard[0], shard[1], state.maxChunkSizeBytes(),
                sixOrLater ? 1 : 0);
        if (points.isEmpty()) {
            state.setJumbo(index, true);
            return;
        }
        if (sixOrLater && points.size() > 1) {
            points = points.subList(0, 1);
        }
        state.split(index, points, ClusterEvent.SplitCause.TOO_BIG_TO_MOVE);
    }
}

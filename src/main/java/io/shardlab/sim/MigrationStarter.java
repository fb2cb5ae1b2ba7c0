package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
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
 * A chunk holding documents whose keys ShardLab does not hold (a loaded layout) is cut where the
 * same finders, run over that many documents with distinct keys ({@link DistinctKeys}), put their
 * points, at the keys {@link KeyInterpolation} places there (next to the bounded end of a ranged
 * chunk with a MinKey or MaxKey end); a range that needs no cut (the finder finds no point, which
 * real keys could only confirm: repeated keys remove points, never add them) moves whole and
 * exactly, and so does a chunk with room for one key value only ({@link RepeatedKey}). The
 * balancer's migration is thus always listed and run, as MongoDB's policy returns it (a
 * {@code MigrateInfo} with min only, the donor picking max). Only when no key can be placed at all
 * (string bounds, mixed types) is the step skipped with a {@link ClusterEvent.DocumentsUnknown}
 * event instead of guessing.
 */
final class MigrationStarter {

    private MigrationStarter() {}

    /**
     * Where a moveRange without max ends.
     *
     * @param max the end of the range
     * @param estimated whether it was placed by {@link KeyInterpolation} in a chunk of unknown documents
     */
    record RangeEnd(ShardKey max, boolean estimated) {}

    /**
     * The end of a moveRange that starts at chunk {@code index}'s min and gives no max; empty when
     * the chunk holds unknown documents and the donor's cut cannot be placed.
     */
    static Optional<RangeEnd> resolveMax(ClusterState state, int index) {
        Chunk c = state.chunks().get(index);
        ChunkDocuments docs = state.documentsOf(index);
        long[] shard = state.dataByShard().get(c.shard());
        if (!docs.hasUnknown()) {
            docs.sort();
            List<Integer> points = AutoSplitVector.points(docs, shard[0], shard[1], state.maxChunkSizeBytes(), 1);
            return Optional.of(new RangeEnd(points.isEmpty() ? c.max() : docs.keyAt(points.get(0)), false));
        }
        IndexScan scan = state.assumedScan(index);
        List<Integer> points = AutoSplitVector.points(scan, shard[0], shard[1], state.maxChunkSizeBytes(), 1);
        if (points.isEmpty()) {
            return Optional.of(new RangeEnd(c.max(), false));
        }
        return state.placeRanks(index, scan, points.subList(0, 1)).map(keys -> new RangeEnd(keys.get(0), true));
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
            if (state.config().version().atLeast(MongoVersion.V6_0)) {
                maxRecsWhenFull = 2 * Math.max(maxChunk / avgRecSize, 1);
            } else {
                maxRecsWhenFull = Math.min(SplitVector.MAX_OBJECTS_PER_CHUNK + 1, 130 * maxChunk / avgRecSize / 100);
            }
        } else {
            avgRecSize = 0;
            maxRecsWhenFull = SplitVector.MAX_OBJECTS_PER_CHUNK + 1;
        }
        long recCount = state.contentBelow(index, max)[0];
        if (recCount > maxRecsWhenFull) {
            return Optional.of("Cannot move chunk: the maximum number of documents for a chunk is " + maxRecsWhenFull
                    + ", the maximum chunk size is " + maxChunk + ", average document size is " + avgRecSize
                    + ". Found " + recCount + " documents in chunk  ns: "
                    + state.collection().namespace() + " "
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
        ShardKey max = c.max();
        boolean estimated = false;
        if (state.policies().rules().balancesDataSize()) {
            Optional<RangeEnd> end = resolveMax(state, index);
            if (end.isEmpty()) {
                state.emit(new ClusterEvent.DocumentsUnknown(
                        state.clock(),
                        c,
                        plan.to(),
                        "the donor would cut a moveRange of about the max chunk size out of this chunk at a document's "
                                + "key, and the chunk's key range gives no place to put the cut"));
                return false;
            }
            max = end.get().max();
            estimated = end.get().estimated();
        }
        Optional<String> tooBig = plan.forceJumbo() ? Optional.empty() : tooBig(state, index, max);
        if (tooBig.isPresent()) {
            Migration failed = new Migration(
                    0,
                    c.min(),
                    max,
                    c.shard(),
                    plan.to(),
                    0,
                    0,
                    state.clock(),
                    state.clock(),
                    plan.reason(),
                    estimated);
            state.emit(new ClusterEvent.MigrationFailed(state.clock(), failed, tooBig.get()));
            splitOrMarkJumbo(state, index);
            return false;
        }
        state.startMigration(index, max, plan.to(), plan.reason(), estimated);
        return true;
    }

    /** {@code splitOrMarkJumbo}: split at the finder's points (one from 6.0), or flag the chunk jumbo. */
    static void splitOrMarkJumbo(ClusterState state, int index) {
        boolean sixOrLater = state.config().version().atLeast(MongoVersion.V6_0);
        Optional<List<ShardKey>> found = state.policies()
                .splitPoints()
                .pointsOf(state, index, sixOrLater ? 1 : 0, "after ChunkTooBig the balancer");
        if (found.isEmpty()) {
            return;
        }
        List<ShardKey> points = found.get();
        if (points.isEmpty()) {
            state.setJumbo(index, true);
            return;
        }
        if (sixOrLater && points.size() > 1) {
            points = points.subList(0, 1);
        }
        if (CommandSupport.unstorableSplitPoint(state.key(), points).isPresent()) {
            // commitChunkSplit refuses a point it may not store (a regular expression): the chunk stays whole
            return;
        }
        state.split(index, points, ClusterEvent.SplitCause.TOO_BIG_TO_MOVE);
    }
}

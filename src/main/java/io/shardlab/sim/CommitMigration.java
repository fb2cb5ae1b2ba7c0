package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import java.util.Optional;

/**
 * The commit of a migration whose copy time has elapsed ({@code _configsvrCommitChunkMigration}):
 * the range becomes the recipient's chunk with the next major version {@code (M + 1, 0)}, and when
 * the donor keeps a chunk its <em>control chunk</em> gets {@code (M + 1, 1)}, so the donor's shard
 * version moves too (mongo {@code sharding_catalog_manager_chunk_operations.cpp}
 * {@code commitChunkMigration}, {@code getControlChunkForMigrate};
 * {@code sharding_catalog_manager_commit_chunk_migration_test.cpp} {@code ChunksUpdatedCorrectly},
 * {@code CommitMoveRangeTest}). The control chunk is the rest of the chunk a {@code moveRange} split,
 * else the donor's first chunk in key order (ShardLab's choice: MongoDB takes whichever chunk of the
 * donor its unsorted query returns first). When it was the last
 * migration of a balancer round, the next round is scheduled
 * {@link BalancerRound#AFTER_MIGRATIONS_INTERVAL_MILLIS} later.
 *
 * @param migrationId the migration's id
 */
public record CommitMigration(long migrationId) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        for (Migration m : state.migrations()) {
            if (m.id() == migrationId) {
                return Optional.empty();
            }
        }
        // ShardLab's text
        return Optional.of("no migration " + migrationId + " is in flight");
    }

    @Override
    public void apply(ClusterState state) {
        Migration migration = null;
        for (Migration m : state.migrations()) {
            if (m.id() == migrationId) {
                migration = m;
            }
        }
        boolean split = state.chunks().chunkFor(migration.min()).max().compareTo(migration.max()) > 0;
        state.commitMigration(migration);
        bumpControlChunk(state, migration, split);
        Defragmenter.migrationCommitted(state, migration);
        if (state.balancerRoundInProgress() && !hasBalancerMigration(state)) {
            state.balancerRoundFinished(state.clock() + BalancerRound.AFTER_MIGRATIONS_INTERVAL_MILLIS);
        }
    }

    /** Gives the donor's control chunk the version after the moved chunk's; {@code split}: a moveRange cut it. */
    private static void bumpControlChunk(ClusterState state, Migration m, boolean split) {
        ChunkMap chunks = state.chunks();
        int moved = state.indexOfChunkWithMin(m.min());
        int control = split ? moved + 1 : -1;
        for (int i = 0; i < chunks.size() && control < 0; i++) {
            control = chunks.get(i).shard().equals(m.from()) ? i : -1;
        }
        if (control >= 0) {
            Chunk c = chunks.get(control);
            ChunkVersion v = new ChunkVersion(chunks.get(moved).version().major(), 1);
            state.setChunk(control, new Chunk(c.min(), c.max(), c.shard(), c.jumbo(), v));
        }
    }

    private static boolean hasBalancerMigration(ClusterState state) {
        for (Migration m : state.migrations()) {
            if (m.reason() != MigrationReason.COMMAND && m.reason() != MigrationReason.TOP_CHUNK) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String describe() {
        return "commit migration " + migrationId;
    }

    @Override
    public String mongoshCommand() {
        return "// migration " + migrationId + " commits (automatic)";
    }

    @Override
    public boolean automatic() {
        return true;
    }
}

package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.Optional;

/**
 * The preconditions shared by moveChunk and moveRange, with MongoDB's codes where it has them: an
 * unknown destination is ShardNotFound ({@code ShardRegistry::getShard}), a chunk over the size limit
 * ChunkTooBig ({@code migration_chunk_cloner_source.cpp}); a chunk already on the destination is done already
 * ({@link Refusal#alreadyDone}); ShardLab's own texts are OperationFailed.
 */
final class MoveChecks {

    private MoveChecks() {}

    static Optional<Refusal> check(ClusterState state, int index, ShardKey max, String toShard, boolean forceJumbo) {
        if (!state.balancing().permitMigrations()) {
            // mongo migration_source_manager.cpp: the collection's allowMigrations / permitMigrations is false
            // (jstests/sharding/set_allow_migrations.js)
            return Optional.of(new Refusal(
                    "ConflictingOperationInProgress", "Collection is undergoing changes so moveChunk is not allowed."));
        }
        if (!state.shards().containsKey(toShard)) {
            return Optional.of(Refusal.shardNotFound(toShard));
        }
        Chunk c = state.chunks().get(index);
        if (c.shard().equals(toShard)) {
            // ShardLab's text: MongoDB's donor returns at once when it is the recipient
            // (shardsvr_move_range_command.cpp)
            return Optional.of(Refusal.alreadyDone("the chunk " + ServerText.range(c.min(), c.max(), state.key())
                    + " is already on shard " + toShard));
        }
        if (state.isMigrating(index) || state.isShardMigrating(c.shard()) || state.isShardMigrating(toShard)) {
            // ShardLab's text: MongoDB allows one migration per donor and recipient at a time
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("move a chunk of a shard")));
        }
        if (!forceJumbo) {
            return MigrationStarter.tooBig(state, index, max).map(m -> new Refusal("ChunkTooBig", m));
        }
        return Optional.empty();
    }
}

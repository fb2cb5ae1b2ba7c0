package io.shardlab.sim;

import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.moveChunk(ns, query, toShard)}: starts the migration of the chunk holding the
 * document matching {@code query}; it commits when its copy time has passed (see
 * {@link SimulatedCluster#advance}). Errors: a query without the shard key ("no shard key found in
 * chunk query …", mongo {@code cluster_move_chunk_cmd.cpp}), an unknown shard ({@code ShardNotFound}
 * "Shard … not found", {@code ShardRegistry::getShard}), a chunk already on the destination and a
 * shard already migrating (ShardLab's texts: MongoDB answers the first with success and makes the
 * second wait), and the donor's ChunkTooBig ({@link MigrationStarter#tooBig}), not bypassed by user
 * moves unless {@code forceJumbo}.
 *
 * @param namespace the collection
 * @param query an equality query on every shard-key field
 * @param toShard the destination shard id
 * @param forceJumbo move even a chunk over the size limit
 */
public record MoveChunk(String namespace, BsonDocument query, String toShard, boolean forceJumbo)
        implements CodedCommand {

    public MoveChunk {
        Namespaces.check(namespace);
        query = query.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        // a query without the shard key, mongo cluster_move_chunk_cmd.cpp: location 656450 from 6.0, an
        // errmsg-only failure before
        return CommandSupport.queriedChunkRefusal(
                state,
                "moveChunk",
                namespace,
                query,
                CommandSupport.typedMoveChunk(state) ? "Location656450" : Refusal.NO_CODE,
                i -> MoveChecks.check(state, i, state.chunks().get(i).max(), toShard, forceJumbo));
    }

    @Override
    public void apply(ClusterState state) {
        int i = CommandSupport.queriedChunk(state, query);
        state.startMigration(i, state.chunks().get(i).max(), toShard, MigrationReason.COMMAND);
    }

    @Override
    public String describe() {
        return "move the chunk of " + namespace + " holding " + CommandSupport.shell(query) + " to " + toShard;
    }

    @Override
    public String mongoshCommand() {
        return "sh.moveChunk(\"" + namespace + "\", " + CommandSupport.shell(query) + ", \"" + toShard + "\")";
    }
}

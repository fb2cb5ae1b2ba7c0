package io.shardlab.sim;

import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code db.adminCommand({moveChunk: ns, bounds: [min, max], to})}: starts the migration of the chunk
 * whose bounds are exactly {@code [min, max)}, as {@link MoveChunk} does for the chunk holding a
 * document. Errors, mongo {@code cluster_move_chunk_cmd.cpp}: bounds that are not shard keys, no
 * chunk with exactly these bounds ("no chunk found with the shard key bounds [{…}, {…})"), then the
 * moveChunk checks ({@link MoveChecks}). Hashed fields are given as their hashed values.
 *
 * @param namespace the collection
 * @param min the chunk's min
 * @param max the chunk's max
 * @param toShard the destination shard id
 * @param forceJumbo move even a chunk over the size limit
 */
public record MoveChunkBounds(String namespace, BsonDocument min, BsonDocument max, String toShard, boolean forceJumbo)
        implements CodedCommand {

    public MoveChunkBounds {
        Namespaces.check(namespace);
        min = min.clone();
        max = max.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        boolean typed = CommandSupport.typedMoveChunk(state);
        return CommandSupport.boundedChunkRefusal(
                state,
                "moveChunk",
                namespace,
                min,
                max,
                typed ? "Location656451" : Refusal.NO_CODE,
                typed ? "Location656452" : Refusal.NO_CODE,
                i -> MoveChecks.check(state, i, state.chunks().get(i).max(), toShard, forceJumbo));
    }

    @Override
    public void apply(ClusterState state) {
        int i = CommandSupport.chunkStartingAt(state, min);
        state.startMigration(i, state.chunks().get(i).max(), toShard, MigrationReason.COMMAND);
    }

    @Override
    public String describe() {
        return "move the chunk [" + CommandSupport.shell(min) + ", " + CommandSupport.shell(max) + ") of " + namespace
                + " to " + toShard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ moveChunk: \"" + namespace + "\", bounds: [ " + CommandSupport.shell(min) + ", "
                + CommandSupport.shell(max) + " ], to: \"" + toShard + "\" })";
    }
}

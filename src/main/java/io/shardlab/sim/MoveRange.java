package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code db.adminCommand({moveRange: ns, min, max?, toShard})} (6.0+): starts the migration of
 * {@code [min, max)}, which must start at a chunk's min and end inside that chunk; without
 * {@code max} the donor sizes the range to about the max chunk size ({@link MigrationStarter#resolveMax}).
 * At commit, the chunk is split at {@code max} when only part of it moves. Errors: before 6.0 the
 * command does not exist ("no such command: 'moveRange'"); bounds that are not shard keys; a
 * {@code min} that is not a chunk's min or a {@code max} beyond the chunk (ShardLab's text: MongoDB
 * 6.0 requires {@code [min, max)} inside one chunk and starting at its bound); plus the moveChunk
 * checks ({@link MoveChecks}).
 *
 * @param namespace the collection
 * @param min the range's min, a chunk's min
 * @param max the range's max, or null to let the donor choose
 * @param toShard the destination
 */
public record MoveRange(String namespace, BsonDocument min, BsonDocument max, String toShard) implements CodedCommand {

    public MoveRange {
        Namespaces.check(namespace);
        min = min.clone();
        max = max == null ? null : max.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (!state.policies().rules().moveRange()) {
            return Optional.of(new Refusal("CommandNotFound", "no such command: 'moveRange'"));
        }
        Optional<Refusal> sharded = CommandSupport.requireShardedRefusal(state, "moveRange", namespace);
        if (sharded.isPresent()) {
            return sharded;
        }
        Optional<ShardKey> lo = CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = max == null ? Optional.empty() : CommandSupport.boundKey(state.key(), max);
        if (lo.isEmpty() || (max != null && hi.isEmpty())) {
            // ShardLab's text (MongoDB's moveRange reports a bound that is not a shard key from the shard)
            return Optional.of(Refusal.operationFailed(
                    CommandSupport.invalidBounds(min, max == null ? new BsonDocument() : max, state.key())));
        }
        int i = state.chunks().indexOf(lo.get());
        var chunk = state.chunks().get(i);
        if (!chunk.min().equals(lo.get())
                || (hi.isPresent()
                        && (hi.get().compareTo(lo.get()) <= 0 || hi.get().compareTo(chunk.max()) > 0))) {
            return Optional.of(Refusal.operationFailed("the range " + ServerText.of(min) + " -> "
                    + (max == null ? "(none)" : ServerText.of(max))
                    + " must start at the min of a chunk and end inside it; the chunk is "
                    + ServerText.range(chunk.min(), chunk.max(), state.key())));
        }
        if (hi.isPresent() && hi.get().compareTo(chunk.max()) < 0 && !state.canPlace(i, List.of(hi.get()))) {
            // ShardLab's text: the simulator holds no keys for a loaded chunk's documents
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
        }
        Optional<MigrationStarter.RangeEnd> end = hi.isPresent()
                ? Optional.of(new MigrationStarter.RangeEnd(hi.get(), false))
                : MigrationStarter.resolveMax(state, i);
        if (end.isEmpty()) {
            // ShardLab's text
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
        }
        return MoveChecks.check(state, i, end.get().max(), toShard, false);
    }

    @Override
    public void apply(ClusterState state) {
        ShardKey lo = CommandSupport.boundKey(state.key(), min).orElseThrow();
        int i = state.chunks().indexOf(lo);
        MigrationStarter.RangeEnd end = max == null
                ? MigrationStarter.resolveMax(state, i).orElseThrow()
                : new MigrationStarter.RangeEnd(
                        CommandSupport.boundKey(state.key(), max).orElseThrow(), false);
        state.startMigration(i, end.max(), toShard, MigrationReason.COMMAND, end.estimated());
    }

    @Override
    public String describe() {
        return "move range of " + namespace + " from " + CommandSupport.shell(min)
                + (max == null ? "" : " to " + CommandSupport.shell(max)) + " to " + toShard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ moveRange: \"" + namespace + "\", min: " + CommandSupport.shell(min)
                + (max == null ? "" : ", max: " + CommandSupport.shell(max)) + ", toShard: \"" + toShard + "\" })";
    }
}

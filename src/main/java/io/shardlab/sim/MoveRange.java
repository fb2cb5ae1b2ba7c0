package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code db.adminCommand({moveRange: ns, min?, max?, toShard})} (6.0+): moves {@code [min, max)} of one chunk to
 * {@code toShard}. The donor finds the bound not given (mongo {@code migration_source_manager.cpp},
 * {@code computeOtherBound} with {@code autoSplitVector}): without {@code max}, about one max chunk size of data from
 * {@code min} on, else the chunk's max; without {@code min} (7.0+; 6.x answers "Missing required parameter 'min'",
 * mongo {@code cluster_move_range_cmd.cpp}, test {@code move_range_basic_max_bound.js} requires 7.0), about one max
 * chunk size of data below {@code max}, else the chunk's min. A {@code min} inside a chunk splits the chunk there
 * first; a {@code max} inside it splits it at commit. Tests: {@code jstests/sharding/move_range_basic.js}.
 *
 * <p>Refusals: before 6.0 the command does not exist; a bound that is not a shard key is InvalidOptions (the code of
 * move_range_basic.js; the text of {@code checkShardKeyPattern}, {@code chunk_operation_precondition_checks.cpp});
 * from 8.3 a range over more than one chunk is 11089203 (move_range_basic.js; before, ShardLab's own text); then the
 * moveChunk checks ({@link MoveChecks}). A range already on {@code toShard} is not refused: MongoDB's donor returns at
 * once ({@code shardsvr_move_range_command.cpp}: from shard = to shard), and the command layer answers it without
 * running this command.
 *
 * @param namespace the collection
 * @param min the range's min, or null (7.0+) to let the donor choose
 * @param max the range's max, or null to let the donor choose
 * @param toShard the destination
 */
public record MoveRange(String namespace, BsonDocument min, BsonDocument max, String toShard) implements CodedCommand {

    public MoveRange {
        Namespaces.check(namespace);
        if (min == null && max == null) {
            throw new IllegalArgumentException("moveRange: min or max is required");
        }
        min = min == null ? null : min.clone();
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
        if (min == null && !state.config().version().atLeast(7, 0)) {
            // mongo cluster_move_range_cmd.cpp (6.0) requires min (SERVER-64926 lifted that in 7.0)
            return Optional.of(new Refusal("InvalidOptions", "Missing required parameter 'min'"));
        }
        Optional<ShardKey> lo = min == null ? Optional.empty() : CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = max == null ? Optional.empty() : CommandSupport.boundKey(state.key(), max);
        if ((min != null && lo.isEmpty()) || (max != null && hi.isEmpty())) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "The range [" + ServerText.of(min == null ? new BsonDocument() : min) + ", "
                            + ServerText.of(max == null ? new BsonDocument() : max) + ") is not valid for collection "
                            + namespace + " with key pattern "
                            + ServerText.of(state.key().toDocument())));
        }
        int i = chunkIndex(state, lo, hi);
        Chunk chunk = state.chunks().get(i);
        if (lo.isPresent() && hi.isPresent()) {
            if (hi.get().compareTo(lo.get()) <= 0) {
                // ShardLab's text
                return Optional.of(Refusal.operationFailed("the range " + ServerText.of(min) + " -> "
                        + ServerText.of(max) + " is empty: its max must be greater than its min"));
            }
            if (hi.get().compareTo(chunk.max()) > 0) {
                String text = "the range " + ServerText.of(min) + " -> " + ServerText.of(max)
                        + " must lie inside one chunk; the chunk holding its min is "
                        + ServerText.range(chunk.min(), chunk.max(), state.key());
                // 8.3+: move_range_basic.js asserts code 11089203 (its text was not found; ShardLab's words)
                return Optional.of(
                        state.config().version().atLeast(8, 3)
                                ? new Refusal("Location11089203", text)
                                : Refusal.operationFailed(text));
            }
        }
        if (!state.shards().containsKey(toShard) || chunk.shard().equals(toShard)) {
            return MoveChecks.check(state, i, chunk.max(), toShard, false);
        }
        if (lo.isPresent() && !lo.get().equals(chunk.min()) && !state.canPlace(i, List.of(lo.get()))) {
            // ShardLab's text: the simulator holds no keys for a loaded chunk's documents
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
        }
        if (hi.isPresent() && hi.get().compareTo(chunk.max()) < 0 && !state.canPlace(i, List.of(hi.get()))) {
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
        }
        if (lo.isEmpty() && lowerBound(state, i, hi.get()).isEmpty()) {
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
        }
        if (lo.isPresent() && lo.get().equals(chunk.min())) {
            Optional<MigrationStarter.RangeEnd> end = hi.isPresent()
                    ? Optional.of(new MigrationStarter.RangeEnd(hi.get(), false))
                    : MigrationStarter.resolveMax(state, i);
            if (end.isEmpty()) {
                // ShardLab's text
                return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(chunk, state.key())));
            }
            return MoveChecks.check(state, i, end.get().max(), toShard, false);
        }
        // a range the donor cuts out of the chunk holds at most about one chunk size: no size check
        return MoveChecks.check(state, i, chunk.max(), toShard, true);
    }

    /** Whether the range's chunk is on {@code toShard} already (a no-op for MongoDB). */
    public boolean alreadyOnDestination(ClusterState state) {
        Optional<ShardKey> lo = min == null ? Optional.empty() : CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = max == null ? Optional.empty() : CommandSupport.boundKey(state.key(), max);
        if ((min != null && lo.isEmpty()) || (max != null && hi.isEmpty())) {
            return false;
        }
        return state.chunks().get(chunkIndex(state, lo, hi)).shard().equals(toShard);
    }

    /** The chunk holding {@code min}, or without it the chunk {@code max} ends in (mongo {@code getChunkForMaxBound}). */
    private static int chunkIndex(ClusterState state, Optional<ShardKey> lo, Optional<ShardKey> hi) {
        if (lo.isPresent()) {
            return state.chunks().indexOf(lo.get());
        }
        int i = state.chunks().indexOf(hi.get());
        return i > 0 && state.chunks().get(i).min().equals(hi.get()) ? i - 1 : i;
    }

    /**
     * Without {@code min}: about one max chunk size of documents below {@code max} (the donor's backward
     * {@code autoSplitVector}), else the chunk's min; empty when the chunk holds documents known only as totals.
     */
    private static Optional<ShardKey> lowerBound(ClusterState state, int index, ShardKey max) {
        Chunk c = state.chunks().get(index);
        ChunkDocuments docs = state.documentsOf(index);
        if (docs.hasUnknown()) {
            return Optional.empty();
        }
        docs.sort();
        int end = docs.lowerBound(max);
        long[] shard = state.dataByShard().get(c.shard());
        if (end == 0 || shard[0] == 0 || docs.bytesBetween(0, end) < state.maxChunkSizeBytes()) {
            return Optional.of(c.min());
        }
        long maxDocs = Math.max(1, state.maxChunkSizeBytes() / Math.max(1, shard[1] / shard[0]));
        int from = (int) Math.max(0, end - maxDocs);
        while (from > 0 && docs.keyAt(from).equals(docs.keyAt(from - 1))) {
            from--;
        }
        return Optional.of(from == 0 ? c.min() : docs.keyAt(from));
    }

    @Override
    public void apply(ClusterState state) {
        Optional<ShardKey> lo = min == null ? Optional.empty() : CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = max == null ? Optional.empty() : CommandSupport.boundKey(state.key(), max);
        int i = chunkIndex(state, lo, hi);
        Chunk chunk = state.chunks().get(i);
        if (chunk.shard().equals(toShard)) {
            return;
        }
        ShardKey from =
                lo.isPresent() ? lo.get() : lowerBound(state, i, hi.get()).orElseThrow();
        if (!from.equals(chunk.min())) {
            state.split(i, List.of(from), ClusterEvent.SplitCause.MOVE_RANGE);
            i++;
        }
        MigrationStarter.RangeEnd end = hi.isPresent()
                ? new MigrationStarter.RangeEnd(hi.get(), false)
                : MigrationStarter.resolveMax(state, i).orElseThrow();
        state.startMigration(i, end.max(), toShard, MigrationReason.COMMAND, end.estimated());
    }

    @Override
    public String describe() {
        return "move range of " + namespace + (min == null ? "" : " from " + CommandSupport.shell(min))
                + (max == null ? "" : " to " + CommandSupport.shell(max)) + " to " + toShard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ moveRange: \"" + namespace + "\""
                + (min == null ? "" : ", min: " + CommandSupport.shell(min))
                + (max == null ? "" : ", max: " + CommandSupport.shell(max)) + ", toShard: \"" + toShard + "\" })";
    }
}

package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.mergeChunks(ns, [min, max])}: merges the contiguous chunks of one shard that exactly
 * fill {@code [min, max)} into one chunk. Errors, mongo {@code cluster_merge_chunks_cmd.cpp} and
 * {@code ShardingCatalogManager::commitChunksMerge}: bounds that are not shard keys, and a range that
 * is not exactly a sequence of chunks of one shard ("could not merge chunks, shard … does not
 * contain a sequence of chunks that exactly fills the range …"); from 5.0 a range that is one chunk is done
 * already ({@link Refusal#alreadyDone}: MongoDB answers ok, the simulator records no empty step). Codes: bounds
 * that are not shard keys are an errmsg-only failure of mongos' {@code ErrmsgCommandDeprecated}
 * (no code); a range that is not a sequence of the shard's chunks is IllegalOperation
 * ({@code sharding_catalog_manager_chunk_operations.cpp}; 4.4's shard-side texts used the same code).
 *
 * @param namespace the collection
 * @param min inclusive lower bound, a chunk's min
 * @param max exclusive upper bound, a chunk's max
 */
public record MergeChunks(String namespace, BsonDocument min, BsonDocument max) implements CodedCommand {

    public MergeChunks {
        Namespaces.check(namespace);
        min = min.clone();
        max = max.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardedRefusal(state, "mergeChunks", namespace)
                .or(() -> rangeRefusal(state));
    }

    private Optional<Refusal> rangeRefusal(ClusterState state) {
        Optional<ShardKey> lo = CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = CommandSupport.boundKey(state.key(), max);
        if (lo.isEmpty() || hi.isEmpty() || lo.get().compareTo(hi.get()) >= 0) {
            return Optional.of(Refusal.errmsgOnly(CommandSupport.invalidBounds(min, max, state.key())));
        }
        int from = state.chunks().indexOf(lo.get());
        String shard = state.chunks().get(from).shard();
        int n = state.chunks().size();
        int to = from;
        while (to < n
                && state.chunks().get(to).max().compareTo(hi.get()) < 0
                && state.chunks().get(to).shard().equals(shard)) {
            to++;
        }
        if (state.chunks().get(from).min().equals(lo.get())
                && state.chunks().get(from).max().equals(hi.get())
                && state.config().version().atLeast(5, 0)) {
            // from 5.0 the config server commits a merge of one chunk as done already (retried merges,
            // sharding_catalog_manager_chunk_operations.cpp commitChunksMerge); 4.4's shard refused it
            return Optional.of(Refusal.alreadyDone(
                    "the range " + ServerText.range(lo.get(), hi.get(), state.key()) + " is one chunk already"));
        }
        boolean exact = state.chunks().get(from).min().equals(lo.get())
                && to < n
                && to > from
                && state.chunks().get(to).max().equals(hi.get())
                && state.chunks().get(to).shard().equals(shard);
        if (!exact) {
            return Optional.of(new Refusal(
                    "IllegalOperation",
                    "could not merge chunks, shard " + shard
                            + " does not contain a sequence of chunks that exactly fills the range "
                            + ServerText.range(lo.get(), hi.get(), state.key())));
        }
        for (int i = from; i <= to; i++) {
            if (state.isMigrating(i)) {
                return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("merge chunks")));
            }
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        ShardKey lo = CommandSupport.boundKey(state.key(), min).orElseThrow();
        ShardKey hi = CommandSupport.boundKey(state.key(), max).orElseThrow();
        int from = state.chunks().indexOf(lo);
        int to = from;
        while (!state.chunks().get(to).max().equals(hi)) {
            to++;
        }
        to++;
        long since = 0;
        for (int i = from; i < to; i++) {
            since = Math.max(since, state.documentsOf(i).onShardSinceMillis());
        }
        state.merge(from, to, ClusterEvent.MergeCause.COMMAND, since);
    }

    @Override
    public String describe() {
        return "merge chunks of " + namespace + " in [" + CommandSupport.shell(min) + ", " + CommandSupport.shell(max)
                + ")";
    }

    @Override
    public String mongoshCommand() {
        return "sh.mergeChunks(\"" + namespace + "\", [ " + CommandSupport.shell(min) + ", " + CommandSupport.shell(max)
                + " ])";
    }
}

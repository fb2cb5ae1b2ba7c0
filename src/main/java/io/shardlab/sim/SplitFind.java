package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.splitFind(ns, query)} ({@code split: ns, find}): splits the chunk that contains the
 * document matching {@code query} at its median key, which the shard computes with
 * {@code splitVector(force: true)} ({@link SplitVector#forced}). Errors, mongo
 * {@code cluster_split_cmd.cpp} and {@code split_vector.cpp}: a query without the full shard key
 * ("no shard key found in chunk query …"), an empty collection ("cannot use split with find or
 * bounds option on an empty collection"), an empty chunk ("can't open a cursor to scan the range
 * (desired range is possibly empty)") and a chunk with one key value ("Unable to find median in
 * chunk because chunk is indivisible.").
 *
 * @param namespace the collection
 * @param query an equality query on every shard-key field
 */
public record SplitFind(String namespace, BsonDocument query) implements CodedCommand {

    public SplitFind {
        Namespaces.check(namespace);
        query = query.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        // a query without the shard key is an errmsg-only failure of cluster_split_cmd.cpp
        return CommandSupport.queriedChunkRefusal(
                state, "split", namespace, query, Refusal.NO_CODE, i -> refusalAtMedian(state, i));
    }

    /**
     * Why the chunk at {@code i} cannot be split at its median, if it cannot (shared by the
     * {@code find} and {@code bounds} forms of {@code split}).
     */
    static Optional<Refusal> refusalAtMedian(ClusterState state, int i) {
        if (state.isMigrating(i)) {
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("split a chunk")));
        }
        Chunk c = state.chunks().get(i);
        long[] shard = state.dataByShard().get(c.shard());
        if (shard[1] <= 0) {
            // mongo split_vector.cpp
            return Optional.of(new Refusal(
                    "InvalidOptions", "cannot use split with find or bounds option on an empty collection"));
        }
        if (state.documentsOf(i).totalCount() == 0) {
            // mongo split_vector.cpp: OperationFailed is MongoDB's own code here
            return Optional.of(
                    Refusal.operationFailed("can't open a cursor to scan the range (desired range is possibly empty)"));
        }
        Optional<List<ShardKey>> median = median(state, i);
        if (median.isEmpty()) {
            // ShardLab's text: the simulator holds no keys for a loaded chunk's documents
            return Optional.of(Refusal.operationFailed(CommandSupport.unplaceable(c, state.key())));
        }
        if (median.get().isEmpty()) {
            // mongo cluster_split_cmd.cpp selectMedianKey
            return Optional.of(
                    new Refusal("CannotSplit", "Unable to find median in chunk because chunk is indivisible."));
        }
        return CommandSupport.unstorableSplitPoint(state.key(), median.get());
    }

    /**
     * The median as a one-element list (empty when the chunk is indivisible); for a chunk holding
     * unknown documents, placed at the middle rank by {@link KeyInterpolation}, or empty when it
     * cannot be placed.
     */
    static Optional<List<ShardKey>> median(ClusterState state, int i) {
        ChunkDocuments docs = state.documentsOf(i);
        long[] shard = state.dataByShard().get(state.chunks().get(i).shard());
        if (docs.hasUnknown()) {
            IndexScan scan = state.assumedScan(i);
            return state.placeRanks(i, scan, SplitVector.forced(scan, shard[0], shard[1]));
        }
        docs.sort();
        return Optional.of(SplitVector.forced(docs, shard[0], shard[1]).stream()
                .map(docs::keyAt)
                .toList());
    }

    @Override
    public void apply(ClusterState state) {
        int i = CommandSupport.queriedChunk(state, query);
        state.split(i, List.of(median(state, i).orElseThrow().get(0)), ClusterEvent.SplitCause.COMMAND);
    }

    @Override
    public String describe() {
        return "split " + namespace + " at the median of the chunk holding " + CommandSupport.shell(query);
    }

    @Override
    public String mongoshCommand() {
        return "sh.splitFind(\"" + namespace + "\", " + CommandSupport.shell(query) + ")";
    }
}

package io.shardlab.sim;

import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.clearJumboFlag(ns, query)} ({@code clearJumboFlag: ns, find}): clears the jumbo flag of
 * the chunk holding the matching document. Error: a query without the shard key ("no shard key
 * found in chunk query …", location 51260 of mongo {@code cluster_clear_jumbo_flag_cmd.cpp});
 * clearing a chunk that is not jumbo is a no-op in MongoDB and refused here with ShardLab's text.
 *
 * @param namespace the collection
 * @param query an equality query on every shard-key field
 */
public record ClearJumboFlag(String namespace, BsonDocument query) implements CodedCommand {

    public ClearJumboFlag {
        Namespaces.check(namespace);
        query = query.clone();
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.queriedChunkRefusal(
                state,
                "clearJumboFlag",
                namespace,
                query,
                "Location51260",
                i -> state.chunks().get(i).jumbo()
                        ? Optional.empty()
                        : Optional.of(Refusal.operationFailed(
                                "the chunk holding " + ServerText.of(query) + " is not jumbo")));
    }

    @Override
    public void apply(ClusterState state) {
        state.setJumbo(CommandSupport.queriedChunk(state, query), false);
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    @Override
    public String describe() {
        return "clear the jumbo flag of the chunk of " + namespace + " holding " + CommandSupport.shell(query);
    }

    @Override
    public String mongoshCommand() {
        return "sh.clearJumboFlag(\"" + namespace + "\", " + CommandSupport.shell(query) + ")";
    }
}

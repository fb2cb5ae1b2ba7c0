package io.shardlab.sim;

import io.shardlab.key.ShardKey;
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
public record ClearJumboFlag(String namespace, BsonDocument query) implements ClusterCommand {

    public ClearJumboFlag {
        Namespaces.check(namespace);
        query = query.clone();
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return refusal(state).map(Refusal::message);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        Optional<Refusal> sharded = CommandSupport.requireShardedRefusal(state, "clearJumboFlag", namespace);
        if (sharded.isPresent()) {
            return sharded;
        }
        Optional<ShardKey> key = CommandSupport.queryKey(state.key(), query);
        if (key.isEmpty()) {
            return Optional.of(new Refusal("Location51260", CommandSupport.noShardKeyInQuery(query)));
        }
        if (!state.chunks().chunkFor(key.get()).jumbo()) {
            return Optional.of(Refusal.operationFailed("the chunk holding " + ServerText.of(query) + " is not jumbo"));
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        int i = state.chunks()
                .indexOf(CommandSupport.queryKey(state.key(), query).orElseThrow());
        state.setJumbo(i, false);
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

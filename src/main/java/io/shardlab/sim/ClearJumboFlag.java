package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.clearJumboFlag(ns, query)} ({@code clearJumboFlag: ns, find}): clears the jumbo flag of
 * the chunk holding the matching document and gives it the next major version {@code (M + 1, 0)};
 * a chunk that is not jumbo is left as it is and the command still succeeds (mongo
 * {@code sharding_catalog_manager_chunk_operations.cpp} {@code clearJumboFlag},
 * {@code sharding_catalog_manager_clear_jumbo_flag_test.cpp}, {@code jstests/sharding/clear_jumbo.js}).
 * Error: a query without the shard key ("no shard key found in chunk query …", location 51260 of
 * mongo {@code cluster_clear_jumbo_flag_cmd.cpp}).
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
                state, "clearJumboFlag", namespace, query, "Location51260", i -> Optional.empty());
    }

    @Override
    public void apply(ClusterState state) {
        int i = CommandSupport.queriedChunk(state, query);
        Chunk c = state.chunks().get(i);
        if (c.jumbo()) {
            ChunkVersion next = state.chunks().collectionVersion().nextMajor();
            state.setChunk(i, new Chunk(c.min(), c.max(), c.shard(), false, next));
            state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
        }
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

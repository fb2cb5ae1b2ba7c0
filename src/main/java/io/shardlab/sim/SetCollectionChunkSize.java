package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code db.adminCommand({configureCollectionBalancing: ns, chunkSize})} (5.3+): the collection's own max chunk size,
 * {@code config.collections.maxChunkSizeBytes}, which the balancer, the defragmentation and the donor of a
 * {@code moveRange} use instead of the cluster's ({@code chunkSize: 0} removes it, so the cluster's applies again).
 * Mongo {@code ShardingCatalogManager::configureCollectionBalancing}; test
 * {@code jstests/sharding/balancer_collection_status_and_configure_collection_balancing.js}. The bounds ([1 MB, 1 GB])
 * are the command layer's to check.
 *
 * @param namespace the sharded collection
 * @param bytes the max chunk size in bytes, 0 for none
 */
public record SetCollectionChunkSize(String namespace, long bytes) implements CodedCommand {

    public SetCollectionChunkSize {
        Namespaces.check(namespace);
        if (bytes < 0) {
            throw new IllegalArgumentException("chunkSize: must not be negative, got " + bytes + " bytes");
        }
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardedRefusal(state, "configureCollectionBalancing", namespace);
    }

    @Override
    public void apply(ClusterState state) {
        state.setBalancing(state.balancing().withMaxChunkSizeBytes(bytes));
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    @Override
    public String describe() {
        return bytes == 0
                ? "use the cluster's chunk size for " + namespace
                : "set the chunk size of " + namespace + " to " + bytes / (1024 * 1024) + " MB";
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ configureCollectionBalancing: \"" + namespace + "\", chunkSize: "
                + bytes / (1024 * 1024) + " })";
    }
}

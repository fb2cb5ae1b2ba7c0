package io.shardlab.mongos;

import java.util.List;

/**
 * The outcome of {@code removeShard}: its state and what still keeps the shard (mongo
 * {@code sharding_catalog_manager_shard_operations.cpp}, {@code removeShard}).
 *
 * @param state started, ongoing or completed
 * @param chunks chunks still on the shard over every sharded collection (0 unless ongoing)
 * @param jumboChunks those of them flagged jumbo
 * @param dbsToMove the databases whose primary the shard is ({@code movePrimary} each), sorted
 * @param collectionsToMove the unsharded collections living on the shard ({@code moveCollection} each, 8.0+), sorted
 */
public record RemoveShardProgress(
        RemoveShardState state, long chunks, long jumboChunks, List<String> dbsToMove, List<String> collectionsToMove) {

    public RemoveShardProgress {
        dbsToMove = List.copyOf(dbsToMove);
        collectionsToMove = List.copyOf(collectionsToMove);
    }
}

package io.shardlab.session;

import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.MergeChunks;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.MoveChunkBounds;
import io.shardlab.sim.MoveRange;
import io.shardlab.sim.SplitAt;
import io.shardlab.sim.SplitBounds;
import io.shardlab.sim.SplitFind;
import java.util.Optional;

/**
 * What mongos answers a chunk command on a collection {@code unshardCollection} or {@code moveCollection} left
 * unsplittable (8.0+, {@code unsplittable: true} in config.collections): NamespaceNotSharded, since its routing table
 * is not a sharded collection's ({@code ChunkManager::isSharded} is false for an unsplittable one, mongo
 * {@code src/mongo/s/chunk_manager.h}).
 *
 * <ul>
 *   <li>{@code split}, {@code moveChunk} and {@code mergeChunks} look their collection up with
 *       {@code CatalogCache::getShardedCollectionRoutingInfoWithRefresh} ({@code cluster_split_cmd.cpp},
 *       {@code cluster_move_chunk_cmd.cpp}, {@code cluster_merge_chunks_cmd.cpp}): "Expected collection db.c to be
 *       sharded" ({@code src/mongo/s/catalog_cache.cpp}, the text since {@code toStringForErrorMsg}, 7.0+);
 *   <li>{@code moveRange} asks the config server, whose {@code Balancer::moveRange} refuses an unsplittable
 *       collection: "Can't execute moveRange on unsharded collection db.c" (jstests/sharding/move_range_basic.js,
 *       "Testing on unsplittable namespace", checks the code; the text is the one the Shell's mongos gives,
 *       {@code mongos/ChunkCommands}).
 * </ul>
 *
 * Other commands are not chunk commands and are not refused here.
 */
final class UnsplittableChunkCommands {

    private UnsplittableChunkCommands() {}

    /** MongoDB's refusal of {@code command} on the unsplittable collection {@code namespace}, or empty. */
    static Optional<String> refusal(ClusterCommand command, String namespace) {
        if (command instanceof MoveRange) {
            String text = "Can't execute moveRange on unsharded collection "; // untranslated: MongoDB's error text
            return Optional.of(text + namespace);
        }
        if (command instanceof SplitAt
                || command instanceof SplitFind
                || command instanceof SplitBounds
                || command instanceof MoveChunk
                || command instanceof MoveChunkBounds
                || command instanceof MergeChunks) {
            return Optional.of(
                    "Expected collection " + namespace + " to be sharded"); // untranslated: MongoDB's error text
        }
        return Optional.empty();
    }
}

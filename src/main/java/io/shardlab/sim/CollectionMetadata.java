package io.shardlab.sim;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;

/**
 * The sharded collection's catalog entry (config.collections + config.chunks + config.tags):
 * immutable, replaced on every change.
 *
 * @param namespace {@code "db.coll"}
 * @param key the shard key pattern
 * @param unique whether the shard key index is unique
 * @param chunks the chunk map
 * @param zones zone ranges sorted by min, not overlapping
 * @param epoch changes when the collection is sharded or its key refined ({@code lastmodEpoch})
 */
record CollectionMetadata(
        String namespace, ShardKeyPattern key, boolean unique, ChunkMap chunks, List<ZoneRange> zones, long epoch) {

    CollectionMetadata {
        zones = List.copyOf(zones);
    }

    CollectionMetadata withChunks(ChunkMap c) {
        return new CollectionMetadata(namespace, key, unique, c, zones, epoch);
    }

    CollectionMetadata withZones(List<ZoneRange> z) {
        return new CollectionMetadata(namespace, key, unique, chunks, z, epoch);
    }
}

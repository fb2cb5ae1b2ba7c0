package io.shardlab.cluster;

import io.shardlab.key.ShardKeyPattern;
import java.util.Comparator;
import java.util.List;

/**
 * An immutable picture of one sharded collection and its cluster at one moment: safe to share
 * across threads, and what every view, export and router works from.
 *
 * @param namespace the collection's namespace, {@code "db.coll"}
 * @param key the shard key pattern
 * @param unique whether the shard key index is unique
 * @param shards the cluster's shards, sorted by id
 * @param chunks the collection's chunks
 * @param zones the collection's zone ranges, sorted by min, not overlapping
 */
public record ClusterSnapshot(
        String namespace,
        ShardKeyPattern key,
        boolean unique,
        List<Shard> shards,
        ChunkMap chunks,
        List<ZoneRange> zones) {

    public ClusterSnapshot {
        if (namespace == null || !namespace.contains(".")) {
            throw new IllegalArgumentException("namespace: expected 'db.collection', got '" + namespace + "'");
        }
        if (key.arity() != chunks.arity()) {
            throw new IllegalArgumentException(
                    "chunks: bounds have " + chunks.arity() + " fields but the key " + key + " has " + key.arity());
        }
        shards = shards.stream().sorted(Comparator.comparing(Shard::id)).toList();
        zones = zones.stream().sorted((a, b) -> a.min().compareTo(b.min())).toList();
    }

    /** The shard ids, sorted. */
    public List<String> shardIds() {
        return shards.stream().map(Shard::id).toList();
    }
}

package io.shardlab.live;

import java.util.Objects;

/**
 * An unsharded collection of a cluster and the shard it lives on, as its config metadata tells.
 *
 * @param namespace {@code "db.coll"}
 * @param shard the shard that holds it: its one chunk's shard when it is tracked (config.chunks), else its database's
 *     primary shard
 * @param tracked whether config.collections holds it ({@code unsplittable: true}, 8.0+: moved with
 *     {@code moveCollection}, unsharded with {@code unshardCollection}, or created tracked)
 */
public record UnshardedCollection(String namespace, String shard, boolean tracked) {

    public UnshardedCollection {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(shard, "shard");
    }
}

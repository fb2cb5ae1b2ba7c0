package io.shardlab.cluster;

import java.util.Set;

/**
 * A shard as config.shards describes it.
 *
 * @param id the shard's {@code _id}, e.g. {@code "shard01"}
 * @param host the connection string, e.g. {@code "shard01/h1:27018,h2:27018"}; may be empty in the simulator
 * @param zones the zones ({@code tags}) the shard belongs to
 * @param draining true while {@code removeShard} drains it
 * @param maxSizeMB config.shards {@code maxSize}, in MB (the {@code addShard} option, removed in
 *     6.2; mongo {@code src/mongo/s/catalog/type_shard.h} {@code maxSizeMB}); 0 when unset
 */
public record Shard(String id, String host, Set<String> zones, boolean draining, long maxSizeMB) {

    public Shard {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("id: a shard needs an id, got '" + id + "'");
        }
        if (maxSizeMB < 0) {
            throw new IllegalArgumentException("maxSizeMB: must not be negative, got " + maxSizeMB);
        }
        host = host == null ? "" : host;
        zones = Set.copyOf(zones);
    }

    /** A shard without {@code maxSize}. */
    public Shard(String id, String host, Set<String> zones, boolean draining) {
        this(id, host, zones, draining, 0);
    }

    /** This shard with {@code zones} instead of its own. */
    public Shard withZones(Set<String> zones) {
        return new Shard(id, host, zones, draining, maxSizeMB);
    }

    /** This shard, draining or not. */
    public Shard withDraining(boolean draining) {
        return new Shard(id, host, zones, draining, maxSizeMB);
    }

    /** A non-draining shard in no zone. */
    public static Shard named(String id) {
        return new Shard(id, "", Set.of(), false);
    }
}

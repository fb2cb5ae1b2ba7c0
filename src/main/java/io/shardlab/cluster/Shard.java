package io.shardlab.cluster;

import java.util.Set;

/**
 * A shard as config.shards describes it.
 *
 * @param id the shard's {@code _id}, e.g. {@code "shard01"}
 * @param host the connection string, e.g. {@code "shard01/h1:27018,h2:27018"}; may be empty in the simulator
 * @param zones the zones ({@code tags}) the shard belongs to
 * @param draining true while {@code removeShard} drains it
 */
public record Shard(String id, String host, Set<String> zones, boolean draining) {

    public Shard {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("id: a shard needs an id, got '" + id + "'");
        }
        host = host == null ? "" : host;
        zones = Set.copyOf(zones);
    }

    /** A non-draining shard in no zone. */
    public static Shard named(String id) {
        return new Shard(id, "", Set.of(), false);
    }
}

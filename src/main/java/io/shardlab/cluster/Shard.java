package io.shardlab.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A shard as config.shards describes it.
 *
 * @param id the shard's {@code _id}, e.g. {@code "shard01"}
 * @param host the connection string, e.g. {@code "shard01/h1:27018,h2:27018"}; may be empty in the simulator
 * @param zones the zones ({@code tags}) the shard belongs to, in the order it joined them (config.shards' {@code tags}
 *     array, kept by {@code $addToSet} / {@code $pull}: mongo
 *     {@code src/mongo/db/s/config/sharding_catalog_manager_zone_operations.cpp})
 * @param draining true while {@code removeShard} drains it
 * @param maxSizeMB config.shards {@code maxSize}, in MB (the {@code addShard} option, removed in
 *     6.2; mongo {@code src/mongo/s/catalog/type_shard.h} {@code maxSizeMB}); 0 when unset
 * @param tagsListed whether the shard's config.shards document has a {@code tags} field: true once the shard has
 *     been in a zone, for {@code $addToSet} creates the array and {@code removeShardFromZone}'s {@code $pull} leaves
 *     it, empty when the last zone goes (mongo {@code sharding_catalog_manager_zone_operations.cpp},
 *     {@code jstests/sharding/remove_shard_from_zone.js} asserts {@code tags: []}); always true when {@code zones} is
 *     not empty
 */
public record Shard(String id, String host, Set<String> zones, boolean draining, long maxSizeMB, boolean tagsListed) {

    public Shard {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("id: a shard needs an id, got '" + id + "'");
        }
        if (maxSizeMB < 0) {
            throw new IllegalArgumentException("maxSizeMB: must not be negative, got " + maxSizeMB);
        }
        host = host == null ? "" : host;
        zones = Collections.unmodifiableSet(new LinkedHashSet<>(zones));
        tagsListed = tagsListed || !zones.isEmpty();
    }

    /** A shard whose {@code tags} field is there exactly when it is in a zone. */
    public Shard(String id, String host, Set<String> zones, boolean draining, long maxSizeMB) {
        this(id, host, zones, draining, maxSizeMB, false);
    }

    /** A shard without {@code maxSize}. */
    public Shard(String id, String host, Set<String> zones, boolean draining) {
        this(id, host, zones, draining, 0);
    }

    /** This shard with {@code zones} instead of its own (its {@code tags} field stays, emptied or not). */
    public Shard withZones(Set<String> zones) {
        return new Shard(id, host, zones, draining, maxSizeMB, tagsListed);
    }

    /** This shard, its {@code tags} field listed or not (a shard in a zone always lists it). */
    public Shard withTagsListed(boolean listed) {
        return new Shard(id, host, zones, draining, maxSizeMB, listed);
    }

    /** This shard, draining or not. */
    public Shard withDraining(boolean draining) {
        return new Shard(id, host, zones, draining, maxSizeMB, tagsListed);
    }

    /** A non-draining shard in no zone. */
    public static Shard named(String id) {
        return new Shard(id, "", Set.of(), false);
    }

    /**
     * The id ShardLab gives shard {@code number} (1-based) of a new cluster of {@code count} shards:
     * {@code shard01}, {@code shard02}, …, with as many digits as {@code count} has (at least two), so
     * the ids sort in shard order ({@code shard001} … {@code shard100}). The one naming of new clusters:
     * the explorer, the lessons, the CLI and serve all use it. MongoDB's own ids are free-form
     * ({@code addShard}'s {@code name}); these read as they commonly do in tutorials and test clusters.
     *
     * @throws IllegalArgumentException when {@code number} is not between 1 and {@code count}
     */
    public static String newClusterId(int number, int count) {
        if (number < 1 || number > count) {
            throw new IllegalArgumentException("number: between 1 and " + count + ", got " + number);
        }
        String digits = Integer.toString(number);
        int width = Math.max(2, Integer.toString(count).length());
        return "shard" + "0".repeat(Math.max(0, width - digits.length())) + digits;
    }

    /** The ids of a new cluster of {@code count} shards, in order ({@link #newClusterId}). */
    public static List<String> newClusterIds(int count) {
        List<String> ids = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            ids.add(newClusterId(i, count));
        }
        return List.copyOf(ids);
    }
}

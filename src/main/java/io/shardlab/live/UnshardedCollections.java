package io.shardlab.live;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Where a cluster's unsharded collections live, and how much of them the source could tell.
 *
 * <p>{@code $listClusterCatalog} (mongos, 8.0.10+; mongo
 * {@code src/mongo/db/pipeline/document_source_list_cluster_catalog.cpp}) lists every collection, empty and untracked
 * ones included, each with {@code sharded}, {@code tracked} and {@code shards} (a tracked collection's chunks' shards,
 * an untracked one's database primary). Without it only the tracked collections are known: config.collections'
 * {@code unsplittable: true} entries with their one chunk in config.chunks; an untracked collection, which lives on
 * its database's primary shard, is not in the config database at all.
 *
 * @param collections in namespace order
 * @param everyCollection whether {@code collections} holds every unsharded collection ({@code $listClusterCatalog}
 *     answered) rather than the tracked ones only
 */
public record UnshardedCollections(List<UnshardedCollection> collections, boolean everyCollection) {

    /** None known: a source that recorded no unsharded collection (before 8.0, a simulator snapshot). */
    public static final UnshardedCollections NONE = new UnshardedCollections(List.of(), false);

    public UnshardedCollections {
        Objects.requireNonNull(collections, "collections");
        collections = collections.stream()
                .sorted(Comparator.comparing(UnshardedCollection::namespace))
                .toList();
    }
}

package io.shardlab.mongos;

import java.util.Map;

/**
 * Where a {@link ShardedCatalog}'s databases and collections lived at one moment: each database's primary shard, the
 * sharded collections (each with the cluster simulating its chunks), the unsharded collections' bytes and the shards
 * {@code moveCollection} placed them on. A placement command ({@code moveCollection}, {@code unshardCollection},
 * {@code shardCollection}, {@code reshardCollection}) replaces entries of these maps and never changes an entry in
 * place, so copies of the maps take it back (ARCHITECTURE.md rule 4: undo restores the state recorded before the
 * command). Immutable.
 */
public final class PlacementMemento {

    private final Map<String, ShardedCatalog.DatabaseEntry> databases;
    private final Map<String, ShardedCatalog.CollectionEntry> collections;
    private final Map<String, Long> unshardedBytes;
    private final Map<String, ShardedCatalog.UnsplittableCollection> unsplittable;

    PlacementMemento(
            Map<String, ShardedCatalog.DatabaseEntry> databases,
            Map<String, ShardedCatalog.CollectionEntry> collections,
            Map<String, Long> unshardedBytes,
            Map<String, ShardedCatalog.UnsplittableCollection> unsplittable) {
        this.databases = Map.copyOf(databases);
        this.collections = Map.copyOf(collections);
        this.unshardedBytes = Map.copyOf(unshardedBytes);
        this.unsplittable = Map.copyOf(unsplittable);
    }

    void restoreInto(
            Map<String, ShardedCatalog.DatabaseEntry> databases,
            Map<String, ShardedCatalog.CollectionEntry> collections,
            Map<String, Long> unshardedBytes,
            Map<String, ShardedCatalog.UnsplittableCollection> unsplittable) {
        databases.clear();
        databases.putAll(this.databases);
        collections.clear();
        collections.putAll(this.collections);
        unshardedBytes.clear();
        unshardedBytes.putAll(this.unshardedBytes);
        unsplittable.clear();
        unsplittable.putAll(this.unsplittable);
    }
}

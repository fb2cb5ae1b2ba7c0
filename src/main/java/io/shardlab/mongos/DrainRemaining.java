package io.shardlab.mongos;

import io.shardlab.sim.SimulatedCluster;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What is left on a draining shard, counted once for the mongos's {@code shardDrainingStatus} /
 * {@code commitShardRemoval} ({@link ShardDrainingCommands}) and the explorer's drain section: MongoDB's
 * {@code remaining} (mongo {@code sharding_catalog_manager_shard_operations.cpp}, {@code checkDrainingProgress};
 * the fields of {@code remove_shard_draining_progress.idl}). The unsharded collections are those the document store
 * holds (written to or only created, as {@code listCollections} names them), not only those written to.
 *
 * @param shard the draining shard's id
 * @param chunks chunks still on it over every sharded collection ({@link CatalogShards#chunksLeftOn}), at least 0
 * @param jumboChunks those of them flagged jumbo, at most {@code chunks}
 * @param collections namespaces with data still on it (sharded with chunks there, or unsharded living there), sorted
 * @param collectionsToMove the unsharded collections among {@code collections} ({@code moveCollection} each), sorted
 * @param databases the databases whose primary it is ({@code dbsToMove}: {@code movePrimary}), sorted
 */
public record DrainRemaining(
        String shard,
        long chunks,
        long jumboChunks,
        List<String> collections,
        List<String> collectionsToMove,
        List<String> databases) {

    public DrainRemaining {
        Objects.requireNonNull(shard, "shard");
        if (chunks < 0 || jumboChunks < 0 || jumboChunks > chunks) {
            String bounds = "chunks: 0 ≤ jumboChunks ≤ chunks, got "; // untranslated: a developer's contract
            throw new IllegalArgumentException(bounds + jumboChunks + " of " + chunks);
        }
        collections = List.copyOf(collections);
        collectionsToMove = List.copyOf(collectionsToMove);
        databases = List.copyOf(databases);
    }

    /**
     * What is left on {@code shard} over every collection and database of {@code catalog}.
     *
     * @param collectionNames the names of a database's collections in the document store ({@code listCollections})
     */
    static DrainRemaining of(ShardedCatalog catalog, String shard, Function<String, List<String>> collectionNames) {
        CatalogShards.ChunksLeft chunks = catalog.chunksLeftOn(shard);
        TreeSet<String> collections = new TreeSet<>();
        TreeSet<String> unsharded = new TreeSet<>();
        TreeSet<String> databases = new TreeSet<>();
        catalog.collections().values().stream()
                .filter(e -> CatalogShards.ChunksLeft.on(e.cluster(), shard).chunks() > 0)
                .forEach(e -> collections.add(e.namespace()));
        for (ShardedCatalog.DatabaseEntry db : catalog.databases().values()) {
            if (db.primaryShard().equals(shard)) {
                databases.add(db.name());
            }
            for (String name : collectionNames.apply(db.name())) {
                String ns = db.name() + "." + name;
                if (!name.startsWith("system.")
                        && catalog.collection(ns).isEmpty()
                        && catalog.shardOfUnsharded(ns).orElse("").equals(shard)) {
                    unsharded.add(ns);
                }
            }
        }
        collections.addAll(unsharded);
        return new DrainRemaining(
                shard,
                chunks.chunks(),
                chunks.jumboChunks(),
                List.copyOf(collections),
                List.copyOf(unsharded),
                List.copyOf(databases));
    }

    /**
     * What is left on {@code shard} of one sharded collection and its database, before any catalog exists (no client
     * or Shell panel reached the cluster yet, so it holds nothing else).
     *
     * @param namespace the collection's namespace ({@code db.collection})
     */
    public static DrainRemaining of(SimulatedCluster cluster, String namespace, String shard) {
        CatalogShards.ChunksLeft chunks = CatalogShards.ChunksLeft.on(cluster, shard);
        List<String> databases = cluster.primaryShard().equals(shard) && namespace.contains(".")
                ? List.of(namespace.substring(0, namespace.indexOf('.')))
                : List.of();
        return new DrainRemaining(
                shard,
                chunks.chunks(),
                chunks.jumboChunks(),
                chunks.chunks() > 0 ? List.of(namespace) : List.of(),
                List.of(),
                databases);
    }

    /** Whether nothing is left: the removal can be completed ({@code commitShardRemoval}, or removeShard again). */
    public boolean drained() {
        return chunks == 0 && collections.isEmpty() && databases.isEmpty();
    }
}

package io.shardlab.session;

import io.shardlab.mongos.ShardedCatalog;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a reader of the whole explorer cluster gets on the simulation thread ({@link ExplorerEngine#readCatalog}):
 * the catalog the clients write to and a frame of each of its sharded collections. The class board reads every
 * student's collections from it.
 *
 * @param catalog the catalog; empty until the Shell panel or a client first reached the cluster. Valid during the
 *     read only, on the simulation thread, and never to be changed
 * @param frames a frame of each sharded collection, by namespace: the scenario's and those clients or the Shell
 *     panel sharded (each observed since it appeared)
 * @param scenarioNamespace the namespace of the scenario's collection (the teacher's); empty while no scenario is
 *     loaded (and then no catalog and no frame either)
 */
public record CatalogRead(
        Optional<ShardedCatalog> catalog, Map<String, ExplorerFrame> frames, Optional<String> scenarioNamespace) {

    /** What a read finds while no scenario is loaded. */
    public static final CatalogRead NOTHING = new CatalogRead(Optional.empty(), Map.of(), Optional.empty());

    public CatalogRead {
        Objects.requireNonNull(catalog, "catalog");
        frames = Map.copyOf(frames);
        Objects.requireNonNull(scenarioNamespace, "scenarioNamespace");
    }
}

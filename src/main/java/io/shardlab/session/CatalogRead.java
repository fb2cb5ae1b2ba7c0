package io.shardlab.session;

import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulatedCluster;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a reader of the whole explorer cluster gets on the simulation thread ({@link ExplorerEngine#readCatalog}):
 * the catalog the clients write to and each of its sharded collections at a glance. The class board reads every
 * student's collections from it.
 *
 * @param catalog the catalog; empty until the Shell panel or a client first reached the cluster. Valid during the
 *     read only, on the simulation thread, and never to be changed
 * @param glances each sharded collection at a glance, by namespace: the scenario's and those clients or the Shell
 *     panel sharded (each observed since it appeared)
 * @param scenarioNamespace the namespace of the scenario's collection (the teacher's); empty while no scenario is
 *     loaded (and then no catalog and no collection either)
 * @param shown the cluster of the collection the explorer shows (the scenario's or one a client sharded); empty
 *     while no scenario is loaded. Valid during the read only, on the simulation thread, and never to be changed
 * @param mongos the session's mongos over {@code catalog}, present exactly when the catalog is; for reads only
 *     ({@link MongosCommands#drainRemaining}), during the read, on the simulation thread
 */
public record CatalogRead(
        Optional<ShardedCatalog> catalog,
        Map<String, CollectionGlance> glances,
        Optional<String> scenarioNamespace,
        Optional<SimulatedCluster> shown,
        Optional<MongosCommands> mongos) {

    /** What a read finds while no scenario is loaded. */
    public static final CatalogRead NOTHING =
            new CatalogRead(Optional.empty(), Map.of(), Optional.empty(), Optional.empty(), Optional.empty());

    public CatalogRead {
        Objects.requireNonNull(catalog, "catalog");
        glances = Map.copyOf(glances);
        Objects.requireNonNull(scenarioNamespace, "scenarioNamespace");
        Objects.requireNonNull(shown, "shown");
        Objects.requireNonNull(mongos, "mongos");
    }
}

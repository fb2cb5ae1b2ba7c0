package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code db.adminCommand({setAllowMigrations: ns, allowMigrations})} (4.4.11, 5.0.6 and later; mongosh
 * {@code sh.disableMigrations(ns)} / {@code sh.enableMigrations(ns)}): with {@code false} the collection's
 * {@code config.collections} document gets {@code permitMigrations: false}; the balancer leaves the collection out of
 * its rounds and a moveChunk or moveRange is refused with ConflictingOperationInProgress; {@code true} removes the
 * field. Mongo {@code cluster_set_allow_migrations_cmd.cpp}, {@code ShardingCatalogManager::setAllowMigrationsAndBumpOneChunk};
 * test {@code jstests/sharding/set_allow_migrations.js}; docs {@code setAllowMigrations}.
 *
 * @param namespace the sharded collection
 * @param allowed whether migrations are allowed
 */
public record SetAllowMigrations(String namespace, boolean allowed) implements CodedCommand {

    public SetAllowMigrations {
        Namespaces.check(namespace);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardedRefusal(state, "setAllowMigrations", namespace);
    }

    @Override
    public void apply(ClusterState state) {
        state.setBalancing(state.balancing().withPermitMigrations(allowed));
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    @Override
    public String describe() {
        return (allowed ? "allow" : "forbid") + " migrations of " + namespace;
    }

    @Override
    public String mongoshCommand() {
        return (allowed ? "sh.enableMigrations(\"" : "sh.disableMigrations(\"") + namespace + "\")";
    }
}

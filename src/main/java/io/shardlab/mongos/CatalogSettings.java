package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.Refusal;
import io.shardlab.sim.SetAutoMerge;
import io.shardlab.sim.SetAutoSplit;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SimulatedCluster;
import java.util.Collection;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link ShardedCatalog}'s {@code config.settings} that every collection's balancer follows, kept once
 * for the whole cluster as MongoDB's {@code BalancerConfiguration} keeps them (mongo
 * {@code src/mongo/s/balancer_configuration.h}): the balancer switch ({@code {_id: "balancer"}}),
 * autosplit ({@code {_id: "autosplit"}}) and, from 7.0, automerge ({@code {_id: "automerge"}}). A change
 * reaches every collection's cluster now (through the simulator's commands) and each cluster created
 * later ({@link #applyTo}).
 *
 * <p>Threading: confined to the catalog's thread, as the catalog is.
 */
final class CatalogSettings {

    private final MongoVersion version;
    private final Supplier<Collection<SimulatedCluster>> clusters;
    private boolean balancerEnabled = true;
    private boolean balancerSettingWritten;
    private Boolean autoSplit;
    private Boolean autoMerge;

    /**
     * @param version the simulated release
     * @param clusters the clusters of the catalog's sharded collections now
     */
    CatalogSettings(MongoVersion version, Supplier<Collection<SimulatedCluster>> clusters) {
        this.version = version;
        this.clusters = clusters;
    }

    /** {@code balancerStart} / {@code balancerStop}: the switch, written to config.settings. */
    void setBalancerEnabled(boolean enabled) {
        balancerEnabled = enabled;
        balancerSettingWritten = true;
        clusters.get().forEach(c -> c.execute(new SetBalancerState(enabled)));
    }

    /** An adopted cluster's switch becomes the catalog's, unwritten (the adopting owner set it). */
    void followBalancerOf(SimulatedCluster adopted) {
        balancerEnabled = adopted.snapshot().settings().balancerEnabled();
    }

    boolean balancerEnabled() {
        return balancerEnabled;
    }

    /** Whether a client started or stopped the balancer (config.settings then holds the balancer document). */
    boolean balancerSettingWritten() {
        return balancerSettingWritten;
    }

    /** {@code {_id: "autosplit", enabled}}. */
    void setAutoSplit(boolean enabled) {
        clusters.get().forEach(c -> c.execute(new SetAutoSplit(enabled)));
        autoSplit = enabled;
    }

    /**
     * {@code {_id: "automerge", enabled}} (7.0+).
     *
     * @throws CommandFailedException before 7.0 ({@link SetAutoMerge#refusalIn}); nothing changed
     */
    void setAutoMerge(boolean enabled) {
        SetAutoMerge command = new SetAutoMerge(enabled);
        Optional<String> refusal = SetAutoMerge.refusalIn(version);
        if (refusal.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), Refusal.operationFailed(refusal.get()));
        }
        clusters.get().forEach(c -> c.execute(command));
        autoMerge = enabled;
    }

    /** The autosplit setting a client wrote, if any. */
    Optional<Boolean> autoSplit() {
        return Optional.ofNullable(autoSplit);
    }

    /** The automerge setting a client wrote, if any. */
    Optional<Boolean> autoMerge() {
        return Optional.ofNullable(autoMerge);
    }

    /** Gives a new collection's cluster the settings: the switch when off, what a client wrote of the rest. */
    void applyTo(SimulatedCluster cluster) {
        if (!balancerEnabled) {
            cluster.execute(new SetBalancerState(false));
        }
        autoSplit().ifPresent(on -> cluster.execute(new SetAutoSplit(on)));
        autoMerge().ifPresent(on -> cluster.execute(new SetAutoMerge(on)));
    }
}

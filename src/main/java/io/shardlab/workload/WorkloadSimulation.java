package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.BalancerRoundsRun;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SimulationSnapshot;
import java.util.List;

/**
 * One simulated cluster set up for a workload, as {@code simulate} and the lessons use it: the
 * shards of {@link SimulationSetup} added in order (the first one is the database's primary
 * shard), the collection sharded on the key, an optional pre-split, then an insert stream played
 * in by a {@link WorkloadDriver}; or ({@link #fromLayout}) a layout read from a real cluster,
 * snapshot or dump, optionally with inserts, and balancer rounds run on it. Counts every cluster
 * event from the first {@code addShard} (or the load) on.
 *
 * <p>The simulation keeps no undo history (a headless run has no use for it). Not thread-safe.
 */
public final class WorkloadSimulation {

    private final SimulationSetup setup;
    private final SimulatedCluster cluster;
    private final WorkloadDriver driver;
    private long events;

    /**
     * Builds the cluster and shards {@code namespace} on {@code key} (an empty collection).
     *
     * @throws IllegalArgumentException with MongoDB's text if the cluster refuses the key
     */
    public WorkloadSimulation(SimulationSetup setup, String namespace, ShardKeyPattern key) {
        this(setup, List.of(), new ShardCollection(namespace, key, false, false));
    }

    /**
     * Builds the cluster, runs {@code beforeSharding} (zones for shards, zone ranges for the
     * namespace: what {@code shardCollection} then lays its initial chunks out by), and runs
     * {@code shardCollection} with its options ({@code presplitHashedZones},
     * {@code numInitialChunks}) on an empty collection.
     *
     * @throws IllegalArgumentException with MongoDB's text if the cluster refuses a command
     */
    public WorkloadSimulation(
            SimulationSetup setup, List<ClusterCommand> beforeSharding, ShardCollection shardCollection) {
        this.setup = setup;
        this.cluster = new SimulatedCluster(config(setup));
        cluster.addListener(e -> events++);
        for (int i = 1; i <= setup.shards(); i++) {
            cluster.execute(new AddShard(setup.shardId(i)));
        }
        beforeSharding.forEach(cluster::execute);
        cluster.execute(shardCollection);
        this.driver = new WorkloadDriver(
                cluster, shardCollection.namespace(), shardCollection.key(), setup.window(), setup.insertsPerSecond());
    }

    private WorkloadSimulation(SimulationSetup setup, LoadLayout load) {
        this.setup = setup;
        this.cluster = new SimulatedCluster(config(setup));
        cluster.addListener(e -> events++);
        cluster.execute(load);
        this.driver = new WorkloadDriver(
                cluster, load.layout().namespace(), load.layout().key(), setup.window(), setup.insertsPerSecond());
    }

    /**
     * A cluster that starts from a layout read elsewhere ({@link LoadLayout}) instead of an empty
     * sharded collection; inserts and balancer rounds then run on it as on any other. The setup's
     * version, chunk size, seed, window, pace and document size apply; its shard count must be the
     * layout's.
     *
     * @throws IllegalArgumentException when the setup's shard count is not the layout's
     */
    public static WorkloadSimulation fromLayout(SimulationSetup setup, LoadLayout load) {
        if (setup.shards() != load.layout().shards().size()) {
            throw new IllegalArgumentException(String.format(
                    "shards: the layout of %s has %s shards, the setup %s", // untranslated: a developer's contract
                    load.layout().namespace(), load.layout().shards().size(), setup.shards()));
        }
        return new WorkloadSimulation(setup, load);
    }

    private static SimulationConfig config(SimulationSetup setup) {
        SimulationConfig config =
                SimulationConfig.of(setup.version()).withSeed(setup.seed()).withHistoryLimit(0, 0);
        return setup.maxChunkSizeBytes() > 0 ? config.withMaxChunkSizeBytes(setup.maxChunkSizeBytes()) : config;
    }

    /**
     * Runs {@code rounds} balancer rounds with no inserts ({@link SimulatedCluster#runBalancerRounds}).
     *
     * @throws IllegalStateException when the balancer is off
     */
    public BalancerRoundsRun runBalancerRounds(int rounds) {
        return cluster.runBalancerRounds(rounds);
    }

    /** The write distribution of a run without inserts: every shard of the cluster, no writes. */
    public WriteDistribution noWrites() {
        return new WriteDistribution(
                setup.window(), cluster.snapshot().cluster().shardIds());
    }

    /** Pre-splits the empty collection ({@link WorkloadDriver#applyInitialSplit}). */
    public void preSplit(InitialSplit split) {
        driver.applyInitialSplit(split);
    }

    /**
     * Inserts the whole stream (padded to {@link SimulationSetup#docSize()} when set) and lets
     * migrations in flight commit. Closes the stream.
     */
    public WriteDistribution run(InsertStream stream) {
        return run(stream, List.of());
    }

    /**
     * As {@link #run(InsertStream)}, running {@code steps} as the stream reaches them
     * ({@link WorkloadDriver#run(InsertStream, List)}).
     */
    public WriteDistribution run(InsertStream stream, List<StreamStep> steps) {
        try (InsertStream s = setup.docSize() > 0 ? new PaddedInsertStream(stream, setup.docSize()) : stream) {
            return driver.run(s, steps);
        }
    }

    /** The cluster, for further commands or inspection. */
    public SimulatedCluster cluster() {
        return cluster;
    }

    /** The cluster now. */
    public SimulationSnapshot snapshot() {
        return cluster.snapshot();
    }

    /** Events so far, from the first {@code addShard} on. */
    public long events() {
        return events;
    }

    /** The setup. */
    public SimulationSetup setup() {
        return setup;
    }
}

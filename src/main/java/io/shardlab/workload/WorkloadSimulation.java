package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SimulationSnapshot;

/**
 * One simulated cluster set up for a workload, as {@code simulate} and the lessons use it: the
 * shards of {@link SimulationSetup} added in order (the first one is the database's primary
 * shard), the collection sharded on the key, an optional pre-split, then an insert stream played
 * in by a {@link WorkloadDriver}. Counts every cluster event from the first {@code addShard} on.
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
        this.setup = setup;
        SimulationConfig config = SimulationConfig.of(setup.version()).withSeed(setup.seed()).withHistoryLimit(0, 0);
        if (setup.maxChunkSizeBytes() > 0) {
            config = config.withMaxChunkSizeBytes(setup.maxChunkSizeBytes());
        }
        this.cluster = new SimulatedCluster(config);
        cluster.addListener(e -> events++);
        for (int i = 1; i <= setup.shards(); i++) {
            cluster.execute(new AddShard(setup.shardId(i)));
        }
        cluster.execute(new ShardCollection(namespace, key, false, false));
        this.driver = new WorkloadDriver(cluster, namespace, key, setup.window(), setup.insertsPerSecond());
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
        try (InsertStream s = setup.docSize() > 0 ? new PaddedInsertStream(stream, setup.docSize()) : stream) {
            return driver.run(s);
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

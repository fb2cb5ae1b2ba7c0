package io.shardlab.workload;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Plays an {@link InsertStream} into a {@link SimulatedCluster} at a steady pace and records where
 * the writes went ({@link WriteDistribution}).
 *
 * <p>Pace and steps: the one {@link StreamPlayer} (by simulated time {@code t} after the start, {@code floor(rate · t)}
 * documents have been inserted, {@link InsertPace}). The driver lets the clock run in steps of
 * {@link SimulatedCluster#INSERT_STEP_MILLIS}
 * ({@link SimulatedCluster#advance(long)}, which runs the balancer rounds, migration commits and
 * auto-merges that fall due) and inserts the documents due at the end of each step as one batch;
 * a batch never straddles two windows of the write distribution, so each window's per-shard
 * writes are exact (they come from the batch's {@link ClusterEvent.InsertsLanded} event).
 *
 * <p>Every document's shard key is read with {@link InsertKeyReader}, so a document without a key
 * field or with an array in it stops the run with its source and line; nothing is skipped.
 *
 * <p>Not thread-safe; one run at a time.
 */
public final class WorkloadDriver {

    /** The pace when none is given: 1,000 inserts per simulated second. */
    public static final double DEFAULT_INSERTS_PER_SECOND = 1_000;

    /** The most documents inserted as one batch. */
    static final int MAX_BATCH = 10_000;

    /** How long a pre-split or the end of a run waits for migrations to commit, in simulated ms. */
    static final long SETTLE_LIMIT_MILLIS = 24 * 3600 * 1000L;

    private final SimulatedCluster cluster;
    private final String namespace;
    private final InsertKeyReader keys;
    private final int window;
    private final double insertsPerSecond;

    /**
     * @param cluster a cluster whose collection {@code namespace} is sharded on {@code key}
     * @param window inserts per window of the write distribution, at least 1
     * @param insertsPerSecond the pace, positive
     */
    public WorkloadDriver(
            SimulatedCluster cluster, String namespace, ShardKeyPattern key, int window, double insertsPerSecond) {
        SimulationSetup.checkPace(window, insertsPerSecond);
        this.cluster = cluster;
        this.namespace = namespace;
        this.keys = new InsertKeyReader(key, new ShardKeyHasher());
        this.window = window;
        this.insertsPerSecond = insertsPerSecond;
    }

    /**
     * Lays out a pre-split as a DBA does by hand ({@link InitialSplit#layOut}), moving chunks with
     * {@code sh.moveChunk}.
     *
     * @throws IllegalArgumentException if the split is for another key than the collection's
     */
    public void applyInitialSplit(InitialSplit split) {
        ShardKeyPattern key = keys.pattern();
        if (!split.key().equals(key)) {
            throw new RefusedInput(
                    Message.of("workload.presplit.otherKey", split.key().toString(), key.toString()));
        }
        split.layOut(
                cluster,
                namespace,
                Optional.of(
                        (chunk, target) -> new MoveChunk(namespace, chunk.min().toDocument(key), target, false)),
                SETTLE_LIMIT_MILLIS);
    }

    /**
     * Inserts every document of {@code stream} at the driver's pace, then lets migrations still in
     * flight commit. The stream is not closed.
     *
     * @return where the writes went, window by window
     * @throws DatasetException for a document that cannot be routed (missing key field, array)
     */
    public WriteDistribution run(InsertStream stream) {
        return run(stream, List.of());
    }

    /**
     * As {@link #run(InsertStream)}, running each of {@code steps} once exactly its
     * {@link StreamStep#afterDocuments} documents are in (the batch in progress ends there); a step
     * past the end of the stream does not run. A shard a step adds appears in the write distribution
     * from then on.
     *
     * @throws IllegalArgumentException with MongoDB's text when the cluster refuses a step's command
     */
    public WriteDistribution run(InsertStream stream, List<StreamStep> steps) {
        WriteDistribution writes =
                new WriteDistribution(window, cluster.snapshot().cluster().shardIds());
        LandedInserts landed = new LandedInserts();
        cluster.addListener(landed);
        try {
            StreamPlayer player = new StreamPlayer(cluster, insertsPerSecond, steps);
            List<ShardKey> batchKeys = new ArrayList<>();
            int[] sizes = new int[Math.min(window, MAX_BATCH)];
            while (stream.hasNext()) {
                player.advanceToward(cluster.now() + SimulatedCluster.INSERT_STEP_MILLIS);
                int n;
                while ((n = player.nextBatch(Math.min(writes.insertsLeftInWindow(), MAX_BATCH))) > 0
                        && stream.hasNext()) {
                    if (sizes.length < n) {
                        sizes = new int[n];
                    }
                    batchKeys.clear();
                    while (batchKeys.size() < n && stream.hasNext()) {
                        InsertDocument d = stream.next();
                        sizes[batchKeys.size()] = d.bsonSize();
                        batchKeys.add(keys.keyOf(d, stream.source()));
                    }
                    int k = batchKeys.size();
                    landed.reset();
                    cluster.insert(namespace, InsertBatch.ofKeys(batchKeys, Arrays.copyOf(sizes, k)));
                    landed.recordInto(writes, k);
                    player.inserted(k, this::runStep);
                }
            }
            cluster.settle(SETTLE_LIMIT_MILLIS);
            return writes;
        } finally {
            cluster.removeListener(landed);
        }
    }

    private void runStep(StreamStep step) {
        try {
            cluster.execute(step.command());
        } catch (CommandFailedException e) {
            throw new RefusedInput(Message.of("workload.step.refused", step.where(), e.getMessage()), e);
        }
    }
}

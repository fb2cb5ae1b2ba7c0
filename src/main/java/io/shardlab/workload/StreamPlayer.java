package io.shardlab.workload;

import io.shardlab.sim.SimulatedCluster;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How far an insert stream playing into a {@link SimulatedCluster} has got, and what is due next: the one
 * stream cursor and step runner of every player (the CLI's {@link WorkloadDriver}, the explorer's session).
 *
 * <p>Time passes on the {@link InsertPace}'s grid ({@link #advanceToward}); at a grid point the player
 * inserts the documents due by then ({@link #nextBatch}), as one batch or several, and reports each batch
 * ({@link #inserted}). A {@link StreamStep} runs exactly when the cursor reaches its document: a batch ends
 * there, and the step runs right after it. Undo moves the cursor back ({@link #takeBack}); a step the cursor
 * reaches again runs again.
 *
 * <p>It holds no documents: the caller reads them (a stream, or keys read ahead) and inserts them. Not
 * thread-safe; confined to the cluster's thread.
 */
public final class StreamPlayer {

    private final SimulatedCluster cluster;
    private final InsertPace pace;
    /** The steps in the order they run ({@link StreamStep#inOrder}). */
    private final List<StreamStep> steps;

    private long inserted;

    /**
     * A stream that starts now, at the cluster's time.
     *
     * @param docsPerSecond documents per simulated second, more than 0
     * @param steps the commands to run at their documents, in any order
     */
    public StreamPlayer(SimulatedCluster cluster, double docsPerSecond, List<StreamStep> steps) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.pace = new InsertPace(cluster.now(), docsPerSecond);
        this.steps = StreamStep.inOrder(steps);
    }

    /** The pace, from the stream's start. */
    public InsertPace pace() {
        return pace;
    }

    /** The stream's documents inserted so far: the cursor. */
    public long inserted() {
        return inserted;
    }

    /**
     * Lets simulated time pass on the cluster up to {@code endMillis} or the pace's next grid point, whichever
     * comes first ({@link SimulatedCluster#advance}: balancer rounds, migration commits and auto-merges that fall
     * due run inside). True when it stopped at a grid point: the documents due by then go in now.
     */
    public boolean advanceToward(long endMillis) {
        long now = cluster.now();
        long gridPoint = pace.nextGridPointAfter(now);
        long next = Math.min(endMillis, gridPoint);
        cluster.advance(next - now);
        return next == gridPoint;
    }

    /**
     * How many documents the next batch holds at the cluster's time now: those due and not yet in, at most
     * {@code limit}, ending at the next step's document; 0 when none is due.
     */
    public int nextBatch(long limit) {
        long n = Math.min(limit, pace.documentsDueBy(cluster.now()) - inserted);
        for (StreamStep step : steps) {
            if (step.afterDocuments() > inserted) {
                n = Math.min(n, step.afterDocuments() - inserted);
                break;
            }
        }
        return (int) Math.max(0, n);
    }

    /**
     * After a batch of {@code n} of the stream's documents went in: the cursor moves on, and every step at the
     * new cursor is handed to {@code run}, in order (it runs the step's command as the player reports failures).
     */
    public void inserted(int n, Consumer<StreamStep> run) {
        inserted += n;
        for (StreamStep step : steps) {
            if (step.afterDocuments() == inserted) {
                run.accept(step);
            }
        }
    }

    /** Undo took back {@code n} of the stream's documents: the cursor moves back by them. */
    public void takeBack(int n) {
        if (n < 0 || n > inserted) {
            throw new IllegalArgumentException(String.format(
                    "n: between 0 and the %s documents in, got %s", // untranslated: a developer's contract
                    inserted, n));
        }
        inserted -= n;
    }
}

package io.shardlab.session;

/**
 * The one thread the explorer's {@link io.shardlab.sim.SimulatedCluster} lives on (docs/ARCHITECTURE.md rule 5:
 * the cluster is not thread-safe, so it is confined here and everything that touches it arrives as
 * a task). Tasks run one at a time, in submission order.
 *
 * <p>Injected: the application uses {@link ExecutorSimulationThread}; tests use a synchronous one
 * whose repeating tasks they fire by hand.
 */
public interface SimulationThread {

    /** Runs {@code task} on the simulation thread, after the tasks submitted before it. */
    void submit(Runnable task);

    /**
     * Runs {@code tick} on the simulation thread again and again, waiting {@code delayMillis} between
     * the end of one run and the start of the next, until the returned handle is cancelled.
     */
    Repeating repeat(long delayMillis, Runnable tick);

    /** A repeating task's handle. */
    @FunctionalInterface
    interface Repeating {
        /** Stops the repetition; a run already started finishes. Idempotent. */
        void cancel();
    }
}

package io.shardlab.sim;

/**
 * A source of documents arriving over simulated time, e.g. a workload's insert stream. The
 * cluster asks for the documents due at each step of {@link SimulatedCluster#advance}.
 */
@FunctionalInterface
public interface InsertFeed {

    /** The next {@code count} documents, in arrival order ({@code count >= 1}). */
    InsertBatch next(int count);
}

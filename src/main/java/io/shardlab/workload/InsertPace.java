package io.shardlab.workload;

import io.shardlab.sim.SimulatedCluster;

/**
 * The one pacing rule of every insert-stream player (the CLI's {@link WorkloadDriver}, the explorer's
 * session): by simulated time {@code t} after the stream's start, {@code floor(rate · t)} documents have
 * arrived, and they arrive in batches at the points of a grid every
 * {@link SimulatedCluster#INSERT_STEP_MILLIS} from the start. Because inserts happen only on the grid, any
 * split of an interval into calls inserts the same batches at the same times.
 *
 * @param startMillis the simulated time the stream starts at, in ms
 * @param docsPerSecond documents per simulated second, more than 0
 */
public record InsertPace(long startMillis, double docsPerSecond) {

    public InsertPace {
        if (!(docsPerSecond > 0) || Double.isInfinite(docsPerSecond)) {
            throw new IllegalArgumentException(
                    "docsPerSecond: more than 0, got " + docsPerSecond); // untranslated: a developer's contract
        }
    }

    /** Documents that have arrived by simulated time {@code nowMillis} (0 before the start). */
    public long documentsDueBy(long nowMillis) {
        return Math.max(0, (long) Math.floor(docsPerSecond * (nowMillis - startMillis) / 1000.0));
    }

    /** The first grid point after {@code nowMillis}. */
    public long nextGridPointAfter(long nowMillis) {
        long step = SimulatedCluster.INSERT_STEP_MILLIS;
        return startMillis + (Math.floorDiv(nowMillis - startMillis, step) + 1) * step;
    }
}

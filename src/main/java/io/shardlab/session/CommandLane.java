package io.shardlab.session;

import java.util.function.Supplier;

/**
 * Where the clients' commands run. A served mongos's connection threads hand every command to the lane
 * and wait for its reply, so a lane that runs them on one thread keeps the simulated cluster confined
 * to that thread (the explorer's simulation thread, which also draws the cluster: {@link ExplorerEngine}).
 * Commands run one at a time either way: the command layer serialises them.
 */
@FunctionalInterface
public interface CommandLane {

    /** Commands run on the connection thread that received them. */
    CommandLane DIRECT = Supplier::get;

    /**
     * Runs {@code command} and returns its reply; what it throws reaches the caller unchanged.
     *
     * @throws IllegalStateException with one line when the lane cannot run the command (stopped, or no
     *     answer in reasonable time)
     */
    <T> T run(Supplier<T> command);

    /**
     * Whether the lane itself runs the commands handed to it one at a time, in the order they came (a single
     * thread's queue): then callers need no turns of their own, and commands that wait together can run together.
     * {@link #DIRECT} does not: commands run on whichever thread hands them over.
     */
    default boolean oneAtATime() {
        return false;
    }
}

package io.shardlab.ui.tasks;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Every background thread of the GUI, made in one place and stopped in one place (docs/ARCHITECTURE.md
 * rule 5). The application creates one {@link DaemonBackgroundTasks} in {@code ShardLabApp} and hands it to
 * the features that need threads; tests hand them a synchronous twin, so the test decides when work runs.
 *
 * <p>Work is grouped in lanes. A lane is a standard {@code java.util.concurrent} executor: {@code execute}
 * runs a task, {@code schedule…} runs it later or repeatedly, so the ViewModels (which take an {@code
 * Executor}) and live's {@code LayoutWatcher} (which takes a {@code ScheduledExecutorService}) take a lane
 * as it is. Each call makes a new lane; its name is its threads' name, as thread dumps and profilers show it.
 * Every thread is a daemon, so a closing window never waits for background work.
 */
public interface BackgroundTasks {

    /**
     * A new lane of one thread: tasks run one at a time, in submission order, and scheduled ones on the
     * same thread. For state confined to one thread (the simulated cluster) and work that must not overlap.
     */
    ScheduledExecutorService serial(String name);

    /** A new lane of at most {@code threads} threads, for independent CPU-bound tasks. */
    ExecutorService parallel(String name, int threads);

    /**
     * A new lane that adds a thread whenever all of its threads are busy, for tasks that wait on a
     * network (connecting, reading a cluster), so a slow server never queues other work behind it.
     */
    ExecutorService elastic(String name);

    /**
     * Stops every lane made so far: tasks not yet started are dropped, running ones are interrupted, and
     * later tasks are rejected; a lane made afterwards rejects every task. Idempotent.
     */
    void shutdown();
}

package io.shardlab.ui.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The synchronous twin of {@link DaemonBackgroundTasks} for tests: a task given to any lane runs at once,
 * on the caller's thread; scheduled tasks run only when the test calls {@link #runScheduled()}, whatever
 * their delay. After {@link #shutdown()} every lane rejects tasks, as the application's lanes do.
 */
public final class SynchronousBackgroundTasks implements BackgroundTasks {

    private final List<Lane> lanes = new ArrayList<>();
    private boolean shutDown;

    @Override
    public ScheduledExecutorService serial(String name) {
        return made();
    }

    @Override
    public ExecutorService parallel(String name, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: must be at least 1, got " + threads);
        }
        return made();
    }

    @Override
    public ExecutorService elastic(String name) {
        return made();
    }

    @Override
    public void shutdown() {
        shutDown = true;
        lanes.forEach(Lane::shutdownNow);
    }

    /** Runs every scheduled task of every lane once; one-shot tasks are then done. */
    public void runScheduled() {
        for (Lane lane : List.copyOf(lanes)) {
            lane.runScheduled();
        }
    }

    private Lane made() {
        Lane lane = new Lane();
        lanes.add(lane);
        if (shutDown) {
            lane.shutdownNow();
        }
        return lane;
    }

    private static final class Lane extends AbstractExecutorService implements ScheduledExecutorService {

        private final List<Scheduled<?>> scheduled = new ArrayList<>();
        private boolean shutDown;

        @Override
        public void execute(Runnable command) {
            if (shutDown) {
                throw new RejectedExecutionException("the lane is shut down");
            }
            command.run();
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            return add(new Scheduled<>(java.util.concurrent.Executors.callable(command), false));
        }

        @Override
        public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
            return add(new Scheduled<>(callable, false));
        }

        @Override
        public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
            return add(new Scheduled<>(java.util.concurrent.Executors.callable(command), true));
        }

        @Override
        public ScheduledFuture<?> scheduleWithFixedDelay(
                Runnable command, long initialDelay, long delay, TimeUnit unit) {
            return add(new Scheduled<>(java.util.concurrent.Executors.callable(command), true));
        }

        private <V> Scheduled<V> add(Scheduled<V> task) {
            if (shutDown) {
                throw new RejectedExecutionException("the lane is shut down");
            }
            scheduled.add(task);
            return task;
        }

        void runScheduled() {
            for (Scheduled<?> task : List.copyOf(scheduled)) {
                if (!task.isCancelled() && !shutDown) {
                    task.runOnce();
                }
                if (task.isDone()) {
                    scheduled.remove(task);
                }
            }
        }

        @Override
        public void shutdown() {
            shutDown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutDown = true;
            List<Runnable> dropped = new ArrayList<>(scheduled);
            scheduled.forEach(task -> task.cancel(false));
            scheduled.clear();
            return dropped;
        }

        @Override
        public boolean isShutdown() {
            return shutDown;
        }

        @Override
        public boolean isTerminated() {
            return shutDown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return shutDown;
        }
    }

    /** A scheduled task: a one-shot runs once and is done; a repeating one runs each time until cancelled. */
    private static final class Scheduled<V> extends FutureTask<V> implements ScheduledFuture<V> {

        private final boolean repeating;

        Scheduled(Callable<V> callable, boolean repeating) {
            super(callable);
            this.repeating = repeating;
        }

        void runOnce() {
            if (repeating) {
                runAndReset();
            } else {
                run();
            }
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
        }
    }
}

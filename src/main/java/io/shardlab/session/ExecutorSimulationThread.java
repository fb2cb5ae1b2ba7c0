package io.shardlab.session;

import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The application's simulation thread over a single-threaded executor it is given (in the app, a serial
 * lane named {@value #THREAD_NAME} of its background tasks: a daemon thread, so the JVM can exit while a
 * stream plays). A task that throws is reported to the thread's uncaught-exception handler and does not
 * stop later tasks.
 */
public final class ExecutorSimulationThread implements SimulationThread, AutoCloseable {

    /** The thread's name, as thread dumps and profilers show it. */
    public static final String THREAD_NAME = "shardlab-simulation";

    private final ScheduledExecutorService executor;

    /** @param executor one thread of its own, running tasks in submission order; closed with this */
    public ExecutorSimulationThread(ScheduledExecutorService executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    @Override
    public void submit(Runnable task) {
        executor.execute(guarded(task));
    }

    @Override
    public Repeating repeat(long delayMillis, Runnable tick) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException(
                    "delayMillis: must not be negative, got " + delayMillis); // untranslated: a developer's contract
        }
        ScheduledFuture<?> future =
                executor.scheduleWithFixedDelay(guarded(tick), 0, Math.max(1, delayMillis), TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    /** A scheduled task that throws is cancelled silently by the executor; report it instead. */
    private static Runnable guarded(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException | Error e) {
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        };
    }

    /** Stops the thread; tasks not yet started are dropped. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}

package io.shardlab.ui.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/** The application's {@link BackgroundTasks}: lanes of daemon threads named after the lane. Thread-safe. */
public final class DaemonBackgroundTasks implements BackgroundTasks {

    private final List<ExecutorService> lanes = new ArrayList<>();
    private boolean shutDown;

    @Override
    public ScheduledExecutorService serial(String name) {
        return made(Executors.newSingleThreadScheduledExecutor(daemons(name)));
    }

    @Override
    public ExecutorService parallel(String name, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException(
                    "threads: must be at least 1, got " + threads); // untranslated: a developer's contract
        }
        return made(Executors.newFixedThreadPool(threads, daemons(name)));
    }

    @Override
    public ExecutorService elastic(String name) {
        return made(Executors.newCachedThreadPool(daemons(name)));
    }

    @Override
    public synchronized void shutdown() {
        shutDown = true;
        lanes.forEach(ExecutorService::shutdownNow);
    }

    private synchronized <E extends ExecutorService> E made(E lane) {
        lanes.add(lane);
        if (shutDown) {
            lane.shutdownNow();
        }
        return lane;
    }

    private static ThreadFactory daemons(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(
                    "name: a lane needs a thread name, got \"" + name + "\""); // untranslated: a developer's contract
        }
        return runnable -> {
            Thread t = new Thread(runnable, name);
            t.setDaemon(true);
            return t;
        };
    }
}

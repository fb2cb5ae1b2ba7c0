package io.shardlab.session;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Where the window writes the data files its saves took ({@link PendingSave}) and warms saves up: one daemon thread,
 * one task at a time in submission order (two saves of one file never write at once), ended after a minute idle, so
 * the simulation thread, which also runs the clients' commands, holds them only while a save is taken.
 */
final class SaveLane implements Executor {

    private final ThreadPoolExecutor thread =
            new ThreadPoolExecutor(1, 1, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), task -> {
                Thread t = new Thread(task, "shardlab-save-cluster");
                t.setDaemon(true);
                return t;
            });

    SaveLane() {
        thread.allowCoreThreadTimeOut(true);
    }

    @Override
    public void execute(Runnable task) {
        thread.execute(task);
    }
}

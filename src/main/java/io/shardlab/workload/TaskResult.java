package io.shardlab.workload;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The result of a task that ran on another thread (a block parsed or profiled on the parsers, the lessons read at
 * start-up), taken by the thread that waits for it: a task that failed throws its own exception there, as if the
 * work had run on that thread, not the {@link CompletionException} that wraps it.
 */
public final class TaskResult {

    private TaskResult() {}

    /** Waits for {@code task} and gives its result, rethrowing the task's own runtime exception or error. */
    public static <T> T of(CompletableFuture<T> task) {
        try {
            return task.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}

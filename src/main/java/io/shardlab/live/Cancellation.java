package io.shardlab.live;

import java.util.ArrayList;
import java.util.List;

/**
 * A flag a user can raise to stop a connect or a read that is under way, with the actions that
 * make the blocked work return (closing the client being opened). Thread-safe.
 */
public final class Cancellation {

    private final List<Runnable> actions = new ArrayList<>();
    private boolean cancelled;

    /** A cancellation that nobody raises: for callers that cannot cancel. */
    public static Cancellation none() {
        return new Cancellation();
    }

    /** Raises the flag and runs the registered actions once. */
    public void cancel() {
        List<Runnable> toRun;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = new ArrayList<>(actions);
            actions.clear();
        }
        toRun.forEach(Runnable::run);
    }

    /** Whether the flag is raised. */
    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** Runs {@code action} on cancel, or now if already cancelled. */
    void onCancel(Runnable action) {
        synchronized (this) {
            if (!cancelled) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }
}

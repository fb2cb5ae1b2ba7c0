package io.shardlab.advisor;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request to stop a long sample load or analysis, shared between the thread that asks and the
 * threads that work. Cancelling is sticky and thread-safe; workers call {@link #throwIfCancelled()}
 * at safe points (every batch of documents) and stop within one batch.
 */
public final class CancelToken {

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CancelToken parent;

    /** A token of its own. */
    public CancelToken() {
        this(null);
    }

    /** A token that is also cancelled when {@code parent} is (one job's tasks stop together). */
    CancelToken(CancelToken parent) {
        this.parent = parent;
    }

    /** A token that is never cancelled, for callers that do not offer a cancel button. */
    public static CancelToken none() {
        return new CancelToken();
    }

    /** Asks the work to stop. Idempotent. */
    public void cancel() {
        cancelled.set(true);
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled.get() || (parent != null && parent.isCancelled());
    }

    /**
     * @throws AnalysisCancelledException if the work was cancelled
     */
    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new AnalysisCancelledException();
        }
    }
}

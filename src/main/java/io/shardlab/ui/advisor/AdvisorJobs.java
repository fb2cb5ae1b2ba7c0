package io.shardlab.ui.advisor;

import io.shardlab.advisor.AnalysisCancelledException;
import io.shardlab.advisor.AnalysisProgress;
import io.shardlab.advisor.CancelToken;
import io.shardlab.advisor.ProgressListener;
import io.shardlab.live.Cancellation;
import io.shardlab.text.Message;
import io.shardlab.ui.BackgroundFailure;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The advisor's background jobs (a load, an analysis, an export, a question to a live server), one at a time:
 * starting one cancels the one before, and a job that a newer one superseded changes nothing when it ends. It
 * owns what the window shows of the running job — busy, its progress and stage — and the last error.
 *
 * <p>Threading: {@link #start}, {@link #finish}, {@link #cancel} and the properties on the UI thread; a job's
 * progress and failure may come from any thread and reach the UI through the {@code ui} executor, progress
 * coalesced so that at most one update is pending (the newest wins).
 */
final class AdvisorJobs {

    private final Executor ui;
    private final AtomicLong generation = new AtomicLong();
    private final AtomicReference<AnalysisProgress> pendingProgress = new AtomicReference<>();
    private CancelToken running;
    private Cancellation runningConnection;

    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyObjectWrapper<Message> stage = new ReadOnlyObjectWrapper<>(this, "stage");
    private final ReadOnlyObjectWrapper<Message> error = new ReadOnlyObjectWrapper<>(this, "error");

    /** @param ui runs progress and failures on the UI thread */
    AdvisorJobs(Executor ui) {
        this.ui = Objects.requireNonNull(ui, "ui");
    }

    /**
     * Starts a job (cancelling the running one) and clears the error.
     *
     * @param what the stage line while it runs
     * @param connection raised by {@link #cancel()} too; null for a job with no connection
     * @return the job's number, for {@link #current}
     */
    long start(Message what, Cancellation connection) {
        cancel();
        running = new CancelToken();
        runningConnection = connection;
        busy.set(true);
        progress.set(0);
        stage.set(what);
        error.set(null);
        return generation.incrementAndGet();
    }

    /** The running job's cancel token. */
    CancelToken cancelToken() {
        return running;
    }

    /** Whether {@code job} is still the newest. */
    boolean current(long job) {
        return generation.get() == job;
    }

    /** The job is done: {@code message} on the stage line (null for none). */
    void finish(Message message) {
        busy.set(false);
        progress.set(1);
        stage.set(message);
    }

    /** From any thread: {@code job} failed; shown unless a newer job superseded it. */
    void fail(long job, Throwable e) {
        ui.execute(() -> {
            if (current(job)) {
                finish(null);
                progress.set(0);
                error.set(
                        e instanceof AnalysisCancelledException
                                ? Message.of("advisor.job.cancelled")
                                : BackgroundFailure.message(e));
            }
        });
    }

    /** Progress of job {@code job}, newest first: at most one UI update waits at a time. */
    ProgressListener progressTo(long job) {
        return p -> {
            if (pendingProgress.getAndSet(p) == null) {
                ui.execute(() -> {
                    AnalysisProgress newest = pendingProgress.getAndSet(null);
                    if (newest != null && current(job) && busy.get()) {
                        progress.set(newest.fraction());
                        stage.set(newest.stage());
                    }
                });
            }
        };
    }

    /** Stops the running job and closes its connection. */
    void cancel() {
        if (running != null) {
            running.cancel();
        }
        if (runningConnection != null) {
            runningConnection.cancel();
            runningConnection = null;
        }
    }

    /** Shows {@code message} as the error (null clears it). */
    void showError(Message message) {
        error.set(message);
    }

    boolean busy() {
        return busy.get();
    }

    ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Message> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Message> errorProperty() {
        return error.getReadOnlyProperty();
    }
}

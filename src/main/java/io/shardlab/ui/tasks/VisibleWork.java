package io.shardlab.ui.tasks;

import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import java.util.Objects;
import java.util.concurrent.Executor;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/**
 * The background work a user waits for and should see while it runs: saving an export, sampling and rating
 * keys in the advisor, connecting to a cluster, reading a dump. Each command handed to a {@link #reporting}
 * executor runs on its lane as a JavaFX {@link Task} titled with the lane's purpose and is listed in
 * {@link #running()} from submission until it ends. Quick, frequent work (the simulation's ticks, the shell)
 * is not reported.
 *
 * <p>The tasks cannot be cancelled from the list: every reporting ViewModel has its own cancel or none, and a
 * task dropped before it starts would leave its ViewModel waiting for a result. A command's failure still
 * reaches the lane thread's uncaught-exception handler (the status bar's last-resort line), as before.
 */
public final class VisibleWork {

    private final ObservableList<Task<?>> running = FXCollections.observableArrayList();
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<Task<?>> runningView = FXCollections.unmodifiableObservableList(running);
    private final Executor uiThread;
    private final UiText text;

    /** In English (tests). */
    public VisibleWork(Executor uiThread) {
        this(uiThread, new UiText(Language.ENGLISH));
    }

    /**
     * @param uiThread where {@link #running()} changes (the JavaFX thread)
     * @param text the window's words: a task's state is said in the language of the moment it was submitted
     */
    public VisibleWork(Executor uiThread, UiText text) {
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        this.text = Objects.requireNonNull(text, "text");
    }

    /** The tasks submitted and not yet ended, oldest first; changes on the UI thread. */
    public ObservableList<Task<?>> running() {
        return runningView;
    }

    /**
     * @param title what the work does, as the list shows it, e.g. {@code "Saving the diagram"}
     * @param lane where the work runs
     * @return an executor that runs each command on {@code lane}, listed while it runs
     */
    public Executor reporting(String title, Executor lane) {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(lane, "lane");
        return command -> {
            Task<Void> task = new ReportedTask(title, text.now("window.work.state"), command);
            // listed before the lane can start it: the task's own state changes are queued after this
            uiThread.execute(() -> {
                if (!task.isDone()) {
                    running.add(task);
                    // the task's own end state, not FutureTask.isDone(): a Task posts SUCCEEDED/FAILED to this
                    // thread before its lane marks the future done, so isDone() may still be false here
                    task.stateProperty().addListener((obs, was, now) -> {
                        if (now == Worker.State.SUCCEEDED
                                || now == Worker.State.FAILED
                                || now == Worker.State.CANCELLED) {
                            running.remove(task);
                        }
                    });
                }
            });
            lane.execute(task);
        };
    }

    private static final class ReportedTask extends Task<Void> {

        private final Runnable command;

        ReportedTask(String title, String state, Runnable command) {
            this.command = Objects.requireNonNull(command, "command");
            updateTitle(title);
            updateMessage(state);
        }

        @Override
        protected Void call() {
            try {
                command.run();
            } catch (RuntimeException | Error e) {
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
                throw e;
            }
            return null;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
        }
    }
}

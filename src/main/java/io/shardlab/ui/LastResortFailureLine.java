package io.shardlab.ui;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.PrintStream;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The GUI's last resort: a throwable that nothing caught — in an event handler or a pulse on the
 * JavaFX thread, or on any other thread of the app — becomes one line ({@link BackgroundFailure}'s
 * wording) shown in the window and written to the error stream, and the app keeps running. JavaFX
 * hands a throwable that escapes an event handler to the thread's handler and goes on dispatching,
 * so showing the line is all there is to do; a stack trace is never shown.
 *
 * <p>The error stream gets the line in English, for a report. The line is shown on the JavaFX thread: from there at once, from another thread through
 * {@code runLater}.
 */
public final class LastResortFailureLine implements Thread.UncaughtExceptionHandler {

    /** What is said when even wording the failure failed. */
    private static final Message LAST_RESORT = Message.of("window.failure.lastResort");

    private static final String LAST_RESORT_WORDS =
            Messages.of(Language.ENGLISH).text(LAST_RESORT);

    private final Consumer<Message> show;
    private final BooleanSupplier onFxThread;
    private final Consumer<Runnable> runLater;
    private final PrintStream errors;

    /**
     * @param show shows the line in the window; called on the JavaFX thread
     * @param onFxThread whether the calling thread is the JavaFX thread
     * @param runLater runs a task on the JavaFX thread later
     * @param errors where the line is also written
     */
    public LastResortFailureLine(
            Consumer<Message> show, BooleanSupplier onFxThread, Consumer<Runnable> runLater, PrintStream errors) {
        this.show = Objects.requireNonNull(show, "show");
        this.onFxThread = Objects.requireNonNull(onFxThread, "onFxThread");
        this.runLater = Objects.requireNonNull(runLater, "runLater");
        this.errors = Objects.requireNonNull(errors, "errors");
    }

    /** Makes this the handler of the calling thread (the JavaFX thread, in {@code start}) and of every other. */
    public void installOnThisThreadAndAsDefault() {
        Thread.currentThread().setUncaughtExceptionHandler(this);
        Thread.setDefaultUncaughtExceptionHandler(this);
    }

    @Override
    public void uncaughtException(Thread thread, Throwable failure) {
        Message line = LAST_RESORT;
        String written = LAST_RESORT_WORDS;
        try {
            line = BackgroundFailure.message(failure);
            written = Messages.of(Language.ENGLISH).text(line);
        } catch (Throwable describing) {
            // out of memory again while wording it: the fixed line, made beforehand, needs no allocation
            line = LAST_RESORT;
            written = LAST_RESORT_WORDS;
        }
        errors.println("shardlab: " + written);
        Message shown = line;
        if (onFxThread.getAsBoolean()) {
            show.accept(shown);
        } else {
            runLater.accept(() -> show.accept(shown));
        }
    }
}

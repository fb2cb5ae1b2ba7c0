package io.shardlab.shell;

import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.graalvm.polyglot.Context;

/**
 * Watches one running script and interrupts its context when it must stop (Ctrl+C, or its time budget is
 * spent). GraalJS has no instruction observer: the watchdog's own thread looks at {@code stopLine} every
 * {@value #POLL_MILLIS} ms and, once it names a line, calls {@link Context#interrupt}, which stops the guest
 * code at its next safepoint (a loop's back edge, a call) without closing the context. An interrupted
 * script cannot catch the interruption; the context runs the next script.
 *
 * <p>Threading: made and closed on the script's thread; its own daemon thread only reads {@code stopLine}
 * and interrupts.
 */
final class ScriptWatchdog implements AutoCloseable {

    /** How often the watchdog looks, in ms: a Ctrl+C is answered within this (plus the next safepoint). */
    static final long POLL_MILLIS = 2;

    private final Context context;
    private final Supplier<String> stopLine;
    private final BooleanSupplier inGuest;
    private final Thread thread;
    private volatile boolean closed;
    private volatile String interruptedWith;

    /**
     * Starts watching.
     *
     * @param context the context the script runs in
     * @param stopLine the line the script stops with now, or null while it may go on
     * @param inGuest whether the script's thread runs in the context now (from its evaluation's start to its end)
     */
    ScriptWatchdog(Context context, Supplier<String> stopLine, BooleanSupplier inGuest) {
        this.context = context;
        this.stopLine = stopLine;
        this.inGuest = inGuest;
        this.thread = new Thread(this::watch, "shardlab-shell-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** The line the watchdog interrupted the script with, or null when it did not. */
    String interruptedWith() {
        return interruptedWith;
    }

    private void watch() {
        while (!closed) {
            String line = interruptedWith != null ? interruptedWith : stopLine.get();
            if (line != null) {
                interruptedWith = line;
                // only while the script runs guest code: an interrupt of a context that runs nothing does nothing
                if (inGuest.getAsBoolean()) {
                    try {
                        // not done yet: an interrupt that came as the thread was entering the context (parsing
                        // the input) is lost, so the watchdog interrupts again until the script has left it
                        context.interrupt(Duration.ofMillis(100));
                    } catch (TimeoutException e) {
                        continue; // the script waits in host code (a command, a sleep): try again when it is back
                    } catch (RuntimeException e) {
                        return; // the context is closed
                    }
                }
            }
            LockSupport.parkNanos(POLL_MILLIS * 1_000_000);
        }
    }

    /** Stops watching; waits for the watchdog's thread so that it interrupts no later script. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

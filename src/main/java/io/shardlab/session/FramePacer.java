package io.shardlab.session;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Paces the frames client and Shell commands ask for, on the simulation thread. Each request queues one frame
 * behind the commands already waiting (a client writing at full speed gets one frame per burst); with an
 * interval, a script's commands, which come one at a time, get at most one frame per interval while they keep
 * coming, and one frame after the last, so the screen always ends on the cluster after every command.
 *
 * <p>Invariant: at most one frame is queued or scheduled at a time; every request is followed by a frame that
 * starts after it.
 */
final class FramePacer {

    private final SimulationThread thread;
    private final LongSupplier nanoTime;
    private final Runnable publish;
    /** The least time between two requested frames, in ns; 0 makes a frame per burst. */
    private long intervalNanos;

    private boolean queued;
    private long lastFrameNanos = Long.MIN_VALUE / 2;
    private SimulationThread.Repeating trailing;

    /**
     * @param thread the simulation thread (the frame is queued on it, or scheduled after the interval)
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish assembles and publishes one frame
     */
    FramePacer(SimulationThread thread, LongSupplier nanoTime, Runnable publish) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.publish = Objects.requireNonNull(publish, "publish");
    }

    /** The least time between two requested frames, in ms (0: a frame per burst of commands). */
    void intervalMillis(long millis) {
        if (millis < 0) {
            String problem = "frame interval: must not be negative, got "; // untranslated: a caller's mistake
            throw new IllegalArgumentException(problem + millis + " ms");
        }
        intervalNanos = millis * 1_000_000;
    }

    /** On the simulation thread, after a command: a frame follows, now or when the interval has passed. */
    void request() {
        if (queued || trailing != null) {
            return;
        }
        long waitNanos = lastFrameNanos + intervalNanos - nanoTime.getAsLong();
        if (waitNanos <= 0) {
            queued = true;
            thread.submit(() -> {
                queued = false;
                frame();
            });
            return;
        }
        // a repeating task runs once at once and then after its delay: the second run is the frame
        boolean[] waited = {false};
        trailing = thread.repeat(Math.max(1, waitNanos / 1_000_000), () -> {
            if (!waited[0]) {
                waited[0] = true;
                return;
            }
            trailing.cancel();
            trailing = null;
            frame();
        });
    }

    private void frame() {
        lastFrameNanos = nanoTime.getAsLong();
        publish.run();
    }
}

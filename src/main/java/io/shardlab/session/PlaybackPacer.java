package io.shardlab.session;

import io.shardlab.sim.SimulatedCluster;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * The one tick rule of every player that plays a stream on screen (the explorer's engine, the lockstep
 * comparison): how much simulated time one tick lets pass and when a tick publishes a state.
 *
 * <p>At a finite speed a tick lets pass the wall-clock time since the last tick times the speed
 * ({@link PlaybackClock}, at most {@link PlaybackClock#MAX_TICK_WALL_MILLIS} of wall time per tick, so a
 * stalled machine does not make the simulation jump). At {@link PlaybackSpeed#MAX} a tick works for
 * {@link #MAX_SPEED_BUDGET_NANOS}, one insert step at a time, and hands the thread back, so pause and
 * commands wait at most that long; it does no work while the screen has not taken the last state.
 * One per player; confined to the simulation thread.
 */
public final class PlaybackPacer {

    /** Pause between two ticks at a finite speed, in ms: about one frame of a 60 Hz screen. */
    public static final long TICK_DELAY_MILLIS = 15;
    /**
     * Pause between two ticks at full speed, in ms: lets submitted tasks in, and leaves the JavaFX and
     * render threads a share of a two-core machine (a third of the simulation thread's time, with
     * {@link #MAX_SPEED_BUDGET_NANOS}).
     */
    public static final long MAX_SPEED_TICK_DELAY_MILLIS = 8;
    /**
     * Wall time one full-speed tick works for: about one 60 Hz frame, so that a render thread woken for
     * the next frame waits for a processor at most that long (ExplorerBenchmark measured fewer late
     * pulses with 16 ms than with 25 ms, for the same documents per second within a few per cent).
     */
    public static final long MAX_SPEED_BUDGET_NANOS = 16_000_000;
    /**
     * Ticks publish at most this often (30 a second): the screen shows simulated state at that rate,
     * which reads as continuous, while the overlay's marks animate at the screen's own pace. Every other
     * change (pause, a command, undo, the end of the stream) is published at once.
     */
    public static final long TICK_PUBLISH_INTERVAL_NANOS = 33_000_000;
    /**
     * At full speed ticks publish at most 20 times a second: every state repaints the number line,
     * lanes and charts, which software rendering composites on the render thread, and at full speed
     * that thread shares the machine with a simulation that never waits for the clock. The picture
     * changes so fast there that 20 frames a second lose nothing a viewer can follow, and the JavaFX
     * thread keeps its pulses (ExplorerBenchmark).
     */
    public static final long MAX_SPEED_PUBLISH_INTERVAL_NANOS = 50_000_000;

    private final LongSupplier nanoTime;
    private final PlaybackClock clock = new PlaybackClock();
    private long lastTickPublishNanos;

    /** @param nanoTime the wall clock, e.g. {@code System::nanoTime} */
    public PlaybackPacer(LongSupplier nanoTime) {
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** Play starts (again) now at {@code speed}: nothing is owed, and the first tick publishes. Returns the pause between ticks, in ms. */
    public long start(PlaybackSpeed speed) {
        long now = nanoTime.getAsLong();
        clock.start(now);
        lastTickPublishNanos = now - TICK_PUBLISH_INTERVAL_NANOS;
        return speed == PlaybackSpeed.MAX ? MAX_SPEED_TICK_DELAY_MILLIS : TICK_DELAY_MILLIS;
    }

    /**
     * One tick's simulated time, handed to {@code advance} (in ms; at full speed one insert step at a time
     * until the budget is spent or {@code finished}). False when the tick does no work: at full speed while
     * {@code screenBehind}.
     */
    public boolean advance(
            PlaybackSpeed speed, BooleanSupplier screenBehind, LongConsumer advance, BooleanSupplier finished) {
        long now = nanoTime.getAsLong();
        if (speed == PlaybackSpeed.MAX) {
            if (screenBehind.getAsBoolean()) {
                return false;
            }
            long deadline = now + MAX_SPEED_BUDGET_NANOS;
            do {
                advance.accept(SimulatedCluster.INSERT_STEP_MILLIS);
            } while (nanoTime.getAsLong() < deadline && !finished.getAsBoolean());
            clock.ticked(now);
        } else {
            long millis = clock.simulatedMillis(now, speed);
            if (millis > 0) {
                advance.accept(millis);
            }
        }
        return true;
    }

    /** Whether the tick that just worked publishes its state: at most 30 a second (20 at full speed). */
    public boolean publishDue(PlaybackSpeed speed) {
        long end = nanoTime.getAsLong();
        long interval = speed == PlaybackSpeed.MAX ? MAX_SPEED_PUBLISH_INTERVAL_NANOS : TICK_PUBLISH_INTERVAL_NANOS;
        if (end - lastTickPublishNanos >= interval) {
            lastTickPublishNanos = end;
            return true;
        }
        return false;
    }
}

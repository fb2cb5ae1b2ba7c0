package io.shardlab.session;

/**
 * Turns the wall-clock time between two ticks into simulated time at a finite {@link PlaybackSpeed}:
 * at most {@link #MAX_TICK_WALL_MILLIS} of wall time per tick (a stalled machine does not
 * make the simulation jump), the fraction of a simulated millisecond carried over to the next tick.
 * One per player; confined to the simulation thread.
 */
public final class PlaybackClock {

    /** The most wall time one tick turns into simulated time, in ms. */
    public static final long MAX_TICK_WALL_MILLIS = 100;

    private long lastTickNanos;
    private double simulatedMillisOwed;

    /** Play starts (again) at {@code nowNanos}: nothing is owed. */
    public void start(long nowNanos) {
        lastTickNanos = nowNanos;
        simulatedMillisOwed = 0;
    }

    /** The whole simulated milliseconds due at {@code speed} since the last tick; this tick is at {@code nowNanos}. */
    public long simulatedMillis(long nowNanos, PlaybackSpeed speed) {
        double wallMillis = Math.min(MAX_TICK_WALL_MILLIS, (nowNanos - lastTickNanos) / 1e6);
        simulatedMillisOwed += wallMillis * speed.factor();
        long millis = (long) simulatedMillisOwed;
        simulatedMillisOwed -= millis;
        lastTickNanos = nowNanos;
        return millis;
    }

    /** A full-speed tick at {@code nowNanos}, which works by its budget rather than the clock. */
    public void ticked(long nowNanos) {
        lastTickNanos = nowNanos;
    }
}

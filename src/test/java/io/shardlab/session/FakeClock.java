package io.shardlab.session;

import java.util.function.LongSupplier;

/** A wall clock that moves only when the test says so (or by a fixed step on every reading). */
public final class FakeClock implements LongSupplier {

    private long nanos;
    private long stepPerReading;

    @Override
    public long getAsLong() {
        nanos += stepPerReading;
        return nanos;
    }

    public void advanceMillis(long millis) {
        nanos += millis * 1_000_000;
    }

    /** Makes every reading move the clock by {@code millis}, as a busy loop would. */
    public void stepPerReadingMillis(long millis) {
        stepPerReading = millis * 1_000_000;
    }
}

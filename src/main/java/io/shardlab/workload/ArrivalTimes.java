package io.shardlab.workload;

import java.time.Duration;
import java.time.Instant;

/**
 * When each insert of a stream happens: {@code docs} inserts spread evenly over {@code duration}
 * from {@code start}, insert {@code k} at a random moment inside its own slot
 * {@code [start + (k-1)·d/docs, start + k·d/docs)}. Times therefore never decrease, and are strictly
 * increasing when slots are at least a millisecond wide.
 *
 * <p>A pure function of (seed, k), so a query template can recompute the time, and the ObjectId,
 * of any document without replaying the stream. Immutable and thread-safe.
 */
public final class ArrivalTimes {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final long startMillis;
    private final double slotMillis;
    private final long seed;
    private final long docs;
    private final long durationMillis;

    /**
     * @param docs number of inserts, at least 1
     * @param duration the span they arrive in, at least one millisecond
     */
    public ArrivalTimes(Instant start, Duration duration, long docs, long seed) {
        if (docs < 1) {
            throw new IllegalArgumentException("docs: at least 1, got " + docs); // untranslated: a developer's contract
        }
        if (duration.toMillis() < 1) {
            throw new IllegalArgumentException(
                    "duration: at least 1 ms, got " + duration); // untranslated: a developer's contract
        }
        this.startMillis = start.toEpochMilli();
        this.durationMillis = duration.toMillis();
        this.slotMillis = (double) durationMillis / docs;
        this.seed = seed;
        this.docs = docs;
    }

    /** Epoch milliseconds of insert {@code ordinal} (1-based). */
    public long millisOf(long ordinal) {
        if (ordinal < 1 || ordinal > docs) {
            throw new IllegalArgumentException(String.format(
                    "ordinal: between 1 and %s, got %s", // untranslated: a developer's contract
                    docs, ordinal));
        }
        double u = (mix64(seed + ordinal * GOLDEN_GAMMA) >>> 11) * 0x1.0p-53;
        long offset = (long) Math.floor((ordinal - 1 + u) * slotMillis);
        return startMillis + Math.min(offset, durationMillis - 1);
    }

    /** Epoch seconds of insert {@code ordinal}. */
    public long secondsOf(long ordinal) {
        return Math.floorDiv(millisOf(ordinal), 1000);
    }

    /** The first millisecond of the span. */
    public long startMillis() {
        return startMillis;
    }

    /** The span's length in milliseconds. */
    public long durationMillis() {
        return durationMillis;
    }

    /** Stafford's variant 13 of the SplitMix64 finaliser: a bijective 64-bit mix. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

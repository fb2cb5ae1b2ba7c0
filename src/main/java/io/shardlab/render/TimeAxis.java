package io.shardlab.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Ticks for a time axis that starts at 0: round steps (1, 2, 5, 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2,
 * 3, 6, 12 h; then days), the smallest that keeps the tick count at or under the limit.
 */
public final class TimeAxis {

    /**
     * The round steps of elapsed time from 1 ms to one day, in milliseconds, ascending: 1, 2, 5 … 500 ms; 1, 2, 5,
     * 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h; 1 day. Read only (the date axis of a heatmap goes on
     * from them).
     */
    static final long[] STEPS_UP_TO_A_DAY = {
        1,
        2,
        5,
        10,
        20,
        50,
        100,
        200,
        500,
        1_000,
        2_000,
        5_000,
        10_000,
        15_000,
        30_000,
        60_000,
        120_000,
        300_000,
        600_000,
        900_000,
        1_800_000,
        3_600_000,
        7_200_000,
        10_800_000,
        21_600_000,
        43_200_000,
        86_400_000
    };

    /**
     * A tick: {@code millis} after the start, labelled with {@link ElapsedTime}.
     *
     * @param millis time since the start
     * @param label its text
     */
    public record Tick(long millis, String label) {}

    private TimeAxis() {}

    /** The tick step for {@code durationMillis} with at most {@code maxTicks} intervals. */
    public static long step(long durationMillis, int maxTicks) {
        if (maxTicks < 1) {
            throw new IllegalArgumentException(
                    "maxTicks: at least 1, got " + maxTicks); // untranslated: a developer's contract
        }
        for (long s : STEPS_UP_TO_A_DAY) {
            if (durationMillis <= s * maxTicks) {
                return s;
            }
        }
        long days = 86_400_000L;
        return Math.max(1, (durationMillis + days * maxTicks - 1) / (days * maxTicks)) * days;
    }

    /** Ticks from 0 to {@code durationMillis} inclusive, at most {@code maxTicks} intervals. */
    public static List<Tick> ticks(long durationMillis, int maxTicks) {
        long step = step(durationMillis, maxTicks);
        List<Tick> ticks = new ArrayList<>();
        for (long t = 0; t <= durationMillis; t += step) {
            ticks.add(new Tick(t, ElapsedTime.format(t)));
        }
        return ticks;
    }
}

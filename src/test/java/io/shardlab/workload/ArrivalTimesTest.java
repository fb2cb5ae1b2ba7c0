package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ArrivalTimesTest {

    private static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

    @Test
    void insertsAscendStrictlyInsideTheSpanWhenSlotsAreAtLeastAMillisecond() {
        ArrivalTimes times = new ArrivalTimes(START, Duration.ofDays(1), 100_000, 42);
        long previous = Long.MIN_VALUE;
        for (long k = 1; k <= 100_000; k++) {
            long t = times.millisOf(k);
            assertTrue(t > previous, "insert " + k + " at " + t + " after " + previous);
            assertTrue(t >= START.toEpochMilli()
                    && t < START.toEpochMilli() + Duration.ofDays(1).toMillis());
            previous = t;
        }
    }

    @Test
    void eachInsertFallsInItsOwnSlot() {
        ArrivalTimes times = new ArrivalTimes(START, Duration.ofMinutes(100), 100, 9);
        for (long k = 1; k <= 100; k++) {
            long minute = (times.millisOf(k) - START.toEpochMilli()) / 60_000;
            assertEquals(k - 1, minute);
        }
    }

    @Test
    void isAPureFunctionOfSeedAndOrdinal() {
        ArrivalTimes a = new ArrivalTimes(START, Duration.ofHours(1), 1000, 5);
        ArrivalTimes b = new ArrivalTimes(START, Duration.ofHours(1), 1000, 5);
        ArrivalTimes other = new ArrivalTimes(START, Duration.ofHours(1), 1000, 6);
        int differences = 0;
        for (long k = 1; k <= 1000; k++) {
            assertEquals(a.millisOf(k), b.millisOf(k));
            differences += a.millisOf(k) != other.millisOf(k) ? 1 : 0;
        }
        assertTrue(differences > 900, "another seed moves the inserts inside their slots");
    }

    @Test
    void refusesOrdinalsOutsideTheStream() {
        ArrivalTimes times = new ArrivalTimes(START, Duration.ofHours(1), 10, 1);
        assertThrows(IllegalArgumentException.class, () -> times.millisOf(0));
        assertThrows(IllegalArgumentException.class, () -> times.millisOf(11));
    }
}

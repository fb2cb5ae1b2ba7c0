package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The balancer's active window: whether the balancer may run at a time of day. Cases from mongo
 * {@code src/mongo/s/balancer_configuration_test.cpp}, {@code BalancingWindowStartLessThanStop} (9:00 to 19:00) and
 * {@code BalancingWindowStopLessThanStart} (23:00 to 8:00, across midnight).
 */
class ActiveWindowTest {

    @ParameterizedTest(name = "{0}-{1} at {2}: {3}")
    @CsvSource(textBlock = """
            # start, stop,  now,   balancer may run
            09:00,   19:00, 09:00, true
            09:00,   19:00, 10:30, true
            09:00,   19:00, 19:00, true
            09:00,   19:00, 08:59, false
            09:00,   19:00, 19:01, false
            23:00,   08:00, 23:00, true
            23:00,   08:00, 02:30, true
            23:00,   08:00, 07:59, true
            23:00,   08:00, 08:01, false
            23:00,   08:00, 22:00, false
            """)
    void theBalancerRunsInsideTheWindowBothEndsIncluded(
            LocalTime start, LocalTime stop, LocalTime now, boolean mayRun) {
        assertEquals(mayRun, new ActiveWindow(start, stop).contains(now));
    }

    @Test
    void startAndStopMustDiffer() {
        // balancer_configuration_test.cpp, InvalidBalancingWindowStartEqualsStop
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new ActiveWindow(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT));
        assertEquals("activeWindow: start and stop times must be different, both are 00:00", e.getMessage());
    }

    @ParameterizedTest(name = "{0}-{1} at {2}: opens in {3} min")
    @CsvSource(textBlock = """
            # start, stop,  now,   minutes until it opens (0 inside)
            09:00,   19:00, 10:30, 0
            09:00,   19:00, 08:30, 30
            09:00,   19:00, 19:01, 839
            23:00,   08:00, 02:30, 0
            23:00,   08:00, 22:00, 60
            23:00,   08:00, 08:01, 899
            """)
    void outsideTheWindowItOpensAtTheNextStart(LocalTime start, LocalTime stop, LocalTime now, long minutes) {
        assertEquals(Duration.ofMinutes(minutes), new ActiveWindow(start, stop).untilOpen(now));
    }
}

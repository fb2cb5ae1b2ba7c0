package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import java.time.LocalTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The balancer's active window ({@link ActiveWindow}, {@link SetBalancerWindow}), as mongo
 * {@code src/mongo/s/balancer_configuration_test.cpp} ({@code BalancerSettingsType},
 * {@code isTimeInBalancingWindow}; the same cases from 4.0 to 8.0) and {@code jstests/sharding/balancer_window.js}
 * state it: both ends are inside the window, a window whose stop is before its start wraps midnight, start and
 * stop must differ and be {@code hh:mm} times; outside the window the balancer moves nothing, inside it does.
 * The simulated clock starts at midnight UTC.
 */
class BalancerWindowTest {

    @ParameterizedTest(name = "{0}: [{1}, {2}] at {3} -> {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # balancer_configuration_test.cpp   | start | stop  | time  | in the window
            BalancingWindowStartLessThanStop     | 9:00  | 19:00 | 09:00 | true
            BalancingWindowStartLessThanStop     | 9:00  | 19:00 | 10:30 | true
            BalancingWindowStartLessThanStop     | 9:00  | 19:00 | 19:00 | true
            BalancingWindowStartLessThanStop     | 9:00  | 19:00 | 08:59 | false
            BalancingWindowStartLessThanStop     | 9:00  | 19:00 | 19:01 | false
            BalancingWindowStopLessThanStart     | 23:00 | 8:00  | 23:00 | true
            BalancingWindowStopLessThanStart     | 23:00 | 8:00  | 02:30 | true
            BalancingWindowStopLessThanStart     | 23:00 | 8:00  | 07:59 | true
            BalancingWindowStopLessThanStart     | 23:00 | 8:00  | 08:01 | false
            BalancingWindowStopLessThanStart     | 23:00 | 8:00  | 22:00 | false
            """)
    void aTimeIsInTheWindowBetweenItsEndsInclusive(
            String test, String start, String stop, String time, boolean inside) {
        assertEquals(inside, ActiveWindow.of(start, stop).contains(LocalTime.parse(time)));
    }

    @ParameterizedTest(name = "{0}: start {1}, stop {2} is refused")
    @CsvSource(delimiter = '|', textBlock = """
            # balancer_configuration_test.cpp       | start | stop
            InvalidBalancingWindowStartEqualsStop    | 00:00 | 00:00
            InvalidBalancingWindowTimeFormat         | 23    | 6
            InvalidBalancingWindowTimeFormat         | 23:00 | 6
            InvalidBalancingWindowTimeFormat         | 23    | 6:00
            (not a time of day)                      | 24:00 | 6:00
            """)
    void aWindowMustBeTwoDifferentTimesOfDay(String test, String start, String stop) {
        assertThrows(IllegalArgumentException.class, () -> ActiveWindow.of(start, stop));
    }

    @ParameterizedTest(name = "[{0}] balancer_window.js")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0.0", "6.0.3", "7.0", "8.0"})
    void theBalancerMovesNothingOutsideTheActiveWindow(String release) {
        // given test.user split into 16 chunks at 0, 10, … 140, all on shard01, the balancer stopped; the
        // chunk-count releases need the split only, the data-size ones 16 MB to see an imbalance
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 2, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of("test.user", "{_id: 1}"));
        c.execute(new SetAutoSplit(false));
        for (int x = 0; x < 150; x += 10) {
            c.execute(new SplitAt("test.user", ClusterRulesTest.doc("{_id: " + x + "}")));
        }
        long[] ids = new long[16_000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = -10 + (i % 16) * 10 + (i / 16) % 10;
        }
        c.insert("test.user", InsertBatch.ofInt64(ids, 1024));
        int shard0Chunks = c.chunks().chunksPerShard().get("shard01");

        // when the balancer starts with a window two hours before now ("now" is 00:00)
        c.execute(new SetBalancerWindow(ActiveWindow.of("22:00", "23:00")));
        c.execute(new SetBalancerState(true));
        c.advance(60_000);

        // then no chunk has moved in that minute (the balancer's rounds come every 10 s but do nothing)
        assertEquals(shard0Chunks, c.chunks().chunksPerShard().get("shard01"));

        // when the window is reset to one that holds the current time
        LocalTime now = BalancerGate.timeOfDay(c.now());
        c.execute(new SetBalancerWindow(ActiveWindow.of(
                now.withSecond(0).withNano(0).toString(),
                now.plusHours(2).withSecond(0).withNano(0).toString())));
        c.runBalancerRounds(2);

        // then some chunks have moved
        assertNotEquals(shard0Chunks, c.chunks().chunksPerShard().get("shard01"));
        c.checkInvariants();
    }
}

package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.sim.SimulatedCluster;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InsertPaceTest {

    @ParameterizedTest(name = "[{index}] {1} docs/s from {0} ms: {3} documents by {2} ms")
    @CsvSource(textBlock = """
            # start, docs/s, now, documents due
                0,    1000,      0,     0
                0,    1000,    100,   100
                0,    1000,    150,   150
                0,      30,    100,     3
                0,       7,    100,     0
                0,       7,    200,     1
             5000,    1000,   5100,   100
             5000,    1000,   4000,     0
                0,     2.5,   1000,     2
            """)
    void byTimeTAfterTheStartFloorOfRateTimesTDocumentsHaveArrived(long start, double rate, long now, long due) {
        assertEquals(due, new InsertPace(start, rate).documentsDueBy(now));
    }

    @ParameterizedTest(name = "[{index}] start {0}, now {1}: next grid point {2}")
    @CsvSource(textBlock = """
            # start, now, next grid point
                0,     0,   100
                0,    99,   100
                0,   100,   200
               40,    40,   140
               40,   139,   140
               40,   140,   240
            """)
    void batchesArriveOnAGridEveryInsertStepFromTheStart(long start, long now, long next) {
        assertEquals(next, new InsertPace(start, 1000).nextGridPointAfter(now));
    }

    @Test
    void anySplitOfAnIntervalIntoTicksReachesTheSameGridPointsAndCounts() {
        // given a pace and a random split of 60 simulated seconds into ticks
        InsertPace pace = new InsertPace(1_234, 333.3);
        SplittableRandom random = new SplittableRandom(7);
        long now = pace.startMillis();
        long end = now + 60_000;
        long lastGridPoint = now;
        // when time moves tick by tick, stopping at every grid point it crosses
        while (now < end) {
            long tickEnd = Math.min(end, now + 1 + random.nextInt(350));
            while (pace.nextGridPointAfter(now) <= tickEnd) {
                now = pace.nextGridPointAfter(now);
                // then each grid point is one insert step after the last, with its documents due
                assertEquals(lastGridPoint + SimulatedCluster.INSERT_STEP_MILLIS, now);
                assertEquals((long) Math.floor(333.3 * (now - pace.startMillis()) / 1000.0), pace.documentsDueBy(now));
                lastGridPoint = now;
            }
            now = tickEnd;
        }
        assertEquals(pace.startMillis() + 60_000, lastGridPoint);
    }

    @ParameterizedTest
    @CsvSource({"0", "-1", "NaN", "Infinity"})
    void aPaceIsMoreThanNothing(double rate) {
        assertThrows(IllegalArgumentException.class, () -> new InsertPace(0, rate));
    }
}

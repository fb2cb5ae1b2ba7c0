package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WriteDistributionTest {

    private static final List<String> FOUR = List.of("shard0", "shard1", "shard2", "shard3");

    @Test
    void everyWriteOnOneShardGivesOne() {
        WriteDistribution d = new WriteDistribution(10, FOUR);
        for (int i = 0; i < 100; i++) {
            d.record("shard2");
        }

        assertEquals(1.0, d.meanMaxWriteShare().getAsDouble());
        assertEquals(100, d.writes("shard2"));
        assertEquals(0, d.writes("shard0"));
    }

    @Test
    void perfectlyEvenWritesGiveOneOverN() {
        WriteDistribution d = new WriteDistribution(8, FOUR);
        for (int i = 0; i < 80; i++) {
            d.record(i % 4);
        }

        assertEquals(0.25, d.meanMaxWriteShare().getAsDouble());
    }

    @Test
    void theMeanIsOverWindowsNotOverTheWholeRun() {
        // given two windows of 4: the first all on shard0, the second all on shard1
        WriteDistribution d = new WriteDistribution(4, FOUR);
        for (int i = 0; i < 4; i++) {
            d.record("shard0");
        }
        for (int i = 0; i < 4; i++) {
            d.record("shard1");
        }

        // then each window's busiest shard had all its writes, though the run as a whole is split 50/50
        assertEquals(1.0, d.meanMaxWriteShare().getAsDouble());
        assertEquals(
                List.of(
                        new WriteDistribution.Window(1, 4, new int[] {4, 0, 0, 0}),
                        new WriteDistribution.Window(5, 4, new int[] {0, 4, 0, 0})),
                d.windows());
    }

    @Test
    void aFinalPartialWindowIsChartedButLeftOutOfTheMean() {
        WriteDistribution d = new WriteDistribution(4, FOUR);
        for (int i = 0; i < 4; i++) {
            d.record(i);
        }
        d.record("shard0");

        assertEquals(0.25, d.meanMaxWriteShare().getAsDouble());
        assertEquals(2, d.windows().size());
        assertEquals(1, d.windows().get(1).inserts());
        assertEquals(1, d.fullWindows());
        assertEquals(5, d.inserts());
    }

    @Test
    void aRunShorterThanOneWindowUsesItsOnlyWindow() {
        WriteDistribution d = new WriteDistribution(1000, FOUR);
        d.record("shard0");
        d.record("shard0");
        d.record("shard1");

        assertEquals(2.0 / 3, d.meanMaxWriteShare().getAsDouble(), 1e-12);
        assertTrue(new WriteDistribution(5, FOUR).meanMaxWriteShare().isEmpty(), "no inserts, no share");
    }

    @Test
    void aShardAddedMidRunCountsFromThenOn() {
        WriteDistribution d = new WriteDistribution(2, List.of("a"));
        d.record("a");
        d.record("a");
        d.record("b");
        d.record("a");

        assertEquals(List.of("a", "b"), d.shards());
        assertEquals(0, d.windows().get(0).writes(1));
        assertEquals(1, d.windows().get(1).writes(1));
        assertEquals(0.75, d.meanMaxWriteShare().getAsDouble());
    }

    @Test
    void theMeanStaysBetweenOneOverNAndOne() {
        SplittableRandom random = new SplittableRandom(3);
        for (int run = 0; run < 50; run++) {
            int shards = 1 + random.nextInt(8);
            WriteDistribution d = new WriteDistribution(1 + random.nextInt(50), List.of());
            int inserts = 1 + random.nextInt(2000);
            for (int i = 0; i < inserts; i++) {
                d.record("s" + random.nextInt(shards));
            }
            double share = d.meanMaxWriteShare().getAsDouble();
            assertTrue(share <= 1.0 && share >= 1.0 / shards - 1e-12, "share " + share + " with " + shards);
            assertEquals(inserts, d.shards().stream().mapToLong(d::writes).sum());
        }
    }

    @Test
    void refusesAnEmptyWindow() {
        assertThrows(IllegalArgumentException.class, () -> new WriteDistribution(0, FOUR));
    }
}

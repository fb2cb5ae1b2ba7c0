package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.workload.MonthUserWorkload;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WriteDistribution;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: a coarsely ascending field plus a search field, {@code {month: 1, user: 1}} (seed
 * material: "{coarselyAscending: 1, search: 1}"), lets the current month's many writes be cut
 * into many chunks by user and spread over the shards, where {@code {month: 1}} alone keeps each
 * month in one chunk that can never split.
 *
 * <p>The run: six months of 100,000 events each (documents of 500 bytes, so about 48 chunks of
 * 1 MB per month), 50 inserts per simulated second so that the balancer moves chunks while a month
 * is being written. The spreading is measured over the first month, the "current month" of a
 * collection with no history yet.
 *
 * <p>What the simulator also shows, and this test pins down: in later months the balancer, which
 * moves a donor shard's lowest chunk first (mongo {@code balancer_policy.cpp},
 * {@code _singleZoneBalance}: the first non-jumbo chunk of the donor; from 6.0 {@code moveRange}
 * from the first chunk's min), gives away old months' chunks before the current month's, so the
 * current month's writes collect on one shard again. A compound key spreads a month only when
 * that month's chunks are the ones being moved.
 */
class CompoundKeyLessonTest {

    private static final int SHARDS = 4;
    private static final long MONTH = 100_000;
    private static final long SIX_MONTHS = 6 * MONTH;

    private static SimulationSetup setup(MongoVersion version) {
        return LessonRun.fourShards(version, 500).withInsertsPerSecond(50);
    }

    /** The mean of the windows' busiest-shard shares over windows {@code [from, to)}. */
    private static double share(WriteDistribution writes, int from, int to) {
        List<WriteDistribution.Window> windows = writes.windows();
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += windows.get(i).maxWriteShare();
        }
        return sum / (to - from);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void monthAndUserSpreadTheCurrentMonthsWritesOverTheShards(MongoVersion version) {
        // given the first month of events, keyed {month: 1, user: 1}
        LessonRun run = LessonRun.of(
                new MonthUserWorkload(),
                WorkloadSettings.of(SIX_MONTHS, 1),
                MONTH,
                ShardKeyPattern.parse("{month: 1, user: 1}"),
                setup(version),
                false);

        // then the month is cut into chunks by user (auto-splits before 6.0, the balancer's moveRange from 6.0)
        // that lie on every shard
        assertEquals(SHARDS, run.chunks().chunksPerShard().size(), "every shard holds some of the month");
        // and the month's writes, once its first chunks are split off and moved, go to every shard
        int windows = run.writes.windows().size();
        double laterHalf = share(run.writes, windows / 2, windows);
        assertTrue(laterHalf <= 1.0 / SHARDS + 0.15, version + ": busiest shard's share " + laterHalf);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void monthAloneKeepsEveryMonthOnOneShard(MongoVersion version) {
        // given the same first month keyed {month: 1}
        LessonRun run = LessonRun.of(
                new MonthUserWorkload(),
                WorkloadSettings.of(SIX_MONTHS, 1),
                MONTH,
                ShardKeyPattern.parse("{month: 1}"),
                setup(version),
                false);

        // then one key value takes every write, in one chunk that no split can cut
        assertEquals(1.0, run.meanMaxWriteShare(), 1e-9);
        assertEquals(
                1, run.distinctKeysPerChunk().stream().filter(k -> !k.isEmpty()).count());
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#chunkCountAndDataSizeVersions")
    void laterMonthsCollectOnOneShardBecauseOldChunksMoveFirst(MongoVersion version) {
        // given all six months keyed {month: 1, user: 1}
        LessonRun run = LessonRun.of(
                new MonthUserWorkload(),
                WorkloadSettings.of(SIX_MONTHS, 1),
                SIX_MONTHS,
                ShardKeyPattern.parse("{month: 1, user: 1}"),
                setup(version),
                false);
        int perMonth = run.writes.windows().size() / 6;

        // then the first month spreads, the last month's writes hit one shard again
        double first = share(run.writes, 0, perMonth);
        double last = share(run.writes, 5 * perMonth, 6 * perMonth);
        assertTrue(first <= 0.5, version + ": first month " + first);
        assertTrue(last >= 0.95, version + ": last month " + last);
    }
}

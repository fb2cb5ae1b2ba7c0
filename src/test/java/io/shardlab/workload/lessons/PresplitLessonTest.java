package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.workload.PresplitMinutesWorkload;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.WorkloadSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: pre-splitting a timestamp key at every minute of the day and moving the chunks
 * round-robin before the day starts (seed material, "Pre-split the chunks") spreads the day's
 * ascending writes over all shards: each minute goes to the next shard, so every window of 1,000
 * inserts (about a quarter of an hour) touches them all.
 */
class PresplitLessonTest {

    private static final int SHARDS = 4;
    private static final long DOCS = 100_000;

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void perMinuteChunksSpreadADaysWrites(MongoVersion version) {
        PresplitMinutesWorkload day = new PresplitMinutesWorkload();
        WorkloadSettings settings = WorkloadSettings.of(DOCS, 1);

        LessonRun run =
                LessonRun.of(day, settings, DOCS, day.suggestedKey(), SimulationSetup.of(version, SHARDS), true);

        assertTrue(run.meanMaxWriteShare() <= 1.0 / SHARDS + 0.1, version + ": " + run.meanMaxWriteShare());
        assertEquals(1441, run.chunks().size(), "1,440 split points make 1,441 chunks");
        for (String shard : run.writes.shards()) {
            assertEquals(0.25, run.writes.writes(shard) / (double) DOCS, 0.01, shard + "'s share of the day");
        }
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void withoutThePreSplitTheSameDayPilesOnOneShard(MongoVersion version) {
        PresplitMinutesWorkload day = new PresplitMinutesWorkload();
        WorkloadSettings settings = WorkloadSettings.of(DOCS, 1);

        LessonRun run = LessonRun.of(
                day,
                settings,
                DOCS,
                day.suggestedKey(),
                SimulationSetup.of(version, SHARDS).withChunkSizeMegabytes(1).withDocSize(200),
                false);

        assertTrue(run.meanMaxWriteShare() >= 0.95, version + ": " + run.meanMaxWriteShare());
    }
}

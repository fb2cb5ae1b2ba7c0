package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.workload.MonotonicCounterWorkload;
import io.shardlab.workload.ObjectIdWorkload;
import io.shardlab.workload.TimestampWorkload;
import io.shardlab.workload.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: a monotonically increasing shard key (a counter, a timestamp, an ObjectId) sends every
 * insert above all existing keys, into the chunk that ends at MaxKey, so one shard takes the
 * writes however the chunks are split and moved (seed material: "all documents will be written to
 * the same shard and chunk").
 */
class MonotonicKeyLessonTest {

    private static final int SHARDS = 4;
    private static final long DOCS = 40_000;

    private static void assertOneShardTakesTheWrites(Workload workload, MongoVersion version) {
        // given 4 shards, 1 MB chunks and documents of 200 bytes: 8 MB of data, several splits and migrations
        LessonRun run = LessonRun.of(workload, DOCS, LessonRun.fourShards(version, 200));

        // then almost every window of 1,000 inserts went to a single shard
        assertTrue(
                run.meanMaxWriteShare() >= 0.95,
                workload.name() + " on " + version + ": meanMaxWriteShare " + run.meanMaxWriteShare());
        assertTrue(run.chunks().size() > 1, "the chunks were split, yet the writes stayed together");
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void aCounterKeyPilesTheWritesOnOneShard(MongoVersion version) {
        assertOneShardTakesTheWrites(new MonotonicCounterWorkload(), version);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void aTimestampKeyPilesTheWritesOnOneShard(MongoVersion version) {
        assertOneShardTakesTheWrites(new TimestampWorkload(), version);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void anObjectIdKeyPilesTheWritesOnOneShard(MongoVersion version) {
        assertOneShardTakesTheWrites(new ObjectIdWorkload(), version);
    }
}

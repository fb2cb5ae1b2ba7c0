package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.workload.MonotonicCounterWorkload;
import io.shardlab.workload.ObjectIdWorkload;
import io.shardlab.workload.QueryShape;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: hashing a monotonic key ({@code {_id: "hashed"}}, seed material "Hashing the shard key")
 * spreads its writes evenly, and the price is paid by range reads, which reach every shard
 * ("you can never do a targeted range query with a hashed shard key").
 */
class HashedKeyLessonTest {

    private static final int SHARDS = 4;
    private static final long DOCS = 40_000;

    private static void assertSpreadWritesAndBroadcastRanges(Workload workload, String key, MongoVersion version) {
        ShardKeyPattern hashed = ShardKeyPattern.parse(key);
        LessonRun run = LessonRun.of(
                workload, WorkloadSettings.of(DOCS, 1), DOCS, hashed, LessonRun.fourShards(version, 200), false);

        assertTrue(
                run.meanMaxWriteShare() <= 1.0 / SHARDS + 0.1,
                workload.name() + " on " + version + ": meanMaxWriteShare " + run.meanMaxWriteShare());
        ReadDistribution reads = run.reads(2_000);
        for (ReadDistribution.TemplateReads t : reads.byTemplate()) {
            if (t.shape() == QueryShape.RANGE) {
                assertEquals(SHARDS, t.meanShardsReached(), 1e-9, t.name().key() + " reaches every shard");
                assertEquals(t.reads(), t.scatterGather(), "a range on a hashed key is scatter-gather");
            }
            if (t.shape() == QueryShape.EQUALITY) {
                assertEquals(1.0, t.meanShardsReached(), 1e-9, t.name().key() + " still reaches one shard");
            }
        }
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void aHashedCounterSpreadsWritesButNotRanges(MongoVersion version) {
        assertSpreadWritesAndBroadcastRanges(new MonotonicCounterWorkload(), "{counter: 'hashed'}", version);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void aHashedObjectIdSpreadsWritesButNotRanges(MongoVersion version) {
        assertSpreadWritesAndBroadcastRanges(new ObjectIdWorkload(), "{_id: 'hashed'}", version);
    }
}

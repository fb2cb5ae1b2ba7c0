package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.workload.InboxWorkload;
import io.shardlab.workload.ReadDistribution;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: the seed material's social inbox, sharded {@code {owner: 1, sequence: 1}}, writes each
 * owner's messages into buckets of 50 next to each other, so reading an inbox
 * ({@code find({owner})}) is routed to the one shard holding that owner's buckets, while
 * deliveries to different owners spread over the shards.
 */
class InboxLessonTest {

    private static final int SHARDS = 4;
    private static final long DOCS = 100_000;

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void readingAnInboxReachesOneShard(MongoVersion version) {
        // given 100,000 deliveries of 500 bytes on 4 shards with 1 MB chunks
        LessonRun run = LessonRun.of(new InboxWorkload(), DOCS, LessonRun.fourShards(version, 500));
        Router router = new Router(run.key, run.chunks(), version);

        // when every owner reads their inbox
        int singleShard = 0;
        for (int owner = 0; owner < 10_000; owner++) {
            String name = String.format("user%05d", owner);
            Targeting t = router.route(new Operation.Find(new BsonDocument("owner", new BsonString(name))));
            singleShard += t.shards().size() == 1 ? 1 : 0;
        }

        // then all but the few owners whose buckets straddle a chunk boundary on another shard read from one shard
        assertTrue(singleShard >= 9_900, version + ": " + singleShard + " of 10,000 inboxes on one shard");
        assertTrue(run.chunks().chunksPerShard().size() == SHARDS, "the inboxes are spread over every shard");
        ReadDistribution reads = run.reads(2_000);
        assertEquals(
                SHARDS, reads.byTemplate().get(2).meanShardsReached(), 1e-9, "a filter without the owner is broadcast");
    }
}

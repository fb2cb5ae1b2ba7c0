package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Router;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

class ReadDistributionTest {

    private static final List<String> SHARDS = List.of("shard0", "shard1", "shard2", "shard3");

    /** {counter: 1} cut into 4 equal ranges of 2,500 orders, one per shard. */
    private static ChunkMap fourRanges() {
        List<ShardKey> points = new ArrayList<>();
        for (long p = 2_501; p < 10_000; p += 2_500) {
            points.add(ShardKey.of(new BsonInt64(p)));
        }
        return ChunkMap.fromSplitPoints(1, points, SHARDS, 1);
    }

    @Test
    void aRangedCounterKeyTargetsEqualitiesAndBroadcastsNonKeyFilters() {
        Workload w = new MonotonicCounterWorkload();
        Router router = new Router(w.suggestedKey(), fourRanges(), MongoVersion.V8_0);

        ReadDistribution reads = ReadDistribution.route(w.queries(WorkloadSettings.of(10_000, 1)), 2_000, 7, router);

        ReadDistribution.TemplateReads byNumber = reads.byTemplate().get(0);
        assertEquals("order by number", Messages.of(Language.ENGLISH).text(byNumber.name()));
        assertEquals(byNumber.reads(), byNumber.singleShard());
        assertEquals(1.0, byNumber.meanShardsReached());
        ReadDistribution.TemplateReads byCustomer = reads.byTemplate().get(3);
        assertEquals(byCustomer.reads(), byCustomer.scatterGather());
        assertEquals(4.0, byCustomer.meanShardsReached());
        ReadDistribution.TemplateReads page = reads.byTemplate().get(2);
        assertEquals(page.reads(), page.multiShard());
        assertEquals(
                100.0,
                reads.percentageOfSingleShardReads()
                        + reads.percentageOfMultiShardReads()
                        + reads.percentageOfScatterGatherReads(),
                1e-9);
        assertEquals(
                2_000,
                reads.byTemplate().stream()
                        .mapToLong(ReadDistribution.TemplateReads::reads)
                        .sum());
    }

    @Test
    void aHashedKeySendsEveryRangeReadToEveryShard() {
        ShardKeyPattern hashed = ShardKeyPattern.parse("{counter: 'hashed'}");
        List<ShardKey> points = HashedSplitPoints.of(4).stream()
                .map(h -> ShardKey.of(new BsonInt64(h)))
                .toList();
        Router router = new Router(hashed, ChunkMap.fromSplitPoints(1, points, SHARDS, 1), MongoVersion.V8_0);

        ReadDistribution reads = ReadDistribution.route(
                new MonotonicCounterWorkload().queries(WorkloadSettings.of(10_000, 1)), 1_000, 3, router);

        ReadDistribution.TemplateReads page = reads.byTemplate().get(2);
        assertEquals(QueryShape.RANGE, page.shape());
        assertEquals(page.reads(), page.scatterGather());
        assertEquals(4.0, page.meanShardsReached());
        assertEquals(1.0, reads.byTemplate().get(0).meanShardsReached(), "an equality still hits one shard");
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/** The query mix routed as analyzeShardKey classes sampled queries. */
class ReadWriteDistributionTest {

    private static final ShardKeyPattern CUSTOMER = ShardKeyPattern.parse("{customerId: 1}");
    /** [MinKey, 100) on shard01, [100, MaxKey) on shard02. */
    private static final ChunkMap TWO_RANGES = ChunkMap.fromSplitPoints(1, List.of(ShardKey.of(new BsonInt32(100))),
            List.of("shard01", "shard02"), 1);

    private static final List<SampledQuery> MIX = QueryMixFile.parse("""
            {"op": "find", "filter": {"customerId": 5}, "weight": 3}
            {"op": "find", "filter": {"customerId": {"$gt": 5}}}
            {"op": "count", "filter": {"status": "new"}}
            {"op": "updateOne", "filter": {"customerId": 5}, "update": {"$set": {"status": "paid"}}, "weight": 2}
            {"op": "updateMany", "filter": {"status": "new"}, "update": {"$set": {"status": "old"}}}
            {"op": "replaceOne", "filter": {"_id": 7}, "replacement": {"customerId": 9, "status": "new"}}
            {"op": "deleteOne", "filter": {"status": "x"}}
            {"op": "findAndModify", "filter": {"customerId": {"$in": [1, 200]}}, "update": {"$inc": {"n": 1}}}
            """, "mix.jsonl");

    @Test
    void readsAreClassedByTheirFilterAndWeighted() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, MongoVersion.V8_0);

        // 3 equality finds, 1 range find, 1 count without the key: 5 reads
        assertEquals(new ReadDistributionMetrics(5, 4, 0, 1, 0, 60.0, 20.0, 20.0), d.read());
    }

    @Test
    void writesCountTheReplacementDocumentsKeyAndWritesWithoutTheShardKey() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, MongoVersion.V8_0);

        // single: updateOne x2 and replaceOne (by its replacement document) = 3 of 6; multi: the $in
        // findAndModify; scatter-gather: updateMany and deleteOne. Without the shard key: deleteOne and
        // findAndModify are single writes, updateMany a multi write.
        assertEquals(new WriteDistributionMetrics(6, 4, 1, 1, 50.0, 16.6666666667, 33.3333333334, 33.3333333334,
                16.6666666667), d.write());
        assertEquals(List.of(), d.rejected(), "8.0 runs single writes without shard key in two phases");
    }

    @Test
    void beforeSevenOneSingleWritesWithoutTheShardKeyAreRefused() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, MongoVersion.V6_0);

        assertEquals(List.of("deleteOne", "findAndModify"), d.rejected().stream()
                .map(r -> r.query().command().op()).toList());
        assertEquals("Query for sharded findAndModify must contain the shard key", d.rejected().get(1).error());
        assertTrue(d.rejected().get(0).error().startsWith("A single delete on a sharded collection must contain an "
                + "exact match on _id"), d.rejected().get(0).error());
    }

    @Test
    void aHashedKeyTargetsEqualitiesButBroadcastsRanges() {
        ShardKeyPattern hashed = ShardKeyPattern.parse("{customerId: 'hashed'}");
        List<ShardKey> points = HashedSplitPoints.of(2).stream().map(h -> ShardKey.of(new BsonInt64(h))).toList();
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02"), 1);

        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, hashed, chunks, MongoVersion.V8_0);

        assertEquals(new ReadDistributionMetrics(5, 4, 0, 1, 0, 60.0, 0.0, 40.0), d.read(),
                "the $gt read joins the count in reaching every shard");
    }

    @Test
    void aMixWithoutWritesHasAnEmptyWriteDistribution() {
        ReadWriteDistribution d = ReadWriteDistribution.route(List.of(SampledQuery.find(
                io.shardlab.bson.BsonLiterals.parseDocument("{customerId: 1}"))), CUSTOMER, TWO_RANGES,
                MongoVersion.V8_0);

        assertTrue(d.write().isEmpty());
        assertEquals(new WriteDistributionMetrics(0, 0, 0, 0, 0, 0, 0, 0, 0), d.write());
        assertEquals(100.0, d.read().percentageOfSingleShardReads());
    }
}

package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.OrphanedRange;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * After a migration the donor keeps the moved range's documents as orphans for {@code orphanCleanupDelaySecs}
 * (mongo {@code sharding_runtime_d_params.idl}: 900; docs release-notes/8.2: "the default value for
 * orphanCleanupDelaySecs is now 3600 (previously 900)"), then its range deleter removes them; {@code
 * $shardedDataDistribution} counts them apart from the owned documents all along (docs
 * {@code reference/operator/aggregation/shardedDataDistribution}: {@code numOrphanedDocs}, {@code orphanedSizeBytes}).
 */
class OrphanedRangesTest {

    @ParameterizedTest(name = "[{index}] MongoDB {0}: orphans counted for {1} s")
    @CsvSource(textBlock = """
            # release, orphanCleanupDelaySecs
            6.0,       900
            8.0,       900
            8.2,       3600
            8.3,       3600
            """)
    void theDonorCountsTheMovedRangeAsOrphansUntilTheDelayEnds(String release, long delaySeconds) {
        // given 100 documents, 40 of them in [60, MaxKey) moved from shard01 to shard02
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        admin(mongos, "{shardCollection: 'app.orders', key: {n: 1}}");
        BsonArray docs = new BsonArray();
        for (int i = 0; i < 100; i++) {
            docs.add(new BsonDocument("n", new BsonInt32(i)).append("pad", new BsonString("x".repeat(100))));
        }
        mongos.run("app", new BsonDocument("insert", new BsonString("orders")).append("documents", docs));
        admin(mongos, "{split: 'app.orders', middle: {n: 60}}");

        // when
        admin(mongos, "{moveChunk: 'app.orders', find: {n: 60}, to: 'shard02'}");

        // then the donor holds 40 orphans, the recipient owns them
        BsonDocument donor = distribution(mongos, "shard01");
        assertEquals(40, donor.getInt64("numOrphanedDocs").getValue());
        assertEquals(60, donor.getInt64("numOwnedDocuments").getValue());
        assertEquals(
                40,
                distribution(mongos, "shard02").getInt64("numOwnedDocuments").getValue());
        assertEquals(
                0, distribution(mongos, "shard02").getInt64("numOrphanedDocs").getValue());
        OrphanedRange range = catalog.collection("app.orders")
                .orElseThrow()
                .cluster()
                .orphanedRanges()
                .get(0);
        assertEquals(delaySeconds, range.secondsLeftAt(catalog.now()));
        assertEquals(
                donor.getInt64("orphanedSizeBytes").getValue(),
                range.bytes(),
                "orphanedSizeBytes is the range's bytes");

        // when the delay has all but passed, and then passed
        mongos.advance(delaySeconds * 1000 - 1000);
        assertEquals(
                40, distribution(mongos, "shard01").getInt64("numOrphanedDocs").getValue(), "one second left");
        mongos.advance(1000);

        // then
        assertEquals(
                0, distribution(mongos, "shard01").getInt64("numOrphanedDocs").getValue());
        assertEquals(
                0, distribution(mongos, "shard01").getInt64("orphanedSizeBytes").getValue());
    }

    private static BsonDocument distribution(MongosCommands mongos, String shard) {
        BsonDocument reply = admin(mongos, "{aggregate: 1, pipeline: [{$shardedDataDistribution: {}}], cursor: {}}");
        for (BsonValue ns : reply.getDocument("cursor").getArray("firstBatch")) {
            if (ns.asDocument().getString("ns").getValue().equals("app.orders")) {
                for (BsonValue s : ns.asDocument().getArray("shards")) {
                    if (s.asDocument().getString("shardName").getValue().equals(shard)) {
                        return s.asDocument();
                    }
                }
            }
        }
        throw new AssertionError("no $shardedDataDistribution entry for " + shard);
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return mongos.run("admin", BsonDocument.parse(json));
    }
}

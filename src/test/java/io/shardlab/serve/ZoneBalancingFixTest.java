package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SERVER-115962, fixed in 8.2.6 ("Balancer does not make progress when the most loaded shard is already balanced
 * within its zones"), ported from its regression jstest: zones EU (shard0) and US (shard1, shard2), 20 chunk sizes
 * of documents in EU and 10 in US, then the balancer. The jstest uses 1 MB documents and a 1 MB chunk size; here
 * both are 64 KB, which keeps every ratio the balancer compares (3 chunk sizes apart, the zone's ideal).
 */
class ZoneBalancingFixTest {

    private static final int UNIT = 64 * 1024;

    @ParameterizedTest(name = "[{index}] MongoDB {0}: shard0 {1}, shard1 {2}, shard2 {3} documents")
    @CsvSource(textBlock = """
            # release, shard0, shard1, shard2   (owned documents after the balancer has run)
            8.2.5,     20,     10,     0
            8.2.6,     20,     6,      4
            8.3,       20,     6,      4
            """)
    void theUsZoneIsBalancedOnlyFrom826(String release, long shard0, long shard1, long shard2) {
        // given
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release))
                        .withSeed(7)
                        .withMaxChunkSizeBytes(UNIT),
                List.of("shard0", "shard1", "shard2"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 256L << 20, line -> {});
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{addShardToZone: 'shard0', zone: 'EU'}");
        admin(mongos, "{addShardToZone: 'shard1', zone: 'US'}");
        admin(mongos, "{addShardToZone: 'shard2', zone: 'US'}");
        admin(
                mongos,
                "{updateZoneKeyRange: 'test.coll', min: {region: 'EU', counter: MinKey()}, "
                        + "max: {region: 'US', counter: MinKey()}, zone: 'EU'}");
        admin(
                mongos,
                "{updateZoneKeyRange: 'test.coll', min: {region: 'US', counter: MinKey()}, "
                        + "max: {region: 'UT', counter: MinKey()}, zone: 'US'}");
        admin(mongos, "{shardCollection: 'test.coll', key: {region: 1, counter: 1}}");
        insert(mongos, "EU", 20);
        insert(mongos, "US", 10);

        // when
        admin(mongos, "{balancerStart: 1}");
        mongos.advance(600_000);

        // then
        assertEquals(Map.of("shard0", shard0, "shard1", shard1, "shard2", shard2), ownedDocuments(mongos));
    }

    private static void insert(MongosCommands mongos, String region, int count) {
        BsonArray docs = new BsonArray();
        String pad = "A".repeat(UNIT);
        for (int i = 0; i < count; i++) {
            docs.add(new BsonDocument("region", new BsonString(region))
                    .append("counter", new BsonInt32(i))
                    .append("str", new BsonString(pad)));
        }
        mongos.run("test", new BsonDocument("insert", new BsonString("coll")).append("documents", docs));
    }

    private static Map<String, Long> ownedDocuments(MongosCommands mongos) {
        BsonDocument reply = admin(mongos, "{aggregate: 1, pipeline: [{$shardedDataDistribution: {}}], cursor: {}}");
        Map<String, Long> out = new LinkedHashMap<>();
        for (BsonValue ns : reply.getDocument("cursor").getArray("firstBatch")) {
            if (ns.asDocument().getString("ns").getValue().equals("test.coll")) {
                for (BsonValue s : ns.asDocument().getArray("shards")) {
                    out.put(
                            s.asDocument().getString("shardName").getValue(),
                            s.asDocument().getInt64("numOwnedDocuments").getValue());
                }
            }
        }
        out.putIfAbsent("shard2", 0L);
        return out;
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return mongos.run("admin", BsonDocument.parse(json));
    }
}

package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.ZoneVerdict;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Why isn't the balancer moving?": the numbers the release's own policy compares (mongo {@code balancer_policy.cpp}:
 * data size from 6.0.3, {@code fromSize - toSize >= 3 × chunk size} with both sides of the ideal, DOCS-15792; chunk
 * count before, ideal and threshold of SERVER-35003) and the migrations its next round would start.
 */
class WhyTheBalancerWaitsTest {

    private static final int CHUNK = 64 * 1024;

    private ShardedCatalog catalog;

    /** {@code documents} of 1 KB on shard01 in one collection, {@code chunks} chunks, nothing on shard02. */
    private MongosCommands cluster(String release, int documents, int chunks) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release))
                        .withSeed(7)
                        .withMaxChunkSizeBytes(CHUNK),
                List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        admin(mongos, "{shardCollection: 'app.orders', key: {n: 1}}");
        BsonArray docs = new BsonArray();
        for (int i = 0; i < documents; i++) {
            docs.add(new BsonDocument("n", new BsonInt32(i)).append("pad", new BsonString("x".repeat(1000))));
        }
        mongos.run("app", new BsonDocument("insert", new BsonString("orders")).append("documents", docs));
        for (int c = 1; c < chunks; c++) {
            admin(mongos, "{split: 'app.orders', middle: {n: " + (c * documents / chunks) + "}}");
        }
        admin(mongos, "{balancerStart: 1}");
        return mongos;
    }

    private BalancerDecision decision() {
        return catalog.collection("app.orders").orElseThrow().cluster().balancerDecision();
    }

    private static void admin(MongosCommands mongos, String json) {
        mongos.run("admin", BsonDocument.parse(json));
    }

    @ParameterizedTest(name = "[{index}] MongoDB {0}, {1} documents in {2} chunks on shard01: {3}")
    @CsvSource(textBlock = """
            # release, documents, chunks, outcome,                 moves
            8.0,       150,       1,      UNDER_THRESHOLD,         0
            8.0,       260,       1,      MIGRATES,                1
            8.3,       260,       1,      MIGRATES,                1
            5.0,       10,        1,      DONOR_NOT_ABOVE_IDEAL,   0
            5.0,       10,        2,      MIGRATES,                1
            """)
    void theZoneVerdictIsTheReleasesOwnComparison(
            String release, int documents, int chunks, ZoneVerdict.Outcome outcome, int moves) {
        // given
        cluster(release, documents, chunks);

        // when
        BalancerDecision d = decision();

        // then
        ZoneVerdict v = d.zones().get(0);
        assertEquals("", v.zone());
        assertEquals(outcome, v.outcome(), v.toString());
        assertEquals(moves, d.moves().size());
        assertTrue(d.stoppedBy().isEmpty());
    }

    @Test
    void theDataSizeVerdictShowsTheIdealTheThresholdAndEachShardsDataBeforeAndAfter() {
        // given 260 KB on shard01, a 64 KB chunk size
        cluster("8.0", 260, 1);

        // when
        BalancerDecision d = decision();

        // then
        ZoneVerdict v = d.zones().get(0);
        long onShard01 = v.load().get("shard01");
        assertEquals("bytes", v.measure());
        assertEquals(onShard01 / 2, v.ideal(), "the zone's data over its 2 shards");
        assertEquals(3L * CHUNK, v.threshold(), "3 × the chunk size");
        assertEquals("shard01", v.donor());
        assertEquals("shard02", v.receiver());
        BalancerDecision.Move move = d.moves().get(0);
        assertEquals(CHUNK, move.bytes(), "a moveRange of about one chunk size");
        assertEquals(onShard01 - CHUNK, d.bytesAfter().get("shard01"));
        assertEquals(CHUNK, d.bytesAfter().get("shard02"));
    }

    @Test
    void aStoppedBalancerIsNamedBeforeAnyNumber() {
        // given
        MongosCommands mongos = cluster("8.0", 260, 1);
        admin(mongos, "{balancerStop: 1}");

        // when
        BalancerDecision d = decision();

        // then
        assertEquals(
                "the balancer is off (sh.startBalancer() turns it on)",
                Messages.of(Language.ENGLISH).text(d.stoppedBy().orElseThrow()));
    }
}

package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code configureCollectionBalancing {defragmentCollection}} and {@code noBalance} on ShardLab's mongos and what
 * {@code balancerCollectionStatus} then reports (mongo {@code balancer.cpp} getBalancerStatusForNs:
 * {@code defragmentingChunks} with the policy's {@code currentPhase} and {@code remainingChunksToProcess};
 * the shape of the docs' "Monitor Defragmentation of a Sharded Collection" page).
 */
class ConfigureCollectionBalancingTest {

    private static MongosCommands mongos(String release) {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard01", "shard02"));
        return MongosServer.inProcess(catalog, 64L << 20, line -> {});
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return mongos.run("admin", BsonDocument.parse(json));
    }

    @Test
    void defragmenting_a_collection_is_reported_until_its_chunks_are_merged() {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{shardCollection: 'app.c', key: {x: 1}}");
        for (int x = 10; x <= 50; x += 10) {
            admin(mongos, "{split: 'app.c', middle: {x: " + x + "}}");
        }
        admin(mongos, "{configureCollectionBalancing: 'app.c', defragmentCollection: true}");

        BsonDocument during = admin(mongos, "{balancerCollectionStatus: 'app.c'}");

        assertEquals(
                BsonDocument.parse("{chunkSize: {$numberLong: '128'}, balancerCompliant: false, "
                        + "firstComplianceViolation: 'defragmentingChunks', "
                        + "details: {currentPhase: 'mergeAndMeasureChunks', progress: {remainingChunksToProcess: {$numberLong: "
                        + "'1'}}}, ok: 1.0}"),
                during,
                "six contiguous chunks of one shard: one range to merge");
        admin(mongos, "{balancerStart: 1}");
        mongos.advance(60_000);
        BsonDocument after = admin(mongos, "{balancerCollectionStatus: 'app.c'}");
        assertEquals(Boolean.TRUE, after.getBoolean("balancerCompliant").getValue(), after.toJson());
        assertEquals(
                1,
                mongos.run("config", BsonDocument.parse("{count: 'chunks'}"))
                        .getNumber("n")
                        .intValue());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            5.2 | {configureCollectionBalancing: 'app.c', defragmentCollection: true} | CommandNotFound     | no such command: 'configureCollectionBalancing'
            8.0 | {configureCollectionBalancing: 'app.none', defragmentCollection: true} | NamespaceNotSharded | Expected to match one doc for query { _id: "app.none" } but matched 0
            8.0 | {configureCollectionBalancing: 'app.c', defragmentCollection: 'yes'} | TypeMismatch        | BSON field 'configureCollectionBalancing.defragmentCollection' is the wrong type 'string', expected types '[bool, long, int, decimal, double]'
            """)
    void refusals(String release, String command, String codeName, String message) {
        MongosCommands mongos = mongos(release);
        admin(mongos, "{enableSharding: 'app'}");
        admin(mongos, "{shardCollection: 'app.c', key: {x: 1}}");

        MongoCommandException e = assertThrows(MongoCommandException.class, () -> admin(mongos, command));

        assertEquals(codeName, e.code().codeName());
        assertEquals(message, e.getMessage());
    }

    @Test
    void no_option_is_a_no_op() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.c', key: {x: 1}}");

        assertEquals(
                1.0,
                admin(mongos, "{configureCollectionBalancing: 'app.c'}")
                        .getNumber("ok")
                        .doubleValue());
        assertEquals(
                Boolean.TRUE,
                admin(mongos, "{balancerCollectionStatus: 'app.c'}")
                        .getBoolean("balancerCompliant")
                        .getValue());
    }

    @Test
    void sh_disableBalancing_sets_noBalance_and_the_balancer_leaves_the_collection_alone() {
        // mongosh shard.ts disableBalancing: config.collections.updateOne({_id: ns}, {$set: {noBalance: true}})
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{shardCollection: 'app.c', key: {x: 1}}");
        for (int x = 10; x <= 80; x += 10) {
            admin(mongos, "{split: 'app.c', middle: {x: " + x + "}}");
        }
        admin(mongos, "{addShardToZone: 'shard02', zone: 'B'}");
        admin(mongos, "{updateZoneKeyRange: 'app.c', min: {x: 10}, max: {x: 80}, zone: 'B'}");

        BsonDocument reply = mongos.run(
                "config",
                BsonDocument.parse(
                        "{update: 'collections', updates: " + "[{q: {_id: 'app.c'}, u: {$set: {noBalance: true}}}]}"));
        admin(mongos, "{balancerStart: 1}");
        mongos.advance(120_000);

        assertEquals(1, reply.getInt32("nModified").getValue());
        BsonDocument entry = mongos.run("config", BsonDocument.parse("{find: 'collections', filter: {_id: 'app.c'}}"))
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument();
        assertEquals(Boolean.TRUE, entry.getBoolean("noBalance").getValue());
        assertEquals(
                0,
                mongos.run("config", BsonDocument.parse("{count: 'chunks', query: {shard: 'shard02'}}"))
                        .getNumber("n")
                        .intValue(),
                "the zone's chunks stay where they are");
    }
}

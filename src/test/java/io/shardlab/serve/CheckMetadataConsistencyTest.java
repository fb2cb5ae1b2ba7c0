package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code checkMetadataConsistency} (7.0+, mongo {@code cluster_check_metadata_consistency_cmd.cpp}): a cursor over
 * the inconsistencies, empty for the simulated cluster, whose metadata one catalog writes.
 */
class CheckMetadataConsistencyTest {

    private static MongosCommands mongos(String release) {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'app.orders', key: {n: 1}}"));
        return mongos;
    }

    @ParameterizedTest(name = "[{index}] {0} {1}: cursor on {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # database | command                                  | cursor namespace
            admin      | {checkMetadataConsistency: 1}            | admin.$cmd.aggregate
            app        | {checkMetadataConsistency: 1}            | app.$cmd.aggregate
            app        | {checkMetadataConsistency: 'orders'}     | app.orders
            """)
    void everyLevelAnswersAnEmptyCursor(String db, String command, String ns) {
        // when
        BsonDocument reply = mongos("8.0").run(db, BsonDocument.parse(command));

        // then
        BsonDocument cursor = reply.getDocument("cursor");
        assertEquals(ns, cursor.getString("ns").getValue());
        assertEquals(0, cursor.getNumber("id").longValue());
        assertEquals(new BsonArray(), cursor.getArray("firstBatch"));
    }

    @Test
    void aCollectionNameOnAdminIsRefusedInMongoDBsWords() {
        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> mongos("8.0").run("admin", BsonDocument.parse("{checkMetadataConsistency: 'orders'}")));

        assertEquals("InvalidNamespace", e.code().codeName());
        assertEquals(
                "checkMetadataConsistency command on admin database can only be run without collection name. "
                        + "Found unexpected collection name: orders",
                e.getMessage());
    }

    @Test
    void before70ThereIsNoSuchCommand() {
        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> mongos("6.0").run("admin", BsonDocument.parse("{checkMetadataConsistency: 1}")));

        assertEquals("CommandNotFound", e.code().codeName());
    }
}

package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A TTL index on a capped collection, per release: before 5.2 {@code createIndexes} builds it; from 5.2 to 7.0 it is
 * CannotCreateIndex "Cannot create TTL index on a capped collection" (mongo
 * {@code src/mongo/db/catalog/index_catalog_impl.cpp} {@code prepareSpecForCreate}; SERVER-26287, SERVER-61545:
 * "Before version 5.2, TTL indexes were allowed to be created on capped collections"); from 7.1 it is built again
 * (SERVER-77586, feature flag {@code TTLIndexesOnCappedCollections}, whose jstests are {@code requires_fcv_71}; the
 * 8.x {@code prepareSpecForCreate} has no such check). collMod's conversion follows the same flag
 * ({@code CollModConvertToTtlPortTest}).
 */
class TtlIndexOnCappedCollectionTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | ok
            5.1 | ok
            5.2 | CannotCreateIndex: Cannot create TTL index on a capped collection
            6.0 | CannotCreateIndex: Cannot create TTL index on a capped collection
            7.0 | CannotCreateIndex: Cannot create TTL index on a capped collection
            7.1 | ok
            8.0 | ok
            """)
    void aCappedCollectionTakesATtlIndexAsTheReleaseLets(String release, String answer) {
        // given a capped collection
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("app", BsonDocument.parse("{create: 'log', capped: true, size: 4096}"));

        // when a TTL index is created on it
        String got;
        try {
            got = Replies.isOk(
                            mongos.run(
                                    "app",
                                    BsonDocument.parse(
                                            "{createIndexes: 'log', indexes: [{key: {t: 1}, name: 't_1', expireAfterSeconds: 60}]}")))
                    ? "ok"
                    : "failed";
        } catch (MongoCommandException e) {
            got = e.code().codeName() + ": " + e.getMessage();
        }

        // then the release's answer comes back
        assertEquals(answer, got);
    }
}

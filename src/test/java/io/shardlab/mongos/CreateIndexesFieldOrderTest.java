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
 * An index specification is the same index whatever the order of its fields: mongod keeps {@code key} and
 * {@code name} first (mongo {@code src/mongo/db/catalog/index_catalog_impl.cpp} {@code _fixIndexSpec}). A partial
 * filter given before the key (as a client may send it) failed in the document store with InternalError.
 */
class CreateIndexesFieldOrderTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            7.0 | {$or: [{p: 1}, {q: 1}]}
            8.0 | {$or: [{p: 1}, {q: 1}]}
            8.0 | {p: {$gt: 0}}
            """)
    void aPartialFilterBeforeTheKeyBuildsTheIndex(String release, String filter) {
        // given a mongos of the release
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});

        // when an index is created with its partial filter first
        BsonDocument reply = mongos.run(
                "app",
                BsonDocument.parse("{createIndexes: 'c', indexes: [{partialFilterExpression: " + filter
                        + ", key: {p: 1}, name: 'p_1'}]}"));

        // then it is built and listed with its key and name first
        assertEquals(2, reply.getInt32("numIndexesAfter").getValue(), reply.toJson());
        BsonDocument listed = mongos.run("app", BsonDocument.parse("{listIndexes: 'c'}"))
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(1)
                .asDocument();
        assertEquals(
                List.of("key", "name", "partialFilterExpression"),
                List.copyOf(listed.keySet()).subList(0, 3));
    }
}

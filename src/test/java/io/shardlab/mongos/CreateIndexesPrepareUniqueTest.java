package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * From 6.0 an index made with {@code prepareUnique: true} refuses new duplicate keys and keeps the existing ones
 * (mongo {@code jstests/core/ddl/index_prepareUnique.js}: the insert of a duplicate fails with DuplicateKey). The
 * document store cannot enforce that, so the mongos refuses such an index with CommandNotSupported and builds
 * nothing, rather than list it with the option and let the duplicate in. A unique index (which refuses every
 * duplicate) and {@code prepareUnique: false} are built as asked.
 */
class CreateIndexesPrepareUniqueTest {

    @ParameterizedTest(name = "[{index}] {0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            6.0 | {prepareUnique: true}               | CommandNotSupported: ShardLab does not simulate createIndexes' prepareUnique (an index refusing new duplicate keys) yet | 1
            7.0 | {prepareUnique: 1}                  | CommandNotSupported: ShardLab does not simulate createIndexes' prepareUnique (an index refusing new duplicate keys) yet | 1
            8.0 | {prepareUnique: true}               | CommandNotSupported: ShardLab does not simulate createIndexes' prepareUnique (an index refusing new duplicate keys) yet | 1
            8.0 | {prepareUnique: true, unique: true} | built 2 | 2
            8.0 | {prepareUnique: false}              | built 2 | 2
            """)
    void anIndexRefusingOnlyNewDuplicatesIsRefusedAndNothingIsBuilt(
            String release, String options, String expected, int indexesAfter) {
        // given a mongos of the release and a collection holding one document
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("app", BsonDocument.parse("{insert: 'c', documents: [{_id: 1, a: 1}]}"));

        // when an index on a is asked for with the options
        BsonDocument spec = BsonDocument.parse(options);
        spec.put("key", BsonDocument.parse("{a: 1}"));
        spec.put("name", new BsonString("a_1"));
        BsonDocument command =
                new BsonDocument("createIndexes", new BsonString("c")).append("indexes", new BsonArray(List.of(spec)));
        String answer;
        try {
            answer = "built "
                    + mongos.run("app", command).getInt32("numIndexesAfter").getValue();
        } catch (MongoCommandException e) {
            answer = e.code().codeName() + ": " + e.getMessage();
        }

        // then it is refused with CommandNotSupported and nothing is built, or built as asked
        assertEquals(expected, answer);
        int listed = mongos.run("app", BsonDocument.parse("{listIndexes: 'c'}"))
                .getDocument("cursor")
                .getArray("firstBatch")
                .size();
        assertEquals(indexesAfter, listed);
    }
}

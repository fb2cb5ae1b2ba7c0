package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A {@code $match} stage's filter is a document, wherever the stage is: else 15959 "the match filter must be an
 * expression in an object" (mongo {@code src/mongo/db/pipeline/document_source_match.cpp}, {@code createFromBson}).
 */
class MatchFilterObjectTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            [{$match: 5}]
            [{$match: 'x'}]
            [{$match: [1]}]
            [{$match: null}]
            [{$project: {a: 1}}, {$match: 5}]
            [{$facet: {f: [{$match: 'x'}]}}]
            [{$lookup: {from: 'u', pipeline: [{$match: 5}], as: 'j'}}]
            """)
    void aMatchFilterThatIsNotADocumentIsRefused(String pipeline) {
        // given a mongos with a collection
        MongosCommands mongos = MongosServer.inProcess(
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01")), 64L << 20, line -> {});
        mongos.run("app", BsonDocument.parse("{insert: 'c', documents: [{a: 1}]}"));

        // when the pipeline is run
        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> mongos.run(
                        "app", BsonDocument.parse("{aggregate: 'c', pipeline: " + pipeline + ", cursor: {}}")));

        // then MongoDB's code and text
        assertEquals(15959, e.code().number());
        assertEquals("the match filter must be an expression in an object", e.getMessage());
    }
}

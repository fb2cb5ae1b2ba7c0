package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code $sample} as MongoDB runs it (mongo {@code src/mongo/db/pipeline/document_source_sample.cpp}): {@code size}
 * distinct documents of those before it, every time, and its specification refused with MongoDB's codes.
 */
class SampleStageTest {

    private MongosCommands mongos;

    @BeforeEach
    void given_a_sharded_collection_of_200_documents() {
        mongos = MongosServer.inProcess(
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02")),
                64L << 20,
                line -> {});
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'app.c', key: {c: 1}}"));
        BsonArray documents = new BsonArray();
        for (int i = 0; i < 200; i++) {
            documents.add(BsonDocument.parse("{c: " + i + ", v: 'x" + i + "'}"));
        }
        mongos.run("app", new BsonDocument("insert", new BsonString("c")).append("documents", documents));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            [{$sample: {size: 1000}}]                                     | 200
            [{$sample: {size: 150}}]                                      | 150
            [{$sample: {size: 7.9}}]                                      | 7
            [{$sample: {size: 0}}]                                        | 0
            [{$match: {c: {$lt: 50}}}, {$sample: {size: 60}}]             | 50
            [{$sample: {size: 120}}, {$sample: {size: 40}}]               | 40
            [{$facet: {f: [{$sample: {size: 33}}]}}, {$unwind: '$f'}]     | 33
            """)
    void aSampleKeepsThatManyDistinctDocumentsEveryTime(String pipeline, int expected) {
        for (int run = 0; run < 60; run++) {
            // when the pipeline is run again and again (the storage's own $sample failed about once in 150 runs)
            List<BsonDocument> batch = firstBatch(pipeline);

            // then as many distinct documents as asked for, or all there are, without the sort's random field
            assertEquals(expected, batch.size());
            Set<BsonValue> ids = new HashSet<>();
            for (BsonDocument d : batch) {
                BsonDocument document = d.containsKey("f") ? d.getDocument("f") : d;
                ids.add(document.get("_id"));
                assertFalse(document.containsKey(SampleStages.RANDOM_FIELD), document.toJson());
            }
            assertEquals(expected, ids.size());
        }
    }

    @Test
    void aSampleDrawsDifferentDocuments() {
        // given a sample of 10 of 200 documents, twice
        Set<List<BsonDocument>> samples = new HashSet<>();
        for (int run = 0; run < 5; run++) {
            samples.add(firstBatch("[{$sample: {size: 10}}]"));
        }
        // then not the same ten each time
        assertEquals(5, samples.size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            [{$sample: 5}]                                         | 28745 | the $sample stage specification must be an object
            [{$sample: {size: 'x'}}]                               | 28746 | size argument to $sample must be a number
            [{$sample: {size: -1}}]                                | 28747 | size argument to $sample must not be negative
            [{$sample: {size: 1, foo: 1}}]                         | 28748 | unrecognized option to $sample: foo
            [{$sample: {}}]                                        | 28749 | $sample stage must specify a size
            [{$match: {c: 1}}, {$facet: {f: [{$sample: {}}]}}]     | 28749 | $sample stage must specify a size
            """)
    void aSampleSpecificationMongoDbRefusesIsRefused(String pipeline, int code, String message) {
        MongoCommandException e = assertThrows(MongoCommandException.class, () -> firstBatch(pipeline));

        assertEquals(code, e.code().number());
        assertEquals(message, e.getMessage());
    }

    private List<BsonDocument> firstBatch(String pipeline) {
        BsonDocument reply =
                mongos.run("app", BsonDocument.parse("{aggregate: 'c', pipeline: " + pipeline + ", cursor: {}}"));
        return reply.getDocument("cursor").getArray("firstBatch").stream()
                .map(BsonValue::asDocument)
                .toList();
    }
}

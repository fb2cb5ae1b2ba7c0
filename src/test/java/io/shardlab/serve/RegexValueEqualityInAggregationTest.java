package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every {@code $match} of an aggregation compares a regex inside a value as a find does ({@link RegexValueEquality};
 * mongo {@code src/mongo/bson/bsonelement.cpp}, {@code compareElements}, {@code case BSONType::RegEx}: pattern, then
 * options): the first stage, a later one, one inside a {@code $lookup}'s {@code pipeline} or a {@code $facet}'s
 * sub-pipeline, and a {@code $lookup}'s {@code localField} / {@code foreignField} equality. The documents are those of
 * mongo {@code jstests/sharding/regex_targeting.js}'s "Query/Update/Remove by nested regex" block, with a fourth whose
 * regex differs only by its options; {@code barNested} is that file's collection sharded on {@code {'a.b': 1}}.
 */
class RegexValueEqualityInAggregationTest {

    private static final String DOCUMENTS = "[{_id: 1, a: {b: 'abcde-0'}}, {_id: 2, a: {b: 'abcde-1'}},"
            + " {_id: 3, a: {b: /abcde.*/}}, {_id: 4, a: {b: /abcde.*/i}}]";

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            the first $match                          | bar        | [{$match: {a: {b: /abcde.*/}}}] | 3
            ... on a sharded collection               | barNested  | [{$match: {a: {b: /abcde.*/}}}] | 3
            the options tell regexes apart            | bar        | [{$match: {a: {b: /abcde.*/i}}}] | 4
            a later $match                            | bar        | [{$sort: {_id: 1}}, {$match: {a: {b: /abcde.*/}}}] | 3
            ... on a sharded collection               | barNested  | [{$sort: {_id: 1}}, {$match: {a: {b: /abcde.*/}}}] | 3
            a later $match with $eq                   | bar        | [{$skip: 0}, {$match: {a: {$eq: {b: /abcde.*/i}}}}] | 4
            a later $match with $in                   | bar        | [{$skip: 0}, {$match: {a: {$in: [{b: /abcde.*/}, {b: 'abcde-1'}]}}}, {$sort: {_id: 1}}] | 2 3
            a later $match leaves a regex a match     | bar        | [{$skip: 0}, {$match: {'a.b': /abcde-1/}}] | 2
            a $lookup's pipeline $match               | bar        | [{$match: {_id: 1}}, {$lookup: {from: 'bar', pipeline: [{$match: {a: {b: /abcde.*/}}}], as: 'hit'}}, {$unwind: '$hit'}, {$replaceRoot: {newRoot: '$hit'}}] | 3
            ... run on a sharded collection           | barNested  | [{$match: {_id: 1}}, {$lookup: {from: 'bar', pipeline: [{$match: {a: {b: /abcde.*/i}}}], as: 'hit'}}, {$unwind: '$hit'}, {$replaceRoot: {newRoot: '$hit'}}] | 4
            a $lookup's localField / foreignField     | bar        | [{$match: {_id: 3}}, {$lookup: {from: 'bar', localField: 'a', foreignField: 'a', as: 'hit'}}, {$unwind: '$hit'}, {$replaceRoot: {newRoot: '$hit'}}] | 3
            a $facet's sub-pipeline                   | bar        | [{$facet: {hit: [{$match: {a: {b: /abcde.*/}}}]}}, {$unwind: '$hit'}, {$replaceRoot: {newRoot: '$hit'}}] | 3
            ... a later $match in it                  | barNested  | [{$facet: {hit: [{$sort: {_id: -1}}, {$match: {a: {b: /abcde.*/i}}}]}}, {$unwind: '$hit'}, {$replaceRoot: {newRoot: '$hit'}}] | 4
            """)
    void everyMatchComparesANestedRegexByPatternAndOptions(
            String where, String collection, String pipeline, String expectedIds) {
        // given the four documents in foo.bar (unsharded) and foo.barNested (sharded on {'a.b': 1}), on 4.4 and 8.0
        for (MongoVersion version : List.of(MongoVersion.V4_4, MongoVersion.V8_0)) {
            MongosCommands mongos = mongosWithDocuments(version);

            // when the pipeline runs
            BsonDocument reply = mongos.run(
                    "foo",
                    BsonDocument.parse("{aggregate: '" + collection + "', pipeline: " + pipeline + ", cursor: {}}"));

            // then it returns exactly the documents whose regex has the filter's pattern and options
            List<Integer> ids = reply.getDocument("cursor").getArray("firstBatch").stream()
                    .map(BsonValue::asDocument)
                    .map(d -> d.getNumber("_id").intValue())
                    .toList();
            List<Integer> expected =
                    Arrays.stream(expectedIds.split(" ")).map(Integer::valueOf).toList();
            assertEquals(expected, ids, version + " " + reply.toJson());
        }
    }

    private static MongosCommands mongosWithDocuments(MongoVersion version) {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(version).withSeed(7), Shard.newClusterIds(2));
        MongosCommands mongos = MongosServer.inProcess(catalog, 256L << 20, line -> {});
        for (String command : List.of(
                "{enableSharding: 'foo', primaryShard: 'shard01'}",
                "{shardCollection: 'foo.barNested', key: {'a.b': 1}}",
                "{split: 'foo.barNested', middle: {'a.b': 'abcde-1'}}",
                "{moveChunk: 'foo.barNested', find: {a: {b: 0}}, to: 'shard02'}")) {
            assertEquals(
                    1.0,
                    mongos.run("admin", BsonDocument.parse(command))
                            .getNumber("ok")
                            .doubleValue(),
                    command);
        }
        for (String collection : List.of("bar", "barNested")) {
            BsonDocument reply = mongos.run(
                    "foo", BsonDocument.parse("{insert: '" + collection + "', documents: " + DOCUMENTS + "}"));
            assertEquals(4, reply.getNumber("n").intValue(), reply.toJson());
        }
        return mongos;
    }
}

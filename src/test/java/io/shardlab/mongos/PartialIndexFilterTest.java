package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The expressions a partial index supports, per release: mongo {@code src/mongo/db/catalog/index_catalog_impl.cpp}
 * ({@code _checkValidFilterExpressions}: 4.4 with the top-level-only {@code $and}; 6.x with
 * {@code featureFlagTimeseriesMetricIndexes}; 8.x without the flag), the texts of the refused expressions from
 * {@code src/mongo/db/matcher/expression_leaf.cpp} and {@code expression_tree.cpp} ({@code debugString}); those of
 * {@code $type}, {@code $size}, {@code $elemMatch}, the bit tests and geo as the golden output of mongo
 * {@code src/mongo/db/matcher/debug_string_test.cpp} ({@code ArrayMatchExpressions}, {@code ExpressionLeaf},
 * {@code ExpressionType}, {@code ExpressionGeo}) prints them.
 * The assertions of {@code jstests/core/index/index_partial_create_drop.js} run over the wire in
 * {@code IndexPartialCreateDropPortTest}.
 */
class PartialIndexFilterTest {

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            4.4 | {a: 1}                                             |
            4.4 | {a: {$gt: 1, $lt: 5}}                              |
            4.4 | {$and: [{a: 1}, {b: {$exists: true}}]}             |
            4.4 | {a: {$type: 'string'}}                             |
            4.4 | {a: {$all: [1, 2]}}                                |
            4.4 | {a: {$exists: false}}                              | unsupported expression in partial index: $not\\n    a exists\\n
            6.0 | {a: {$exists: false}}                              | Expression not supported in partial index: $not\\n    a exists\\n
            8.0 | {a: {$ne: 'x'}}                                    | Expression not supported in partial index: $not\\n    a $eq \"x\"\\n
            4.4 | {a: {$in: [2, 1, 2]}}                              | unsupported expression in partial index: a $in [ 1 2 ]\\n
            5.0 | {a: {$in: [2, 1]}}                                 | unsupported expression in partial index: a $in [ 1 2 ]\\n
            6.0 | {a: {$in: [2, 1]}}                                 |
            4.4 | {$or: [{a: 1}, {b: 2}]}                            | unsupported expression in partial index: $or\\n    a $eq 1\\n    b $eq 2\\n
            6.0 | {$or: [{a: 1}, {b: {$in: [1, 2]}}]}                |
            7.0 | {$nor: [{a: 1}]}                                   | Expression not supported in partial index: $nor\\n    a $eq 1\\n
            4.4 | {a: {$not: {$gt: 1}}}                              | unsupported expression in partial index: $not\\n    $and\\n        a $gt 1\\n
            4.4 | {a: /abc/i}                                        | unsupported expression in partial index: a regex /abc/i\\n
            8.0 | {a: {$mod: [4, 1]}}                                | Expression not supported in partial index: a mod 4 % x == 1\\n
            4.4 | {$and: [{$and: [{x: 1}]}]}                         | $and only supported in partialFilterExpression at top level
            4.4 | {$and: [{a: {$gt: 1, $lt: 5}}]}                    | $and only supported in partialFilterExpression at top level
            6.0 | {$and: [{$and: [{$and: [{x: 3}]}]}]}               |
            6.0 | {$and: [{$and: [{$and: [{$and: [{x: 3}]}]}]}]}     | partialFilterExpression depth may not exceed 4
            8.0 | {$or: [{$and: [{$or: [{$and: [{x: 3}]}]}]}]}       | partialFilterExpression depth may not exceed 4
            8.0 | {$or: [{$and: [{x: 1}, {y: {$exists: false}}]}]}   | Expression not supported in partial index: $not\\n    y exists\\n
            4.4 | {a: {$not: {$type: 'string'}}}                     | unsupported expression in partial index: $not\\n    $and\\n        a $type: { 0: 2 }\\n
            8.0 | {a: {$not: {$type: ['string', 'number']}}}         | Expression not supported in partial index: $not\\n    $and\\n        a $type: { 0: \"number\", 1: 2 }\\n
            4.4 | {a: {$size: 2}}                                    | unsupported expression in partial index: a $size : 2\\n
            6.0 | {a: {$elemMatch: {b: 1, c: 2}}}                    | Expression not supported in partial index: a $elemMatch (obj)\\n    $and\\n        b $eq 1\\n        c $eq 2\\n
            7.0 | {a: {$elemMatch: {$gt: 5}}}                        | Expression not supported in partial index: a $elemMatch (value)\\n     $gt 5\\n
            4.4 | {a: {$bitsAllSet: 35}}                             | unsupported expression in partial index: a $bitsAllSet: [0, 1, 5]\\n
            8.0 | {a: {$bitsAnyClear: [1, 5]}}                       | Expression not supported in partial index: a $bitsAnyClear: [1, 5]\\n
            4.4 | {a: {$geoWithin: {$centerSphere: [[0, 0], 1]}}}    | unsupported expression in partial index: GEO raw = { a: { $geoWithin: { $centerSphere: [ [ 0, 0 ], 1 ] } } }\\n
            6.0 | {a: {$geoWithin: {$centerSphere: [[0, 0], 1]}}}    |
            """)
    void partialIndexSupportsTheReleasesExpressions(String release, String filter, String reason) {
        // given a release's shard and a partial filter
        MongoVersion version = MongoVersion.parse(release);

        // when it checks the filter
        String refusal = PartialIndexFilter.unsupportedReason(BsonDocument.parse(filter), version);

        // then it takes it, or refuses it with MongoDB's words
        if (reason == null) {
            assertNull(refusal);
        } else {
            assertEquals(reason.replace("\\n", "\n"), refusal);
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            {x: {$asdasd: 3}}                   | BadValue               | unknown operator: $asdasd
            {$asdasd: 3}                        | BadValue               | unknown top level operator: $asdasd
            {$and: 5}                           | BadValue               | $and must be an array
            {$or: []}                           | BadValue               | $and/$or/$nor must be a nonempty array
            {$nor: [5]}                         | BadValue               | $or/$and/$nor entries need to be full objects
            {$expr: {$eq: ['$x', 5]}}           | QueryFeatureNotAllowed | $expr is not allowed in this context
            {x: {$in: 5}}                       | BadValue               | $in needs an array
            {$jsonSchema: {}}                   | QueryFeatureNotAllowed | $jsonSchema is not allowed in this context
            {$where: 'true'}                    | BadValue               | $where is not allowed in this context
            {$text: {$search: 'x'}}             | BadValue               | $text is not allowed in this context
            {x: {$not: 5}}                      | BadValue               | $not needs a regex or a document
            {x: {$not: {}}}                     | BadValue               | $not cannot be empty
            """)
    void theParserRefusesWhatItCannotParse(String filter, String codeName, String reason) {
        // given a filter MongoDB's match-expression parser refuses (mongo src/mongo/db/matcher/expression_parser.cpp)
        BsonDocument parsed = BsonDocument.parse(filter);

        // when it is parsed
        MongoCommandException refused =
                assertThrows(MongoCommandException.class, () -> PartialIndexFilter.requireParsable(parsed));

        // then the parser's code and reason come back
        assertEquals(codeName, refused.code().codeName());
        assertEquals(reason, refused.getMessage());
    }

    @Test
    void theRefusalNamesTheSpecificationAsTheShardHoldsIt() {
        // given a specification without an index version
        BsonArray specs =
                BsonArray.parse("[{key: {x: 1}, name: 'x_1', partialFilterExpression: {a: {$exists: false}}}]");

        // when a 7.0 shard checks it
        MongoCommandException refused =
                assertThrows(MongoCommandException.class, () -> PartialIndexFilter.check(specs, MongoVersion.V7_0));

        // then the reason comes in the context of the specification with its v: 2 appended (prepareSpecForCreate)
        assertEquals(ErrorCode.CANNOT_CREATE_INDEX, refused.code());
        assertEquals(
                "Error in specification { key: { x: 1 }, name: \"x_1\", partialFilterExpression: { a: { $exists: false } },"
                        + " v: 2 } :: caused by :: Expression not supported in partial index: $not\n    a exists\n",
                refused.getMessage());
    }
}

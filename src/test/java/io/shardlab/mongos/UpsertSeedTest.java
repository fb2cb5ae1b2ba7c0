package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The document an upsert starts from, as mongod seeds it from the query's equalities: every equality for an
 * operator-style (or pipeline) update, only {@code _id}'s for a replacement. Rows from mongo
 * {@code jstests/core/write/update/upsert_fields.js} (named by the assertion's comment) and
 * {@code src/mongo/db/update/update_driver_test.cpp} ({@code CreateFromQuery.*}); an error row gives the code
 * ({@code assert.writeError} in the jstest, {@code ASSERT_NOT_OK} in the unit test).
 */
class UpsertSeedTest {

    @ParameterizedTest(name = "{0}: {1} ({2})")
    @CsvSource(delimiter = '|', textBlock = """
            upsert_fields.js _id extracted                    | {_id: 1}                               | operators   | {_id: 1}
            upsert_fields.js _id extracted                    | {_id: 1}                               | replacement | {_id: 1}
            upsert_fields.js _id extracted                    | {_id: {$eq: 1}}                        | replacement | {_id: 1}
            upsert_fields.js _id extracted                    | {_id: {$all: [1]}}                     | operators   | {_id: 1}
            upsert_fields.js _id extracted                    | {_id: {$in: [1]}}                      | replacement | {_id: 1}
            upsert_fields.js _id extracted                    | {$and: [{_id: 1}]}                     | operators   | {_id: 1}
            upsert_fields.js _id extracted                    | {$and: [{_id: {$eq: 1}}]}              | replacement | {_id: 1}
            upsert_fields.js _id extracted                    | {$or: [{_id: 1}]}                      | operators   | {_id: 1}
            upsert_fields.js _id extracted                    | {$or: [{_id: {$eq: 1}}]}               | replacement | {_id: 1}
            upsert_fields.js _id not extracted                | {_id: {$gt: 1}}                        | operators   | {}
            upsert_fields.js _id not extracted                | {_id: {$ne: 1}}                        | operators   | {}
            upsert_fields.js _id not extracted                | {_id: {$in: [1, 2]}}                   | replacement | {}
            upsert_fields.js _id not extracted                | {_id: {$elemMatch: {$eq: 1}}}          | operators   | {}
            upsert_fields.js _id not extracted                | {_id: {$exists: true}}                 | operators   | {}
            upsert_fields.js _id not extracted                | {_id: {$not: {$eq: 1}}}                | replacement | {}
            upsert_fields.js _id not extracted                | {$or: [{_id: {$eq: 1}}, {_id: 2}]}     | operators   | {}
            upsert_fields.js _id not extracted                | {$nor: [{_id: 1}]}                     | operators   | {}
            upsert_fields.js nested _id on $op-style          | {'_id.x': 1, '_id.y': 2}               | operators   | {_id: {x: 1, y: 2}}
            upsert_fields.js field extracted                  | {x: 1}                                 | operators   | {x: 1}
            upsert_fields.js field extracted                  | {x: {$eq: 1}}                          | operators   | {x: 1}
            upsert_fields.js field extracted                  | {x: {$in: [1]}}                        | operators   | {x: 1}
            upsert_fields.js field extracted                  | {x: {$all: [1]}}                       | operators   | {x: 1}
            upsert_fields.js field extracted                  | {$and: [{x: {$eq: 1}}]}                | operators   | {x: 1}
            upsert_fields.js field extracted                  | {$or: [{x: 1}]}                        | operators   | {x: 1}
            upsert_fields.js field extracted when $op-style   | {x: 1}                                 | replacement | {}
            upsert_fields.js special types extracted          | {x: [1, 2]}                            | operators   | {x: [1, 2]}
            upsert_fields.js special types extracted          | {x: {'x.x': 1}}                        | operators   | {x: {'x.x': 1}}
            upsert_fields.js field not extracted              | {x: {$gt: 1}}                          | operators   | {}
            upsert_fields.js field not extracted              | {x: {$in: [1, 2]}}                     | operators   | {}
            upsert_fields.js field not extracted              | {x: {$exists: true}}                   | operators   | {}
            upsert_fields.js field not extracted              | {$nor: [{x: {$eq: 1}}, {x: 1}]}        | operators   | {}
            upsert_fields.js replacement ignores conflicts    | {x: {$all: [1, 2]}}                    | replacement | {}
            upsert_fields.js nested field extraction          | {'x.x': 1}                             | operators   | {x: {x: 1}}
            upsert_fields.js nested field extraction          | {'x.x': {$all: [1]}}                   | operators   | {x: {x: 1}}
            upsert_fields.js replacement ignores conflicts    | {_id: 1, x: [1, {x: 1}], 'x.x': 1}     | replacement | {_id: 1}
            upsert_fields.js no regex extraction unless $eq'd | {x: /abc/}                             | operators   | {}
            upsert_fields.js no regex extraction unless $eq'd | {x: {$eq: /abc/}}                      | operators   | {x: /abc/}
            update_driver_test.cpp BasicOp                    | {a: 1, b: 2}                           | operators   | {a: 1, b: 2}
            update_driver_test.cpp BasicReplWithIdEq          | {_id: {$eq: 1}, a: 1, b: 2}            | replacement | {_id: 1}
            update_driver_test.cpp NestedSharedRootOp         | {'a.c': 1, 'a.b': {$eq: 2}}            | operators   | {a: {c: 1, b: 2}}
            update_driver_test.cpp AndQueryOp                 | {$and: [{'a.c': 1}, {'a.b': {$eq: 2}}]} | operators  | {a: {c: 1, b: 2}}
            update_driver_test.cpp AndQueryIdRepl             | {$and: [{_id: 1}, {a: {$eq: 2}}]}      | replacement | {_id: 1}
            update_driver_test.cpp AllArrayIdRepl             | {_id: {$all: [1]}, b: 2}               | replacement | {_id: 1}
            update_driver_test.cpp OrQueryNoExtractOps        | {$or: [{a: 1}, {b: 2}]}                | operators   | {}
            update_driver_test.cpp NoConflictOrQueryOp        | {$or: [{a: {b: 1}}, {'a.b': {$eq: 1}}]} | operators  | {}
            """)
    void an_upsert_starts_from_the_equalities_mongod_extracts(String source, String query, String style, String seed) {
        BsonDocument actual =
                UpsertSeed.of(BsonDocument.parse(query), "replacement".equals(style), Set.of(UpsertSeed.ID));

        assertEquals(unordered(BsonDocument.parse(seed)), unordered(actual), source);
    }

    @ParameterizedTest(name = "{0}: {1} ({2})")
    @CsvSource(delimiter = '|', textBlock = """
            upsert_fields.js _id extraction errors         | {$and: [{_id: 1}, {_id: 2}]}      | operators   | 54  | cannot infer query fields to set, path '_id' is matched twice
            upsert_fields.js _id extraction errors         | {_id: {$all: [1, 2]}}             | replacement | 54  | cannot infer query fields to set, path '_id' is matched twice
            upsert_fields.js _id extraction errors         | {_id: 1, '_id.x': 1}              | operators   | 54  | cannot infer query fields to set, both paths '_id.x' and '_id' are matched
            upsert_fields.js _id extraction errors         | {_id: {x: 1}, '_id.x': 1}         | replacement | 111 | field at '_id' must be exactly specified, field at sub-path '_id.x'found
            upsert_fields.js nested _id on replacement     | {'_id.x': 1, '_id.y': 2}          | replacement | 111 | field at '_id' must be exactly specified, field at sub-path '_id.x'found
            upsert_fields.js field extraction errors       | {x: {$all: [1, 2]}}               | operators   | 54  | cannot infer query fields to set, path 'x' is matched twice
            upsert_fields.js field extraction errors       | {$and: [{x: {$eq: 1}}, {x: 2}]}   | operators   | 54  | cannot infer query fields to set, path 'x' is matched twice
            upsert_fields.js nested field conflicts        | {x: 1, 'x.x': 1}                  | operators   | 54  | cannot infer query fields to set, both paths 'x.x' and 'x' are matched
            upsert_fields.js nested field conflicts        | {x: {}, 'x.x': 1}                 | operators   | 54  | cannot infer query fields to set, both paths 'x.x' and 'x' are matched
            upsert_fields.js nested field conflicts        | {x: [1, {x: 1}], 'x.x': 1}        | operators   | 54  | cannot infer query fields to set, both paths 'x.x' and 'x' are matched
            update_driver_test.cpp ConflictFieldsFailSameValueOp | {a: {b: 1}, 'a.b': 1}       | operators   | 54  | cannot infer query fields to set, both paths 'a.b' and 'a' are matched
            update_driver_test.cpp ConflictAndQueryOp      | {$and: [{a: {b: 1}}, {'a.b': {$eq: 1}}]} | operators | 54 | cannot infer query fields to set, both paths 'a.b' and 'a' are matched
            update_driver_test.cpp ConflictWithIdRepl      | {_id: 1, '_id.a': 1}              | replacement | 111 | field at '_id' must be exactly specified, field at sub-path '_id.a'found
            """)
    void an_upsert_whose_query_names_a_path_twice_is_refused(
            String source, String query, String style, int code, String message) {
        StatementFailedException e = assertThrows(
                StatementFailedException.class,
                () -> UpsertSeed.of(BsonDocument.parse(query), "replacement".equals(style), Set.of(UpsertSeed.ID)));

        BsonDocument error = e.writeError(0);
        assertEquals(code, error.getNumber("code").intValue(), source);
        assertEquals(message, error.getString("errmsg").getValue(), source);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            update_stage.cpp full shard key in the query | {sk: 5, v: 1}               | true
            update_stage.cpp full shard key in the query | {sk: {$in: [5]}}            | true
            update_stage.cpp full shard key in the query | {$and: [{sk: 5}, {v: 1}]}   | true
            update_stage.cpp full shard key in the query | {sk: {$gt: 5}}              | false
            update_stage.cpp full shard key in the query | {_id: 1}                    | false
            update_stage.cpp full shard key in the query | {'sk.a': 1}                 | false
            """)
    void a_query_gives_the_full_shard_key_when_it_has_an_equality_on_each_field(
            String source, String query, boolean full) {
        assertEquals(
                full,
                UpsertSeed.fullEqualities(BsonDocument.parse(query), Set.of("sk"))
                        .isPresent(),
                source);
    }

    /** A document's fields in name order at every depth, since mongod's seed order is not the query's. */
    private static BsonDocument unordered(BsonDocument d) {
        TreeMap<String, BsonValue> sorted = new TreeMap<>();
        d.forEach((k, v) -> sorted.put(k, v.isDocument() ? unordered(v.asDocument()) : v));
        BsonDocument out = new BsonDocument();
        sorted.forEach(out::append);
        return out;
    }
}

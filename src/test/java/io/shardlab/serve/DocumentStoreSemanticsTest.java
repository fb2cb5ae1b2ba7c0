package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where the document store underneath answers differently from MongoDB, the served mongos answers as MongoDB
 * (issue #27): the command layer over the real store ({@link MongosServer#inProcess}), each row a case of a mongo
 * jstest named in its first column.
 */
class DocumentStoreSemanticsTest {

    private MongosCommands mongos(String release) {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(5), List.of("shard01", "shard02"));
        return MongosServer.inProcess(catalog, 64L << 20, line -> {});
    }

    private static BsonDocument run(MongosCommands mongos, String db, String json) {
        return mongos.run(db, BsonDocument.parse(json));
    }

    private static List<BsonDocument> find(MongosCommands mongos, String db, String json) {
        List<BsonDocument> out = new ArrayList<>();
        run(mongos, db, json).getDocument("cursor").getArray("firstBatch").forEach(v -> out.add(v.asDocument()));
        return out;
    }

    private static BsonDocument firstWriteError(BsonDocument reply) {
        return reply.getArray("writeErrors").get(0).asDocument();
    }

    // ---- regular expressions as values -----------------------------------------------------------------------

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            regex_targeting.js nested regex (find)           | {find: 'c', filter: {a: {b: /abcde.*/}}}                                    | 1
            the same pattern with other options              | {find: 'c', filter: {a: {b: /abcde.*/i}}}                                   | 0
            countDocuments' $match and $group                | {aggregate: 'c', pipeline: [{$match: {a: {b: /abcde.*/}}}, {$group: {_id: 1, n: {$sum: 1}}}], cursor: {}} | 1
            a $match alone                                   | {aggregate: 'c', pipeline: [{$match: {a: {b: /abcde.*/}}}], cursor: {}}     | 1
            a regex as the field's value stays a match       | {aggregate: 'c', pipeline: [{$match: {'a.b': /abcde.*/}}], cursor: {}}      | 3
            """)
    void a_regex_inside_a_document_is_equal_to_a_stored_one_of_the_same_pattern_and_options(
            String source, String command, int expected) {
        // given the three documents of regex_targeting.js's last block
        MongosCommands mongos = mongos("7.0");
        run(mongos, "app", "{insert: 'c', documents: [{a: {b: 'abcde-0'}}, {a: {b: 'abcde-1'}}, {a: {b: /abcde.*/}}]}");

        // when the command runs
        List<BsonDocument> found = find(mongos, "app", command);

        // then only the document holding the same regex is equal to {b: /abcde.*/} (a $group's count, or the documents)
        int n = found.size() == 1 && found.get(0).containsKey("n")
                ? found.get(0).getNumber("n").intValue()
                : found.size();
        assertEquals(expected, n, source);
    }

    // ---- update semantics ----------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            update_with_pipeline.js existing document | {_id: 1, x: 1}                 | [{$set: {foo: 4}}]                 | {_id: 1}  | {_id: 1, x: 1, foo: 4}
            update_with_pipeline.js existing document | {_id: 1, x: 1, y: 1}           | [{$project: {x: 1}}]               | {_id: 1}  | {_id: 1, x: 1}
            update_with_pipeline.js existing document | {_id: 1, x: 1, y: [{z: 1, foo: 1}]} | [{$unset: ['x', 'y.z']}]     | {_id: 1}  | {_id: 1, y: [{foo: 1}]}
            update_with_pipeline.js existing document | {_id: 1, x: 1, t: {u: {v: 1}}} | [{$replaceWith: '$t'}]             | {_id: 1}  | {_id: 1, u: {v: 1}}
            update_with_pipeline.js constants         | {_id: 1, x: 1}                 | [{$set: {foo: '$$foo'}}]           | {_id: 1}  | {_id: 1, x: 1, foo: 'bar'}
            """)
    void a_pipeline_update_changes_the_document_as_mongod_does(
            String source, String initial, String pipeline, String query, String expected) {
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [" + initial + "]}");

        BsonDocument reply = run(
                mongos, "app", "{update: 'c', updates: [{q: " + query + ", u: " + pipeline + ", c: {foo: 'bar'}}]}");

        assertEquals(1, reply.getNumber("nModified").intValue(), source + ": " + reply.toJson());
        assertEquals(
                BsonDocument.parse(expected), find(mongos, "app", "{find: 'c'}").get(0), source);
    }

    @ParameterizedTest(name = "{0}: {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            update_with_pipeline.js upsert performs insert | {_id: 1, x: 1}       | [{$set: {foo: 4}}]         | {_id: 1, x: 1, foo: 4}
            update_with_pipeline.js upsert performs insert | {_id: 1, x: 1}       | [{$project: {x: 1}}]       | {_id: 1, x: 1}
            update_with_pipeline.js upsert performs insert | {_id: 1, x: 1}       | [{$project: {x: 'foo'}}]   | {_id: 1, x: 'foo'}
            update_with_pipeline.js upsert performs insert | {_id: 1, x: 1, y: 1} | [{$unset: ['x']}]          | {_id: 1, y: 1}
            upsert_fields.js field extracted               | {_id: 1, x: {$in: [1]}} | {$set: {a: 1}}          | {_id: 1, a: 1, x: 1}
            upsert_fields.js field extracted               | {_id: 1, x: {$all: [1]}} | {$setOnInsert: {a: 1}} | {_id: 1, a: 1, x: 1}
            upsert_fields.js nested _id on $op-style       | {'_id.x': 1, '_id.y': 2} | {$set: {a: 1}}         | {_id: {x: 1, y: 2}, a: 1}
            upsert_fields.js _id not autogenerated         | {}                   | {$set: {_id: 1}}           | {_id: 1}
            """)
    void an_upsert_inserts_what_its_query_and_update_make(String source, String query, String update, String expected) {
        MongosCommands mongos = mongos("8.0");

        BsonDocument reply =
                run(mongos, "app", "{update: 'c', updates: [{q: " + query + ", u: " + update + ", upsert: true}]}");

        assertEquals(1, reply.getArray("upserted").size(), source + ": " + reply.toJson());
        assertEquals(
                unordered(BsonDocument.parse(expected)),
                unordered(find(mongos, "app", "{find: 'c'}").get(0)),
                source);
    }

    @ParameterizedTest(name = "{0}: {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            update_driver_test.cpp Parse.ModsWithLaterObjReplacement | {_id: 1}       | {$set: {a: 1}, b: 2}     | 9   | Unknown modifier: b. Expected a valid update modifier or pipeline-style update specified as an array
            modifier_node.cpp immutable path                  | {_id: {a: 1}}         | {$set: {'_id.b': 1}}       | 66  | Performing an update on the path '_id.b' would modify the immutable field '_id'
            modifier_node.cpp immutable path                  | {_id: {a: 1}}         | {$unset: {'_id.a': 1}}     | 66  | Performing an update on the path '_id.a' would modify the immutable field '_id'
            object_replace_executor.cpp immutable _id         | {_id: 1}              | {_id: 2, a: 1}             | 66  | After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2
            pipeline_executor.cpp immutable _id               | {_id: 1}              | [{$set: {_id: 3}}]         | 66  | After applying the update, the (immutable) field '_id' was found to have been altered to _id: 3
            update_with_pipeline.js invalid stage             | {_id: 1}              | [{$match: {x: 1}}]         | 72  | $match is not allowed to be used within an update
            """)
    void an_update_of_an_existing_document_is_refused_as_mongod_refuses_it(
            String source, String document, String update, int code, String message) {
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [" + document + "]}");

        BsonDocument reply = run(mongos, "app", "{update: 'c', updates: [{q: {}, u: " + update + "}]}");

        BsonDocument error = firstWriteError(reply);
        assertEquals(code, error.getNumber("code").intValue(), source);
        assertEquals(message, error.getString("errmsg").getValue(), source);
        assertEquals(
                BsonDocument.parse(document), find(mongos, "app", "{find: 'c'}").get(0), "a refusal changes nothing");
    }

    @ParameterizedTest(name = "{0}: {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            upsert_fields.js _id extraction errors | {$and: [{_id: 1}, {_id: 2}]} | {$set: {a: 1}}    | 54  | cannot infer query fields to set, path '_id' is matched twice
            upsert_fields.js nested _id replacement | {'_id.x': 1, '_id.y': 2}    | {a: 1}            | 111 | field at '_id' must be exactly specified, field at sub-path '_id.x'found
            upsert_stage.cpp immutable _id          | {_id: 9}                    | {$set: {_id: 10}} | 66  | Performing an update on the path '_id' would modify the immutable field '_id'
            upsert_stage.cpp immutable _id          | {_id: 7}                    | {_id: 8, w: 1}    | 66  | After applying the update, the (immutable) field '_id' was found to have been altered to _id: 8
            upsert_fields.js _id type error         | {}                          | {_id: [1, 2]}     | 53  | The '_id' value cannot be of type array
            """)
    void an_upsert_mongod_refuses_inserts_nothing(
            String source, String query, String update, int code, String message) {
        MongosCommands mongos = mongos("8.0");

        BsonDocument reply =
                run(mongos, "app", "{update: 'c', updates: [{q: " + query + ", u: " + update + ", upsert: true}]}");

        BsonDocument error = firstWriteError(reply);
        assertEquals(code, error.getNumber("code").intValue(), source);
        assertEquals(message, error.getString("errmsg").getValue(), source);
        assertTrue(find(mongos, "app", "{find: 'c'}").isEmpty(), "a refusal inserts nothing");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            update_shard_key_doc_moves_shards.js retryable write moves the document | 8.0 | {q: {sk: 5}, u: {$set: {sk: 150}}}              | true  | 0
            update_shard_key_doc_moves_shards.js neither transaction nor retryable  | 8.0 | {q: {sk: 5}, u: {$set: {sk: 150}}}              | false | 20
            update_shard_key_doc_on_same_shard.js multi                             | 6.0 | {q: {sk: 5}, u: {$set: {sk: 6}}, multi: true}   | false | 72
            update_shard_key_doc_on_same_shard.js full shard key (before 7.1)       | 6.0 | {q: {_id: 1}, u: {$set: {sk: 6}}}               | true  | 31025
            update_shard_key_doc_on_same_shard.js full shard key (before 7.1)       | 7.1 | {q: {_id: 1}, u: {$set: {sk: 6}}}               | true  | 0
            update_shard_key_doc_on_same_shard.js replacement                       | 4.4 | {q: {sk: 5}, u: {sk: 6, v: 2}}                  | false | 20
            """)
    void a_shard_key_change_follows_the_release_rules(
            String source, String release, String statement, boolean retryable, int code) {
        MongosCommands mongos = mongos(release);
        run(mongos, "admin", "{enableSharding: 'app', primaryShard: 'shard01'}");
        run(mongos, "admin", "{shardCollection: 'app.s', key: {sk: 1}}");
        run(mongos, "admin", "{split: 'app.s', middle: {sk: 100}}");
        run(mongos, "admin", "{moveChunk: 'app.s', find: {sk: 100}, to: 'shard02'}");
        run(mongos, "app", "{insert: 's', documents: [{_id: 1, sk: 5, v: 1}]}");
        String session =
                retryable ? ", lsid: {id: UUID('00000000-0000-4000-8000-000000000001')}, txnNumber: NumberLong(1)" : "";

        BsonDocument reply = run(mongos, "app", "{update: 's', updates: [" + statement + "]" + session + "}");

        if (code == 0) {
            assertFalse(reply.containsKey("writeErrors"), source + ": " + reply.toJson());
            assertEquals(1, reply.getNumber("nModified").intValue(), source);
        } else {
            assertEquals(code, firstWriteError(reply).getNumber("code").intValue(), source);
            assertEquals(
                    5, find(mongos, "app", "{find: 's'}").get(0).getNumber("sk").intValue(), "nothing changed");
        }
    }

    @Test
    void an_upsert_with_a_one_value_in_keeps_the_shard_key_field() {
        // jstests/core/write/update/upsert_fields.js, field extracted ({x: {$in: [1]}}) on a sharded collection
        MongosCommands mongos = mongos("8.0");
        run(mongos, "admin", "{shardCollection: 'app.s', key: {sk: 1}}");

        run(mongos, "app", "{update: 's', updates: [{q: {sk: {$in: [5]}}, u: {$set: {x: 1}}, upsert: true}]}");

        BsonDocument stored = find(mongos, "app", "{find: 's'}").get(0);
        assertEquals(5, stored.getNumber("sk").intValue());
        assertEquals(
                "_id",
                stored.getFirstKey(),
                "an upserted document has _id first (update_util.cpp ensureIdFieldIsFirst)");
    }

    @Test
    void an_inserted_document_has_its_id_first() {
        // mongo src/mongo/db/ops/insert.cpp fixDocumentForInsert: "moves _id to the front"
        MongosCommands mongos = mongos("8.0");

        run(mongos, "app", "{insert: 'c', documents: [{a: 1, _id: 7}]}");

        assertEquals("_id", find(mongos, "app", "{find: 'c'}").get(0).getFirstKey());
    }

    @Test
    void a_find_and_modify_pipeline_update_returns_the_new_document() {
        // jstests/core/write/find_and_modify/find_and_modify_pipeline_update.js: {new: true} returns the result
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [{_id: 0, a: 1}]}");

        BsonDocument reply =
                run(mongos, "app", "{findAndModify: 'c', query: {_id: 0}, update: [{$set: {y: 1}}], new: true}");

        assertEquals(BsonDocument.parse("{_id: 0, a: 1, y: 1}"), reply.getDocument("value"));
    }

    // ---- regular expressions and the $type expression -----------------------------------------------------

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            regex_options.js | {a: {$regex: /O/i}}                     | 1
            regex_options.js | {a: /O/i}                               | 1
            regex_options.js | {a: {$regex: 'O', $options: 'i'}}       | 1
            regex_options.js | {a: {$regex: '^f.*', $options: 'u'}}    | 1
            regex_options.js | {a: {$regex: /^fo{2}$/}}                | 1
            """)
    void a_regex_counts_as_mongod_counts_it(String source, String filter, int n) {
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [{a: 'foo'}]}");

        assertEquals(
                n,
                run(mongos, "app", "{count: 'c', query: " + filter + "}")
                        .getNumber("n")
                        .intValue(),
                source);
    }

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            regex_error.js   | 8.0 | {find: 'c', filter: {a: {$regex: '[)'}}}                       | 51091 | Regular expression is invalid: missing terminating ] for character class
            regex_error.js   | 6.0 | {find: 'c', filter: {a: {$regex: '(a'}}}                       | 51091 | Regular expression is invalid: missing closing parenthesis
            regex_options.js | 8.0 | {count: 'c', query: {txt: {$regex: '^hello.*', $options: 'g'}}} | 51108 | invalid flag in regex options: g
            """)
    void an_invalid_regex_is_refused_with_mongods_code(
            String source, String release, String command, int code, String message) {
        MongosCommands mongos = mongos(release);
        run(mongos, "app", "{insert: 'c', documents: [{a: 'foo'}]}");

        MongoCommandException e = assertThrows(MongoCommandException.class, () -> run(mongos, "app", command));

        assertEquals(code, e.code().number(), source);
        assertEquals(message, e.getMessage(), source);
    }

    @Test
    void the_type_expression_names_each_values_type() {
        // docs reference/operator/aggregation/type (the type names; "missing" for an absent field)
        MongosCommands mongos = mongos("8.0");
        run(
                mongos,
                "app",
                "{insert: 'c', documents: [{_id: 1, a: 1}, {_id: 2, a: 2.5}, {_id: 3, a: [1]},"
                        + " {_id: 4, a: 'x'}, {_id: 5, a: NumberLong(3)}, {_id: 6}]}");

        List<BsonDocument> typed = find(
                mongos,
                "app",
                "{aggregate: 'c', pipeline: [{$project: {t: {$type: '$a'}}}, {$sort: {_id: 1}}], cursor: {}}");

        List<String> types =
                typed.stream().map(d -> d.getString("t").getValue()).toList();
        assertEquals(List.of("int", "double", "array", "string", "long", "missing"), types);
    }

    @Test
    void kill_cursors_takes_longs_only() {
        // mongo src/mongo/db/query/kill_cursors.idl: cursors is array<cursorId>, a long
        MongosCommands mongos = mongos("8.0");

        MongoCommandException e = assertThrows(
                MongoCommandException.class, () -> run(mongos, "app", "{killCursors: 'c', cursors: [NumberInt(5)]}"));

        assertEquals(
                "BSON field 'killCursors.cursors.0' is the wrong type 'int', expected type 'long'", e.getMessage());
        assertEquals(
                1,
                run(mongos, "app", "{killCursors: 'c', cursors: [NumberLong(5)]}")
                        .getNumber("ok")
                        .intValue());
    }

    // ---- views, validators, capped collections ------------------------------------------------------------

    @Test
    void a_view_reads_its_source_through_its_pipeline_and_refuses_writes() {
        // jstests/core/views/views_basic.js: find, count, distinct and aggregate of a view; views_all_commands.js:
        // insert is CommandNotSupportedOnView
        MongosCommands mongos = mongos("8.0");
        run(
                mongos,
                "app",
                "{insert: 'c', documents: [{_id: 1, state: 'CA', pop: 5}, {_id: 2, state: 'NY', pop: 7},"
                        + " {_id: 3, state: 'CA', pop: 9}]}");
        run(mongos, "app", "{create: 'ca', viewOn: 'c', pipeline: [{$match: {state: 'CA'}}]}");

        List<BsonDocument> found = find(mongos, "app", "{find: 'ca', filter: {pop: {$gt: 6}}, projection: {_id: 1}}");
        BsonDocument count = run(mongos, "app", "{count: 'ca'}");
        BsonDocument distinct = run(mongos, "app", "{distinct: 'ca', key: 'pop'}");
        BsonDocument reply = run(mongos, "app", "{find: 'ca'}");
        BsonDocument insert = run(mongos, "app", "{insert: 'ca', documents: [{x: 1}]}");

        assertEquals(List.of(BsonDocument.parse("{_id: 3}")), found);
        assertEquals(2, count.getNumber("n").intValue());
        assertEquals(BsonArray.parse("[5, 9]"), distinct.getArray("values"));
        assertEquals("app.ca", reply.getDocument("cursor").getString("ns").getValue());
        assertEquals(166, firstWriteError(insert).getNumber("code").intValue());
        assertEquals(
                "Namespace app.ca is a view, not a collection",
                firstWriteError(insert).getString("errmsg").getValue());
        assertEquals(3, find(mongos, "app", "{find: 'c'}").size(), "the refused write changed nothing");
    }

    @Test
    void a_view_is_listed_as_a_view_and_dropped_as_one() {
        // jstests/core/views/views_basic.js (listCollections shows type 'view' and options {viewOn, pipeline})
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [{a: 1}]}");
        run(mongos, "app", "{create: 'v', viewOn: 'c', pipeline: []}");

        BsonDocument listed =
                find(mongos, "app", "{listCollections: 1, filter: {name: 'v'}}").get(0);
        run(mongos, "app", "{drop: 'v'}");

        assertEquals("view", listed.getString("type").getValue());
        assertEquals(BsonDocument.parse("{viewOn: 'c', pipeline: []}"), listed.getDocument("options"));
        assertTrue(
                find(mongos, "app", "{listCollections: 1, filter: {name: 'v'}}").isEmpty());
    }

    @Test
    void a_validator_refuses_what_it_does_not_match_as_its_level_and_action_say() {
        // jstests/core/doc_validation/doc_validation_options.js, step by step
        MongosCommands mongos = mongos("8.0");
        run(mongos, "test", "{create: 't', validator: {a: 1}}");

        BsonDocument refused = run(mongos, "test", "{insert: 't', documents: [{a: 2}]}");
        run(mongos, "test", "{insert: 't', documents: [{_id: 1, a: 1}]}");
        BsonDocument strict = run(mongos, "test", "{update: 't', updates: [{q: {}, u: {$set: {a: 2}}}]}");
        run(mongos, "test", "{collMod: 't', validationAction: 'warn'}");
        run(mongos, "test", "{update: 't', updates: [{q: {}, u: {$set: {a: 2}}}]}");
        run(mongos, "test", "{collMod: 't', validationAction: 'error', validationLevel: 'strict'}");
        BsonDocument backToStrict = run(mongos, "test", "{update: 't', updates: [{q: {}, u: {$set: {a: 3}}}]}");
        run(mongos, "test", "{collMod: 't', validationLevel: 'moderate'}");
        run(mongos, "test", "{update: 't', updates: [{q: {}, u: {$set: {a: 3}}}]}");

        assertEquals(121, firstWriteError(refused).getNumber("code").intValue());
        assertEquals(
                BsonDocument.parse(
                        "{operatorName: '$eq', specifiedAs: {a: 1}, reason: 'comparison failed', consideredValue: 2}"),
                firstWriteError(refused).getDocument("errInfo").getDocument("details"));
        assertEquals(121, firstWriteError(strict).getNumber("code").intValue(), "the default level is strict");
        assertEquals(121, firstWriteError(backToStrict).getNumber("code").intValue());
        assertEquals(
                3, find(mongos, "test", "{find: 't'}").get(0).getNumber("a").intValue(), "moderate: bad to bad");
        BsonDocument options = find(mongos, "test", "{listCollections: 1, filter: {name: 't'}}")
                .get(0)
                .getDocument("options");
        assertEquals("moderate", options.getString("validationLevel").getValue());
    }

    @Test
    void a_validation_failure_explains_each_clause_it_failed() {
        // jstests/core/doc_validation/doc_validation_error.js, "Contacts": an $or's clauses, each with its reason
        MongosCommands mongos = mongos("8.0");
        run(
                mongos,
                "test",
                "{create: 'contacts', validator: {$or: [{phone: {$type: 'string'}},"
                        + " {email: {$regex: '@mongodb\\\\.com$'}}, {status: {$in: ['Unknown', 'Incomplete']}}]}}");

        BsonDocument reply = run(mongos, "test", "{insert: 'contacts', documents: [{email: 'info@mongodb.co'}]}");

        BsonDocument details = firstWriteError(reply).getDocument("errInfo").getDocument("details");
        assertEquals("$or", details.getString("operatorName").getValue());
        BsonArray clauses = details.getArray("clausesNotSatisfied");
        assertEquals(
                BsonDocument.parse(
                        "{index: 0, details: {operatorName: '$type', specifiedAs: {phone: {$type: 'string'}},"
                                + " reason: 'field was missing'}}"),
                clauses.get(0));
        assertEquals(
                "regular expression did not match",
                clauses.get(1)
                        .asDocument()
                        .getDocument("details")
                        .getString("reason")
                        .getValue());
        assertEquals(
                "info@mongodb.co",
                clauses.get(1)
                        .asDocument()
                        .getDocument("details")
                        .getString("consideredValue")
                        .getValue());
        assertEquals(
                BsonDocument.parse("{index: 2, details: {operatorName: '$in', specifiedAs: {status: {$in: ['Unknown',"
                        + " 'Incomplete']}}, reason: 'field was missing'}}"),
                clauses.get(2));
    }

    @Test
    void a_validator_the_store_cannot_evaluate_is_refused_not_ignored() {
        MongosCommands mongos = mongos("8.0");

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> run(mongos, "test", "{create: 'js', validator: {$jsonSchema: {required: ['a']}}}"));

        assertEquals(115, e.code().number());
        assertTrue(
                find(mongos, "test", "{listCollections: 1, filter: {name: 'js'}}")
                        .isEmpty(),
                "nothing created");
    }

    @Test
    void a_capped_collection_keeps_its_newest_documents_in_insertion_order() {
        // jstests/core/capped/capped_max1.js: max 10 documents, 20 inserted, 10 left
        MongosCommands mongos = mongos("8.0");
        run(mongos, "test", "{create: 'capped', capped: true, size: 65536, max: 10}");

        for (int i = 0; i < 20; i++) {
            run(mongos, "test", "{insert: 'capped', documents: [{x: " + i + "}]}");
        }

        List<BsonDocument> kept = find(mongos, "test", "{find: 'capped'}");
        assertEquals(10, kept.size());
        assertEquals(10, kept.get(0).getNumber("x").intValue(), "the oldest left is the 11th inserted");
        assertEquals(19, kept.get(9).getNumber("x").intValue(), "natural order is insertion order");
        BsonDocument options = find(mongos, "test", "{listCollections: 1, filter: {name: 'capped'}}")
                .get(0)
                .getDocument("options");
        assertEquals(BsonDocument.parse("{capped: true, size: 65536, max: 10}"), options);
    }

    @Test
    void a_capped_collection_stays_within_its_size() {
        // jstests/core/capped/capped_large_docs.js, scaled: ~5 KB documents into a 12 KB collection keep 2
        MongosCommands mongos = mongos("8.0");
        run(mongos, "test", "{create: 'big', capped: true, size: 12288}");
        String value = "a".repeat(5 * 1024);

        for (int i = 0; i < 5; i++) {
            run(mongos, "test", "{insert: 'big', documents: [{i: " + i + ", key: '" + value + "'}]}");
        }

        List<BsonDocument> kept = find(mongos, "test", "{find: 'big'}");
        assertEquals(2, kept.size());
        assertEquals(
                List.of(3, 4),
                kept.stream().map(d -> d.getNumber("i").intValue()).toList());
    }

    // ---- config writes, getShardVersion, usersInfo, dbStats -----------------------------------------------

    @ParameterizedTest(name = "with txnNumber: {0}")
    @CsvSource({"false", "true"})
    void the_manuals_balancer_window_and_chunk_size_writes_reach_the_cluster(boolean retryable) {
        // docs tutorial/manage-sharded-cluster-balancer ("Schedule the Balancing Window", "Remove a Balancing Window
        // Schedule") and tutorial/modify-chunk-size-in-sharded-cluster; mongosh sends them as retryable writes
        MongosCommands mongos = mongos("8.0");
        run(mongos, "admin", "{shardCollection: 'app.c', key: {x: 1}}");
        String session =
                retryable ? ", lsid: {id: UUID('00000000-0000-4000-8000-000000000002')}, txnNumber: NumberLong(1)" : "";

        run(
                mongos,
                "config",
                "{update: 'settings', updates: [{q: {_id: 'balancer'}, u: {$set: {activeWindow:"
                        + " {start: '23:00', stop: '6:00'}}}, upsert: true}]" + session + "}");
        BsonDocument windowed = find(mongos, "config", "{find: 'settings', filter: {_id: 'balancer'}}")
                .get(0);
        var withWindow = mongos.catalog()
                .collection("app.c")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .window();
        run(
                mongos,
                "config",
                "{update: 'settings', updates: [{q: {_id: 'chunksize'}, u: {$set: {_id: 'chunksize',"
                        + " value: 64}}, upsert: true}]" + session.replace("NumberLong(1)", "NumberLong(2)") + "}");
        run(
                mongos,
                "config",
                "{update: 'settings', updates: [{q: {_id: 'balancer'}, u: {$unset: {activeWindow: true}}}]"
                        + session.replace("NumberLong(1)", "NumberLong(3)") + "}");

        assertEquals(BsonDocument.parse("{start: '23:00', stop: '6:00'}"), windowed.getDocument("activeWindow"));
        assertTrue(withWindow.isPresent());
        assertEquals(
                64,
                find(mongos, "config", "{find: 'settings', filter: {_id: 'chunksize'}}")
                        .get(0)
                        .getNumber("value")
                        .intValue());
        assertTrue(mongos.catalog()
                .collection("app.c")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .window()
                .isEmpty());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            balancer_configuration_test.cpp ChunkSizeSettingsType.IllegalValues | {q: {_id: 'chunksize'}, u: {$set: {value: 1025}}, upsert: true} | 2 | 1025 is not a valid value for chunksize
            balancer_configuration_test.cpp ChunkSizeSettingsType.IllegalValues | {q: {_id: 'chunksize'}, u: {$set: {value: 0}}, upsert: true}    | 2 | 0 is not a valid value for chunksize
            balancer_configuration_test.cpp InvalidBalancingWindowTimeFormat     | {q: {_id: 'balancer'}, u: {$set: {activeWindow: {start: '23', stop: '6'}}}, upsert: true} | 2 | activeWindow format is { start: "hh:mm" , stop: "hh:mm" }
            balancer_configuration_test.cpp start and stop times must be different | {q: {_id: 'balancer'}, u: {$set: {activeWindow: {start: '9:00', stop: '9:00'}}}, upsert: true} | 2 | start and stop times must be different
            config database: a setting ShardLab does not simulate               | {q: {_id: 'balancer'}, u: {$set: {_secondaryThrottle: true}}, upsert: true} | 115 | ShardLab does not simulate the config database document { _id: "balancer", _secondaryThrottle: true }
            """)
    void a_settings_write_the_balancer_could_not_read_is_refused_and_changes_nothing(
            String source, String statement, int code, String message) {
        MongosCommands mongos = mongos("8.0");
        run(mongos, "admin", "{shardCollection: 'app.c', key: {x: 1}}");

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> run(
                        mongos,
                        "config",
                        "{update: 'settings', updates: [{q: {_id: 'balancer'}, u: {$set: {stopped: true}}}, "
                                + statement + "]}"));

        assertEquals(code, e.code().number(), source);
        assertEquals(message, e.getMessage(), source);
        assertTrue(mongos.catalog().balancerEnabled(), "the batch's first statement was not applied either");
        assertTrue(find(mongos, "config", "{find: 'settings'}").isEmpty(), source);
    }

    @Test
    void configure_collection_balancing_enable_auto_merger_turns_it_off_for_the_collection() {
        // mongo configure_collection_balancing.idl enableAutoMerger (7.0+): config.collections enableAutoMerge
        MongosCommands mongos = mongos("7.0");
        run(mongos, "admin", "{shardCollection: 'app.a', key: {x: 1}}");

        run(mongos, "admin", "{configureCollectionBalancing: 'app.a', enableAutoMerger: false}");

        assertFalse(mongos.catalog()
                .collection("app.a")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .autoMergeEnabled());
        assertEquals(
                false,
                find(mongos, "config", "{find: 'collections', filter: {_id: 'app.a'}}")
                        .get(0)
                        .getBoolean("enableAutoMerge")
                        .getValue());
    }

    @Test
    void disabling_the_auto_merger_for_one_collection_turns_it_off_there_only() {
        // mongosh shard.ts disableAutoMerger / enableAutoMerger: config.collections {$set: {enableAutoMerge: false}},
        // {$unset: {enableAutoMerge: 1}} (7.0+)
        MongosCommands mongos = mongos("7.0");
        run(mongos, "admin", "{shardCollection: 'app.a', key: {x: 1}}");
        run(mongos, "admin", "{shardCollection: 'app.b', key: {x: 1}}");

        run(
                mongos,
                "config",
                "{update: 'collections', updates: [{q: {_id: 'app.a'}, u: {$set: {enableAutoMerge: false}}}]}");
        boolean aMerges = mongos.catalog()
                .collection("app.a")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .autoMergeEnabled();
        boolean bMerges = mongos.catalog()
                .collection("app.b")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .autoMergeEnabled();
        BsonDocument aDocument = find(mongos, "config", "{find: 'collections', filter: {_id: 'app.a'}}")
                .get(0);
        run(
                mongos,
                "config",
                "{update: 'collections', updates: [{q: {_id: 'app.a'}, u: {$unset: {enableAutoMerge: 1}}}]}");

        assertFalse(aMerges);
        assertTrue(bMerges);
        assertFalse(aDocument.getBoolean("enableAutoMerge").getValue());
        assertTrue(mongos.catalog()
                .collection("app.a")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .autoMergeEnabled());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"4.4, false", "5.0, true", "8.0, true"})
    void get_shard_version_answers_in_the_releases_shape(String release, boolean timestamped) {
        // mongo src/mongo/s/commands/cluster_get_shard_version_cmd.cpp
        MongosCommands mongos = mongos(release);
        run(mongos, "admin", "{enableSharding: 'app'}");
        run(mongos, "admin", "{shardCollection: 'app.c', key: {x: 1}}");
        run(mongos, "admin", "{split: 'app.c', middle: {x: 10}}");

        BsonDocument reply = run(mongos, "admin", "{getShardVersion: 'app.c', fullMetadata: true}");
        MongoCommandException unsharded =
                assertThrows(MongoCommandException.class, () -> run(mongos, "admin", "{getShardVersion: 'app.d'}"));

        assertTrue(reply.isTimestamp("version"));
        assertTrue(reply.isObjectId("versionEpoch"));
        assertEquals(timestamped, reply.containsKey("versionTimestamp"));
        assertEquals(2, reply.getArray("chunks").size());
        assertEquals("Collection app.d is not sharded.", unsharded.getMessage());
    }

    @Test
    void users_info_finds_no_user_and_db_stats_names_its_database() {
        MongosCommands mongos = mongos("8.0");
        run(mongos, "app", "{insert: 'c', documents: [{a: 1}]}");

        assertEquals(new BsonArray(), run(mongos, "app", "{usersInfo: 1}").getArray("users"));
        assertEquals("app", run(mongos, "app", "{dbStats: 1}").getString("db").getValue());
        assertEquals(1, run(mongos, "app", "{drop: 'nothere'}").getNumber("ok").intValue(), "SERVER-36317");
    }

    private static BsonDocument unordered(BsonDocument d) {
        TreeMap<String, BsonValue> sorted = new TreeMap<>();
        d.forEach((k, v) -> sorted.put(k, v.isDocument() ? unordered(v.asDocument()) : v));
        BsonDocument out = new BsonDocument();
        sorted.forEach(out::append);
        return out;
    }
}

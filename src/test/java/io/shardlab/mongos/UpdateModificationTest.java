package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An update statement's {@code u} read as mongod reads it. Rows from mongo
 * {@code src/mongo/db/update/update_driver_test.cpp} ({@code Parse.*}) and
 * {@code jstests/core/write/update/update_with_pipeline.js}.
 */
class UpdateModificationTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            update_driver_test.cpp Parse.Normal            | {q: {}, u: {$set: {a: 1}}}                   | Operators
            update_driver_test.cpp Parse.MultiMods         | {q: {}, u: {$set: {a: 1, b: 1}}}             | Operators
            update_driver_test.cpp Parse.MixingMods        | {q: {}, u: {$set: {a: 1}, $unset: {b: 1}}}   | Operators
            update_driver_test.cpp Parse.ObjectReplacment  | {q: {}, u: {obj: 'obj replacement'}}         | Replacement
            update_driver_test.cpp Parse.ParseUpdateWithPipeline | {q: {}, u: [{$addFields: {a: 1}}]}    | Pipeline
            update_driver_test.cpp Parse.EmptyMod          | {q: {}, u: {$set: {}}}                       | Operators
            update_driver_test.cpp Parse.SetOnInsert       | {q: {}, u: {$setOnInsert: {a: 1}}}           | Operators
            update_with_pipeline.js constants              | {q: {}, u: [{$set: {foo: '$$foo'}}], c: {foo: 'bar'}} | Pipeline
            update_with_pipeline.js $replaceWith           | {q: {}, u: [{$replaceWith: '$t'}]}           | Pipeline
            """)
    void an_update_is_read_as_a_replacement_operators_or_a_pipeline(String source, String statement, String kind) {
        UpdateModification mod = UpdateModification.of(BsonDocument.parse(statement), "u");

        assertEquals(kind, mod.getClass().getSimpleName(), source);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            update_driver_test.cpp Parse.WrongMod | {q: {}, u: {$xyz: {a: 1}}} | 9 | Unknown modifier: $xyz. Expected a valid update modifier or pipeline-style update specified as an array
            update_driver_test.cpp Parse.WrongType | {q: {}, u: {$set: [{a: 1}]}} | 9 | Modifiers operate on fields but we found type array instead. For example: {$mod: {<field>: ...}} not {$set: [ { a: 1 } ]}
            update_driver_test.cpp Parse.ModsWithLaterObjReplacement | {q: {}, u: {$set: {a: 1}, obj: 'obj replacement'}} | 9 | Unknown modifier: obj. Expected a valid update modifier or pipeline-style update specified as an array
            update_with_pipeline.js aggregation stage outside a pipeline | {q: {_id: 1}, u: {$addFields: {x: 1}}} | 9 | Unknown modifier: $addFields. Expected a valid update modifier or pipeline-style update specified as an array
            update_with_pipeline.js invalid stage $match | {q: {x: 1}, u: [{$match: {x: 1}}]} | 72 | $match is not allowed to be used within an update
            update_with_pipeline.js invalid stage $sort | {q: {x: 1}, u: [{$sort: {x: 1}}]} | 72 | $sort is not allowed to be used within an update
            update_with_pipeline.js invalid stage $facet | {q: {x: 1}, u: [{$facet: {a: [{$match: {x: 1}}]}}]} | 72 | $facet is not allowed to be used within an update
            update_with_pipeline.js invalid stage $bucket | {q: {x: 1}, u: [{$bucket: {groupBy: '$a', boundaries: [0, 1], default: 'foo'}}]} | 72 | $bucket is not allowed to be used within an update
            update_with_pipeline.js invalid stage $lookup | {q: {x: 1}, u: [{$lookup: {from: 'foo', as: 'as', localField: 'a', foreignField: 'b'}}]} | 72 | $lookup is not allowed to be used within an update
            update_with_pipeline.js invalid stage $graphLookup | {q: {x: 1}, u: [{$graphLookup: {from: 'foo', startWith: '$a', connectFromField: 'a', connectToField: 'b', as: 'as'}}]} | 72 | $graphLookup is not allowed to be used within an update
            update_with_pipeline.js invalid stage $indexStats | {q: {x: 1}, u: [{$indexStats: {}}]} | 72 | $indexStats is not allowed to be used within an update
            update_with_pipeline.js arrayFilters with a pipeline | {q: {_id: 1}, u: [{$set: {x: 1}}], arrayFilters: [{x: {$eq: 1}}]} | 9 | arrayFilters may not be specified for pipeline-style updates
            update_with_pipeline.js constants with a replacement | {q: {_id: 1}, u: {x: '$$foo'}, c: {foo: 'bar'}} | 51198 | Constant values may only be specified for pipeline updates
            update_with_pipeline.js constants with operators | {q: {_id: 1}, u: {$set: {x: '$$foo'}}, c: {foo: 'bar'}} | 51198 | Constant values may only be specified for pipeline updates
            update_driver.cpp multi replacement | {q: {}, u: {a: 1}, multi: true} | 9 | multi update is not supported for replacement-style update
            """)
    void an_update_mongod_cannot_parse_is_refused_with_its_code(
            String source, String statement, int code, String message) {
        StatementFailedException e = assertThrows(
                StatementFailedException.class, () -> UpdateModification.of(BsonDocument.parse(statement), "u"));

        BsonDocument error = e.writeError(0);
        assertEquals(code, error.getNumber("code").intValue(), source);
        assertEquals(message, error.getString("errmsg").getValue(), source);
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** $listSampledQueries documents (docs listSampledQueries; mongo SampledQueryDocument) as query-mix operations. */
class SampledQueryDocumentsTest {

    private static final String HEAD = "_id: UUID('4cf7d2a0-0d5c-4f46-9d6a-8a2f5f7f0a01'), ns: 'shop.orders', "
            + "collectionUuid: UUID('0f1c6a8e-2b9d-4d0e-8d5f-5a0f2b9c7e11'), expireAt: ISODate('2026-12-31T00:00:00Z'), ";

    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # cmdName     | cmd                                                                                   | op            | filter
            find          | {filter: {a: 1}, collation: {locale: 'fr'}}                                           | find          | {a: 1}
            aggregate     | {filter: {a: {$gt: 1}}}                                                               | aggregate     | {a: {$gt: 1}}
            count         | {filter: {}}                                                                          | count         | {}
            distinct      | {filter: {b: 2}}                                                                      | distinct      | {b: 2}
            update        | {update: 'orders', updates: [{q: {a: 1}, u: {$set: {b: 1}}, multi: false, upsert: false}]} | updateOne | {a: 1}
            update        | {update: 'orders', updates: [{q: {a: 1}, u: {$set: {b: 1}}, multi: true, upsert: false}]}  | updateMany | {a: 1}
            update        | {update: 'orders', updates: [{q: {_id: 1}, u: {a: 2, b: 3}, multi: false, upsert: false}]} | replaceOne | {_id: 1}
            delete        | {delete: 'orders', deletes: [{q: {a: 1}, limit: 1}]}                                  | deleteOne     | {a: 1}
            delete        | {delete: 'orders', deletes: [{q: {a: 1}, limit: 0}]}                                  | deleteMany    | {a: 1}
            findAndModify | {findAndModify: 'orders', query: {a: 1}, update: {$inc: {n: 1}}, remove: false, upsert: true} | findAndModify | {a: 1}
            bulkWrite     | {bulkWrite: 1, ops: [{update: 0, filter: {a: 1}, updateMods: {$set: {b: 1}}, multi: true}], nsInfo: [{ns: 'shop.orders'}]} | updateMany | {a: 1}
            bulkWrite     | {bulkWrite: 1, ops: [{delete: 0, filter: {a: 1}, multi: false}], nsInfo: [{ns: 'shop.orders'}]} | deleteOne | {a: 1}
            """)
    void eachSampledCommandBecomesItsOperation(String cmdName, String cmd, String op, String filter) {
        List<SampledQuery> q = SampledQueryDocuments.of(
                BsonLiterals.parseDocument("{" + HEAD + "cmdName: '" + cmdName + "', cmd: " + cmd + "}"));

        assertEquals(1, q.size());
        assertEquals(QueryCommand.of(op), q.get(0).command());
        assertEquals(BsonLiterals.parseDocument(filter), q.get(0).filter());
        assertEquals(1, q.get(0).weight(), "each sampled operation counts once");
    }

    @Test
    void theCollationAndTheUpdateComeAlong() {
        SampledQuery find = SampledQueryDocuments.of(BsonLiterals.parseDocument("{" + HEAD
                        + "cmdName: 'find', cmd: {filter: {a: 'x'}, collation: {locale: 'en', strength: 2}}}"))
                .get(0);
        SampledQuery pipeline = SampledQueryDocuments.of(
                        BsonLiterals.parseDocument(
                                "{" + HEAD + "cmdName: 'update', cmd: "
                                        + "{update: 'orders', updates: [{q: {a: 1}, u: [{$set: {b: 1}}], multi: false, upsert: false}]}}"))
                .get(0);
        SampledQuery remove = SampledQueryDocuments.of(
                        BsonLiterals.parseDocument("{" + HEAD + "cmdName: 'findAndModify', "
                                + "cmd: {findAndModify: 'orders', query: {a: 1}, remove: true}}"))
                .get(0);

        assertEquals(BsonLiterals.parseDocument("{locale: 'en', strength: 2}"), find.collation());
        assertEquals(QueryCommand.UPDATE_ONE, pipeline.command());
        assertNull(pipeline.update(), "a pipeline update's effect on the key cannot be told from the command");
        assertNull(remove.update());
    }

    @Test
    void aDocumentOfAnotherShapeIsNamedByItsId() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> SampledQueryDocuments.of(BsonLiterals.parseDocument("{_id: 7, cmdName: 'insert', cmd: {}}")));

        assertEquals("sampled query 7: unknown cmdName 'insert'", e.getMessage());
    }
}

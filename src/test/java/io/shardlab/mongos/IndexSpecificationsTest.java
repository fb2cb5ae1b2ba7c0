package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The form of {@code createIndexes}' specifications, as mongo {@code src/mongo/db/catalog/index_key_validate.cpp}
 * ({@code validateIndexSpec}, {@code parseAndValidateIndexSpecs}) refuses it; the codes of the missing-field and
 * empty-list cases are asserted by {@code jstests/core/ddl/create_indexes.js}.
 */
class IndexSpecificationsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            [{key: 5, name: 'x'}]              | TypeMismatch   | Error in specification { key: 5, name: "x" } :: caused by :: The field 'key' must be an object, but got int
            [{key: 'a', name: 'x'}]            | TypeMismatch   | Error in specification { key: "a", name: "x" } :: caused by :: The field 'key' must be an object, but got string
            [{key: [1], name: 'x'}]            | TypeMismatch   | Error in specification { key: [ 1 ], name: "x" } :: caused by :: The field 'key' must be an object, but got array
            [{key: null, name: 'x'}]           | TypeMismatch   | Error in specification { key: null, name: "x" } :: caused by :: The field 'key' must be an object, but got null
            [{key: {a: 1}, name: 5}]           | TypeMismatch   | Error in specification { key: { a: 1 }, name: 5 } :: caused by :: The field 'name' must be a string, but got int
            [{name: 5, key: 5}]                | TypeMismatch   | Error in specification { name: 5, key: 5 } :: caused by :: The field 'name' must be a string, but got int
            [{name: 'x'}]                      | FailedToParse  | Error in specification { name: "x" } :: caused by :: The 'key' field is a required property of an index specification
            [{key: {a: 1}}]                    | FailedToParse  | Error in specification { key: { a: 1 } } :: caused by :: The 'name' field is a required property of an index specification
            [{}]                               | FailedToParse  | Error in specification {} :: caused by :: The 'key' field is a required property of an index specification
            []                                 | BadValue       | Must specify at least one index to create
            [null]                             | BadValue       | Must specify at least one index to create
            """)
    void aMalformedSpecificationIsRefusedAsMongodRefusesIt(String indexes, String codeName, String message) {
        // given the indexes of a createIndexes command
        BsonArray specs = BsonDocument.parse("{i: " + indexes + "}").getArray("i");

        // when they are checked
        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> IndexSpecifications.checked(specs, MongoVersion.V8_0));

        // then MongoDB's code and text
        assertEquals(codeName, e.code().codeName());
        assertEquals(message, e.getMessage());
    }

    /**
     * The options {@code validateIndexSpec} checks by type (mongo {@code src/mongo/db/catalog/index_key_validate.cpp}):
     * collation and partialFilterExpression in every release, the boolean options from 7.0.
     */
    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | [{key: {a: 1}, name: 'a_1', collation: 1}]               | TypeMismatch | Error in specification { key: { a: 1 }, name: "a_1", collation: 1 } :: caused by :: The field 'collation' must be an object, but got int
            8.0 | [{key: {a: 1}, name: 'a_1', collation: {}}]              | BadValue     | Error in specification { key: { a: 1 }, name: "a_1", collation: {} } :: caused by :: The field 'collation' cannot be an empty object.
            6.0 | [{key: {a: 1}, name: 'a_1', partialFilterExpression: 1}] | TypeMismatch | Error in specification { key: { a: 1 }, name: "a_1", partialFilterExpression: 1 } :: caused by :: The field 'partialFilterExpression' must be an object, but got int
            7.0 | [{key: {a: 1}, name: 'a_1', unique: 'x'}]                | TypeMismatch | Error in specification { key: { a: 1 }, name: "a_1", unique: "x" } :: caused by :: The field 'unique has value unique: "x", which is not convertible to bool
            8.0 | [{key: {a: 1}, name: 'a_1', sparse: [1]}]                | TypeMismatch | Error in specification { key: { a: 1 }, name: "a_1", sparse: [ 1 ] } :: caused by :: The field 'sparse has value sparse: [ 1 ], which is not convertible to bool
            8.0 | [{unique: 'x', key: 5, name: 'a_1'}]                     | TypeMismatch | Error in specification { unique: "x", key: 5, name: "a_1" } :: caused by :: The field 'unique has value unique: "x", which is not convertible to bool
            """)
    void anOptionOfTheWrongTypeIsRefusedAsMongodRefusesIt(
            String release, String indexes, String codeName, String message) {
        BsonArray specs = BsonDocument.parse("{i: " + indexes + "}").getArray("i");

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> IndexSpecifications.checked(specs, MongoVersion.parseModelled(release)));

        assertEquals(codeName, e.code().codeName());
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            [{key: {a: 1}, name: 'a_1', unique: 1, sparse: false, collation: {locale: 'fr'}}] | 1
            [{key: {a: 1}, name: 'a_1'}]                    | 1
            [null, {key: {a: 1}, name: 'a_1', unique: true}] | 1
            """)
    void wellFormedSpecificationsPass(String indexes, int count) {
        BsonArray specs = BsonDocument.parse("{i: " + indexes + "}").getArray("i");

        assertEquals(
                count, IndexSpecifications.checked(specs, MongoVersion.V8_0).size());
    }
}

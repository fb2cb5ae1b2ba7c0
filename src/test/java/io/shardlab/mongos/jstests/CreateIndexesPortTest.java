package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code createIndexes} through a mongos, ported from mongo {@code jstests/core/ddl/create_indexes.js}: the
 * assertions about the form of the request (the index counts, the note, and the refused specifications), one row
 * per assertion; the {@code config.transactions} rows, the {@code v: 0} / {@code v: 1} rows and the unknown-field
 * rows are not ported. The texts are mongod's ({@code src/mongo/db/catalog/index_key_validate.cpp}), which a mongos
 * answers as the shard gave them.
 */
class CreateIndexesPortTest {

    static final String ROWS = """
            4.4+ | a new index on a new collection                      |  | db {createIndexes: 'create_indexes', indexes: [{key: {x: 1}, name: 'x_1'}]} | ok {numIndexesBefore: 1, numIndexesAfter: 2}
            4.4+ | an existing index: all indexes already exist         | db {createIndexes: 'create_indexes', indexes: [{key: {x: 1}, name: 'x_1'}]} | db {createIndexes: 'create_indexes', indexes: [{key: {x: 1}, name: 'x_1'}]} | ok {numIndexesBefore: 2, numIndexesAfter: 2, note: 'all indexes already exist'}
            4.4+ | two new indexes                                      | db {createIndexes: 'create_indexes', indexes: [{key: {x: 1}, name: 'x_1'}]} | db {createIndexes: 'create_indexes', indexes: [{key: {a: 1}, name: 'a_1'}, {key: {b: 1}, name: 'b_1'}]} | ok {numIndexesBefore: 2, numIndexesAfter: 4}
            4.4+ | an empty list of specs                               | db {insert: 'create_indexes', documents: [{a: 1}]} | db {createIndexes: 'create_indexes', indexes: []} | BadValue: Must specify at least one index to create
            4.4+ | a spec without key                                   | db {insert: 'create_indexes', documents: [{a: 1}]} | db {createIndexes: 'create_indexes', indexes: [{}]} | FailedToParse: Error in specification {} :: caused by :: The 'key' field is a required property of an index specification
            4.4+ | a malformed spec fails the whole command             | db {insert: 'create_indexes', documents: [{a: 1}]} | db {createIndexes: 'create_indexes', indexes: [{}, {key: {m: 1}, name: 'asd'}]} | FailedToParse
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ddl/create_indexes.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

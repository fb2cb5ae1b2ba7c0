package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * collMod's refusal of a field its {@code index} does not declare, ported from mongo
 * {@code jstests/core/ddl/collMod_index_invalid_option.js}: from 5.0 {@code CollModIndex} is a strict IDL struct
 * (mongo {@code src/mongo/db/coll_mod.idl}); 4.4's hand parser reads only the fields it knows of {@code index}.
 */
class CollModIndexInvalidOptionPortTest {

    static final String ROWS = """
            5.0+ | collMod fails on an unrecognized field of index    | db {createIndexes: 'collMod_index_invalid_option', indexes: [{key: {a: 1}, name: 'a_1', expireAfterSeconds: 100}]} | db {collMod: 'collMod_index_invalid_option', index: {keyPattern: {a: 1}, expireAfterSeconds: 200, invalidOption: 1}} | IDLUnknownField
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ddl/collMod_index_invalid_option.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

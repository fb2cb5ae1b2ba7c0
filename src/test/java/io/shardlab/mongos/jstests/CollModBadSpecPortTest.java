package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * collMod's refusal of a field it does not know, ported from mongo {@code jstests/core/ddl/coll_mod_bad_spec.js}
 * (4.4: {@code jstests/core/collmod_bad_spec.js}). The file asserts a failure; the code and text are the release's:
 * 4.4's shard parser (mongo {@code src/mongo/db/catalog/coll_mod.cpp}, {@code parseCollModRequest}: InvalidOptions),
 * from 5.0 the mongos' IDL parser of the strict {@code coll_mod.idl} (IDLUnknownField). 4.4's other refusals are
 * {@code CollModFourFourParserTest}'s.
 */
class CollModBadSpecPortTest {

    static final String ROWS = """
            4.4  | Issue an invalid command                           | db {create: 'collModBadSpec'} | db {collMod: 'collModBadSpec', validationLevel: 'off', unknownField: 'x'} | InvalidOptions: unknown option to collMod: unknownField
            5.0+ | Issue an invalid command                           | db {create: 'collModBadSpec'} | db {collMod: 'collModBadSpec', validationLevel: 'off', unknownField: 'x'} | IDLUnknownField: BSON field 'collMod.unknownField' is an unknown field.
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ddl/coll_mod_bad_spec.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

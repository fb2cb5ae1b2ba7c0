package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The TTL options of {@code createIndexes} through a mongos, ported from mongo {@code jstests/core/ttl_index_options.js}
 * (mongosh's {@code coll.createIndexes([keys], {expireAfterSeconds: n})} sends each key as a specification with the
 * option). The 4.4 file refuses a time past the epoch's seconds; from 6.2 the file asserts such a time works (within
 * a 32-bit integer). The texts are mongod's: 4.4 {@code src/mongo/db/commands/create_indexes.cpp}
 * ({@code validateTTLOptions}), 7.0 on {@code src/mongo/db/catalog/index_key_validate.cpp}
 * ({@code validateIndexSpecTTL}). 5.0 and 6.0 are not ported: their sources are not verified, and ShardLab does not
 * check the option there.
 */
class TtlIndexOptionsPortTest {

    static final String ROWS = """
            4.4  | an overflow converting seconds to milliseconds      |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 9.223372036854775808E18}]} | CannotCreateIndex~ TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number. Index spec:
            7.0+ | an overflow converting seconds to milliseconds      |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 9.223372036854775808E18}]} | CannotCreateIndex~ TTL index 'expireAfterSeconds' must be within the range of a 32-bit integer
            4.4  | a huge number of seconds                            |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 9999999999999999}]}      | CannotCreateIndex: TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: 9999999999999999 }
            7.0+ | a huge number of seconds                            |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 9999999999999999}]}      | CannotCreateIndex: . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: 9999999999999999 } :: caused by :: TTL index 'expireAfterSeconds' must be within the range of a 32-bit integer
            4.4  | a time larger than the current epoch time           |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 2100000000}]}            | CannotCreateIndex
            7.0+ | a time larger than the current epoch time           |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 2100000000}]}            | ok {numIndexesAfter: 2}
            4.4  | expireAfterSeconds cannot be less than 0            |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: -1}]}                    | CannotCreateIndex: TTL index 'expireAfterSeconds' option cannot be less than 0. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: -1 }
            7.0+ | expireAfterSeconds cannot be less than 0            |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: -1}]}                    | CannotCreateIndex: . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: -1 } :: caused by :: TTL index 'expireAfterSeconds' option cannot be less than 0
            4.4  | expireAfterSeconds 0 works                          |  | db {createIndexes: 'ttl', indexes: [{key: {z: 1}, name: 'z_1', expireAfterSeconds: 0}]}                     | ok {numIndexesAfter: 2}
            7.0+ | expireAfterSeconds 0 works                          |  | db {createIndexes: 'ttl', indexes: [{key: {z: 1}, name: 'z_1', expireAfterSeconds: 0}]}                     | ok {numIndexesAfter: 2}
            4.4  | compound indexes do not support TTL                 |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1, y: 1}, name: 'x_1_y_1', expireAfterSeconds: 100}]}         | CannotCreateIndex: TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: { key: { x: 1, y: 1 }, name: "x_1_y_1", expireAfterSeconds: 100 }
            7.0+ | compound indexes do not support TTL                 |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1, y: 1}, name: 'x_1_y_1', expireAfterSeconds: 100}]}         | CannotCreateIndex: TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: { key: { x: 1, y: 1 }, name: "x_1_y_1", expireAfterSeconds: 100 }
            4.4  | expireAfterSeconds should be a number               |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 'invalidOption'}]}       | CannotCreateIndex: TTL index 'expireAfterSeconds' option must be numeric, but received a type of 'string'. Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: "invalidOption" }
            7.0+ | expireAfterSeconds should be a number               |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 'invalidOption'}]}       | CannotCreateIndex: . Index spec: { key: { x: 1 }, name: "x_1", expireAfterSeconds: "invalidOption" } :: caused by :: TTL index 'expireAfterSeconds' option must be numeric, but received a type of 'string
            4.4  | expireAfterSeconds as an index key is no TTL index  |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1, expireAfterSeconds: 3600}, name: 'x_1_e'}]}                | ok {numIndexesAfter: 2}
            7.0+ | expireAfterSeconds as an index key is no TTL index  |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1, expireAfterSeconds: 3600}, name: 'x_1_e'}]}                | ok {numIndexesAfter: 2}
            4.4  | a valid TTL index                                   |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 3600}, {key: {y: 1}, name: 'y_1', expireAfterSeconds: 3600}]} | ok {numIndexesAfter: 3}
            7.0+ | a valid TTL index                                   |  | db {createIndexes: 'ttl', indexes: [{key: {x: 1}, name: 'x_1', expireAfterSeconds: 3600}, {key: {y: 1}, name: 'y_1', expireAfterSeconds: 3600}]} | ok {numIndexesAfter: 3}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ttl_index_options.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

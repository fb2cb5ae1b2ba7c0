package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * collMod making a regular index a TTL index, ported from mongo {@code jstests/core/ddl/collmod_convert_to_ttl.js}
 * ({@code requires_fcv_51}: from 5.1; 4.4 and 5.0 refuse any index that is not TTL yet, "no expireAfterSeconds field
 * to update", as {@link CollModPortTest}'s source says). Codes as the file asserts them, texts from mongo
 * {@code src/mongo/db/catalog/coll_mod.cpp} ({@code parseCollModRequest}) and {@code index_key_validate.cpp}
 * ({@code validateExpireAfterSeconds}). The capped collection's rows take the file's two branches: with
 * {@code TTLIndexesOnCappedCollections} off (5.1–7.0, whose stored {@code coll_mod.cpp} refuses it) and on (from 7.1:
 * SERVER-77586, and {@code jstests/core/ddl/collmod_convert_to_ttl_capped.js}, {@code requires_fcv_71}, asserts the
 * conversion works and the index is TTL).
 */
class CollModConvertToTtlPortTest {

    static final String ROWS = """
            5.1+ | Tries to modify with a string 'expireAfterSeconds' value  | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1}, expireAfterSeconds: '100'}} | TypeMismatch
            5.1+ | Tries to modify with a negative 'expireAfterSeconds' value | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1}, expireAfterSeconds: -1}} | InvalidOptions: TTL index 'expireAfterSeconds' option cannot be less than 0
            5.1-5.3 | Successfully converts to a TTL index                       | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | ok {raw: {'shard01/shard01.shardlab:27018': {expireAfterSeconds_new: 100}}}
            6.0+ | Successfully converts to a TTL index                       | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | ok {expireAfterSeconds_new: 100, expireAfterSeconds_old: '<absent>'}
            5.1+ | Successfully converts to a TTL index: findTTL              | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | db {listIndexes: 'collmod_convert_to_ttl'} | ok {'cursor.firstBatch.1.expireAfterSeconds': 100}
            5.1+ | Tries to convert a compound index to a TTL index           | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1, b: 1}, name: 'a_1_b_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {a: 1, b: 1}, expireAfterSeconds: 100}} | InvalidOptions: TTL indexes are single-field indexes, compound indexes do not support TTL
            5.1+ | Tries to convert the '_id' index to a TTL index            | db {createIndexes: 'collmod_convert_to_ttl', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl', index: {keyPattern: {_id: 1}, expireAfterSeconds: 100}} | InvalidOptions: the _id field does not support TTL indexes
            5.1-7.0 | Tries to convert an index on a capped collection           | db {create: 'collmod_convert_to_ttl_capped', capped: true, size: 1048576} ;; db {createIndexes: 'collmod_convert_to_ttl_capped', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl_capped', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | InvalidOptions: TTL indexes are not supported for capped collections.
            7.1+ | Tries to convert an index on a capped collection           | db {create: 'collmod_convert_to_ttl_capped', capped: true, size: 1048576} ;; db {createIndexes: 'collmod_convert_to_ttl_capped', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'collmod_convert_to_ttl_capped', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | ok
            5.1-7.0 | capped collection: TTL index should not exist              | db {create: 'collmod_convert_to_ttl_capped', capped: true, size: 1048576} ;; db {createIndexes: 'collmod_convert_to_ttl_capped', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; ? db {collMod: 'collmod_convert_to_ttl_capped', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | db {listIndexes: 'collmod_convert_to_ttl_capped'} | ok {'cursor.firstBatch.1.expireAfterSeconds': '<absent>'}
            7.1+ | capped collection: TTL index should be 100 now               | db {create: 'collmod_convert_to_ttl_capped', capped: true, size: 1048576} ;; db {createIndexes: 'collmod_convert_to_ttl_capped', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'collmod_convert_to_ttl_capped', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | db {listIndexes: 'collmod_convert_to_ttl_capped'} | ok {'cursor.firstBatch.1.expireAfterSeconds': 100}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ddl/collmod_convert_to_ttl.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * collMod of a TTL index through a mongos, ported from mongo {@code jstests/core/ddl/collmod.js} (4.4:
 * {@code jstests/core/collmod.js}): the index's {@code expireAfterSeconds} changed by key pattern or by name, and the
 * refusals. Where the file asserts a failure without a code, the code and text are the release's shard's (mongo
 * {@code src/mongo/db/catalog/coll_mod.cpp}: 4.4's hand parser; from 5.0 the strict IDL struct {@code CollModIndex}
 * of {@code coll_mod.idl} first). {@code findTTL} reads {@code getIndexes()}, a {@code listIndexes}; mongosh's
 * {@code createIndex(keys, options)} sends {@code {key, name, ...options}}. The file's time-series option rows (a
 * feature flag's) are not ported: ShardLab has no time-series collections.
 */
class CollModPortTest {

    static final String ROWS = """
            4.4     | ensure we fail with gibberish options               | db {create: 'collModTest'} | db {collMod: 'collModTest', NotARealOption: 1} | InvalidOptions: unknown option to collMod: NotARealOption
            5.0+    | ensure we fail with gibberish options               | db {create: 'collModTest'} | db {collMod: 'collModTest', NotARealOption: 1} | IDLUnknownField: BSON field 'collMod.NotARealOption' is an unknown field.
            4.4     | try to modify it with a bad key pattern             | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: 'bad', expireAfterSeconds: 100}} | InvalidOptions: Key pattern must be an object.
            5.0+    | try to modify it with a bad key pattern             | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: 'bad', expireAfterSeconds: 100}} | TypeMismatch: BSON field 'collMod.index.keyPattern' is the wrong type 'string', expected type 'object'
            4.4     | Ensure collMod fails with a non-string indexName    | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {indexName: 2, expireAfterSeconds: 120}} | InvalidOptions: Unrecognized field 'indexName' in 'index' option
            5.0+    | Ensure collMod fails with a non-string indexName    | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {indexName: 2, expireAfterSeconds: 120}} | IDLUnknownField: BSON field 'collMod.index.indexName' is an unknown field.
            4.4-5.0 | try to modify it without expireAfterSeconds field   | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}}} | InvalidOptions: no expireAfterSeconds or hidden field
            5.1-5.3 | try to modify it without expireAfterSeconds field   | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}}} | InvalidOptions: no expireAfterSeconds, hidden, or unique field
            6.0+    | try to modify it without expireAfterSeconds field   | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}}} | InvalidOptions: no expireAfterSeconds, hidden, unique, or prepareUnique field
            4.4     | try to modify it with a non-numeric expireAfterSeconds | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: '100'}} | InvalidOptions: expireAfterSeconds field must be a number
            5.0+    | try to modify it with a non-numeric expireAfterSeconds | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: '100'}} | TypeMismatch: BSON field 'collMod.index.expireAfterSeconds' is the wrong type 'string', expected types '[long, int, decimal, double]'
            4.4-5.3  | this time modifying should finally work             | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | ok {raw: {'shard01/shard01.shardlab:27018': {expireAfterSeconds_old: 50, expireAfterSeconds_new: 100}}}
            6.0+    | this time modifying should finally work             | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | ok {expireAfterSeconds_old: 50, expireAfterSeconds_new: 100}
            4.4+    | this time modifying should finally work: findTTL    | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} ;; db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | db {listIndexes: 'collModTest'} | ok {'cursor.firstBatch.1.name': 'index1', 'cursor.firstBatch.1.expireAfterSeconds': 100}
            4.4+    | Modify ttl index by name                            | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} ;; db {collMod: 'collModTest', index: {name: 'index1', expireAfterSeconds: 500}} | db {listIndexes: 'collModTest'} | ok {'cursor.firstBatch.1.expireAfterSeconds': 500}
            4.4+    | Must specify key pattern or name                    | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {}} | InvalidOptions: Must specify either index name or key pattern.
            4.4+    | Not allowed to specify key pattern and name         | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'index1', expireAfterSeconds: 50}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, name: 'index1', expireAfterSeconds: 1000}} | InvalidOptions: Cannot specify both key pattern and name.
            4.4+    | try with new index, this time set expireAfterSeconds | db {create: 'collModTest'} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'a_1', expireAfterSeconds: 50}]} ;; db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 100}} | db {listIndexes: 'collModTest'} | ok {'cursor.firstBatch.1.expireAfterSeconds': 100}
            4.4+    | coll mod will not accept an ambiguous key pattern   | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTLfr', collation: {locale: 'fr'}, expireAfterSeconds: 120}]} | db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 240}} | AmbiguousIndexKeyPattern~ index keyPattern { a: 1 } matches 2 indexes, must use index name. Conflicting indexes:
            4.4+    | ambiguous key pattern: TTL index not modified       | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTLfr', collation: {locale: 'fr'}, expireAfterSeconds: 120}]} ;; ? db {collMod: 'collModTest', index: {keyPattern: {a: 1}, expireAfterSeconds: 240}} | db {listIndexes: 'collModTest'} | ok {'cursor.firstBatch.1.expireAfterSeconds': 60, 'cursor.firstBatch.2.expireAfterSeconds': 120}
            4.4-5.3  | a single TTL index is modified by name              | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTLfr', collation: {locale: 'fr'}, expireAfterSeconds: 120}]} | db {collMod: 'collModTest', index: {name: 'TTL', expireAfterSeconds: 100}} | ok {raw: {'shard01/shard01.shardlab:27018': {expireAfterSeconds_old: 60, expireAfterSeconds_new: 100}}}
            6.0+    | a single TTL index is modified by name              | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTLfr', collation: {locale: 'fr'}, expireAfterSeconds: 120}]} | db {collMod: 'collModTest', index: {name: 'TTL', expireAfterSeconds: 100}} | ok {expireAfterSeconds_old: 60, expireAfterSeconds_new: 100}
            4.4+    | a single TTL index is modified by name: findTTLByName | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} ;; db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTLfr', collation: {locale: 'fr'}, expireAfterSeconds: 120}]} ;; db {collMod: 'collModTest', index: {name: 'TTL', expireAfterSeconds: 100}} | db {listIndexes: 'collModTest'} | ok {'cursor.firstBatch.1.name': 'TTL', 'cursor.firstBatch.1.expireAfterSeconds': 100, 'cursor.firstBatch.2.expireAfterSeconds': 120}
            4.4+    | Fails with an unknown index name                    | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} | db {collMod: 'collModTest', index: {name: 'notaname', expireAfterSeconds: 100}} | IndexNotFound: cannot find index notaname for ns db.collModTest
            4.4+    | Fails with an unknown key pattern                   | db {createIndexes: 'collModTest', indexes: [{key: {a: 1}, name: 'TTL', expireAfterSeconds: 60}]} | db {collMod: 'collModTest', index: {keyPattern: {doesnotexist: 1}, expireAfterSeconds: 100}} | IndexNotFound: cannot find index { doesnotexist: 1 } for ns db.collModTest
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/ddl/collmod.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

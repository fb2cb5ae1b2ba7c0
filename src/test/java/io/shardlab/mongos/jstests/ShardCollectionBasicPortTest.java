package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code shardCollection}, ported from mongo {@code jstests/core_sharding/ddl/shard_collection_basic.js} (and the
 * same assertions of its predecessor {@code jstests/sharding/shard_collection_basic.js}), one row per assertion in
 * the file's order. Each {@code testAndClenaupWith…} helper call is a row that checks the command and, in a second row,
 * {@code config.collections} afterwards. The texts: {@code create_collection_coordinator.cpp},
 * {@code shard_key_util.cpp} (from 7.0 its refusals end with ". " and the reasons), {@code shard_key_pattern.cpp}.
 */
class ShardCollectionBasicPortTest {

    static final String ROWS = """
            all     | verify wrong arguments errors: ns 'foo'                 | admin {enableSharding: 'db'} | admin {shardCollection: 'foo', key: {_id: 1}} | InvalidNamespace
            all     | verify wrong arguments errors: key "aaa"                | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: 'aaa'} | TypeMismatch: BSON field 'ShardCollection.key' is the wrong type 'string', expected type 'object'
            all     | verify namespace length limit: 235 works                | admin {enableSharding: 'db'} | admin {shardCollection: 'db.<x*232>', key: {_id: 1}} | ok
            all     | verify namespace length limit: 236 fails                | admin {enableSharding: 'db'} | admin {shardCollection: 'db.<x*233>', key: {_id: 1}} | InvalidNamespace: Namespace too long. Namespace: db.<x*233> Max: 235
            all     | special collections can't be sharded: config.foo        | admin {enableSharding: 'db'} | admin {shardCollection: 'config.foo', key: {_id: 1}} | IllegalOperation: only special collections in the config db may be sharded
            all     | special collections can't be sharded: admin.foo         | admin {enableSharding: 'db'} | admin {shardCollection: 'admin.foo', key: {_id: 1}} | IllegalOperation
            all     | system collections can't be sharded                     | admin {enableSharding: 'db'} | admin {shardCollection: 'db.system.foo', key: {_id: 1}} | IllegalOperation: can't shard system namespaces
            6.0-7.3 | local: the router cannot create the database            |  | admin {shardCollection: 'local.foo', key: {_id: 1}} | InvalidOptions: Cannot manually create database'local'
            8.0+    | local: the router cannot create the database            |  | admin {shardCollection: 'local.foo', key: {_id: 1}} | InvalidOptions: Database local could not be created :: caused by :: Cannot manually create database 'local'
            all     | the session collection can be sharded                   |  | admin {shardCollection: 'config.system.sessions', key: {_id: 1}} | ok
            all     | a refused special collection is not sharded             | ?admin {shardCollection: 'config.foo', key: {_id: 1}} | config {count: 'collections'} | ok {n: 0}
            all     | may only be run against admin                           | admin {enableSharding: 'db'} | db {shardCollection: 'db.foo', key: {_id: 1}} | Unauthorized: shardCollection may only be run against the admin database.
            all     | cannot shard if key is not specified                    | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} | admin {shardCollection: 'db.foo'} | IDLFailedToParse: BSON field 'ShardCollection.key' is missing but a required field
            all     | cannot shard with an empty key                          | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {}} | BadValue
            all     | verify key format                                       | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {aKey: 'hahahashed'}} | BadValue
            all     | shard key cannot contain embedded objects               | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: {a: 1}}} | BadValue
            all     | shard key cannot contain embedded objects (dotted)      | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: {'a.b': 1}}} | BadValue
            all     | shard key can contain a dotted path                     | admin {enableSharding: 'db'} | admin {shardCollection: 'db.shard_key_dotted_path', key: {'_id.a': 1}} | ok
            all     | already sharded with the same options succeeds          | admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.foo', key: {_id: 1}} | admin {shardCollection: 'db.foo', key: {_id: 1}} | ok {collectionsharded: 'db.foo'}
            all     | the simple collation is the same options                | admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.foo', key: {_id: 1}} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: {locale: 'simple'}} | ok
            all     | already sharded with a different key fails              | admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.foo', key: {_id: 1}} | admin {shardCollection: 'db.foo', key: {x: 1}} | AlreadyInitialized
            all     | already sharded with a different unique fails           | admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.foo', key: {_id: 1}} | admin {shardCollection: 'db.foo', key: {_id: 1}, unique: true} | AlreadyInitialized
            all     | empty collection, no index required: {_id: 1}           | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 1}} | ok
            all     | empty collection, no index required: {_id: 'hashed'}    | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 'hashed'}} | ok
            all     | shard by a plain key                                    | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {a: 1}} | ok
            all     | ... and config.collections has it                       | admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.foo', key: {a: 1}} | config {count: 'collections', query: {_id: 'db.foo'}} | ok {n: 1}
            4.4-6.3 | cannot shard data without an index on the key           | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | InvalidOptions: Please create an index that starts with the proposed shard key before sharding the collection
            7.0+    | cannot shard data without an index on the key           | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | InvalidOptions: Please create an index that starts with the proposed shard key before sharding the collection.<space>
            all     | ... and the collection is not sharded                   | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} ;; ?admin {shardCollection: 'db.foo', key: {a: 1}} | config {count: 'collections', query: {_id: 'db.foo'}} | ok {n: 0}
            all     | data with an index on the key                           | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1'}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | ok
            all     | shard an empty collection by a hashed key               | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {a: 'hashed'}} | ok
            all     | hashed key, data, no index                              | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 'hashed'}} | InvalidOptions~ Please create an index that starts with the proposed shard key
            all     | hashed key, data, an index                              | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} ;; db {createIndexes: 'foo', indexes: [{key: {a: 'hashed'}, name: 'a_hashed'}]} | admin {shardCollection: 'db.foo', key: {a: 'hashed'}} | ok
            all     | a populated hashed collection starts with one chunk     | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: 1, b: 1}]} ;; db {createIndexes: 'foo', indexes: [{key: {a: 'hashed'}, name: 'a_hashed'}]} ;; admin {shardCollection: 'db.foo', key: {a: 'hashed'}} | config {count: 'chunks'} | ok {n: 1}
            all     | shard an empty collection by a compound key             | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {x: 1, y: 1}} | ok
            all     | compound key, data, no index                            | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{x: 1, y: 1}]} | admin {shardCollection: 'db.foo', key: {x: 1, y: 1}} | InvalidOptions~ Please create an index that starts with the proposed shard key
            all     | compound key, data, an index                            | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{x: 1, y: 1}]} ;; db {createIndexes: 'foo', indexes: [{key: {x: 1, y: 1}, name: 'x_1_y_1'}]} | admin {shardCollection: 'db.foo', key: {x: 1, y: 1}} | ok
            all     | multiple hashed fields are not allowed (3 fields)       | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {x: 'hashed', a: 1, y: 'hashed'}} | BadValue
            all     | multiple hashed fields are not allowed                  | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {x: 'hashed', y: 'hashed'}} | BadValue
            all     | negative numbers are not allowed                        | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {x: 'hashed', a: -1}} | BadValue
            all     | shard by a key component                                | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {'z.x': 1}, name: 'z.x_1'}]} | admin {shardCollection: 'db.foo', key: {'z.x': 1}} | ok
            all     | shard by a hashed key component                         | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {'z.x': 'hashed'}, name: 'z.x_hashed'}]} | admin {shardCollection: 'db.foo', key: {'z.x': 'hashed'}} | ok
            4.4-6.3 | cannot shard by a multikey                              | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {insert: 'foo', documents: [{a: [1, 2, 3, 4, 5], b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | InvalidOptions: couldn't find valid index for shard key
            7.0+    | cannot shard by a multikey                              | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {insert: 'foo', documents: [{a: [1, 2, 3, 4, 5], b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | InvalidOptions~ Index a_1 cannot be used for sharding because: Index key is multikey.
            all     | ... and the multikey collection is not sharded          | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {insert: 'foo', documents: [{a: [1, 2, 3, 4, 5], b: 1}]} ;; ?admin {shardCollection: 'db.foo', key: {a: 1}} | config {count: 'collections', query: {_id: 'db.foo'}} | ok {n: 0}
            all     | cannot shard by a compound multikey                     | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1, b: 1}, name: 'a_1_b_1'}]} ;; db {insert: 'foo', documents: [{a: [1, 2, 3, 4, 5], b: 1}]} | admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} | InvalidOptions~ couldn't find valid index for shard key
            all     | cannot shard by parallel arrays                         | admin {enableSharding: 'db'} ;; db {insert: 'foo', documents: [{a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5]}]} | admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} | InvalidOptions~ Please create an index that starts with the proposed shard key
            all     | cannot shard on a unique hashed key                     | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {aKey: 'hashed'}, unique: true} | InvalidOptions: Hashed shard keys cannot be declared unique. It's possible to ensure uniqueness on the hashed field by declaring an additional (non-hashed) unique index on the field.
            all     | unique: true needs a unique index                       | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {aKey: 1}, name: 'aKey_1'}]} | admin {shardCollection: 'db.foo', key: {aKey: 1}, unique: true} | InvalidOptions: can't shard collection db.foo, { aKey: 1 } index not unique, and unique index explicitly specified
            all     | shardCollection can be called under a session           | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 'hashed'}, lsid: {id: UUID('0123456789abcdef0123456789abcdef')}} | ok
            all     | collation not a nested object                           | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: true} | TypeMismatch: BSON field 'ShardCollection.collation' is the wrong type 'bool', expected type 'object'
            all     | collation cannot be parsed                              | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: {locale: 'unknown'}} | BadValue
            all     | collation valid but not simple                          | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: {locale: 'en_US'}} | BadValue: The collation for shardCollection must be {locale: 'simple'}, but found: { locale: "en_US" }
            all     | the simple collation works                              | admin {enableSharding: 'db'} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: {locale: 'simple'}} | ok
            5.0+    | a non-simple default collation and no collation option  | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} | admin {shardCollection: 'db.foo', key: {a: 1}} | BadValue: Collection has default collation: { locale: "en_US", caseLevel: false, caseFirst: "off", strength: 3, numericOrdering: false, alternate: "non-ignorable", maxVariable: "punct", normalization: false, backwards: false, version: "57.1" }. Must specify collation {locale: 'simple'}.
            4.4     | a non-simple default collation and no collation option  | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} | admin {shardCollection: 'db.foo', key: {a: 1}} | BadValue: Collection has default collation: collation: { locale: "en_US", caseLevel: false, caseFirst: "off", strength: 3, numericOrdering: false, alternate: "non-ignorable", maxVariable: "punct", normalization: false, backwards: false, version: "57.1" }. Must specify collation {locale: 'simple'}
            all     | {_id: 1} with a non-simple default collation            | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} | admin {shardCollection: 'db.foo', key: {_id: 1}, collation: {locale: 'simple'}} | BadValue~ The _id index must have the same collation as the collection
            all     | the only index on the key has a non-simple collation    | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1', collation: {locale: 'en_US'}}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | IndexKeySpecsConflict~ An existing index has the same name as the requested index.
            all     | simple option, default collation, no index: works       | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} | admin {shardCollection: 'db.foo', key: {a: 1}, collation: {locale: 'simple'}} | ok
            all     | two indexes on {a: 1}, one simple: works                | admin {enableSharding: 'db'} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1_simple'}]} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1_en_US', collation: {locale: 'en_US'}}]} | admin {shardCollection: 'db.foo', key: {a: 1}} | ok
            all     | data, only a non-simple index inherited from the coll   | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} ;; db {insert: 'foo', documents: [{a: 'foo'}]} ;; db {createIndexes: 'foo', indexes: [{key: {a: 1}, name: 'a_1'}]} | admin {shardCollection: 'db.foo', key: {a: 1}, collation: {locale: 'simple'}} | InvalidOptions
            all     | empty, non-simple default collation, simple option      | admin {enableSharding: 'db'} ;; db {create: 'foo', collation: {locale: 'en_US'}} | admin {shardCollection: 'db.foo', key: {a: 1}, collation: {locale: 'simple'}} | ok
            all     | empty collection with no default collation              | admin {enableSharding: 'db'} ;; db {create: 'foo'} | admin {shardCollection: 'db.foo', key: {a: 1}} | ok
            all     | sh.shardCollection(): non-simple collation option fails | admin {enableSharding: 'db'} ;; db {create: 'foo'} | admin {shardCollection: 'db.foo', key: {a: 1}, unique: false, collation: {locale: 'en_US'}} | BadValue
            4.4-7.1 | numInitialChunks is propagated (hashed, empty)          | admin {enableSharding: 'db'} ;; db {create: 'foo'} ;; admin {shardCollection: 'db.foo', key: {a: 'hashed'}, unique: false, numInitialChunks: 5} | config {count: 'chunks'} | ok {n: 5}
            7.2+    | (from 7.2 numInitialChunks is ignored: one per shard)   | admin {enableSharding: 'db'} ;; db {create: 'foo'} ;; admin {shardCollection: 'db.foo', key: {a: 'hashed'}, unique: false, numInitialChunks: 5} | config {count: 'chunks'} | ok {n: 2}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core_sharding/ddl/shard_collection_basic.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hidden indexes through a mongos, ported from mongo {@code jstests/core/index/hidden_index.js} (hidden indexes are
 * 4.4's): mongosh's {@code hideIndex(name)} / {@code unhideIndex(name)} send {@code collMod} with {@code index: {name,
 * hidden}}; the file's {@code getIndexes()} is a {@code listIndexes}. Not ported: the plans ({@code explain}'s index
 * scans; ShardLab's explain shows the shards reached, not an index choice), {@code hint} of a hidden index (the
 * document store ignores hints), the geo, text and wildcard index types (the store has none), and the system
 * collection {@code admin.system.version} (a mongos client cannot write it).
 */
class HiddenIndexPortTest {

    static final String ROWS = """
            4.4-5.3 | Normal index testing: hideIndex                          | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} | ok {raw: {'shard01/shard01.shardlab:27018': {hidden_old: false, hidden_new: true}}}
            6.0+ | Normal index testing: hideIndex                          | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} | ok {hidden_old: false, hidden_new: true}
            4.4+ | Normal index testing: a new index is not hidden         | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.name': 'a_1', 'cursor.firstBatch.1.hidden': '<absent>'}
            4.4+ | Normal index testing: hidden after hideIndex            | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': true}
            4.4-5.3 | Normal index testing: unhideIndex                        | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} | db {collMod: 'hidden_index', index: {name: 'a_1', hidden: false}} | ok {raw: {'shard01/shard01.shardlab:27018': {hidden_old: true, hidden_new: false}}}
            6.0+ | Normal index testing: unhideIndex                        | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} | db {collMod: 'hidden_index', index: {name: 'a_1', hidden: false}} | ok {hidden_old: true, hidden_new: false}
            4.4+ | Normal index testing: no hidden field after unhideIndex | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1'}]} ;; db {collMod: 'hidden_index', index: {name: 'a_1', hidden: true}} ;; db {collMod: 'hidden_index', index: {name: 'a_1', hidden: false}} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': '<absent>'}
            4.4+ | Normal index testing: created hidden                     | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1', hidden: true}]} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': true}
            4.4+ | Normal index testing: hidden false conflicts             | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1', hidden: true}]} | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1', hidden: false}]} | IndexOptionsConflict
            4.4+ | Normal index testing: still hidden after the conflict    | db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1', hidden: true}]} ;; ? db {createIndexes: 'hidden_index', indexes: [{key: {a: 1}, name: 'a_1', hidden: false}]} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': true}
            4.4+ | index 'hidden' status can be found in listIndexes        | db {createIndexes: 'hidden_index', indexes: [{key: {lsIdx: 1}, name: 'lsIdx_1', hidden: true}]} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.name': 'lsIdx_1', 'cursor.firstBatch.1.hidden': true}
            4.4+ | Can't hide the '_id' index                               | db {create: 'hidden_index'} | db {collMod: 'hidden_index', index: {name: '_id_', hidden: true}} | BadValue: can't hide _id index
            4.4-5.3 | We can change ttl index and hide info at the same time   | db {createIndexes: 'hidden_index', indexes: [{key: {tm: 1}, name: 'tm_1', expireAfterSeconds: 10}]} | db {collMod: 'hidden_index', index: {name: 'tm_1', expireAfterSeconds: 1, hidden: true}} | ok {raw: {'shard01/shard01.shardlab:27018': {expireAfterSeconds_old: 10, expireAfterSeconds_new: 1, hidden_old: false, hidden_new: true}}}
            6.0+ | We can change ttl index and hide info at the same time   | db {createIndexes: 'hidden_index', indexes: [{key: {tm: 1}, name: 'tm_1', expireAfterSeconds: 10}]} | db {collMod: 'hidden_index', index: {name: 'tm_1', expireAfterSeconds: 1, hidden: true}} | ok {expireAfterSeconds_old: 10, expireAfterSeconds_new: 1, hidden_old: false, hidden_new: true}
            4.4+ | change ttl and hide at the same time: getIndexes         | db {createIndexes: 'hidden_index', indexes: [{key: {tm: 1}, name: 'tm_1', expireAfterSeconds: 10}]} ;; db {collMod: 'hidden_index', index: {name: 'tm_1', expireAfterSeconds: 1, hidden: true}} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': true, 'cursor.firstBatch.1.expireAfterSeconds': 1}
            4.4+ | hidden: false won't be added to index specification    | db {createIndexes: 'hidden_index', indexes: [{key: {y: 1}, name: 'y', hidden: false}]} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.name': 'y', 'cursor.firstBatch.1.hidden': '<absent>'}
            4.4+ | hidden: false won't be added: hideIndex                  | db {createIndexes: 'hidden_index', indexes: [{key: {y: 1}, name: 'y', hidden: false}]} ;; db {collMod: 'hidden_index', index: {name: 'y', hidden: true}} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': true}
            4.4+ | unhiding the hidden index won't add 'hidden: false'      | db {createIndexes: 'hidden_index', indexes: [{key: {y: 1}, name: 'y', hidden: false}]} ;; db {collMod: 'hidden_index', index: {name: 'y', hidden: true}} ;; db {collMod: 'hidden_index', index: {name: 'y', hidden: false}} | db {listIndexes: 'hidden_index'} | ok {'cursor.firstBatch.1.hidden': '<absent>'}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/index/hidden_index.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

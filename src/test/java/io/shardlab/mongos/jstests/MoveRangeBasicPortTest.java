package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code moveRange} and a move to the shard that owns the range, ported from mongo
 * {@code jstests/sharding/move_range_basic.js} (with {@code move_range_basic_max_bound.js}, 7.0+, and the 8.3 check of
 * a range over two chunks). {@code chunksize 1} is the file's {@code chunkSize: 1} (MB), {@code <X*262144>} a 256 KB
 * string, so ten documents make big chunks. The one-chunk merge: from 5.0 the config server takes a range that is one
 * chunk as merged already ({@code commitChunksMerge}); 4.4's {@code merge_chunks_test.js} asserts a refusal.
 */
class MoveRangeBasicPortTest {

    static final String ROWS = """
            6.0+    | move_range_basic: a bound that is not a shard key       | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveRange: 'db.c', min: {a: MinKey}, max: {invalidShardKey: 10}, toShard: 'shard02'} | InvalidOptions
            6.0+    | move_range_basic: a compound bound that is not a key    | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1, b: 1}} | admin {moveRange: 'db.c', min: {a: MinKey, b: MinKey}, max: {invalidShardKey: 10}, toShard: 'shard02'} | InvalidOptions
            6.0+    | move_range_basic: the to shard does not exist           | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveRange: 'db.c', min: {a: MinKey}, max: {a: MaxKey}, toShard: 'WrongShard'} | ShardNotFound
            6.0+    | move_range_basic: both bounds work                      | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {moveRange: 'db.c', min: {a: MinKey}, max: {a: MaxKey}, toShard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 1}
            6.0+    | move_range_basic: only min (hashed key)                 | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 'hashed'}} | admin {moveRange: 'db.c', min: {a: MinKey}, toShard: 'shard02'} | ok
            6.0+    | move_range_basic: only a min bound (small chunk)        | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {moveRange: 'db.c', min: {a: MinKey}, max: {a: MaxKey}, toShard: 'shard02'} ;; admin {moveRange: 'db.c', min: {a: MinKey}, toShard: 'shard01'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 1}
            7.0+    | move_range_basic: only a max bound (small chunk)        | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveRange: 'db.c', max: {a: MaxKey}, toShard: 'shard02'} | ok
            7.0+    | move_range_basic: ... the chunk moved                   | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {moveRange: 'db.c', max: {a: MaxKey}, toShard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 1}
            6.0-6.3 | (6.x: moveRange needs min, SERVER-64926)                | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveRange: 'db.c', max: {a: MaxKey}, toShard: 'shard02'} | InvalidOptions: Missing required parameter 'min'
            6.0+    | move_range_basic: min inside a big chunk splits there   | chunksize 1 ;; admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; db {insert: 'c', documents: [{a: 0, s: '<X*262144>'}, {a: 1, s: '<X*262144>'}, {a: 2, s: '<X*262144>'}, {a: 3, s: '<X*262144>'}, {a: 4, s: '<X*262144>'}, {a: 5, s: '<X*262144>'}, {a: 6, s: '<X*262144>'}, {a: 7, s: '<X*262144>'}, {a: 8, s: '<X*262144>'}, {a: 9, s: '<X*262144>'}]} ;; admin {moveRange: 'db.c', min: {a: 3}, toShard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02', min: {a: 3}}} | ok {n: 1}
            6.0+    | move_range_basic: ... and moves about a chunk's worth   | chunksize 1 ;; admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; db {insert: 'c', documents: [{a: 0, s: '<X*262144>'}, {a: 1, s: '<X*262144>'}, {a: 2, s: '<X*262144>'}, {a: 3, s: '<X*262144>'}, {a: 4, s: '<X*262144>'}, {a: 5, s: '<X*262144>'}, {a: 6, s: '<X*262144>'}, {a: 7, s: '<X*262144>'}, {a: 8, s: '<X*262144>'}, {a: 9, s: '<X*262144>'}]} ;; admin {moveRange: 'db.c', min: {a: 3}, toShard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 2}
            7.0+    | move_range_basic: max inside a big chunk                | chunksize 1 ;; admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; db {insert: 'c', documents: [{a: 0, s: '<X*262144>'}, {a: 1, s: '<X*262144>'}, {a: 2, s: '<X*262144>'}, {a: 3, s: '<X*262144>'}, {a: 4, s: '<X*262144>'}, {a: 5, s: '<X*262144>'}, {a: 6, s: '<X*262144>'}, {a: 7, s: '<X*262144>'}, {a: 8, s: '<X*262144>'}, {a: 9, s: '<X*262144>'}]} ;; admin {moveRange: 'db.c', max: {a: 8}, toShard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02', max: {a: 8}}} | ok {n: 1}
            8.3+    | move_range_basic: min and max over two chunks           | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {split: 'db.c', middle: {a: 0}} | admin {moveRange: 'db.c', min: {a: MinKey}, max: {a: MaxKey}, toShard: 'shard02'} | Location11089203
            6.0+    | moveRange to the shard that owns the range: done        | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveRange: 'db.c', min: {a: MinKey}, toShard: 'shard01'} | ok
            all     | moveChunk to the shard that owns the chunk: done        | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveChunk: 'db.c', find: {a: 1}, to: 'shard01'} | ok
            all     | moveChunk by bounds to its owner: done                  | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} | admin {moveChunk: 'db.c', bounds: [{a: MinKey}, {a: MaxKey}], to: 'shard01'} | ok
            5.0+    | mergeChunks of a range that is one chunk: done          | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {split: 'db.c', middle: {a: 0}} | admin {mergeChunks: 'db.c', bounds: [{a: MinKey}, {a: 0}]} | ok
            4.4     | merge_chunks_test: merging a single chunk is invalid    | admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {shardCollection: 'db.c', key: {a: 1}} ;; admin {split: 'db.c', middle: {a: 0}} | admin {mergeChunks: 'db.c', bounds: [{a: MinKey}, {a: 0}]} | IllegalOperation
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/move_range_basic.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

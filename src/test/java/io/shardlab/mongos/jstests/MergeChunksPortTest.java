package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mergeChunks}, ported from mongo {@code jstests/sharding/merge_chunks_test.js} (the same layout and merges as
 * {@code jstests/core_sharding/chunk_operations/merge_split_chunks.js}): {@code foo.bar} on {@code {_id: 1}} with
 * chunks MinKey-0-10-(hole)-20-40-50-90-(hole)-100-110-MaxKey on shard01 and 10-20, 90-100 on shard02. Refusals:
 * {@code sharding_catalog_manager_chunk_operations.cpp} (IllegalOperation).
 */
class MergeChunksPortTest {

    static final String ROWS = """
            all     | non-exact chunks: [MinKey, 5)                           | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 5}]} | IllegalOperation
            all     | non-exact chunks: [5, 10)                               | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 5}, {_id: 10}]} | IllegalOperation
            all     | non-exact chunks: [15, 50)                              | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 15}, {_id: 50}]} | IllegalOperation
            all     | non-exact chunks: [20, 55)                              | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 20}, {_id: 55}]} | IllegalOperation
            all     | non-exact chunks: [105, MaxKey)                         | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 105}, {_id: MaxKey}]} | IllegalOperation
            all     | over holes: [0, 40)                                     | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 0}, {_id: 40}]} | IllegalOperation
            all     | over holes: [40, 110)                                   | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 40}, {_id: 110}]} | IllegalOperation
            all     | over holes: [50, 110)                                   | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 50}, {_id: 110}]} | IllegalOperation
            all     | between shards: [0, 20)                                 | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 0}, {_id: 20}]} | IllegalOperation
            all     | between shards: [10, 40)                                | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 10}, {_id: 40}]} | IllegalOperation
            all     | between shards: [40, 100)                               | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: 40}, {_id: 100}]} | IllegalOperation
            all     | refusals keep the documents                             | $LAYOUT ;; ?admin {mergeChunks: 'foo.bar', bounds: [{_id: 40}, {_id: 100}]} | foo {count: 'bar'} | ok {n: 4}
            all     | a merge including MinKey works                          | $LAYOUT | admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 10}]} | ok
            all     | three chunks in the middle                              | $LAYOUT ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 10}]} | admin {mergeChunks: 'foo.bar', bounds: [{_id: 20}, {_id: 90}]} | ok
            all     | a merge including MaxKey works                          | $LAYOUT ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 10}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 20}, {_id: 90}]} | admin {mergeChunks: 'foo.bar', bounds: [{_id: 100}, {_id: MaxKey}]} | ok
            all     | after chunks moved out of a shard                       | $LAYOUT ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 10}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 20}, {_id: 90}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 100}, {_id: MaxKey}]} ;; admin {moveChunk: 'foo.bar', find: {_id: 110}, to: 'shard02'} ;; admin {moveChunk: 'foo.bar', find: {_id: 10}, to: 'shard01'} | admin {mergeChunks: 'foo.bar', bounds: [{_id: 90}, {_id: MaxKey}]} | ok
            all     | the other shard after a merge                           | $LAYOUT ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 10}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 20}, {_id: 90}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 100}, {_id: MaxKey}]} ;; admin {moveChunk: 'foo.bar', find: {_id: 110}, to: 'shard02'} ;; admin {moveChunk: 'foo.bar', find: {_id: 10}, to: 'shard01'} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: 90}, {_id: MaxKey}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{_id: MinKey}, {_id: 90}]} | config {count: 'chunks'} | ok {n: 2}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/merge_chunks_test.js",
            ROWS,
            Map.of(
                    "LAYOUT",
                    "admin {enableSharding: 'foo', primaryShard: 'shard01'} ;; admin {shardCollection: 'foo.bar', key: {_id: 1}} ;; admin {split: 'foo.bar', middle: {_id: 0}} ;; admin {split: 'foo.bar', middle: {_id: 10}} ;; admin {split: 'foo.bar', middle: {_id: 20}} ;; admin {split: 'foo.bar', middle: {_id: 40}} ;; admin {split: 'foo.bar', middle: {_id: 50}} ;; admin {split: 'foo.bar', middle: {_id: 90}} ;; admin {split: 'foo.bar', middle: {_id: 100}} ;; admin {split: 'foo.bar', middle: {_id: 110}} ;; admin {moveChunk: 'foo.bar', find: {_id: 10}, to: 'shard02'} ;; admin {moveChunk: 'foo.bar', find: {_id: 90}, to: 'shard02'} ;; foo {insert: 'bar', documents: [{_id: 0}, {_id: 10}, {_id: 40}, {_id: 110}]}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

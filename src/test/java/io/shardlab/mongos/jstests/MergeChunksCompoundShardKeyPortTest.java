package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mergeChunks} on a compound shard key, ported from mongo
 * {@code jstests/sharding/merge_chunks_compound_shard_key.js}: {@code foo.bar} on {@code {x: 1, y: 1}} split at
 * {@code {x: 0, y: 1}}, {@code {x: 1, y: 0}}, {@code {x: 2, y: 0}}, {@code {x: 2, y: 1}}, a document in each chunk,
 * then four merges in turn, each followed by the file's {@code checkMergeWorked}: the merge works, there is one chunk
 * fewer, and one chunk has exactly the merged bounds. The helper's third check, the shard's {@code getShardVersion}
 * (same major, higher minor), asks a shard directly, which a client of ShardLab's mongos cannot; it is not ported.
 */
class MergeChunksCompoundShardKeyPortTest {

    static final String ROWS = """
            all     | Merge chunks whose upper and lower bounds are compound shard keys | $CHUNKS | admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} | ok
            all     | ... numChunksBefore - 1 | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} | config {count: 'chunks'} | ok {n: 4}
            all     | ... one chunk {x: 0, y: 1} - {x: 2, y: 0} | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} | config {count: 'chunks', query: {min: {x: 0, y: 1}, max: {x: 2, y: 0}}} | ok {n: 1}
            all     | Merge chunks whose upper bound contains a compound shard key, lower bound is MinKey | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} | admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} | ok
            all     | ... numChunksBefore - 1 | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} | config {count: 'chunks'} | ok {n: 3}
            all     | ... one chunk {x: MinKey, y: MinKey} - {x: 2, y: 0} | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} | config {count: 'chunks', query: {min: {x: MinKey, y: MinKey}, max: {x: 2, y: 0}}} | ok {n: 1}
            all     | Merge chunks whose lower bound contains a compound shard key, upper bound is MaxKey | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} | admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} | ok
            all     | ... numChunksBefore - 1 | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} | config {count: 'chunks'} | ok {n: 2}
            all     | ... one chunk {x: 2, y: 0} - {x: MaxKey, y: MaxKey} | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} | config {count: 'chunks', query: {min: {x: 2, y: 0}, max: {x: MaxKey, y: MaxKey}}} | ok {n: 1}
            all     | Merge chunks whos bounds are MinKey/MaxKey, but which have a compound shard key | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} | admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: MaxKey, y: MaxKey}]} | ok
            all     | ... numChunksBefore - 1 | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: MaxKey, y: MaxKey}]} | config {count: 'chunks'} | ok {n: 1}
            all     | ... one chunk {x: MinKey, y: MinKey} - {x: MaxKey, y: MaxKey} | $CHUNKS ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 0, y: 1}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: 2, y: 0}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: 2, y: 0}, {x: MaxKey, y: MaxKey}]} ;; admin {mergeChunks: 'foo.bar', bounds: [{x: MinKey, y: MinKey}, {x: MaxKey, y: MaxKey}]} | config {count: 'chunks', query: {min: {x: MinKey, y: MinKey}, max: {x: MaxKey, y: MaxKey}}} | ok {n: 1}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/merge_chunks_compound_shard_key.js",
            ROWS,
            Map.of(
                    "CHUNKS",
                    "admin {enableSharding: 'foo'} ;; ?admin {movePrimary: 'foo', to: 'shard01'} ;; admin {shardCollection: 'foo.bar', key: {x: 1, y: 1}} ;; admin {split: 'foo.bar', middle: {x: 0, y: 1}} ;; admin {split: 'foo.bar', middle: {x: 1, y: 0}} ;; admin {split: 'foo.bar', middle: {x: 2, y: 0}} ;; admin {split: 'foo.bar', middle: {x: 2, y: 1}} ;; foo {insert: 'bar', documents: [{x: -1, y: 2}, {x: 0, y: 2}, {x: 1, y: 2}, {x: 2, y: 1}, {x: 2, y: 3}]}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

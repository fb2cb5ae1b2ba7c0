package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mergeAllChunksOnShard} (7.0+), ported from mongo {@code jstests/sharding/merge_all_chunks_on_shard.js}: its
 * {@code buildInitialScenario} (a collection on {@code {x: 1}} split at 0..9, [1, 3) and [7, 10) moved to shard02), with
 * the history window the file shortens with a fail point passed by letting 400 s go by with the balancer stopped.
 */
class MergeAllChunksOnShardPortTest {

    static final String ROWS = """
            7.0+    | mergeAllChunksOnShard: shard0 merges its runs           | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 3}
            7.0+    | ... {MinKey, 1}                                         | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01'} | config {count: 'chunks', query: {shard: 'shard01', min: {x: MinKey}, max: {x: 1}}} | ok {n: 1}
            7.0+    | ... {3, 7}                                              | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01'} | config {count: 'chunks', query: {shard: 'shard01', min: {x: 3}, max: {x: 7}}} | ok {n: 1}
            7.0+    | mergeAllChunksOnShard: shard1 merges its runs           | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 2}
            7.0+    | maxNumberOfChunksToMerge is honoured                    | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01', maxNumberOfChunksToMerge: NumberInt(2)} | config {count: 'chunks'} | ok {n: 11}
            7.0+    | nothing left to merge is a success                      | $SCENARIO ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard02'} | admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard02'} | ok
            7.0+    | chunks inside the history window stay                   | $SCENARIO ;; admin {moveRange: 'test.coll', min: {x: 1}, max: {x: 2}, toShard: 'shard01'} ;; admin {moveRange: 'test.coll', min: {x: 2}, max: {x: 3}, toShard: 'shard01'} ;; admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 5}
            7.0+    | an unknown shard                                        | $SCENARIO | admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard09'} | ShardNotFound: Shard shard09 not found
            7.0+    | the shard is required                                   | $SCENARIO | admin {mergeAllChunksOnShard: 'test.coll'} | IDLFailedToParse
            4.4-6.3 | (before 7.0 there is no such command)                   |  | admin {mergeAllChunksOnShard: 'test.coll', shard: 'shard01'} | CommandNotFound
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/merge_all_chunks_on_shard.js",
            ROWS,
            Map.of(
                    "SCENARIO",
                    "admin {enableSharding: 'test', primaryShard: 'shard01'} ;; admin {balancerStop: 1} ;; admin {shardCollection: 'test.coll', key: {x: 1}} ;; admin {split: 'test.coll', middle: {x: 0}} ;; admin {split: 'test.coll', middle: {x: 1}} ;; admin {split: 'test.coll', middle: {x: 2}} ;; admin {split: 'test.coll', middle: {x: 3}} ;; admin {split: 'test.coll', middle: {x: 4}} ;; admin {split: 'test.coll', middle: {x: 5}} ;; admin {split: 'test.coll', middle: {x: 6}} ;; admin {split: 'test.coll', middle: {x: 7}} ;; admin {split: 'test.coll', middle: {x: 8}} ;; admin {split: 'test.coll', middle: {x: 9}} ;; admin {moveRange: 'test.coll', min: {x: 1}, max: {x: 2}, toShard: 'shard02'} ;; admin {moveRange: 'test.coll', min: {x: 2}, max: {x: 3}, toShard: 'shard02'} ;; admin {moveRange: 'test.coll', min: {x: 7}, max: {x: 8}, toShard: 'shard02'} ;; admin {moveRange: 'test.coll', min: {x: 8}, max: {x: 9}, toShard: 'shard02'} ;; admin {moveRange: 'test.coll', min: {x: 9}, max: {x: 10}, toShard: 'shard02'} ;; advance 400000"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

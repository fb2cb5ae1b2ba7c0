package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code split} at a large shard-key value, ported from mongo {@code jstests/sharding/split_large_key.js} (one shard;
 * each of the file's {@code tests} shards its own collection, splits it at a key of {@code keyFieldSize} {@code a}s
 * per field and counts the chunks). The file as it is since the 512-byte shard-key limit went (4.4) expects every
 * split to work and two chunks; its earlier form expected keys of 512 bytes and more refused, on lines before 4.4,
 * which ShardLab's mongos does not answer as.
 */
class SplitLargeKeyPortTest {

    static final String ROWS = """
            all     | Key size small: split                     | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.small', key: {x: 1}} | admin {split: 'test.small', middle: {x: '<a*100>'}} | ok
            all     | Key size small: 2 chunks                  | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.small', key: {x: 1}} ;; admin {split: 'test.small', middle: {x: '<a*100>'}} | config {count: 'chunks'} | ok {n: 2}
            all     | Key size 512: split                       | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.k512', key: {x: 1}} | admin {split: 'test.k512', middle: {x: '<a*512>'}} | ok
            all     | Key size 512: 2 chunks                    | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.k512', key: {x: 1}} ;; admin {split: 'test.k512', middle: {x: '<a*512>'}} | config {count: 'chunks'} | ok {n: 2}
            all     | Key size 2000: split                      | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.k2000', key: {x: 1}} | admin {split: 'test.k2000', middle: {x: '<a*2000>'}} | ok
            all     | Key size 2000: 2 chunks                   | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.k2000', key: {x: 1}} ;; admin {split: 'test.k2000', middle: {x: '<a*2000>'}} | config {count: 'chunks'} | ok {n: 2}
            all     | Compound key size small: split            | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.csmall', key: {x: 1, y: 1}} | admin {split: 'test.csmall', middle: {x: '<a*100>', y: '<a*100>'}} | ok
            all     | Compound key size small: 2 chunks         | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.csmall', key: {x: 1, y: 1}} ;; admin {split: 'test.csmall', middle: {x: '<a*100>', y: '<a*100>'}} | config {count: 'chunks'} | ok {n: 2}
            all     | Compound key size 512: split              | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.c512', key: {x: 1, y: 1}} | admin {split: 'test.c512', middle: {x: '<a*256>', y: '<a*256>'}} | ok
            all     | Compound key size 512: 2 chunks           | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.c512', key: {x: 1, y: 1}} ;; admin {split: 'test.c512', middle: {x: '<a*256>', y: '<a*256>'}} | config {count: 'chunks'} | ok {n: 2}
            all     | Compound key size 10000: split            | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.c10000', key: {x: 1, y: 1}} | admin {split: 'test.c10000', middle: {x: '<a*5000>', y: '<a*5000>'}} | ok
            all     | Compound key size 10000: 2 chunks         | shards 1 ;; admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.c10000', key: {x: 1, y: 1}} ;; admin {split: 'test.c10000', middle: {x: '<a*5000>', y: '<a*5000>'}} | config {count: 'chunks'} | ok {n: 2}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/split_large_key.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code split} with {@code find}, again and again on the chunk of the same document, ported from mongo
 * {@code jstests/sharding/shard_keycount.js}: 1 MB chunks, {@code test.foo} with {@code _id} 0 … 9 on
 * {@code {_id: 1}}, primary shard shard02 ({@code ensurePrimaryShard}: a {@code movePrimary} that may find it there
 * already), split at the median of the chunk holding {@code {_id: 3}} four times, the document replaced by itself
 * between the later splits. Every split works.
 */
class ShardKeycountPortTest {

    static final String ROWS = """
            all     | Split into two chunks                     | $FOO | admin {split: 'test.foo', find: {_id: 3}} | ok
            all     | Split chunk again                         | $FOO ;; admin {split: 'test.foo', find: {_id: 3}} | admin {split: 'test.foo', find: {_id: 3}} | ok
            all     | update of the document                    | $FOO ;; admin {split: 'test.foo', find: {_id: 3}} ;; admin {split: 'test.foo', find: {_id: 3}} | test {update: 'foo', updates: [{q: {_id: 3}, u: {_id: 3}}]} | ok {n: 1}
            all     | Split chunk again (third)                 | $FOO ;; admin {split: 'test.foo', find: {_id: 3}} ;; admin {split: 'test.foo', find: {_id: 3}} ;; test {update: 'foo', updates: [{q: {_id: 3}, u: {_id: 3}}]} | admin {split: 'test.foo', find: {_id: 3}} | ok
            all     | Split chunk again (fourth)                | $FOO ;; admin {split: 'test.foo', find: {_id: 3}} ;; admin {split: 'test.foo', find: {_id: 3}} ;; test {update: 'foo', updates: [{q: {_id: 3}, u: {_id: 3}}]} ;; admin {split: 'test.foo', find: {_id: 3}} ;; test {update: 'foo', updates: [{q: {_id: 3}, u: {_id: 3}}]} | admin {split: 'test.foo', find: {_id: 3}} | ok
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/shard_keycount.js",
            ROWS,
            Map.of(
                    "FOO",
                    "chunksize 1 ;; test {insert: 'foo', documents: [{_id: 0}, {_id: 1}, {_id: 2}, {_id: 3}, {_id: 4}, {_id: 5}, {_id: 6}, {_id: 7}, {_id: 8}, {_id: 9}]} ;; admin {enableSharding: 'test'} ;; ?admin {movePrimary: 'test', to: 'shard02'} ;; admin {shardCollection: 'test.foo', key: {_id: 1}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

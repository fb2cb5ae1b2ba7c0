package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mergeChunks}' argument and range checks, ported from mongo {@code jstests/sharding/merge_chunks_basic.js}
 * (the 4.4 form with its stale second mongos, and the current form, which asserts the same through
 * {@code findChunksUtil}): {@code db.foo} on {@code {a: 1}}, primary shard01, split at -1, 0 and 1. The file asserts
 * most refusals with {@code assert.commandFailed}; the rows name the code MongoDB gives: an empty namespace is
 * InvalidNamespace ({@code CommandHelpers::parseNsFullyQualified}, {@code src/mongo/db/commands.cpp}), a missing
 * database NamespaceNotFound ({@code CatalogCache::getDatabase}, {@code src/mongo/s/catalog_cache.cpp}), an unsharded
 * collection NamespaceNotSharded (the same file's routing-info lookup), bounds that are not shard keys an errmsg without a code
 * ({@code src/mongo/s/commands/cluster_merge_chunks_cmd.cpp}, an {@code ErrmsgCommandDeprecated}), a range that is
 * not a run of one shard's chunks IllegalOperation ({@code sharding_catalog_manager_chunk_operations.cpp}). The
 * file's second mongos (the merge through a stale router) is the same mongos here: ShardLab has one routing table.
 */
class MergeChunksBasicPortTest {

    static final String ROWS = """
            all     | Fail if invalid namespace                              | $DATABASE | admin {mergeChunks: '', bounds: [{a: -1}, {a: 1}]} | InvalidNamespace
            all     | Fail if database does not exist                        | $DATABASE | admin {mergeChunks: 'a.b', bounds: [{a: -1}, {a: 1}]} | NamespaceNotFound: database a not found
            all     | Fail if collection is unsharded                        | $DATABASE | admin {mergeChunks: 'db.xxx', bounds: [{a: -1}, {a: 1}]} | NamespaceNotSharded
            all     | Errors if either bounds is not a valid shard key: no chunks before shardCollection | $DATABASE | config {count: 'chunks'} | ok {n: 0}
            all     | ... one chunk after shardCollection                    | $DATABASE ;; admin {shardCollection: 'db.foo', key: {a: 1}} | config {count: 'chunks'} | ok {n: 1}
            all     | Fail if a wrong key: the min                           | $FOUR | admin {mergeChunks: 'db.foo', bounds: [{x: -1}, {a: 1}]} | NoCode: shard key bounds [{ x: -1 },{ a: 1 }) are not valid for shard key pattern { a: 1 }
            all     | ... the max                                            | $FOUR | admin {mergeChunks: 'db.foo', bounds: [{a: -1}, {x: 1}]} | NoCode: shard key bounds [{ a: -1 },{ x: 1 }) are not valid for shard key pattern { a: 1 }
            all     | Fail if chunks do not contain a bound                  | $FOUR | admin {mergeChunks: 'db.foo', bounds: [{a: -1}, {a: 10}]} | IllegalOperation
            all     | Fail if chunks to be merged are not contiguous on the shard: the move | $FOUR | admin {moveChunk: 'db.foo', bounds: [{a: -1}, {a: 0}], to: 'shard02', _waitForDelete: true} | ok
            all     | ... the merge fails                                    | $FOUR ;; $AWAY | admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} | IllegalOperation
            all     | ... the move back                                      | $FOUR ;; $AWAY ;; ?admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} | admin {moveChunk: 'db.foo', bounds: [{a: -1}, {a: 0}], to: 'shard01', _waitForDelete: true} | ok
            all     | Validate metadata: four chunks                         | $FOUR ;; $AWAY ;; ?admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} ;; $BACK | config {count: 'chunks'} | ok {n: 4}
            all     | ... the merge works                                    | $FOUR ;; $AWAY ;; ?admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} ;; $BACK | admin {mergeChunks: 'db.foo', bounds: [{a: -1}, {a: 1}]} | ok
            all     | ... three chunks                                       | $FOUR ;; $AWAY ;; ?admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} ;; $BACK ;; admin {mergeChunks: 'db.foo', bounds: [{a: -1}, {a: 1}]} | config {count: 'chunks'} | ok {n: 3}
            all     | ... one chunk [-1, 1)                                  | $FOUR ;; $AWAY ;; ?admin {mergeChunks: 'db.foo', bounds: [{a: MinKey}, {a: MaxKey}]} ;; $BACK ;; admin {mergeChunks: 'db.foo', bounds: [{a: -1}, {a: 1}]} | config {count: 'chunks', query: {min: {a: -1}, max: {a: 1}}} | ok {n: 1}
            """;

    /** The file's set-up: the database, primary shard01. */
    private static final String DATABASE = "admin {enableSharding: 'db', primaryShard: 'shard01'}";

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/merge_chunks_basic.js",
            ROWS,
            Map.of(
                    "DATABASE",
                    DATABASE,
                    "FOUR",
                    DATABASE
                            + " ;; admin {shardCollection: 'db.foo', key: {a: 1}} ;; admin {split: 'db.foo', middle: {a: 0}}"
                            + " ;; admin {split: 'db.foo', middle: {a: -1}} ;; admin {split: 'db.foo', middle: {a: 1}}",
                    "AWAY",
                    "admin {moveChunk: 'db.foo', bounds: [{a: -1}, {a: 0}], to: 'shard02', _waitForDelete: true}",
                    "BACK",
                    "admin {moveChunk: 'db.foo', bounds: [{a: -1}, {a: 0}], to: 'shard01', _waitForDelete: true}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

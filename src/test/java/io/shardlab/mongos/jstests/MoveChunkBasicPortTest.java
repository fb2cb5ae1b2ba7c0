package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code moveChunk}'s refusals and moves, ported from mongo {@code jstests/sharding/move_chunk_basic.js}: an invalid
 * namespace, a missing database and an unsharded collection are refused ({@code assert.commandFailed}, no code named;
 * the missing database is NamespaceNotFound, mongo {@code src/mongo/s/catalog_cache.cpp} {@code getDatabase});
 * on a hashed key a chunk moves by its bounds, a bound that is not a shard key document ({@code aChunk.min - 1} is NaN)
 * or {@code find} beside {@code bounds} is refused; on a ranged key, single and compound ({@code testNotHashed}), a
 * {@code find} that is not a shard key is refused and leaves the chunk where it is, the shard key's own document moves
 * it, and a {@code to} shard that does not exist is refused. {@code $H} is the file's hashed collection; its first chunk
 * on shard01 ({@code aChunk}) is {@code [MinKey, -4611686018427387902)} before 7.2 (two chunks a shard on an empty
 * hashed collection) and {@code [MinKey, 0)} from 7.2 (one a shard, SERVER-76405).
 */
class MoveChunkBasicPortTest {

    static final String ROWS = """
            all     | fail if invalid namespace                        | $DB | admin {moveChunk: '', find: {_id: 1}, to: 'shard02'} | error
            all     | fail if database does not exist                  | $DB | admin {moveChunk: 'a.b', find: {_id: 1}, to: 'shard02'} | NamespaceNotFound: database a not found
            all     | fail if collection is unsharded                  | $DB | admin {moveChunk: 'db.xxx', find: {_id: 1}, to: 'shard02'} | error
            all     | testHashed: a min bound that is not a key (NaN)   | $DB ;; $H | admin {moveChunk: 'db.fooHashed', bounds: [NaN, {_id: NumberLong('-4611686018427387902')}], to: 'shard02'} | error
            all     | testHashed: a max bound that is not a key (NaN)   | $DB ;; $H | admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, NaN], to: 'shard02'} | error
            all     | testHashed: find and bounds both set             | $DB ;; $H | admin {moveChunk: 'db.fooHashed', find: {_id: 1}, bounds: [{_id: MinKey}, {_id: NumberLong('-4611686018427387902')}], to: 'shard02'} | error
            4.4-7.1 | testHashed: moves by bounds                      | $DB ;; $H | admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong('-4611686018427387902')}], to: 'shard02'} | ok
            7.2+    | testHashed: moves by bounds                      | $DB ;; $H | admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong(0)}], to: 'shard02'} | ok
            4.4-7.1 | testHashed: ... no longer on shard01             | $DB ;; $H ;; admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong('-4611686018427387902')}], to: 'shard02'} | config {count: 'chunks', query: {min: {_id: MinKey}, shard: 'shard01'}} | ok {n: 0}
            7.2+    | testHashed: ... no longer on shard01             | $DB ;; $H ;; admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong(0)}], to: 'shard02'} | config {count: 'chunks', query: {min: {_id: MinKey}, shard: 'shard01'}} | ok {n: 0}
            4.4-7.1 | testHashed: ... now on shard02                   | $DB ;; $H ;; admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong('-4611686018427387902')}], to: 'shard02'} | config {count: 'chunks', query: {min: {_id: MinKey}, shard: 'shard02'}} | ok {n: 1}
            7.2+    | testHashed: ... now on shard02                   | $DB ;; $H ;; admin {moveChunk: 'db.fooHashed', bounds: [{_id: MinKey}, {_id: NumberLong(0)}], to: 'shard02'} | config {count: 'chunks', query: {min: {_id: MinKey}, shard: 'shard02'}} | ok {n: 1}
            all     | testNotHashed {a: 1}: find not a shard key       | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} | admin {moveChunk: 'db.foo', find: {xxx: 1}, to: 'shard02'} | error
            all     | ... the chunk stays on shard01                   | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} ;; ? admin {moveChunk: 'db.foo', find: {xxx: 1}, to: 'shard02'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 1}
            all     | ... find by the key document moves it            | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} | admin {moveChunk: 'db.foo', find: {a: 1}, to: 'shard02'} | ok
            all     | ... the chunk is on shard02                      | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} ;; admin {moveChunk: 'db.foo', find: {a: 1}, to: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 1}
            all     | ... fail if to shard does not exist              | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} ;; admin {moveChunk: 'db.foo', find: {a: 1}, to: 'shard02'} | admin {moveChunk: 'db.foo', find: {a: 1}, to: 'WrongShard'} | error
            all     | ... the chunk is still on shard02                | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1}} ;; admin {moveChunk: 'db.foo', find: {a: 1}, to: 'shard02'} ;; ? admin {moveChunk: 'db.foo', find: {a: 1}, to: 'WrongShard'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 1}
            all     | testNotHashed {a: 1, b: 1}: find not a shard key | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} | admin {moveChunk: 'db.foo', find: {xxx: 1}, to: 'shard02'} | error
            all     | ... the chunk stays on shard01                   | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} ;; ? admin {moveChunk: 'db.foo', find: {xxx: 1}, to: 'shard02'} | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 1}
            all     | ... find by the key document moves it            | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} | admin {moveChunk: 'db.foo', find: {a: 1, b: 1}, to: 'shard02'} | ok
            all     | ... the chunk is on shard02                      | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} ;; admin {moveChunk: 'db.foo', find: {a: 1, b: 1}, to: 'shard02'} | config {count: 'chunks', query: {shard: 'shard02'}} | ok {n: 1}
            all     | ... fail if to shard does not exist              | $DB ;; admin {shardCollection: 'db.foo', key: {a: 1, b: 1}} ;; admin {moveChunk: 'db.foo', find: {a: 1, b: 1}, to: 'shard02'} | admin {moveChunk: 'db.foo', find: {a: 1, b: 1}, to: 'WrongShard'} | error
            """;

    /** {@code $DB}: the file's database on shard01; {@code $H}: its collection on a hashed {@code _id}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/move_chunk_basic.js",
            ROWS,
            Map.of(
                    "DB",
                    "admin {enableSharding: 'db', primaryShard: 'shard01'}",
                    "H",
                    "admin {shardCollection: 'db.fooHashed', key: {_id: 'hashed'}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

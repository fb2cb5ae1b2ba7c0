package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regular expressions on the shard key, ported from mongo {@code jstests/sharding/regex_targeting.js} (the 4.2–6.0
 * text: {@code writeOK} / {@code commandFailedWithCode}, as the file stands before updates without the shard key; its
 * targeting holds through 7.0, where {@code featureFlagUpdateOneWithoutShardKey} is still off): a
 * regex {@code _id} is refused, a regex shard-key value is stored; a query, a multi update and a delete by regex reach
 * every shard and every matching document (strings the regex matches and the stored regex itself); a single op-style
 * update by regex cannot target one shard (InvalidOptions through 7.0; from 7.1, where a single write without the shard key came
 * in, it runs as one: mongo {@code write_without_shard_key_util.cpp}); the upserts' rows hold through 7.0, as the
 * file gives them; a replacement-style
 * one is targeted by its replacement; an upsert by regex is refused, a replacement-style one with ShardKeyNotFound; a
 * nested regex written as a document ({@code {a: {b: /abcde.*&#47;}}}) is an equality on the document: a query, a multi
 * update and a delete by it reach the one document holding that regex, unsharded and sharded on {@code {'a.b': 1}}
 * (the file's last block, "Query/Update/Remove by nested regex"; regexes equal as BSON compares them, pattern and
 * options: {@code io.shardlab.serve.RegexValueEquality}). The rows marked "(8.x file)" are the file as it stands from
 * 8.0, moved to {@code jstests/sharding/query/regex_targeting.js} (read at commit
 * {@code b47a7e7cced70b556862d92de3c4022fcfc46014}): its {@code commandWorked} for the op-style updates by regex and
 * for the upserts by regex, op-style and replacement, where the older text asserts write errors; they follow
 * {@code featureFlagUpdateOneWithoutShardKey}, which ShardLab models from 7.1 (an upsert whose query reaches several
 * shards runs as a write without shard key, its new document inserted on its owner in an internal transaction). The
 * 8.x file runs them on the emptied collections, as these rows do; the rest of it is the older text with
 * {@code assert.commandWorked} for {@code writeOK}. The file's loop that inserts until both shards hold a hashed
 * document is four fixed values here; its {@code find().itcount()} comparisons are counts.
 */
class RegexTargetingPortTest {

    static final String ROWS = """
            all     | cannot insert regex _id (unsharded)         | $SETUP | foo {insert: 'bar', documents: [{_id: /regex value/}]} | writeError error
            all     | cannot insert regex _id (sharded)           | $SETUP | foo {insert: 'barSharded', documents: [{_id: /regex value/, a: 0}]} | writeError error
            all     | cannot insert regex _id (compound)          | $SETUP | foo {insert: 'barCompound', documents: [{_id: /regex value/, a: 0, b: 0}]} | writeError error
            all     | cannot insert regex _id (nested)            | $SETUP | foo {insert: 'barNested', documents: [{_id: /regex value/, a: {b: 0}}]} | writeError error
            all     | cannot insert regex _id (hashed)            | $SETUP | foo {insert: 'barHashed', documents: [{_id: /regex value/, hash: 0}]} | writeError error
            all     | (for now) a regex shard key is stored        | $SETUP | foo {insert: 'barSharded', documents: [{a: /regex value/}]} | ok {n: 1}
            all     | ... compound                                | $SETUP | foo {insert: 'barCompound', documents: [{a: /regex value/, b: 'other value'}]} | ok {n: 1}
            all     | ... nested                                  | $SETUP | foo {insert: 'barNested', documents: [{a: {b: /regex value/}}]} | ok {n: 1}
            all     | ... hashed                                  | $SETUP | foo {insert: 'barHashed', documents: [{hash: /regex value/}]} | ok {n: 1}
            all     | query by regex hits all matching keys (unsharded) | $SETUP ;; $DOCS | foo {count: 'bar', query: {a: /abcde.*/}} | ok {n: 3}
            all     | ... across both shards                      | $SETUP ;; $DOCS | foo {count: 'barSharded', query: {a: /abcde.*/}} | ok {n: 3}
            all     | ... compound                                | $SETUP ;; $DOCS | foo {count: 'barCompound', query: {a: /abcde.*/}} | ok {n: 3}
            all     | ... nested                                  | $SETUP ;; $DOCS | foo {count: 'barNested', query: {'a.b': /abcde.*/}} | ok {n: 3}
            all     | ... hashed                                  | $SETUP ;; $DOCS | foo {count: 'barHashed', query: {hash: /abcde.*/}} | ok {n: 5}
            all     | update by regex hits all matching keys (unsharded) | $SETUP ;; $DOCS | foo {update: 'bar', updates: [{q: {a: /abcde.*/}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 3, nModified: 3}
            all     | ... across both shards                      | $SETUP ;; $DOCS | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 3, nModified: 3}
            all     | ... compound                                | $SETUP ;; $DOCS | foo {update: 'barCompound', updates: [{q: {a: /abcde.*/}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 3, nModified: 3}
            all     | ... nested                                  | $SETUP ;; $DOCS | foo {update: 'barNested', updates: [{q: {'a.b': /abcde.*/}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 3, nModified: 3}
            all     | ... hashed                                  | $SETUP ;; $DOCS | foo {update: 'barHashed', updates: [{q: {hash: /abcde.*/}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 5, nModified: 5}
            4.4-7.0 | op-style update by regex is ambiguous       | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde-1/}, u: {$set: {b: 1}}}]} | writeError InvalidOptions
            4.4-7.0 | ... a character class too                   | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde-[1-2]/}, u: {$set: {b: 1}}}]} | writeError InvalidOptions
            4.4-7.0 | ... a nested regex document                 | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde-1/}}, u: {$set: {'a.b': /abcde-1/, b: 1}}}]} | writeError InvalidOptions
            4.4-7.0 | ... a dotted path                           | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde.*/}, u: {$set: {b: 1}}}]} | writeError InvalidOptions
            7.1+    | from 7.1 an updateOne by regex runs without the shard key | $SETUP ;; $DOCS | foo {update: 'barSharded', updates: [{q: {a: /abcde-1/}, u: {$set: {b: 1}}}]} | ok {n: 1, nModified: 1}
            7.1+    | (8.x file) op-style updates with regex succeed | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde-1/}, u: {$set: {b: 1}}}]} | ok
            7.1+    | ... a character class too                   | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde-[1-2]/}, u: {$set: {b: 1}}}]} | ok
            7.1+    | ... a nested regex document                 | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde-1/}}, u: {$set: {'a.b': /abcde-1/, b: 1}}}]} | ok
            7.1+    | ... a dotted path                           | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde.*/}, u: {$set: {b: 1}}}]} | ok
            7.1+    | (8.x file) op-style upsert by regex succeeds | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {$set: {a: /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... compound                                | $SETUP | foo {update: 'barCompound', updates: [{q: {a: /abcde-1/}, u: {$set: {a: /abcde.*/, b: 1}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... a dotted path                           | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde.*/}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... a nested regex document                 | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... a query without the key                 | $SETUP | foo {update: 'barNested', updates: [{q: {c: 1}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | (8.x file) replacement upsert by regex succeeds | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {a: /abcde.*/}, upsert: true}]} | ok {n: 1}
            7.1+    | ... compound                                | $SETUP | foo {update: 'barCompound', updates: [{q: {a: /abcde.*/}, u: {a: /abcde.*/, b: 1}, upsert: true}]} | ok {n: 1}
            7.1+    | ... nested by a dotted path                 | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde-1/}, u: {a: {b: /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... nested                                  | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {a: {b: /abcde.*/}}, upsert: true}]} | ok {n: 1}
            7.1+    | ... a query without the key                 | $SETUP | foo {update: 'barNested', updates: [{q: {c: 1}, u: {a: {b: /abcde.*/}}, upsert: true}]} | ok {n: 1}
            all     | replacement by regex targets by the replacement | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {a: /abcde.*/, b: 1}}]} | ok
            all     | ... a narrower regex                        | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde-1/}, u: {a: /abcde-1/, b: 1}}]} | ok
            all     | ... nested                                  | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {a: {b: /abcde.*/}}}]} | ok
            all     | ... nested by a dotted path                 | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde-1/}, u: {a: {b: /abcde.*/}}}]} | ok
            4.4-7.0 | op-style upsert by regex is refused         | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {$set: {a: /abcde.*/}}, upsert: true}]} | writeError error
            4.4-7.0 | ... compound                                | $SETUP | foo {update: 'barCompound', updates: [{q: {a: /abcde-1/}, u: {$set: {a: /abcde.*/, b: 1}}, upsert: true}]} | writeError error
            4.4-7.0 | ... exact regex in query never equality     | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde.*/}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | writeError error
            4.4-7.0 | ... nested regexes are not extracted        | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | writeError error
            4.4-7.0 | ... a query without the key                 | $SETUP | foo {update: 'barNested', updates: [{q: {c: 1}, u: {$set: {'a.b': /abcde.*/}}, upsert: true}]} | writeError error
            4.4-7.0 | replacement upsert by regex: ShardKeyNotFound | $SETUP | foo {update: 'barSharded', updates: [{q: {a: /abcde.*/}, u: {a: /abcde.*/}, upsert: true}]} | writeError ShardKeyNotFound
            4.4-7.0 | ... compound                                | $SETUP | foo {update: 'barCompound', updates: [{q: {a: /abcde.*/}, u: {a: /abcde.*/, b: 1}, upsert: true}]} | writeError ShardKeyNotFound
            4.4-7.0 | ... nested by a dotted path                 | $SETUP | foo {update: 'barNested', updates: [{q: {'a.b': /abcde-1/}, u: {a: {b: /abcde.*/}}, upsert: true}]} | writeError ShardKeyNotFound
            4.4-7.0 | ... nested                                  | $SETUP | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {a: {b: /abcde.*/}}, upsert: true}]} | writeError ShardKeyNotFound
            4.4-7.0 | ... a query without the key                 | $SETUP | foo {update: 'barNested', updates: [{q: {c: 1}, u: {a: {b: /abcde.*/}}, upsert: true}]} | writeError ShardKeyNotFound
            all     | remove by regex hits all matching keys (unsharded) | $SETUP ;; $DOCS | foo {delete: 'bar', deletes: [{q: {a: /abcde.*/}, limit: 0}]} | ok {n: 3}
            all     | ... across both shards                      | $SETUP ;; $DOCS | foo {delete: 'barSharded', deletes: [{q: {a: /abcde.*/}, limit: 0}]} | ok {n: 3}
            all     | ... compound                                | $SETUP ;; $DOCS | foo {delete: 'barCompound', deletes: [{q: {a: /abcde.*/}, limit: 0}]} | ok {n: 3}
            all     | ... nested                                  | $SETUP ;; $DOCS | foo {delete: 'barNested', deletes: [{q: {'a.b': /abcde.*/}, limit: 0}]} | ok {n: 3}
            all     | ... hashed                                  | $SETUP ;; $DOCS | foo {delete: 'barHashed', deletes: [{q: {hash: /abcde.*/}, limit: 0}]} | ok {n: 5}
            all     | a nested regex written as a value is an equality (unsharded) | $SETUP ;; $NESTED | foo {count: 'bar', query: {a: {b: /abcde.*/}}} | ok {n: 1}
            all     | ... an update by it updates that one document | $SETUP ;; $NESTED | foo {update: 'bar', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 1, nModified: 1}
            all     | ... after it one document is updated        | $SETUP ;; $NESTED ;; foo {update: 'bar', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {updated: true}}, multi: true}]} | foo {count: 'bar', query: {updated: true}} | ok {n: 1}
            all     | ... a remove by it leaves the other two     | $SETUP ;; $NESTED ;; foo {delete: 'bar', deletes: [{q: {a: {b: /abcde.*/}}, limit: 0}]} | foo {count: 'bar'} | ok {n: 2}
            all     | ... sharded on {'a.b': 1}                   | $SETUP ;; $DOCS | foo {count: 'barNested', query: {a: {b: /abcde.*/}}} | ok {n: 1}
            all     | ... an update by it updates that one document | $SETUP ;; $DOCS | foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {updated: true}}, multi: true}]} | ok {n: 1, nModified: 1}
            all     | ... after it one document is updated        | $SETUP ;; $DOCS ;; foo {update: 'barNested', updates: [{q: {a: {b: /abcde.*/}}, u: {$set: {updated: true}}, multi: true}]} | foo {count: 'barNested', query: {updated: true}} | ok {n: 1}
            all     | ... a remove by it leaves the other two     | $SETUP ;; $DOCS ;; foo {delete: 'barNested', deletes: [{q: {a: {b: /abcde.*/}}, limit: 0}]} | foo {count: 'barNested'} | ok {n: 2}
            """;

    /**
     * {@code $SETUP}: the file's collections — foo.bar unsharded; barSharded on {a: 1}, barCompound on {a: 1, b: 1} and
     * barNested on {'a.b': 1}, each split at "abcde-1" with the lower chunk moved to shard02; barHashed on {hash:
     * "hashed"}. {@code $DOCS}: "abcde-0", "abcde-1" and the regex /abcde.*&#47; in each (five in barHashed).
     */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/regex_targeting.js",
            ROWS,
            Map.of(
                    "SETUP",
                    "admin {enableSharding: 'foo', primaryShard: 'shard01'}"
                            + " ;; admin {shardCollection: 'foo.barSharded', key: {a: 1}}"
                            + " ;; admin {split: 'foo.barSharded', middle: {a: 'abcde-1'}}"
                            + " ;; admin {moveChunk: 'foo.barSharded', find: {a: 0}, to: 'shard02'}"
                            + " ;; admin {shardCollection: 'foo.barCompound', key: {a: 1, b: 1}}"
                            + " ;; admin {split: 'foo.barCompound', middle: {a: 'abcde-1', b: 0}}"
                            + " ;; admin {moveChunk: 'foo.barCompound', find: {a: 0, b: 0}, to: 'shard02'}"
                            + " ;; admin {shardCollection: 'foo.barNested', key: {'a.b': 1}}"
                            + " ;; admin {split: 'foo.barNested', middle: {'a.b': 'abcde-1'}}"
                            + " ;; admin {moveChunk: 'foo.barNested', find: {a: {b: 0}}, to: 'shard02'}"
                            + " ;; admin {shardCollection: 'foo.barHashed', key: {hash: 'hashed'}}",
                    "DOCS",
                    "foo {insert: 'bar', documents: [{a: 'abcde-0'}, {a: 'abcde-1'}, {a: /abcde.*/}]}"
                            + " ;; foo {insert: 'barSharded', documents: [{a: 'abcde-0'}, {a: 'abcde-1'}, {a: /abcde.*/}]}"
                            + " ;; foo {insert: 'barCompound', documents: [{a: 'abcde-0', b: 0}, {a: 'abcde-1', b: 0},"
                            + " {a: /abcde.*/, b: 0}]}"
                            + " ;; foo {insert: 'barNested', documents: [{a: {b: 'abcde-0'}}, {a: {b: 'abcde-1'}},"
                            + " {a: {b: /abcde.*/}}]}"
                            + " ;; foo {insert: 'barHashed', documents: [{hash: 'abcde-0'}, {hash: 'abcde-1'},"
                            + " {hash: 'abcde-2'}, {hash: 'abcde-3'}, {hash: /abcde.*/}]}",
                    "NESTED",
                    "foo {insert: 'bar', documents: [{a: {b: 'abcde-0'}}, {a: {b: 'abcde-1'}}, {a: {b: /abcde.*/}}]}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}

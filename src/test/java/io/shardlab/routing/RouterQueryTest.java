package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where mongos sends a find, and the filter's targeting class (getShardIdsForQuery, flattenBounds,
 * analyzeShardKey's classes). Layouts: chunk i lives on the i-th listed shard.
 */
class RouterQueryTest {

    private static Targeting find(String key, String splits, String shards, String filter) {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);
        Router router = new Router(pattern, Layouts.chunks(pattern, splits, shards), MongoVersion.V8_0);
        return router.route(new Operation.Find(BsonLiterals.parseDocument(filter)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # filter on {a: 1}, chunks [MinKey, 10) s1, [10, 20) s2, [20, MaxKey) s3 | reason contains | reach
            {a: {$gte: 12, $lt: 14}}        | 1 range overlapping 1 chunk, which lives on 1 shard.    | reaches s2 (1 of 3 shards)
            {a: {$in: [5, 25]}}             | 2 ranges overlapping 2 chunks, which live on 2 shards.  | reaches s1, s3 (2 of 3 shards)
            {b: 1}                          | broadcasts it to all 3 shards that own chunks.          | reaches all 3 shards
            """)
    void reasonsAndReachCountInProperSingularAndPlural(String filter, String reason, String reach) {
        Targeting t = find("{a: 1}", "{a: 10}; {a: 20}", "s1,s2,s3", filter);
        assertTrue(t.reason().contains(reason), t.reason());
        assertEquals(reach, t.reach(3));
    }

    @ParameterizedTest(name = "{3} reaches {4} ({5})")
    @CsvSource(delimiter = '|', textBlock = """
            # key            | split points              | shards      | filter                                        | reached     | class
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: 15}                                       | s2          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$eq: 25}}                                | s3          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$in: [15]}}                              | s2          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: null}                                     | s1          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: 15, $or: [{b: 1}, {c: 2}]}                | s2          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$and: [{a: 15}, {b: 3}]}                     | s2          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$text: {$search: 'x'}, a: 15}                | s2          | single-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$gt: 15}}                                | s2,s3       | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$lt: 10}}                                | s1,s2       | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$gte: 20, $lt: 30}}                      | s3          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$in: [5, 25]}}                           | s1,s3       | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$or: [{a: 5}, {a: 25}]}                      | s1,s3       | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$and: [{a: {$gte: 12}}, {a: {$lte: 14}}]}    | s2          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$gt: 30, $lt: 5}}                        | s1          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$gt: 'x'}}                               | s3          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: /^abc/}                                   | s3          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$type: 'string'}}                        | s3          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$exists: false}}                         | s1          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$ne: 15}}                                | s1,s2,s3    | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$nin: [15]}}                             | s1,s2,s3    | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$not: {$gt: 15}}}                        | s1,s2,s3    | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$in: [11, 12]}, $or: [{a: 5}, {a: 25}]}  | s2          | multi-shard
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {b: 1}                                        | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {}                                            | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$or: [{a: 5}, {b: 25}]}                      | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$text: {$search: 'x'}}                       | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$not: /abc/}}                            | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {a: {$size: 2}}                               | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s3    | {$nor: [{a: 5}]}                              | s1,s2,s3    | scatter-gather
            {a: 1}           | {a: 10}; {a: 20}          | s1,s2,s1    | {a: {$exists: true}}                          | s1,s2       | scatter-gather
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: 1, b: 7}                             | s2          | single-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: 1}                                   | s1,s2       | multi-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: {$in: [1, 2]}, b: {$in: [3, 4, 5]}}  | s1,s2,s3    | multi-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: {$in: [1, 2]}, b: {$in: [3, 4]}}     | s1,s3       | multi-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: {$gt: 1}, b: 3}                      | s1,s2,s3    | multi-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {a: 1, b: {$gt: 6}}                      | s2          | multi-shard
            {a: 1, b: 1}     | {a: 1, b: 5}; {a: 2, b: MinKey} | s1,s2,s3 | {b: 5}                                   | s1,s2,s3    | scatter-gather
            {'u.id': 1}      | {'u.id': 10}                    | s1,s2    | {u: {id: 15, n: 'x'}}                    | s2          | single-shard
            {'u.id': 1}      | {'u.id': 10}                    | s1,s2    | {'u.id': 15, u: {id: 15}}                | s2          | multi-shard
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: 1}             | s4          | single-shard
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: NumberLong(1)} | s4          | single-shard
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: 1.9}           | s4          | single-shard
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: {$in: [1, 2]}} | s3,s4       | multi-shard
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: {$gt: 1}}      | s1,s2,s3,s4 | scatter-gather
            {a: 'hashed'}    | {a: NumberLong('-4611686018427387902')}; {a: NumberLong(0)}; {a: NumberLong('4611686018427387902')} | s1,s2,s3,s4 | {a: {$exists: true}} | s1,s2,s3,s4 | scatter-gather
            {a: 1, b: 'hashed'} |                          | s1          | {a: 1, b: {$gt: 5}}                           | s1          | multi-shard
            {a: 1, b: 'hashed'} |                          | s1          | {b: 5}                                        | s1          | scatter-gather
            """)
    void findIsRoutedByMongosRules(
            String key, String splits, String shards, String filter, String reached, String targeting) {
        Targeting t = find(key, splits, shards, filter);
        assertEquals(Arrays.asList(reached.split(",")), t.shards(), t.reason());
        assertEquals(targeting, t.targeting().label(), t.reason());
        assertTrue(t.error().isEmpty());
    }

    @Test
    void rangesFlattenCompoundInAsMongosDoes() {
        Targeting t = find("{a: 1, b: 1}", "", "s1", "{a: {$in: [1, 2]}, b: {$in: [3, 4, 5]}}");
        assertEquals("[[(1, 3), (1, 5)], [(2, 3), (2, 5)]]", t.ranges().toString());
    }

    @Test
    void laterFieldsOnlyContributeTheirOuterEnds() {
        Targeting t = find("{a: 1, b: 1, c: 1}", "", "s1", "{a: {$in: [1, 2]}, b: {$in: [3, 9]}, c: 7}");
        assertEquals(
                "[[(1, 3, 7), (1, 9, 7)], [(2, 3, 7), (2, 9, 7)]]", t.ranges().toString());
        Targeting range = find("{a: 1, b: 1}", "", "s1", "{a: {$gt: 1, $lt: 5}, b: {$in: [3, 9]}}");
        assertEquals("[[(1, 3), (5, 9)]]", range.ranges().toString());
    }

    @Test
    void nullEqualityAlsoCoversUndefinedBefore80() {
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 1, b: 1}");
        var chunks = Layouts.chunks(pattern, "", "s1");
        var filter = new Operation.Find(BsonLiterals.parseDocument("{a: null}"));
        assertEquals(
                1,
                new Router(pattern, chunks, MongoVersion.V8_0)
                        .route(filter)
                        .ranges()
                        .size());
        assertEquals(
                2,
                new Router(pattern, chunks, new MongoVersion(7, 0))
                        .route(filter)
                        .ranges()
                        .size());
    }

    @Test
    void unsupportedOperatorsAreRefusedWithTheirName() {
        UnsupportedQueryException e = assertThrows(
                UnsupportedQueryException.class, () -> find("{a: 1}", "", "s1", "{$expr: {$eq: ['$a', 1]}}"));
        assertTrue(e.getMessage().startsWith("$expr"), e.getMessage());
        assertThrows(UnsupportedQueryException.class, () -> find("{a: 1}", "", "s1", "{a: {$elemMatch: {b: 1}}}"));
        assertThrows(UnsupportedQueryException.class, () -> find("{a: 1}", "", "s1", "{a: {$near: [0, 0]}}"));
        assertThrows(UnsupportedQueryException.class, () -> find("{a: 1}", "", "s1", "{a: {$in: []}}"));
        assertThrows(UnsupportedQueryException.class, () -> find("{a: 1}", "", "s1", "{a: {$foo: 1}}"));
    }
}

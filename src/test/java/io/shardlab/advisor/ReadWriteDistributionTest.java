package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.TargetingClass;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The query mix routed as analyzeShardKey classes and counts sampled queries. */
class ReadWriteDistributionTest {

    private static final ShardKeyPattern CUSTOMER = ShardKeyPattern.parse("{customerId: 1}");
    /** [MinKey, 100) and [100, MaxKey). */
    private static final AnalysisRanges TWO_RANGES = AnalysisRanges.at(1, List.of(ShardKey.of(new BsonInt32(100))));

    private static final ChunkMap LAYOUT =
            ChunkMap.fromSplitPoints(1, List.of(ShardKey.of(new BsonInt32(100))), List.of("shard01", "shard02"), 1);

    private static final List<SampledQuery> MIX = QueryMixFile.parse("""
            {"op": "find", "filter": {"customerId": 5}, "weight": 3}
            {"op": "find", "filter": {"customerId": {"$gt": 5}}}
            {"op": "count", "filter": {"status": "new"}}
            {"op": "updateOne", "filter": {"customerId": 5}, "update": {"$set": {"status": "paid"}}, "weight": 2}
            {"op": "updateMany", "filter": {"status": "new"}, "update": {"$set": {"status": "old"}}}
            {"op": "replaceOne", "filter": {"_id": 7}, "replacement": {"customerId": 9, "status": "new"}}
            {"op": "deleteOne", "filter": {"status": "x"}}
            {"op": "findAndModify", "filter": {"customerId": {"$in": [1, 200]}}, "update": {"$inc": {"n": 1}}}
            """, "mix.jsonl");

    // ---- MongoDB's own cases: analyze_shard_key_read_write_distribution_test.cpp ----------------

    private static final ShardKeyHasher HASHER = new ShardKeyHasher();

    /**
     * The test's split infos: {@code chunkSplitInfoRangeSharding0} ({a.x: 1, b.y: 1} cut at {a.x: -100,
     * b.y: "A"} and {a.x: 100, b.y: "A"}), {@code ...HashedSharding0} (the same with b.y hashed),
     * {@code ...RangeSharding1} ({a: 1, b.y: 1} cut at {a: {x: -100}, b.y: "A"}, {a: {x: 100}, b.y: "A"})
     * and {@code ...HashedSharding2} ({a: "hashed"} cut at ±4611686018427387902).
     */
    private static final Map<String, Map.Entry<ShardKeyPattern, AnalysisRanges>> SPLIT_INFOS = Map.of(
            "range0",
                    Map.entry(
                            ShardKeyPattern.parse("{'a.x': 1, 'b.y': 1}"),
                            AnalysisRanges.at(
                                    2,
                                    List.of(
                                            ShardKey.of(new BsonInt32(-100), new BsonString("A")),
                                            ShardKey.of(new BsonInt32(100), new BsonString("A"))))),
            "hashed0",
                    Map.entry(
                            ShardKeyPattern.parse("{'a.x': 1, 'b.y': 'hashed'}"),
                            AnalysisRanges.at(
                                    2,
                                    List.of(
                                            ShardKey.of(
                                                    new BsonInt32(-100),
                                                    new BsonInt64(HASHER.hash64(new BsonString("A")))),
                                            ShardKey.of(
                                                    new BsonInt32(100),
                                                    new BsonInt64(HASHER.hash64(new BsonString("A"))))))),
            "range1",
                    Map.entry(
                            ShardKeyPattern.parse("{a: 1, 'b.y': 1}"),
                            AnalysisRanges.at(
                                    2,
                                    List.of(
                                            ShardKey.of(BsonLiterals.parseDocument("{x: -100}"), new BsonString("A")),
                                            ShardKey.of(BsonLiterals.parseDocument("{x: 100}"), new BsonString("A"))))),
            "hashed2",
                    Map.entry(
                            ShardKeyPattern.parse("{a: 'hashed'}"),
                            AnalysisRanges.at(
                                    1,
                                    List.of(
                                            ShardKey.of(new BsonInt64(-4611686018427387902L)),
                                            ShardKey.of(new BsonInt64(4611686018427387902L))))));

    /** {@code caseInsensitiveCollation} of the test. */
    private static final String CASE_INSENSITIVE = "{locale: 'en_US', strength: 1, caseLevel: false}";

    @ParameterizedTest(name = "{5}")
    @CsvSource(delimiter = '|', textBlock = """
            # split info | filter                                  | collation          | class  | numByRange | MongoDB test
            range0  | {'a.x': -100, 'b.y': 'A'}                       |                    | single | 0 1 0 | ShardKeyEqualityOrdered (at a split point)
            range0  | {a: {x: 0}, 'b.y': 'A'}                         |                    | single | 0 1 0 | ShardKeyEqualityOrdered (object prefix)
            range0  | {a: {x: 0}, b: {y: 'A'}}                        |                    | single | 0 1 0 | ShardKeyEqualityOrdered (objects)
            range0  | {'b.y': 'A', 'a.x': 0}                          |                    | single | 0 1 0 | ShardKeyEqualityNotOrdered
            range0  | {'a.x': null, 'b.y': null}                      |                    | single | 1 0 0 | ShardKeyEqualityEveryFieldIsNull
            range0  | {'a.x': null, 'b.y': 'A'}                       |                    | single | 1 0 0 | ShardKeyEqualityPrefixFieldIsNull
            range0  | {'a.x': 0, 'b.y': null}                         |                    | single | 0 1 0 | ShardKeyEqualitySuffixFieldIsNull
            range0  | {_id: 0, 'a.x': 100, 'b.y': 'A'}                |                    | single | 0 0 1 | ShardKeyEqualityAdditionalFields
            range0  | {'a.x': -100, 'b.y': 'A'}                       | CI                 | multi  | 1 1 0 | ShardKeyEqualityNonSimpleCollation_ShardKeyContainsCollatableFields
            hashed0 | {'a.x': -100, 'b.y': 'A'}                       | CI                 | multi  | 1 1 0 | ShardKeyEqualityNonSimpleCollation_ShardKeyContainsCollatableFields (hashed)
            range0  | {'a.x': -100, 'b.y': 0}                         | CI                 | single | 1 0 0 | ShardKeyEqualityNonSimpleCollation_ShardKeyDoesNotContainCollatableFields
            range0  | {'a.x': -100, 'b.y': 'A'}                       | {locale: 'simple'} | single | 0 1 0 | ShardKeyEqualitySimpleCollation
            hashed2 | {a: -100}                                       |                    | single | 0 1 0 | ShardKeyEqualityHashed
            range0  | {'a.x': 0}                                      |                    | multi  | 0 1 0 | ShardKeyPrefixEqualityDotted
            range1  | {a: {x: 0}}                                     |                    | multi  | 0 1 0 | ShardKeyPrefixEqualityNotDotted
            range0  | {'a.x': {$lt: 1}}                               |                    | multi  | 1 1 0 | ShardKeyPrefixRangeMinKey
            range0  | {'a.x': {$gte: 2}}                              |                    | multi  | 0 1 1 | ShardKeyPrefixRangeMaxKey
            range0  | {'a.x': {$gte: -3, $lt: 3}}                     |                    | multi  | 0 1 0 | ShardKeyPrefixRangeNoMinOrMaxKey
            range0  | {'a.x': {$gte: -4, $lt: 4}, 'b.y': {$gte: 'A', $lt: 'Z'}} |          | multi  | 0 1 0 | FullShardKeyRange
            range0  | {'a.x': {$ne: 5}}                               |                    | multi  | 1 1 1 | ShardKeyNonEquality
            hashed2 | {a: {$gte: -100}}                               |                    | scatter | 1 1 1 | ShardKeyRangeHashed
            range0  | {'b.y': 'A'}                                    |                    | scatter | 1 1 1 | ShardKeySuffixEquality
            range0  | {_id: 1}                                        |                    | scatter | 1 1 1 | NoShardKey
            range0  | {a: {x: 0}}                                     |                    | scatter | 1 1 1 | ReadDistributionNotFilterByShardKeyTest.ShardKeyPrefixEqualityNotDotted
            range1  | {'a.x': 0}                                      |                    | scatter | 1 1 1 | ReadDistributionNotFilterByShardKeyTest.ShardKeyPrefixEqualityDotted
            """)
    void readsAreClassedAndCountedPerRangeAsInMongoDBsTests(
            String splitInfo, String filter, String collation, String expectedClass, String numByRange, String test) {
        Map.Entry<ShardKeyPattern, AnalysisRanges> info = SPLIT_INFOS.get(splitInfo);
        SampledQuery find = new SampledQuery(
                QueryCommand.FIND, BsonLiterals.parseDocument(filter), null, false, 1, 0, collation(collation));

        ReadDistributionMetrics r = route(List.of(find), info).read();

        assertEquals(
                counts(expectedClass),
                List.of(r.numSingleShardReads(), r.numMultiShardReads(), r.numScatterGatherReads()),
                test);
        assertEquals(longs(numByRange), r.numReadsByRange(), test);
    }

    @ParameterizedTest(name = "{5} ({4})")
    @CsvSource(delimiter = '|', textBlock = """
            # split info | filter                      | collation | class  | op            | numByRange
            range0  | {'a.x': -100, 'b.y': 'A'}           |           | single | updateOne     | 0 1 0
            range0  | {'a.x': -100, 'b.y': 'A'}           |           | single | deleteOne     | 0 1 0
            range0  | {'a.x': -100, 'b.y': 'A'}           |           | single | findAndModify | 0 1 0
            range0  | {_id: 0, 'a.x': 100, 'b.y': 'A'}    |           | single | updateMany    | 0 0 1
            range0  | {'a.x': -100, 'b.y': 'A'}           | CI        | multi  | updateOne     | 1 1 0
            range0  | {'a.x': -100, 'b.y': 'A'}           | CI        | multi  | updateMany    | 1 1 0
            hashed0 | {'a.x': -100, 'b.y': 'A'}           | CI        | multi  | deleteMany    | 1 1 0
            hashed0 | {'a.x': -100, 'b.y': 'A'}           | CI        | multi  | findAndModify | 1 1 0
            range0  | {'a.x': -100, 'b.y': 0}             | CI        | single | deleteOne     | 1 0 0
            range0  | {'a.x': {$lt: 1}}                   |           | multi  | updateMany    | 1 1 0
            range0  | {'b.y': 'A'}                        |           | scatter | deleteOne    | 1 1 1
            """)
    void writesAreClassedLikeReadsAndThoseNotSingleShardCountAsWritesWithoutShardKey(
            String splitInfo, String filter, String collation, String expectedClass, String op, String numByRange) {
        // WriteDistributionFilterByShardKeyEqualityTest: a write that is not single-shard is a single
        // (or, for multi: true, multi) write without shard key
        Map.Entry<ShardKeyPattern, AnalysisRanges> info = SPLIT_INFOS.get(splitInfo);
        QueryCommand command = QueryCommand.of(op);
        BsonDocument update = command.isDelete() ? null : BsonLiterals.parseDocument("{$set: {c: -100}}");
        SampledQuery write = new SampledQuery(
                command, BsonLiterals.parseDocument(filter), update, false, 1, 0, collation(collation));

        WriteDistributionMetrics w = route(List.of(write), info).write();

        assertEquals(
                counts(expectedClass),
                List.of(w.numSingleShardWrites(), w.numMultiShardWrites(), w.numScatterGatherWrites()));
        assertEquals(longs(numByRange), w.numWritesByRange());
        long without = expectedClass.equals("single") ? 0 : 1;
        assertEquals(
                command.isMulti() ? List.of(0L, without) : List.of(without, 0L),
                List.of(w.numSingleWritesWithoutShardKey(), w.numMultiWritesWithoutShardKey()));
    }

    /**
     * MongoDB 7.0's analyzeShardKey counts a write as "without shard key" by how it targets, not by whether its filter
     * names the full key: mongo {@code src/mongo/db/s/analyze_shard_key_read_write_distribution.cpp} (7.0, the
     * version that asks {@code gFeatureFlagUpdateOneWithoutShardKey}),
     * {@code WriteDistributionMetricsCalculator::_incrementMetricsForQuery}: {@code if (info.desc !=
     * QueryTargetingInfo::Description::kSingleKey)} counts a single or multi write without shard key; under a
     * non-simple collation a full-key equality on a collatable value (or any value of a hashed field) is
     * {@code kMultipleKeys} ({@code analyze_shard_key_read_write_distribution_test.cpp},
     * {@code WriteDistributionFilterByShardKeyEqualityTest.ShardKeyEqualityNonSimpleCollation_ShardKeyContainsCollatableFields}
     * and {@code ..._ShardKeyDoesNotContainCollatableFields}). Only a development version before 7.0 counted by the
     * extracted key ({@code if (shardKey.isEmpty())}), which would leave these writes out.
     */
    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | split info | filter                    | collation | op            | class  | single without | multi without
            7.0       | range0     | {'a.x': -100, 'b.y': 'A'} | CI        | updateOne     | multi  | 1 | 0
            7.0       | range0     | {'a.x': -100, 'b.y': 'A'} | CI        | deleteMany    | multi  | 0 | 1
            7.0       | hashed0    | {'a.x': -100, 'b.y': 'A'} | CI        | findAndModify | multi  | 1 | 0
            7.0       | range0     | {'a.x': -100, 'b.y': 0}   | CI        | updateOne     | single | 0 | 0
            7.0       | range0     | {'a.x': -100, 'b.y': 'A'} |           | deleteOne     | single | 0 | 0
            8.0       | range0     | {'a.x': -100, 'b.y': 'A'} | CI        | updateMany    | multi  | 0 | 1
            """)
    void aFullKeyWriteUnderANonSimpleCollationCountsAsWithoutShardKeyWhenItsKeyIsCollatable(
            String release,
            String splitInfo,
            String filter,
            String collation,
            String op,
            String expectedClass,
            long singleWithout,
            long multiWithout) {
        // given a write on the full shard key, with or without a case-insensitive collation
        Map.Entry<ShardKeyPattern, AnalysisRanges> info = SPLIT_INFOS.get(splitInfo);
        QueryCommand command = QueryCommand.of(op);
        BsonDocument update = command.isDelete() ? null : BsonLiterals.parseDocument("{$set: {c: -100}}");
        SampledQuery write = new SampledQuery(
                command, BsonLiterals.parseDocument(filter), update, false, 1, 0, collation(collation));

        // when analyzeShardKey's write distribution is computed with that release's rules
        WriteDistributionMetrics w = ReadWriteDistribution.route(
                        List.of(write),
                        info.getKey(),
                        info.getValue(),
                        info.getValue().chunks(),
                        MongoVersion.parse(release))
                .write();

        // then it is multi-shard and without shard key exactly when its key is collatable under the collation
        assertEquals(
                counts(expectedClass),
                List.of(w.numSingleShardWrites(), w.numMultiShardWrites(), w.numScatterGatherWrites()));
        assertEquals(
                List.of(singleWithout, multiWithout),
                List.of(w.numSingleWritesWithoutShardKey(), w.numMultiWritesWithoutShardKey()));
    }

    @Test
    void withoutQueriesBothDistributionsHaveOnlyASampleSizeOfZero() {
        // ReadDistributionNoQueries, WriteDistributionNoQueries
        ReadWriteDistribution d =
                ReadWriteDistribution.route(List.of(), CUSTOMER, TWO_RANGES, LAYOUT, MongoVersion.V8_0);

        assertEquals(ReadDistributionMetrics.none(), d.read());
        assertEquals(WriteDistributionMetrics.none(), d.write());
        assertEquals(List.of(), d.read().numReadsByRange(), "numReadsByRange is left out");
    }

    @Test
    void theSampleSizeCountsEachCommand() {
        // ReadDistributionSampleSize: 1 find, 2 aggregate, 3 count, 1 distinct; WriteDistributionSampleSize:
        // 4 updates, 3 deletes, 1 findAndModify (bulkWrite's are counted as updates and deletes)
        List<SampledQuery> mix = QueryMixFile.parse("""
                {op: "find", filter: {"a.x": 0}}
                {op: "aggregate", filter: {"a.x": 1}, weight: 2}
                {op: "count", filter: {"a.x": 3}, weight: 3}
                {op: "distinct", filter: {"a.x": 6}}
                {op: "updateOne", filter: {"a.x": 0}, update: {$set: {c: 0}}, weight: 4}
                {op: "deleteOne", filter: {"a.x": 4}}
                {op: "deleteMany", filter: {"a.x": 5}, weight: 2}
                {op: "findAndModify", filter: {"a.x": 7}, update: {$set: {"a.x": 5}}}
                """, "mix");

        ReadWriteDistribution d = route(mix, SPLIT_INFOS.get("range0"));

        assertEquals(
                List.of(7L, 1L, 2L, 3L, 1L),
                List.of(
                        d.read().total(),
                        d.read().find(),
                        d.read().aggregate(),
                        d.read().count(),
                        d.read().distinct()));
        assertEquals(
                List.of(8L, 4L, 3L, 1L),
                List.of(
                        d.write().total(),
                        d.write().update(),
                        d.write().delete(),
                        d.write().findAndModify()));
    }

    // ---- ShardLab's mixes ----------------------------------------------------------------------

    @Test
    void readsAreClassedByTheirFilterAndWeighted() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, LAYOUT, MongoVersion.V8_0);

        // 3 equality finds, 1 range find, 1 count without the key: 5 reads
        ReadDistributionMetrics r = d.read();
        assertEquals(
                new ReadDistributionMetrics(5, 4, 0, 1, 0, 3, 1, 1, List.of(5L, 2L)),
                r,
                "the equality reaches [MinKey, 100) 3 times, the $gt read both ranges, the count both");
        assertEquals(
                List.of(60.0, 20.0, 20.0),
                List.of(
                        r.percentageOfSingleShardReads(),
                        r.percentageOfMultiShardReads(),
                        r.percentageOfScatterGatherReads()));
    }

    @Test
    void writesCountTheReplacementDocumentsKeyAndWritesWithoutTheShardKey() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, LAYOUT, MongoVersion.V8_0);

        // single: updateOne x2 and replaceOne (by its replacement document) = 3 of 6; multi: the $in
        // findAndModify; scatter-gather: updateMany and deleteOne. Without the shard key: deleteOne and
        // findAndModify are single writes, updateMany a multi write.
        WriteDistributionMetrics w = d.write();
        assertEquals(new WriteDistributionMetrics(6, 4, 1, 1, 3, 1, 2, List.of(6L, 3L), 0, 2, 1), w);
        assertEquals(
                List.of(50.0, 16.6666666667, 33.3333333334, 0.0, 33.3333333334, 16.6666666667),
                List.of(
                        w.percentageOfSingleShardWrites(), w.percentageOfMultiShardWrites(),
                        w.percentageOfScatterGatherWrites(), w.percentageOfShardKeyUpdates(),
                        w.percentageOfSingleWritesWithoutShardKey(), w.percentageOfMultiWritesWithoutShardKey()));
        assertEquals(List.of(), d.rejected(), "8.0 runs single writes without shard key in two phases");
    }

    @ParameterizedTest(name = "{0}: replaceOne({1}) by its replacement: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            7.0 | {status: 'x'} | true
            7.1 | {status: 'x'} | false
            8.0 | {status: 'x'} | false
            8.0 | {_id: 7}      | true
            8.0 | {_id: {$eq: 7}} | true
            8.0 | {_id: {$gt: 7}} | false
            """)
    void fromSevenOneAReplacementIsTargetedByItsDocumentOnlyForAnExactId(
            String version, String filter, boolean byReplacement) {
        // analyze_shard_key_read_write_distribution.cpp, _addUpdateQuery: "targeting by replacement document is
        // only done when an updateOne without shard key is not supported or when the query targets an exact id"
        SampledQuery replace = new SampledQuery(
                QueryCommand.REPLACE_ONE,
                BsonLiterals.parseDocument(filter),
                BsonLiterals.parseDocument("{customerId: 9, status: 'new'}"),
                false,
                1,
                0);

        WriteDistributionMetrics w = ReadWriteDistribution.route(
                        List.of(replace), CUSTOMER, TWO_RANGES, LAYOUT, MongoVersion.parseModelled(version))
                .write();

        assertEquals(byReplacement ? 1 : 0, w.numSingleShardWrites());
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            updateOne     | {customerId: 5} | {$set: {customerId: 6}}        | true
            updateOne     | {customerId: 5} | {$inc: {'customerId': 1}}      | true
            updateOne     | {customerId: 5} | {$set: {status: 'paid'}}       | false
            updateMany    | {status: 'a'}   | {$unset: {customerId: ''}}     | true
            updateOne     | {customerId: 5} | {$rename: {other: 'customerId'}} | true
            findAndModify | {customerId: 5} | {$mul: {customerId: -1}}       | true
            replaceOne    | {customerId: 5} | {customerId: 6, status: 'x'}   | true
            replaceOne    | {customerId: 5} | {customerId: 5, status: 'x'}   | false
            replaceOne    | {customerId: 5} | {status: 'x'}                  | true
            """)
    void aShardKeyUpdateNamesAKeyFieldOrReplacesItsValue(String op, String filter, String update, boolean expected) {
        // jstests/sharding/analyze_shard_key/read_write_distribution.js: a findAndModify with
        // {$inc: {<shard key>: 1}} is a shard-key update
        SampledQuery q = new SampledQuery(
                QueryCommand.of(op),
                BsonLiterals.parseDocument(filter),
                BsonLiterals.parseDocument(update),
                false,
                1,
                0);

        assertEquals(expected, ReadWriteDistribution.updatesShardKey(q, CUSTOMER));
    }

    @Test
    void beforeSevenOneSingleWritesWithoutTheShardKeyAreRefused() {
        ReadWriteDistribution d = ReadWriteDistribution.route(MIX, CUSTOMER, TWO_RANGES, LAYOUT, MongoVersion.V6_0);

        assertEquals(
                List.of("deleteOne", "findAndModify"),
                d.rejected().stream().map(r -> r.query().command().op()).toList());
        assertEquals(
                "Query for sharded findAndModify must contain the shard key",
                d.rejected().get(1).error());
        assertTrue(
                d.rejected()
                        .get(0)
                        .error()
                        .startsWith("A single delete on a sharded collection must contain an " + "exact match on _id"),
                d.rejected().get(0).error());
    }

    @Test
    void aHashedKeyTargetsEqualitiesButBroadcastsRanges() {
        ShardKeyPattern hashed = ShardKeyPattern.parse("{customerId: 'hashed'}");
        List<ShardKey> points = HashedSplitPoints.of(2).stream()
                .map(h -> ShardKey.of(new BsonInt64(h)))
                .toList();
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02"), 1);

        ReadWriteDistribution d =
                ReadWriteDistribution.route(MIX, hashed, AnalysisRanges.at(1, points), chunks, MongoVersion.V8_0);

        assertEquals(
                List.of(3L, 0L, 2L),
                List.of(
                        d.read().numSingleShardReads(),
                        d.read().numMultiShardReads(),
                        d.read().numScatterGatherReads()),
                "the $gt read joins the count in reaching every shard");
        assertEquals(
                List.of(60.0, 0.0, 40.0),
                List.of(
                        d.read().percentageOfSingleShardReads(),
                        d.read().percentageOfMultiShardReads(),
                        d.read().percentageOfScatterGatherReads()));
    }

    @Test
    void aMixWithoutWritesHasAnEmptyWriteDistribution() {
        ReadWriteDistribution d = ReadWriteDistribution.route(
                List.of(SampledQuery.find(BsonLiterals.parseDocument("{customerId: 1}"))),
                CUSTOMER,
                TWO_RANGES,
                LAYOUT,
                MongoVersion.V8_0);

        assertTrue(d.write().isEmpty());
        assertEquals(WriteDistributionMetrics.none(), d.write());
        assertEquals(100.0, d.read().percentageOfSingleShardReads());
    }

    private static ReadWriteDistribution route(
            List<SampledQuery> queries, Map.Entry<ShardKeyPattern, AnalysisRanges> info) {
        return ReadWriteDistribution.route(
                queries, info.getKey(), info.getValue(), info.getValue().chunks(), MongoVersion.V8_0);
    }

    private static BsonDocument collation(String text) {
        if (text == null) {
            return new BsonDocument();
        }
        return BsonLiterals.parseDocument(text.equals("CI") ? CASE_INSENSITIVE : text);
    }

    private static List<Long> counts(String targeting) {
        TargetingClass c = switch (targeting) {
            case "single" -> TargetingClass.SINGLE_SHARD;
            case "multi" -> TargetingClass.MULTI_SHARD;
            default -> TargetingClass.SCATTER_GATHER;
        };
        Long[] out = {0L, 0L, 0L};
        out[c.ordinal()] = 1L;
        return Arrays.asList(out);
    }

    private static List<Long> longs(String spaced) {
        return Arrays.stream(spaced.trim().split(" +")).map(Long::valueOf).toList();
    }
}

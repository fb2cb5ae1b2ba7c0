package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chunks {@code shardCollection} creates, case by case as mongo
 * {@code src/mongo/db/s/config/initial_split_policy_test.cpp} states them (the copy with
 * {@code numInitialChunks}, 6.x/7.0), run through the simulator's own commands: shards added and
 * put in zones, zone ranges set before sharding, then {@code shardCollection} with its options.
 * Shards are {@code shard0, shard1, …} (the file's {@code testShard0, …}); the primary shard is
 * {@code shard0}.
 *
 * <p>Row notation: shards {@code ;}-separated as {@code zone,zone} or {@code -}; zone ranges
 * space-separated as {@code LO..HI=ZONE} over the first key field ({@code min}, {@code max}, or a
 * number, written NumberLong for a hashed field); expected chunks space-separated as
 * {@code MIN@SHARD} (the chunk's min over the hashed or first field, in order).
 */
class InitialSplitPolicyTest {

    private static final String NS = "test.foo";

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | test | key | shards | numInitialChunks | expected chunks
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixMoreChunksThanShardsWithEqualDistribution   | {x: 'hashed', y: 1} | -;- | 4 | min@0 -4611686018427387902@0 0@1 4611686018427387902@1
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixMoreChunksThanShardsWithUnequalDistribution | {x: 'hashed'}       | -;-;- | 4 | min@0 -4611686018427387902@1 0@2 4611686018427387902@0
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixChunksEqualToShards                         | {x: 'hashed', y: 1} | -;-;- | 3 | min@0 -3074457345618258602@1 3074457345618258602@2
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixChunksLessThanShards                        | {x: 'hashed'}       | -;-;-;-;- | 2 | min@0 0@1
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixChunksOneReturnsNoSplitPoints               | {x: 'hashed'}       | -;- | 1 | min@0
            7.0 | CalculateHashedSplitPointsTest.HashedPrefixChunksZeroUsesDefault                       | {x: 'hashed'}       | -;- | 0 | min@0 -4611686018427387902@0 0@1 4611686018427387902@1
            5.0 | CalculateHashedSplitPointsTest.HashedPrefixChunksZeroUsesDefault                       | {x: 'hashed'}       | -;- | 0 | min@0 -4611686018427387902@0 0@1 4611686018427387902@1
            4.4 | CalculateHashedSplitPointsTest.HashedPrefixMoreChunksThanShardsWithEqualDistribution   | {x: 'hashed', y: 1} | -;- | 4 | min@0 -4611686018427387902@0 0@1 4611686018427387902@1
            7.0 | GenerateInitialHashedSplitChunksTest.SplitPointsNumContiguousChunksPerShardsGreaterThanOne | {x: 'hashed'}   | -;- | 4 | min@0 -4611686018427387902@0 0@1 4611686018427387902@1
            """)
    void splitPointsBasedPolicy(
            String version, String test, String key, String shards, long numInitialChunks, String expected) {
        SimulatedCluster c = cluster(MongoVersion.parse(version), shards, "-", key);
        c.execute(new ShardCollection(NS, ShardKeyPattern.parse(key), false, false, numInitialChunks));
        assertEquals(expected, describe(c.snapshot().cluster().chunks()));
    }

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | SingleChunkPerTagSplitPolicyTest | key | shards | zone ranges | expected chunks
            7.0 | PredefinedZonesSpanFromMinToMax                       | {x: 1}        | z0;-       | min..max=z0           | min@0
            7.0 | PredefinedZonesSpanDoNotSpanFromMinToMax              | {x: 'hashed'} | z0;-       | 0..10=z0              | min@0 0@0 10@1
            7.0 | PredefinedZonesContainGlobalMin                       | {x: 1}        | z0;-       | min..0=z0             | min@0 0@0
            7.0 | PredefinedZonesContainGlobalMax                       | {x: 1}        | z0;-       | 0..max=z0             | min@0 0@0
            7.0 | PredefinedZonesContainGlobalMinAndMax                 | {x: 1}        | z0;z1      | min..0=z0 10..max=z1  | min@0 0@0 10@1
            7.0 | PredefinedZonesContiguous                             | {x: 1}        | z0;z1      | 0..10=z1 10..20=z0    | min@0 0@1 10@0 20@1
            7.0 | PredefinedZonesNotContiguous                          | {x: 1}        | z0;z1;-    | 0..10=z0 20..30=z1    | min@0 0@0 10@1 20@1 30@2
            7.0 | NumRemainingChunksGreaterThanNumShards                | {x: 1}        | z0;z1      | 0..10=z0 20..30=z1    | min@0 0@0 10@1 20@1 30@0
            7.0 | MultipleChunksToOneZoneWithMultipleShards             | {x: 1}        | Z0;Z0      | min..0=Z0 10..20=Z0 20..max=Z0 | min@0 0@0 10@1 20@0
            7.0 | MultipleChunksToInterleavedZonesWithMultipleShards    | {x: 1}        | Z0,Z1;Z0,Z1 | min..0=Z0 0..10=Z1 20..max=Z0 | min@0 0@0 10@0 20@1
            5.0 | PredefinedZonesNotContiguous                          | {x: 1}        | z0;z1;-    | 0..10=z0 20..30=z1    | min@0 0@0 10@1 20@1 30@2
            4.4 | MultipleChunksToOneZoneWithMultipleShards             | {x: 1}        | Z0;Z0      | min..0=Z0 10..20=Z0 20..max=Z0 | min@0 0@0 10@1 20@0
            """)
    void singleChunkPerTagPolicy(
            String version, String test, String key, String shards, String zones, String expected) {
        SimulatedCluster c = cluster(MongoVersion.parse(version), shards, zones, key);
        c.execute(new ShardCollection(NS, ShardKeyPattern.parse(key), false, false));
        assertEquals(expected, describe(c.snapshot().cluster().chunks()));
    }

    @ParameterizedTest(name = "[{0}] {1}: {5}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | source | key | shards | numInitialChunks | error
            7.0 | create_collection_coordinator.cpp bounds     | {x: 'hashed'}       | -;- | 16385   | numInitialChunks cannot be more than either: 16384, 8192 * number of shards; or 1000000
            5.0 | create_collection_coordinator.cpp bounds     | {x: 'hashed'}       | -   | 8193    | numInitialChunks cannot be more than either: 8192, 8192 * number of shards; or 1000000
            7.0 | create_collection_coordinator.cpp bounds     | {x: 'hashed'}       | -;- | -1      | numInitialChunks cannot be more than either: 16384, 8192 * number of shards; or 1000000
            7.0 | calculateOptimizationStrategy, ranged key    | {x: 1}              | -;- | 4       | numInitialChunks is only supported when the collection is empty and has a hashed field in the shard key pattern
            7.0 | calculateOptimizationStrategy, hashed suffix | {x: 1, y: 'hashed'} | -;- | 4       | When the prefix of the hashed shard key is a range field, 'numInitialChunks' can only be used when the 'presplitHashedZones' is true
            """)
    void numInitialChunksIsCheckedBefore72(
            String version, String source, String key, String shards, long numInitialChunks, String error) {
        SimulatedCluster c = cluster(MongoVersion.parse(version), shards, "-", key);
        CommandFailedException e = assertThrows(
                CommandFailedException.class,
                () -> c.execute(new ShardCollection(NS, ShardKeyPattern.parse(key), false, false, numInitialChunks)));
        assertEquals(error, e.reason());
    }

    @ParameterizedTest(name = "[{0}] numInitialChunks {1} on {2} shards: {3} chunks")
    @CsvSource(textBlock = """
            # from 7.2 the option is accepted and ignored (SERVER-74747): one chunk per shard
            8.0, 4,     2, 2
            8.0, 16385, 2, 2
            8.0, 1,     3, 3
            """)
    void numInitialChunksIsIgnoredFrom72(String version, long numInitialChunks, int shards, int chunks) {
        SimulatedCluster c = cluster(
                MongoVersion.parse(version),
                String.join(";", java.util.Collections.nCopies(shards, "-")),
                "-",
                "{x: 'hashed'}");
        c.execute(new ShardCollection(NS, ShardKeyPattern.parse("{x: 'hashed'}"), false, false, numInitialChunks));
        assertEquals(chunks, c.snapshot().cluster().chunks().size());
    }

    @ParameterizedTest(name = "{0}: prefix {1} → {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # CalculateHashedSplitPointsTest | key | prefix | points (4 chunks)
            HashedSuffix | {'x.a': 1, 'y.b': 1, 'z.c': 'hashed'} | [{p: 1}, 'val'] | [{"$numberLong": "-4611686018427387902"}, {"$numberLong": "0"}, {"$numberLong": "4611686018427387902"}]
            HashedInfix  | {'x.a': 1, 'y.b': 'hashed', 'z.c': 1, a: 1} | [{p: 1}] | [{"$numberLong": "-4611686018427387902"}, {"$numberLong": "0"}, {"$numberLong": "4611686018427387902"}]
            """)
    void hashedSplitPointsKeepThePrefixAndPutMinKeyAfterTheHashedField(
            String test, String key, String prefix, String hashes) {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);
        List<BsonValue> values =
                BsonLiterals.parseDocument("{v: " + prefix + "}").getArray("v").getValues();
        List<BsonValue> expectedHashes =
                BsonDocument.parse("{v: " + hashes + "}").getArray("v").getValues();
        List<ShardKey> points = InitialChunks.hashedPoints(pattern, values, 4);
        assertEquals(3, points.size());
        int hashed = pattern.hashedFieldIndex();
        for (int i = 0; i < points.size(); i++) {
            ShardKey p = points.get(i);
            assertEquals(values, p.values().subList(0, hashed));
            assertEquals(expectedHashes.get(i), p.get(hashed));
            for (int f = hashed + 1; f < p.arity(); f++) {
                assertEquals(org.bson.BsonType.MIN_KEY, p.get(f).getBsonType());
            }
        }
    }

    @ParameterizedTest(name = "[{0}] SingleChunkPerTagSplitPolicyTest.ZoneNotAssociatedWithAnyShardShouldFail")
    @CsvSource({"7.0", "8.0"})
    void aZoneWithoutShardsCannotShapeTheInitialChunks(String version) {
        // the zone range is set while the zone has a shard; the shard then leaves the zone
        SimulatedCluster c = cluster(
                MongoVersion.parse(version), "zoneName0;zoneName1", "min..0=zoneName0 0..max=zoneName1", "{x: 1}");
        // bypassing the commands: removeShardFromZone refuses while the range waits
        java.util.TreeMap<String, io.shardlab.cluster.Shard> shards =
                c.state().shardRegistry().copy();
        shards.put("shard1", shards.get("shard1").withZones(java.util.Set.of()));
        c.state().shardRegistry().restore(shards);
        CommandFailedException e = assertThrows(
                CommandFailedException.class,
                () -> c.execute(new ShardCollection(NS, ShardKeyPattern.parse("{x: 1}"), false, false)));
        assertEquals(
                "Cannot shard collection test.foo due to zone zoneName1 which is not assigned to a shard. "
                        + "Please assign this zone to a shard.",
                e.reason());
    }

    static SimulatedCluster cluster(MongoVersion version, String shards, String zones, String key) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(version).withInvariantChecks(true));
        String[] specs = shards.split(";");
        for (int i = 0; i < specs.length; i++) {
            c.execute(new AddShard("shard" + i));
            if (!specs[i].trim().equals("-")) {
                for (String z : specs[i].trim().split(",")) {
                    c.execute(new AddShardToZone("shard" + i, z));
                }
            }
        }
        if (!zones.equals("-")) {
            ShardKeyPattern pattern = ShardKeyPattern.parse(key);
            for (String z : zones.trim().split("\\s+")) {
                String[] parts = z.split("=");
                String[] range = parts[0].split("\\.\\.");
                c.execute(new UpdateZoneKeyRange(NS, bound(pattern, range[0]), bound(pattern, range[1]), parts[1]));
            }
        }
        return c;
    }

    private static BsonDocument bound(ShardKeyPattern pattern, String text) {
        String field = pattern.fields().get(0).path();
        String value = switch (text) {
            case "min" -> "{$minKey: 1}";
            case "max" -> "{$maxKey: 1}";
            default -> pattern.fields().get(0).hashed() ? "{$numberLong: '" + text + "'}" : text;
        };
        StringBuilder doc = new StringBuilder("{'" + field + "': " + value);
        for (int i = 1; i < pattern.arity(); i++) {
            doc.append(", '")
                    .append(pattern.fields().get(i).path())
                    .append("': ")
                    .append(text.equals("max") ? "{$maxKey: 1}" : "{$minKey: 1}");
        }
        return BsonLiterals.parseDocument(doc.append("}").toString());
    }

    /** {@code MIN@SHARD} per chunk, MIN over the first field. */
    private static String describe(ChunkMap chunks) {
        List<String> out = new ArrayList<>();
        for (Chunk c : chunks.chunks()) {
            BsonValue v = c.min().get(0);
            String min = switch (v.getBsonType()) {
                case MIN_KEY -> "min";
                case INT32 -> Integer.toString(v.asInt32().getValue());
                case INT64 -> Long.toString(v.asInt64().getValue());
                default -> v.toString();
            };
            out.add(min + "@" + c.shard().substring("shard".length()));
        }
        return String.join(" ", out);
    }
}

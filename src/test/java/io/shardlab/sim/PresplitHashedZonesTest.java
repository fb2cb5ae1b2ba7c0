package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code shardCollection(..., {presplitHashedZones: true})}: the cases of mongo
 * {@code src/mongo/db/s/config/initial_split_policy_test.cpp}, {@code PresplitHashedZonesChunksTest},
 * run through the simulator's commands (shards put in zones, zone ranges set before sharding,
 * shardCollection with the options). Two copies of the file: the one with {@code numInitialChunks}
 * (7.0 rows: at least 2 chunks per shard of a zone, holes round-robin over the shards sorted by
 * id) and the one after SERVER-76405 (8.0 rows: 1 chunk per shard of a zone, numInitialChunks gone,
 * holes on any shard, {@code boost::none} in the file, {@code *} here).
 *
 * <p>Row notation: shards {@code ;}-separated, each {@code zone,zone} or {@code -} (the file's
 * {@code shardId("noZone")} sorts last, so it is the last shard here); zone ranges {@code ;}-separated
 * as {@code ZONE: MIN .. MAX}, a bound being a document or {@code COUNTRY/CITY} for
 * {@code {country, city, hashedField: MinKey, suffix: MinKey}}; expected: the shard index of every
 * chunk in order and the number of chunks of each zone range.
 */
class PresplitHashedZonesTest {

    private static final String NS = "test.foo";
    private static final String GEO_KEY = "{country: 1, city: 1, hashedField: 'hashed', suffix: 1}";

    @ParameterizedTest(name = "[{0}] {1}, numInitialChunks {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | PresplitHashedZonesChunksTest | numInitialChunks | key | shards | zone ranges | chunk shards | chunks per zone range
            7.0 | WithHashedPrefix | 0  | {x: 'hashed', y: 1} | z0;z0;z0 | z0: {x: MinKey, y: MinKey} .. {x: MaxKey, y: MaxKey} | 0 0 1 1 2 2 | 6
            7.0 | WithHashedPrefix | 1  | {x: 'hashed', y: 1} | z0;z0;z0 | z0: {x: MinKey, y: MinKey} .. {x: MaxKey, y: MaxKey} | 0 1 2 | 3
            7.0 | WithHashedPrefix | 4  | {x: 'hashed', y: 1} | z0;z0;z0 | z0: {x: MinKey, y: MinKey} .. {x: MaxKey, y: MaxKey} | 0 0 1 1 2 2 | 6
            7.0 | SingleZone       | 0  | {x: 1, y: 'hashed'} | z0;-     | z0: {x: 'UK', y: MinKey} .. {x: 'US', y: MinKey} | 0 0 0 1 | 2
            7.0 | SingleZone       | 1  | {x: 1, y: 'hashed'} | z0;-     | z0: {x: 'UK', y: MinKey} .. {x: 'US', y: MinKey} | 0 0 1 | 1
            7.0 | SingleZone       | 3  | {x: 1, y: 'hashed'} | z0;-     | z0: {x: 'UK', y: MinKey} .. {x: 'US', y: MinKey} | 0 0 0 0 1 | 3
            7.0 | WithMultipleZonesContiguous | 0  | GEO | z0;z1;z2 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/NewYork; z2: US/NewYork .. US/MaxKey | 0 0 0 1 1 2 2 1 | 2 2 2
            7.0 | WithMultipleZonesContiguous | 1  | GEO | z0;z1;z2 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/NewYork; z2: US/NewYork .. US/MaxKey | 0 0 1 2 1 | 1 1 1
            7.0 | WithMultipleZonesContiguous | 10 | GEO | z0;z1;z2 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/NewYork; z2: US/NewYork .. US/MaxKey | 0 0 0 0 0 1 1 1 1 2 2 2 2 1 | 4 4 4
            7.0 | MultipleContiguousZonesWithEachZoneHavingMultipleShards | 0 | GEO | z0;-;z1;z0;z1;z0 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles | 0 0 0 3 3 5 5 2 2 4 4 1 | 6 4
            7.0 | MultipleContiguousZonesWithEachZoneHavingMultipleShards | 1 | GEO | z0;-;z1;z0;z1;z0 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles | 0 0 3 5 2 4 1 | 3 2
            7.0 | MultipleContiguousZonesWithEachZoneHavingMultipleShards | 5 | GEO | z0;-;z1;z0;z1;z0 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles | 0 0 3 5 2 4 1 | 3 2
            7.0 | MultipleZonesWithGaps | 0  | GEO | z0;z1;z2;- | z0: IE/Dublin .. {country: 'UK', city: MinKey, hashedField: MinKey, suffix: 'SomeValue'}; z1: UK/London .. {country: 'US', city: MinKey, hashedField: NumberLong(100), suffix: 'someValue'}; z2: US/NewYork .. US/MaxKey | 0 0 0 1 1 1 2 2 2 3 | 2 2 2
            7.0 | MultipleZonesWithGaps | 1  | GEO | z0;z1;z2;- | z0: IE/Dublin .. {country: 'UK', city: MinKey, hashedField: MinKey, suffix: 'SomeValue'}; z1: UK/London .. {country: 'US', city: MinKey, hashedField: NumberLong(100), suffix: 'someValue'}; z2: US/NewYork .. US/MaxKey | 0 0 1 1 2 2 3 | 1 1 1
            7.0 | MultipleZonesWithGaps | 12 | GEO | z0;z1;z2;- | z0: IE/Dublin .. {country: 'UK', city: MinKey, hashedField: MinKey, suffix: 'SomeValue'}; z1: UK/London .. {country: 'US', city: MinKey, hashedField: NumberLong(100), suffix: 'someValue'}; z2: US/NewYork .. US/MaxKey | 0 0 0 0 0 1 1 1 1 1 2 2 2 2 2 3 | 4 4 4
            7.0 | MultipleContiguousZonesWithEachShardHavingMultipleZones | 0 | GEO | z0,z2;z1,z2,z3;- | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles; z2: US/Los Angeles .. US/New York; z3: US/New York .. US/MaxKey | 0 0 1 0 1 1 1 | 1 1 2 1
            7.0 | MultipleContiguousZonesWithEachShardHavingMultipleZones | 1 | GEO | z0,z2;z1,z2,z3;- | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles; z2: US/Los Angeles .. US/New York; z3: US/New York .. US/MaxKey | 0 0 1 0 1 1 1 | 1 1 2 1
            7.0 | MultipleContiguousZonesWithEachShardHavingMultipleZones | 7 | GEO | z0,z2;z1,z2,z3;- | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles; z2: US/Los Angeles .. US/New York; z3: US/New York .. US/MaxKey | 0 0 0 1 1 0 0 1 1 1 1 1 | 2 2 4 2
            7.0 | OneLargeZoneAndOtherSmallZonesSharingASingleShard | 0  | GEO | z0,z1,z2,z4;-;z3;z3;z3;z3;z3 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z3: country4/city4 .. country5/MaxKey; z4: country6/city5 .. country7/MaxKey | 0 0 1 0 2 0 3 2 2 3 3 4 4 5 5 6 6 4 0 5 | 1 1 1 10 1
            7.0 | OneLargeZoneAndOtherSmallZonesSharingASingleShard | 1  | GEO | z0,z1,z2,z4;-;z3;z3;z3;z3;z3 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z3: country4/city4 .. country5/MaxKey; z4: country6/city5 .. country7/MaxKey | 0 0 1 0 2 0 3 2 3 4 5 6 4 0 5 | 1 1 1 5 1
            7.0 | OneLargeZoneAndOtherSmallZonesSharingASingleShard | 11 | GEO | z0,z1,z2,z4;-;z3;z3;z3;z3;z3 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z3: country4/city4 .. country5/MaxKey; z4: country6/city5 .. country7/MaxKey | 0 0 1 0 2 0 3 2 2 3 3 4 4 5 5 6 6 4 0 5 | 1 1 1 10 1
            7.0 | InterweavingZones | 0 | GEO | z0,z2;-;z1;z1 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z0: country4/city4 .. country5/MaxKey; z1: country6/city5 .. country7/MaxKey | 0 0 1 2 3 2 0 3 0 0 2 3 1 | 1 2 1 1 2
            7.0 | InterweavingZones | 1 | GEO | z0,z2;-;z1;z1 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z0: country4/city4 .. country5/MaxKey; z1: country6/city5 .. country7/MaxKey | 0 0 1 2 3 2 0 3 0 0 2 3 1 | 1 2 1 1 2
            7.0 | InterweavingZones | 7 | GEO | z0,z2;-;z1;z1 | z0: country1/city1 .. country2/MinKey; z1: country2/city2 .. country3/MinKey; z2: country3/city3 .. country4/MinKey; z0: country4/city4 .. country5/MaxKey; z1: country6/city5 .. country7/MaxKey | 0 0 1 2 2 3 3 2 0 3 0 0 2 2 3 3 1 | 1 4 1 1 4
            5.0 | MultipleContiguousZonesWithEachShardHavingMultipleZones | 7 | GEO | z0,z2;z1,z2,z3;- | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles; z2: US/Los Angeles .. US/New York; z3: US/New York .. US/MaxKey | 0 0 0 1 1 0 0 1 1 1 1 1 | 2 2 4 2
            4.4 | WithMultipleZonesContiguous | 0  | GEO | z0;z1;z2 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/NewYork; z2: US/NewYork .. US/MaxKey | 0 0 0 1 1 2 2 1 | 2 2 2
            8.0 | WithHashedPrefix | 0 | {x: 'hashed', y: 1} | z0;z0;z0 | z0: {x: MinKey, y: MinKey} .. {x: MaxKey, y: MaxKey} | 0 1 2 | 3
            8.0 | SingleZone       | 0 | {x: 1, y: 'hashed'} | z0;-     | z0: {x: 'UK', y: MinKey} .. {x: 'US', y: MinKey} | * 0 * | 1
            8.0 | WithMultipleZonesContiguous | 0 | GEO | z0;z1;z2 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/NewYork; z2: US/NewYork .. US/MaxKey | * 0 1 2 * | 1 1 1
            8.0 | MultipleContiguousZonesWithEachZoneHavingMultipleShards | 0 | GEO | z0;-;z1;z0;z1;z0 | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles | * 0 3 5 2 4 * | 3 2
            8.0 | MultipleZonesWithGaps | 0 | GEO | z0;z1;z2;- | z0: IE/Dublin .. {country: 'UK', city: MinKey, hashedField: MinKey, suffix: 'SomeValue'}; z1: UK/London .. {country: 'US', city: MinKey, hashedField: NumberLong(100), suffix: 'someValue'}; z2: US/NewYork .. US/MaxKey | * 0 * 1 * 2 * | 1 1 1
            8.0 | MultipleContiguousZonesWithEachShardHavingMultipleZones | 0 | GEO | z0,z2;z1,z2,z3;- | z0: IE/Dublin .. UK/London; z1: UK/London .. US/Los Angeles; z2: US/Los Angeles .. US/New York; z3: US/New York .. US/MaxKey | * 0 1 0 1 1 * | 1 1 2 1
            """)
    void presplitHashedZonesCutsEachZoneRangeOnItsShards(
            String version,
            String test,
            long numInitialChunks,
            String key,
            String shards,
            String zones,
            String chunkShards,
            String chunksPerZone) {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key.equals("GEO") ? GEO_KEY : key);
        SimulatedCluster c = cluster(MongoVersion.parse(version), shards, zones);

        c.execute(new ShardCollection(NS, pattern, false, true, numInitialChunks));

        ChunkMap chunks = c.snapshot().cluster().chunks();
        String[] expected = chunkShards.split(" ");
        assertEquals(expected.length, chunks.size(), describe(chunks));
        for (int i = 0; i < expected.length; i++) {
            if (!expected[i].equals("*")) {
                assertEquals("shard" + expected[i], chunks.get(i).shard(), "chunk " + i + ": " + describe(chunks));
            }
        }
        // each zone range is cut at calculateHashedSplitPoints(n) with its prefix, n as the file's
        // buildExpectedChunkRanges says
        List<ZoneRange> ranges = c.snapshot().cluster().zones();
        String[] perZone = chunksPerZone.split(" ");
        assertEquals(perZone.length, ranges.size());
        for (int z = 0; z < ranges.size(); z++) {
            ZoneRange range = ranges.get(z);
            int n = Integer.parseInt(perZone[z]);
            List<ShardKey> mins = new ArrayList<>();
            for (Chunk chunk : chunks.chunks()) {
                if (range.min().compareTo(chunk.min()) <= 0 && chunk.max().compareTo(range.max()) <= 0) {
                    mins.add(chunk.min());
                }
            }
            List<ShardKey> expectedMins = new ArrayList<>();
            expectedMins.add(range.min());
            expectedMins.addAll(InitialChunks.hashedPoints(
                    pattern, range.min().values().subList(0, pattern.hashedFieldIndex()), n));
            assertEquals(expectedMins, mins, "zone range " + z);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # PresplitHashedZonesChunksTest | key | zone range | code and message
            FailsWhenShardKeyNotHashed (31387) | {x: 1, y: 1} | {x: 'UK', y: MinKey} .. {x: 'US', y: MinKey} | 'presplitHashedZones' is only supported when the collection is empty, zones are set up and shard key pattern has a hashed field
            FailsWhenLowerBoundPrecedingHashedFieldHasMinKeyOrMaxKey (31388) | {a: 1, b: 1, c: 'hashed', d: 1} | {a: 1, b: MinKey, c: MinKey, d: MinKey} .. {a: 2, b: 1, c: MinKey, d: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. Cannot have MinKey or MaxKey in the lower bound for fields preceding the hashed field but found one, for zone z1
            FailsWhenLowerBoundPrecedingHashedFieldHasMinKeyOrMaxKey (31388) | {a: 1, b: 1, c: 'hashed', d: 1} | {a: 1, b: MaxKey, c: MinKey, d: MinKey} .. {a: 2, b: 1, c: MinKey, d: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. Cannot have MinKey or MaxKey in the lower bound for fields preceding the hashed field but found one, for zone z1
            FailsWhenLowerBoundPrecedingHashedFieldHasMinKeyOrMaxKey (31388) | {a: 1, b: 1, c: 'hashed', d: 1} | {a: MinKey, b: MinKey, c: MinKey, d: MinKey} .. {a: 2, b: 2, c: MinKey, d: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. Cannot have MinKey or MaxKey in the lower bound for fields preceding the hashed field but found one, for zone z1
            FailsWhenLowerBoundOfTheHashedFieldIsNotMinKey (31389) | {x: 1, y: 'hashed'} | {x: 1, y: NumberLong(1)} .. {x: 2, y: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. The hashed field value for lower bound must be MinKey, for zone z1
            FailsWhenLowerBoundOfTheHashedFieldIsNotMinKey (31389) | {x: 1, y: 'hashed'} | {x: 1, y: MaxKey} .. {x: 2, y: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. The hashed field value for lower bound must be MinKey, for zone z1
            FailsWhenLowerBoundPrecedingHashedFieldIsSameAsUpperBound (31390) | {a: 1, b: 1, c: 'hashed', d: 1} | {a: 2, b: 2, c: MinKey, d: MinKey} .. {a: 2, b: 2, c: MaxKey, d: MinKey} | One or more zones are not defined in a manner that supports hashed pre-splitting. The value preceding hashed field of the upper bound should be greater than that of lower bound, for zone z1
            """)
    void presplitHashedZonesRefusesZonesItCannotCut(String test, String key, String range, String message) {
        // the file builds the policy directly; through shardCollection a hashed bound must first be a
        // NumberLong (validateShardKeyAgainstExistingZones), so the file's {y: 1} is NumberLong(1) here
        SimulatedCluster c = cluster(MongoVersion.V7_0, "z1", "z1: " + range);
        CommandFailedException e = assertThrows(
                CommandFailedException.class,
                () -> c.execute(new ShardCollection(NS, ShardKeyPattern.parse(key), false, true, 0)));
        assertEquals(message, e.reason());
    }

    private static SimulatedCluster cluster(MongoVersion version, String shards, String zones) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(version).withInvariantChecks(true));
        String[] specs = shards.split(";");
        for (int i = 0; i < specs.length; i++) {
            c.execute(new AddShard("shard" + i));
            if (!specs[i].strip().equals("-")) {
                for (String z : specs[i].strip().split(",")) {
                    c.execute(new AddShardToZone("shard" + i, z));
                }
            }
        }
        for (String spec : zones.split(";")) {
            int colon = spec.indexOf(':');
            String[] bounds = spec.substring(colon + 1).split(" \\.\\. ");
            c.execute(new UpdateZoneKeyRange(
                    NS,
                    bound(bounds[0]),
                    bound(bounds[1]),
                    spec.substring(0, colon).strip()));
        }
        return c;
    }

    private static BsonDocument bound(String text) {
        String t = text.strip();
        if (t.startsWith("{")) {
            return BsonLiterals.parseDocument(t);
        }
        String[] parts = t.split("/", 2);
        String city = parts[1].equals("MinKey") || parts[1].equals("MaxKey") ? parts[1] : "'" + parts[1] + "'";
        return BsonLiterals.parseDocument(
                "{country: '" + parts[0] + "', city: " + city + ", hashedField: MinKey, suffix: MinKey}");
    }

    private static String describe(ChunkMap chunks) {
        List<String> out = new ArrayList<>();
        for (Chunk c : chunks.chunks()) {
            out.add(c.shard().substring("shard".length()));
        }
        return String.join(" ", out);
    }
}

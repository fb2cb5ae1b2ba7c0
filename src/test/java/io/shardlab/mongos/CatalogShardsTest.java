package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.RemoveShardFromZone;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The catalog's shard and zone operations, the one owner of {@code config.shards} and the keeper of
 * {@code config.tags}, ported from MongoDB's config server unit tests (mongo
 * {@code src/mongo/db/s/config/}): {@code sharding_catalog_manager_add_shard_to_zone_test.cpp},
 * {@code sharding_catalog_manager_remove_shard_from_zone_test.cpp},
 * {@code sharding_catalog_manager_assign_key_range_to_zone_test.cpp},
 * {@code sharding_catalog_manager_remove_shard_test.cpp}. Each row is the C++ test of its name. Shards are written {@code id:zone:zone}; their zones are compared sorted ({@code tags} is a
 * set here, an array in insertion order there).
 */
class CatalogShardsTest {

    private static final String NO_REFUSAL = "";

    /** A catalog over {@code shards} ({@code a:x:y b}: shard a in zones x and y, shard b in none). */
    private static ShardedCatalog catalog(String shards) {
        List<String> ids = new ArrayList<>();
        for (String s : shards.split(" ")) {
            ids.add(s.split(":")[0]);
        }
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), ids);
        for (String s : shards.split(" ")) {
            String[] p = s.split(":");
            for (int i = 1; i < p.length; i++) {
                catalog.executeOnShards(new AddShardToZone(p[0], p[i]));
            }
        }
        return catalog;
    }

    /** config.shards as {@code id:zone:zone}, zones sorted: what {@code getShardDoc(…).getTags()} reads. */
    private static String configShards(ShardedCatalog catalog) {
        List<String> out = new ArrayList<>();
        ConfigDatabase config = new ConfigDatabase(catalog, MongosRelease.of(MongoVersion.V8_0), 0, "mongos:27017");
        for (BsonDocument d : config.collections().get("shards")) {
            StringBuilder b = new StringBuilder(d.getString("_id").getValue());
            TreeSet<String> tags = new TreeSet<>();
            d.getArray("tags", new BsonArray())
                    .forEach(t -> tags.add(t.asString().getValue()));
            tags.forEach(t -> b.append(':').append(t));
            out.add(b.toString());
        }
        return String.join(" ", out);
    }

    /** The catalog's shards in the same form, to check config.shards is read from them. */
    private static String shards(ShardedCatalog catalog) {
        List<String> out = new ArrayList<>();
        for (Shard s : catalog.shards()) {
            StringBuilder b = new StringBuilder(s.id());
            new TreeSet<>(s.zones()).forEach(z -> b.append(':').append(z));
            out.add(b.toString());
        }
        return String.join(" ", out);
    }

    /** The code name {@code change} is refused with, or {@link #NO_REFUSAL}. */
    private static String refusal(Runnable change) {
        try {
            change.run();
            return NO_REFUSAL;
        } catch (CommandFailedException e) {
            return e.codeName();
        }
    }

    @ParameterizedTest(name = "[{index}] AddShardToZoneTest.{0}")
    @CsvSource(delimiter = '|', textBlock = """
            AddSingleZoneToExistingShardShouldSucceed  | a     | a | z |               | a:z
            AddZoneToShardWithSameTagShouldSucceed     | a:x:y | a | x |               | a:x:y
            AddZoneToShardWithNewTagShouldAppend       | a:x   | a | y |               | a:x:y
            AddSingleZoneToNonExistingShardShouldFail  | a     | b | z | ShardNotFound | a
            """)
    void addShardToZone(String test, String given, String shard, String zone, String refusal, String after) {
        // given
        ShardedCatalog catalog = catalog(given);

        // when
        String refused = refusal(() -> catalog.executeOnShards(new AddShardToZone(shard, zone)));

        // then
        assertEquals(refusal == null ? NO_REFUSAL : refusal, refused, test);
        assertEquals(after, configShards(catalog), test);
        assertEquals(after, shards(catalog), test);
    }

    @ParameterizedTest(name = "[{index}] RemoveShardFromZoneTest.{0}")
    @CsvSource(delimiter = '|', textBlock = """
            RemoveZoneThatNoLongerExistsShouldNotError                      | a           |   | a | z |                | a
            RemovingZoneThatIsOnlyReferencedByAnotherShardShouldSucceed     | a:z b       |   | b | z |                | a:z b
            RemoveLastZoneFromShardShouldSucceedWhenNoChunksReferToIt       | a:z b c:y   | y | a | z |                | a b c:y
            RemoveLastZoneFromShardShouldFailWhenAChunkRefersToIt           | a:y:z b     | z | a | z | ZoneStillInUse | a:y:z b
            RemoveZoneShouldFailIfShardDoesntExist                          | a:z         |   | b | z | ShardNotFound  | a:z
            RemoveZoneFromShardShouldOnlyRemoveZoneOnSpecifiedShard         | a:z b:y:z   |   | b | z |                | a:z b:y
            """)
    void removeShardFromZone(
            String test, String given, String rangeZone, String shard, String zone, String refusal, String after) {
        // given: the C++ tests write a config.tags document of test.foo, not sharded; here updateZoneKeyRange
        // sets it, which needs a shard in its zone (shard c of the third row is there for that)
        ShardedCatalog catalog = catalog(given);
        if (rangeZone != null) {
            catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                    "test.foo", BsonDocument.parse("{x: 0}"), BsonDocument.parse("{x: 10}"), rangeZone));
        }

        // when
        String refused = refusal(() -> catalog.executeOnShards(new RemoveShardFromZone(shard, zone)));

        // then
        assertEquals(refusal == null ? NO_REFUSAL : refusal, refused, test);
        assertEquals(after, configShards(catalog), test);
        assertEquals(after, shards(catalog), test);
    }

    /**
     * Every zone range of the catalog, {@code ns min -->> max zone}, as config.tags holds them: the sharded
     * collections' ranges, then those of namespaces not sharded yet.
     */
    private static String ranges(ShardedCatalog catalog) {
        List<String> out = new ArrayList<>();
        ConfigDatabase config = new ConfigDatabase(catalog, MongosRelease.of(MongoVersion.V8_0), 0, "mongos:27017");
        for (BsonDocument t : config.collections().get("tags")) {
            out.add(range(
                    t.getString("ns").getValue(),
                    t.get("min"),
                    t.get("max"),
                    t.getString("tag").getValue()));
        }
        return String.join("; ", out);
    }

    private static String range(String ns, BsonValue min, BsonValue max, String zone) {
        return ns + " " + BsonPrinter.shell(min) + " -->> " + BsonPrinter.shell(max) + " " + zone;
    }

    @ParameterizedTest(name = "[{index}] AssignKeyRangeToZoneTestFixture.{0}")
    @CsvSource(delimiter = '|', textBlock = """
            BasicAssignKeyRange                                          |                     | test.foo       | {x: 0}       | {x: 10}        | z  |                   | test.foo { x: 0 } -->> { x: 10 } z
            BasicAssignKeyRangeOnUnshardedColl                           |                     | unsharded.coll | {x: 0}       | {x: 10}        | z  |                   | unsharded.coll { x: 0 } -->> { x: 10 } z
            AssignKeyRangeNonExistingZoneShouldFail                      |                     | test.foo       | {x: 0}       | {x: 10}        | zy | ZoneNotFound      |
            MinWithInvalidShardKeyShouldFail                             |                     | test.foo       | {a: 0}       | {x: 10}        | z  | ShardKeyNotFound  |
            MaxWithInvalidShardKeyShouldFail                             |                     | test.foo       | {x: 0}       | {y: 10}        | z  | ShardKeyNotFound  |
            AssignZoneWithDollarPrefixedShardKeysShouldFail              |                     | test.foo       | {x: {$A: 1}} | {x: {$B: 1}}   | z  | BadValue          |
            AssignZoneWithDollarPrefixedShardKeysOnUnshardedCollShouldFail |                   | unsharded.coll | {x: {$A: 1}} | {x: {$B: 1}}   | z  | BadValue          |
            MinMaxOnUnshardedCollMustHaveTheSameShardKeys                |                     | unsharded.coll | {x: 0}       | {y: 10}        | z  | ShardKeyNotFound  |
            PrefixIsNotAllowedOnUnshardedColl                            |                     | unsharded.coll | {x: 0}       | {x: 10, y: 1}  | z  | ShardKeyNotFound  |
            """)
    void assignKeyRangeToZone(
            String test, String given, String ns, String min, String max, String zone, String refusal, String after) {
        assignKeyRange(test, given, ns, min, max, zone, refusal, after);
    }

    @ParameterizedTest(name = "[{index}] AssignKeyRangeWithOneRangeFixture.{0}")
    @CsvSource(delimiter = '|', textBlock = """
            NewMaxAlignsWithExistingMinShouldSucceed                     |                   | test.foo       | {x: 2} | {x: 4}  | z    |                      | test.foo { x: 2 } -->> { x: 4 } z; test.foo { x: 4 } -->> { x: 8 } z
            NewMaxOverlappingExistingShouldFail                          |                   | test.foo       | {x: 3} | {x: 5}  | z    | RangeOverlapConflict | test.foo { x: 4 } -->> { x: 8 } z
            NewRangeOverlappingInsideExistingShouldFail                  |                   | test.foo       | {x: 5} | {x: 7}  | z    | RangeOverlapConflict | test.foo { x: 4 } -->> { x: 8 } z
            NewRangeOverlappingWithDifferentNSShouldSucceed              | other.coll        | other.coll     | {x: 5} | {x: 7}  | z    |                      | other.coll { x: 5 } -->> { x: 7 } z; test.foo { x: 4 } -->> { x: 8 } z
            NewRangeEquivalentToExistingOneWithDifferentZoneShouldFail   | b:y               | test.foo       | {x: 4} | {x: 8}  | y    | RangeOverlapConflict | test.foo { x: 4 } -->> { x: 8 } z
            NewMinOverlappingExistingShouldFail                          |                   | test.foo       | {x: 7} | {x: 9}  | z    | RangeOverlapConflict | test.foo { x: 4 } -->> { x: 8 } z
            NewMinAlignsWithExistingMaxShouldSucceed                     |                   | test.foo       | {x: 8} | {x: 10} | z    |                      | test.foo { x: 4 } -->> { x: 8 } z; test.foo { x: 8 } -->> { x: 10 } z
            NewRangeIsSuperSetOfExistingShouldFail                       |                   | test.foo       | {x: 3} | {x: 9}  | z    | RangeOverlapConflict | test.foo { x: 4 } -->> { x: 8 } z
            BasicRemoveKeyRange                                          |                   | test.foo       | {x: 4} | {x: 8}  | null |                      |
            BasicRemoveKeyRangeOnUnshardedColl                           | unsharded.coll    | unsharded.coll | {x: 4} | {x: 8}  | null |                      | test.foo { x: 4 } -->> { x: 8 } z
            RemoveWithInvalidMinShardKeyShouldFail                       |                   | test.foo       | {a: 0} | {x: 10} | null | ShardKeyNotFound     | test.foo { x: 4 } -->> { x: 8 } z
            RemoveWithInvalidMaxShardKeyShouldFail                       |                   | test.foo       | {x: 0} | {y: 10} | null | ShardKeyNotFound     | test.foo { x: 4 } -->> { x: 8 } z
            """)
    void assignKeyRangeWithOneRange(
            String test, String given, String ns, String min, String max, String zone, String refusal, String after) {
        assignKeyRange(test, "range [4, 8)" + (given == null ? "" : " " + given), ns, min, max, zone, refusal, after);
    }

    /**
     * The fixtures: shard a in zone z, test.foo sharded on {@code {x: 1}}; {@code given} adds {@code range
     * [4, 8)} (test.foo's [4, 8) in z: AssignKeyRangeWithOneRangeFixture), {@code b:y} (shard b in zone y),
     * {@code other.coll} (sharded on {@code {x: 1}}), {@code unsharded.coll} (its [4, 8) in z, not sharded).
     */
    private static void assignKeyRange(
            String test, String given, String ns, String min, String max, String zone, String refusal, String after) {
        // given
        ShardedCatalog catalog = catalog("a:z" + (given != null && given.contains("b:y") ? " b:y" : ""));
        catalog.shardCollection(ShardCollection.of("test.foo", "{x: 1}"));
        String fixture = given == null ? "" : given;
        if (fixture.contains("range [4, 8)")) {
            catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                    "test.foo", BsonDocument.parse("{x: 4}"), BsonDocument.parse("{x: 8}"), "z"));
        }
        if (fixture.contains("other.coll")) {
            catalog.shardCollection(ShardCollection.of("other.coll", "{x: 1}"));
        }
        if (fixture.contains("unsharded.coll")) {
            catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                    "unsharded.coll", BsonDocument.parse("{x: 4}"), BsonDocument.parse("{x: 8}"), "z"));
        }

        // when
        String refused = refusal(() -> catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                ns, BsonDocument.parse(min), BsonDocument.parse(max), "null".equals(zone) ? null : zone)));

        // then
        assertEquals(refusal == null ? NO_REFUSAL : refusal, refused, test);
        assertEquals(after == null ? "" : after, ranges(catalog), test);
    }

    /** config.shards as {@code id[:draining]}: what {@code isDraining} reads. */
    private static String configShardsDraining(ShardedCatalog catalog) {
        List<String> out = new ArrayList<>();
        ConfigDatabase config = new ConfigDatabase(catalog, MongosRelease.of(MongoVersion.V8_0), 0, "mongos:27017");
        for (BsonDocument d : config.collections().get("shards")) {
            boolean draining = d.getBoolean("draining", BsonBoolean.FALSE).getValue();
            out.add(d.getString("_id").getValue() + (draining ? ":draining" : ""));
        }
        return String.join(" ", out);
    }

    /**
     * testDB.testColl on {@code {_id: 1}} as the C++ tests set it up: three chunks on shard1, the last
     * {@code jumbo} when asked ([MinKey, 20), [20, 50), [50, MaxKey) here: chunks tile the key space).
     */
    private static LoadLayout testColl(List<String> shards, boolean jumbo) {
        List<Shard> s = new ArrayList<>();
        shards.forEach(id -> s.add(Shard.named(id)));
        ShardKey twenty = ShardKey.of(new BsonInt32(20));
        ShardKey fifty = ShardKey.of(new BsonInt32(50));
        List<Chunk> chunks = List.of(
                new Chunk(ShardKey.of(new BsonMinKey()), twenty, "shard1", false, new ChunkVersion(1, 1)),
                new Chunk(twenty, fifty, "shard1", false, new ChunkVersion(1, 2)),
                new Chunk(fifty, ShardKey.of(new BsonMaxKey()), "shard1", jumbo, new ChunkVersion(1, 3)));
        return LoadLayout.withoutContents(new ClusterSnapshot(
                "testDB.testColl", ShardKeyPattern.parse("{_id: 1}"), false, s, new ChunkMap(chunks), List.of()));
    }

    /** A removeShard call's outcome: {@code started}, {@code ongoing:chunks/jumbo/dbs}, {@code completed} or the refusal's code. */
    private static String removeShard(ShardedCatalog catalog, String id) {
        try {
            RemoveShardProgress p = catalog.removeShard(id);
            return switch (p.state()) {
                case STARTED -> "started";
                case ONGOING ->
                    "ongoing:" + p.chunks() + "/" + p.jumboChunks() + "/"
                            + p.dbsToMove().size();
                case COMPLETED -> "completed";
            };
        } catch (CommandFailedException e) {
            return e.codeName();
        }
    }

    @ParameterizedTest(name = "[{index}] RemoveShardTest.{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # calls: removeShard of a shard, or 'drain' (the balancer moves testColl's chunks off, as the
            # C++ test rewrites config.chunks); outcomes: started, ongoing:chunks/jumbo/dbs, completed, a code
            RemoveShardAnotherShardDraining            | shard1 shard2 shard3 |        | none      | shard1 shard2              | started started                 | shard1:draining shard2:draining shard3
            RemoveShardCantRemoveLastShard             | shard1               |        | none      | shard1                     | IllegalOperation                | shard1
            RemoveShardStartDraining                   | shard1 shard2        |        | none      | shard1                     | started                         | shard1:draining shard2
            RemoveShardStillDrainingChunksRemaining    | shard1 shard2        | shard1 | one jumbo | shard1 shard1              | started ongoing:3/1/1           | shard1:draining shard2
            RemoveShardStillDrainingDatabasesRemaining | shard1 shard2        | shard1 | none      | shard1 shard1              | started ongoing:0/0/1           | shard1:draining shard2
            RemoveShardCompletion                      | shard1 shard2        | shard2 | three     | shard1 shard1 drain shard1 | started ongoing:3/0/0 completed | shard2
            """)
    void removeShard(
            String test,
            String shards,
            String testDbPrimary,
            String testColl,
            String calls,
            String outcomes,
            String after) {
        // given
        List<String> ids = List.of(shards.split(" "));
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), ids);
        if (testDbPrimary != null) {
            catalog.createDatabase("testDB", testDbPrimary);
        }
        if (!"none".equals(testColl)) {
            catalog.loadCollection(testColl(ids, "one jumbo".equals(testColl)));
        }

        // when
        List<String> seen = new ArrayList<>();
        for (String call : calls.split(" ")) {
            if ("drain".equals(call)) {
                catalog.advance(600_000);
            } else {
                seen.add(removeShard(catalog, call));
            }
        }

        // then
        assertEquals(outcomes, String.join(" ", seen), test);
        assertEquals(after, configShardsDraining(catalog), test);
    }
}

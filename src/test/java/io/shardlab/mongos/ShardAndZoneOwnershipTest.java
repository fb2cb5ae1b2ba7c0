package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.PendingZoneRange;
import io.shardlab.sim.RemoveShardFromZone;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The catalog owns shards and zone membership once, as MongoDB's config server does (mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager.h}): every collection's cluster reads the
 * catalog's shards rather than a copy, config.shards is read from them, and a shard or zone command the
 * catalog refuses changes nothing anywhere.
 */
class ShardAndZoneOwnershipTest {

    private static final List<String> SHARDS = List.of("shard01", "shard02", "shard03", "shard04", "shard05");
    private static final List<String> ZONES = List.of("EU", "US", "APAC");
    private static final List<String> NAMESPACES = List.of("db.a", "db.b", "other.c");
    private static final long[][] RANGES = {{0, 10}, {10, 20}, {5, 15}, {20, 40}};

    /**
     * Everything a shard or zone command could change: the catalog's shards and kept zone ranges, the
     * config database (but config.mongos, whose ping is the wall clock's), and every collection's shards,
     * zone ranges and chunks.
     */
    private record World(
            List<Shard> shards,
            List<PendingZoneRange> keptRanges,
            Map<String, List<BsonDocument>> config,
            Map<String, List<Shard>> collectionShards,
            Map<String, List<ZoneRange>> collectionZones,
            Map<String, List<Chunk>> collectionChunks) {

        static World of(ShardedCatalog catalog) {
            Map<String, List<Shard>> shards = new TreeMap<>();
            Map<String, List<ZoneRange>> zones = new TreeMap<>();
            Map<String, List<Chunk>> chunks = new TreeMap<>();
            catalog.collections().forEach((ns, c) -> {
                var snapshot = c.cluster().snapshot();
                shards.put(ns, snapshot.shards());
                zones.put(ns, snapshot.cluster().zones());
                chunks.put(ns, snapshot.cluster().chunks().chunks());
            });
            Map<String, List<BsonDocument>> config = new LinkedHashMap<>(
                    ShardAndZoneOwnershipTest.config(catalog).collections());
            config.remove("mongos");
            return new World(catalog.shards(), catalog.pendingZoneRanges(), config, shards, zones, chunks);
        }
    }

    private static ConfigDatabase config(ShardedCatalog catalog) {
        return new ConfigDatabase(catalog, MongosRelease.of(catalog.config().version()), 0, "mongos:27017");
    }

    /** Checks the one-owner invariant: every collection reads the catalog's shards, and so does config.shards. */
    private static void assertEveryoneReadsTheCatalogsShards(ShardedCatalog catalog, String step) {
        List<Shard> shards = catalog.shards();
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            assertFalse(c.cluster().ownsShards(), step + ": " + c.namespace() + " holds shards of its own");
            assertEquals(shards, c.cluster().snapshot().shards(), step + ": " + c.namespace() + " sees other shards");
        }
        List<String> ids = new ArrayList<>();
        Set<String> draining = new TreeSet<>();
        for (BsonDocument d : config(catalog).collections().get("shards")) {
            String id = d.getString("_id").getValue();
            ids.add(id);
            if (d.getBoolean("draining", BsonBoolean.FALSE).getValue()) {
                draining.add(id);
            }
            Set<String> tags = new HashSet<>();
            d.getArray("tags", new BsonArray())
                    .forEach(t -> tags.add(t.asString().getValue()));
            Shard shard =
                    shards.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
            assertEquals(shard.zones(), tags, step + ": config.shards tags of " + id);
        }
        assertEquals(catalog.shardIds(), ids, step + ": config.shards");
        assertEquals(catalog.drainingShards(), draining, step + ": draining in config.shards");
    }

    /** One random step: a shard or zone command (returns it) or another change (returns null after it). */
    private static String step(ShardedCatalog catalog, SplittableRandom random, List<String> refused) {
        String shard = random.nextInt(8) == 0 ? "shard09" : SHARDS.get(random.nextInt(SHARDS.size()));
        String zone = ZONES.get(random.nextInt(ZONES.size()));
        String ns = NAMESPACES.get(random.nextInt(NAMESPACES.size()));
        int kind = random.nextInt(9);
        World before = World.of(catalog);
        String command;
        try {
            switch (kind) {
                case 0 -> {
                    command = "addShard " + shard;
                    catalog.addShard(shard);
                }
                case 1 -> {
                    command = "removeShard " + shard;
                    catalog.removeShard(shard);
                }
                case 2 -> {
                    command = "addShardToZone " + shard + " " + zone;
                    catalog.executeOnShards(new AddShardToZone(shard, zone));
                }
                case 3 -> {
                    command = "removeShardFromZone " + shard + " " + zone;
                    catalog.executeOnShards(new RemoveShardFromZone(shard, zone));
                }
                case 4 -> {
                    long[] r = RANGES[random.nextInt(RANGES.length)];
                    String z = random.nextInt(4) == 0 ? null : zone;
                    command = "updateZoneKeyRange " + ns + " [" + r[0] + ", " + r[1] + ") " + z;
                    catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                            ns, BsonDocument.parse("{x: " + r[0] + "}"), BsonDocument.parse("{x: " + r[1] + "}"), z));
                }
                case 5 -> {
                    if (catalog.collection(ns).isEmpty()) {
                        catalog.shardCollection(ShardCollection.of(ns, "{x: 1}"));
                    }
                    return null;
                }
                case 6 -> {
                    catalog.dropCollection(ns);
                    return null;
                }
                case 7 -> {
                    if (catalog.collection(ns).isPresent()) {
                        long[] keys = LongStream.range(0, 20)
                                .map(i -> random.nextLong(-10, 50))
                                .toArray();
                        catalog.execute(ns, new InsertDocuments(ns, InsertBatch.ofInt64(keys, 100)));
                    }
                    return null;
                }
                default -> {
                    catalog.advance(random.nextLong(1_000, 60_000));
                    return null;
                }
            }
        } catch (CommandFailedException | MongoCommandException e) {
            if (kind >= 5) {
                return null; // shardCollection refused: not a shard or zone command
            }
            World after = World.of(catalog);
            assertEquals(before, after, "a refused " + kind + " (" + e.getMessage() + ") changed something");
            refused.add(e.getMessage());
            return "refused";
        }
        return command;
    }

    @ParameterizedTest(name = "[{index}] seed {0}, MongoDB {1}")
    @CsvSource({"1, 5.0", "2, 6.0", "3, 7.0", "4, 8.0", "5, 8.0", "6, 7.0", "7, 6.0", "8, 8.0"})
    void afterAnySequenceOfShardAndZoneCommandsEveryCollectionReadsTheCatalogsShards(long seed, String version) {
        // given a catalog of three shards
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(version))
                        .withSeed(seed)
                        .withMaxChunkSizeBytes(1024)
                        .withInvariantChecks(true),
                SHARDS.subList(0, 3));
        SplittableRandom random = new SplittableRandom(seed);
        List<String> refused = new ArrayList<>();
        int commands = 0;
        int stepsWithCollections = 0;

        // when random shard, zone and collection commands run, then after each one
        for (int i = 0; i < 300; i++) {
            String command = step(catalog, random, refused);
            commands += command == null || "refused".equals(command) ? 0 : 1;
            assertEveryoneReadsTheCatalogsShards(catalog, "step " + i + " " + command);
            stepsWithCollections += catalog.collections().isEmpty() ? 0 : 1;
        }

        // then the run reached both kinds of outcome
        assertTrue(commands > 50, "commands applied: " + commands);
        assertTrue(refused.size() > 10, "commands refused: " + refused);
        assertTrue(stepsWithCollections > 100, "steps with sharded collections: " + stepsWithCollections);
    }

    @Test
    void aZoneRangeOfACollectionNotShardedYetKeepsItsZoneAndShapesTheCollectionOnceSharded() {
        // given shard02 in EU and a range of EU on db.later, not sharded yet, and another collection
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), SHARDS.subList(0, 3));
        catalog.shardCollection(ShardCollection.of("db.now", "{x: 1}"));
        catalog.executeOnShards(new AddShardToZone("shard02", "EU"));
        catalog.updateZoneKeyRange(
                new UpdateZoneKeyRange("db.later", BsonDocument.parse("{x: 0}"), BsonDocument.parse("{x: 10}"), "EU"));
        World before = World.of(catalog);

        // when shard02 is taken out of EU, then db.later is sharded
        CommandFailedException refused = assertThrows(
                CommandFailedException.class, () -> catalog.executeOnShards(new RemoveShardFromZone("shard02", "EU")));
        World afterRefusal = World.of(catalog);
        catalog.shardCollection(ShardCollection.of("db.later", "{x: 1}"));

        // then
        assertEquals("ZoneStillInUse", refused.codeName());
        assertEquals(before, afterRefusal, "nothing changed anywhere");
        assertEquals(List.of(), catalog.pendingZoneRanges(), "the range is the collection's now");
        var later = catalog.collection("db.later")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster();
        assertEquals(List.of("EU"), later.zones().stream().map(ZoneRange::zone).toList());
        assertTrue(
                later.chunks().chunks().stream().anyMatch(c -> c.shard().equals("shard02")),
                "the zone's chunk is on its shard: " + later.chunks());
        assertEveryoneReadsTheCatalogsShards(catalog, "after");
    }

    /** A cluster built and driven elsewhere, as the explorer's: shard01 and shard02, shard01 in EU, {@code ns} sharded. */
    private static SimulatedCluster explorersCluster(String ns) {
        SimulatedCluster cluster =
                new SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0).withHistoryLimit(1_000, 1_000_000));
        cluster.execute(new AddShard("shard01"));
        cluster.execute(new AddShard("shard02"));
        cluster.execute(new AddShardToZone("shard01", "EU"));
        cluster.execute(ShardCollection.of(ns, "{x: 1}"));
        return cluster;
    }

    @Test
    void anAdoptedClustersShardsBecomeTheCatalogsAndAShardCommandRunOnItReachesEveryCollection() {
        // given the explorer's cluster adopted by a catalog, and a collection a client shards
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        SimulatedCluster explorers = explorersCluster("shop.orders");
        catalog.adoptCollection(explorers);
        catalog.shardCollection(ShardCollection.of("shop.users", "{x: 1}"));
        SimulatedCluster users = catalog.collection("shop.users").orElseThrow().cluster();

        // when a lesson step adds a shard on the explorer's cluster
        explorers.execute(new AddShard("shard03"));

        // then every collection and config.shards see shard03 and the explorer's zone, and the explorer's
        // history lists the step
        assertEquals(List.of("shard01", "shard02", "shard03"), catalog.shardIds());
        assertEquals(Set.of("EU"), catalog.shards().get(0).zones());
        assertEquals(catalog.shards(), users.snapshot().shards());
        assertEveryoneReadsTheCatalogsShards(catalog, "after the step");
        assertEquals("add shard shard03", explorers.history().get(0));

        // and when the explorer undoes the step, the shard stays: it is the catalog's
        explorers.undo();
        assertEquals(List.of("shard01", "shard02", "shard03"), catalog.shardIds());
        assertEveryoneReadsTheCatalogsShards(catalog, "after the undo");
    }

    @Test
    void aClientsZoneCommandIsInTheAdoptedClustersHistorySoTheExplorersUndoStopsThere() {
        // given the explorer's cluster adopted by a catalog
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        SimulatedCluster explorers = explorersCluster("shop.orders");
        catalog.adoptCollection(explorers);
        int entries = explorers.history().size();

        // when a client puts shard02 in US through the catalog
        catalog.executeOnShards(new AddShardToZone("shard02", "US"));

        // then the explorer's cluster reads it and lists it, as it listed a client's command before
        assertEquals(entries + 1, explorers.history().size());
        assertEquals("add shard shard02 to zone US", explorers.history().get(0));
        assertEquals(Set.of("US"), explorers.snapshot().shards().get(1).zones());
    }
}

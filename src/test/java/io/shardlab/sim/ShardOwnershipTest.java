package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Who owns a cluster's shards ({@link ShardRegistry}): a lone cluster owns its own, and its undo puts
 * them back; clusters of one catalog read the catalog's, which only the catalog changes, and none
 * of them holds a copy (mongo {@code sharding_catalog_manager.h}: config.shards is kept once).
 */
class ShardOwnershipTest {

    private static final SimulationConfig CONFIG = SimulationConfig.of(MongoVersion.V8_0)
            .withMaxChunkSizeBytes(1024 * 1024)
            .withInvariantChecks(true);

    /** A catalog in miniature: the one owner of a registry that the clusters of its collections read. */
    private static final class Catalog implements ShardRegistry.Owner {
        final List<SimulatedCluster> clusters = new ArrayList<>();
        final ShardRegistry shards = new ShardRegistry(this);

        Catalog(String... ids) {
            for (String id : ids) {
                shards.execute(new AddShard(id));
            }
        }

        /** A collection {@code ns} sharded on {@code {x: 1}}, its first chunk on {@code primary}. */
        SimulatedCluster shard(String ns, String primary) {
            SimulatedCluster c = new SimulatedCluster(CONFIG.withHistoryLimit(100, 1_000_000), shards, primary);
            c.execute(ShardCollection.of(ns, "{x: 1}"));
            clusters.add(c);
            return c;
        }

        @Override
        public boolean zoneHasRange(String zone) {
            return clusters.stream().anyMatch(c -> c.hasZoneRangeIn(zone));
        }

        @Override
        public long chunksOn(String shard) {
            return clusters.stream()
                    .flatMap(c -> c.chunks().chunks().stream())
                    .filter(ch -> ch.shard().equals(shard))
                    .count();
        }

        @Override
        public void shardsChanged(ShardChange change) {
            clusters.forEach(c -> c.shardsChanged(change));
        }
    }

    private static Map<String, Shard> shardsOf(SimulatedCluster c) {
        Map<String, Shard> out = new TreeMap<>();
        c.snapshot().shards().forEach(s -> out.put(s.id(), s));
        return out;
    }

    private static ClusterCommand command(String text) {
        String[] p = text.split(" ");
        return switch (p[0]) {
            case "addShard" -> new AddShard(p[1]);
            case "removeShard" -> new RemoveShard(p[1]);
            case "addShardToZone" -> new AddShardToZone(p[1], p[2]);
            case "removeShardFromZone" -> new RemoveShardFromZone(p[1], p[2]);
            default -> throw new IllegalArgumentException("command: unknown " + text);
        };
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            addShard shard03                 | shard01:EU shard02 shard03
            addShardToZone shard02 EU        | shard01:EU shard02:EU
            addShardToZone shard02 US        | shard01:EU shard02:US
            removeShardFromZone shard01 EU   | shard01 shard02
            removeShard shard02              | shard01:EU shard02:draining
            """)
    void aLoneClusterOwnsItsShardsAndUndoPutsThemBack(String text, String after) {
        // given a lone cluster of two shards, shard01 in EU, nothing sharded
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        c.execute(new AddShardToZone("shard01", "EU"));
        Map<String, Shard> before = shardsOf(c);

        // when the command runs, then is undone
        c.execute(command(text));
        String changed = describe(shardsOf(c));
        c.undo();

        // then
        assertTrue(c.ownsShards());
        assertEquals(after, changed);
        assertEquals(before, shardsOf(c), "undo puts the shards back");
    }

    /** {@code id[:zone…][:draining]} per shard, by id. */
    private static String describe(Map<String, Shard> shards) {
        List<String> out = new ArrayList<>();
        for (Shard s : shards.values()) {
            StringBuilder b = new StringBuilder(s.id());
            new TreeSet<>(s.zones()).forEach(z -> b.append(':').append(z));
            out.add(b.append(s.draining() ? ":draining" : "").toString());
        }
        return String.join(" ", out);
    }

    @Test
    void clustersOfOneCatalogReadItsShardsAndHoldNoCopy() {
        // given two collections of a catalog of two shards
        Catalog catalog = new Catalog("shard01", "shard02");
        SimulatedCluster a = catalog.shard("db.a", "shard01");
        SimulatedCluster b = catalog.shard("db.b", "shard02");

        // when the catalog puts shard02 in EU, and a shard command runs on one collection's cluster
        catalog.shards.execute(new AddShardToZone("shard02", "EU"));
        a.execute(new AddShard("shard03"));

        // then both see what the catalog holds, and neither owns it
        for (SimulatedCluster c : List.of(a, b)) {
            assertFalse(c.ownsShards());
            assertEquals(catalog.shards.shards(), shardsOf(c));
        }
        assertEquals("shard01 shard02:EU shard03", describe(catalog.shards.shards()));
        assertEquals(
                List.of("add shard shard03", "add shard shard02 to zone EU"),
                b.history().subList(0, 2));
    }

    @Test
    void aZonesLastShardStaysInItWhileAnotherCollectionHasARangeInIt() {
        // given shard01 alone in EU, and a range of EU on db.b only
        Catalog catalog = new Catalog("shard01", "shard02");
        SimulatedCluster a = catalog.shard("db.a", "shard01");
        SimulatedCluster b = catalog.shard("db.b", "shard01");
        catalog.shards.execute(new AddShardToZone("shard01", "EU"));
        b.execute(new UpdateZoneKeyRange("db.b", BsonDocument.parse("{x: 0}"), BsonDocument.parse("{x: 10}"), "EU"));
        Map<String, Shard> before = new TreeMap<>(catalog.shards.shards());

        // when db.a's cluster, which has no range, is asked to take shard01 out of EU
        CommandFailedException refused =
                assertThrows(CommandFailedException.class, () -> a.execute(new RemoveShardFromZone("shard01", "EU")));

        // then the one owner refused it, and nothing changed
        assertEquals("ZoneStillInUse", refused.codeName());
        assertEquals(before, catalog.shards.shards());
        assertEquals(before, shardsOf(a));
        assertEquals(before, shardsOf(b));
    }

    @Test
    void undoInACollectionOfACatalogLeavesTheCatalogsShardsAlone() {
        // given a collection that saw the catalog add shard03 after a split of its own
        Catalog catalog = new Catalog("shard01", "shard02");
        SimulatedCluster a = catalog.shard("db.a", "shard01");
        a.execute(new SplitAt("db.a", BsonDocument.parse("{x: 0}")));
        catalog.shards.execute(new AddShard("shard03"));

        // when the collection undoes the shard change and its split
        a.undo();
        a.undo();

        // then its chunks are back, and the shards are still the catalog's
        assertEquals(1, a.chunks().size());
        assertEquals(List.of("shard01", "shard02", "shard03"), catalog.shards.shardIds());
        assertEquals(catalog.shards.shards(), shardsOf(a));
    }

    @Test
    void aClusterHandsItsShardsToACatalogThatTakesInTheirZonesAndDraining() {
        // given a lone cluster with shard01 in EU and shard02 draining, and a catalog with shard02 in US
        SimulatedCluster lone = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        lone.execute(ShardCollection.of("db.lone", "{x: 1}"));
        lone.execute(new AddShardToZone("shard01", "EU"));
        lone.execute(new RemoveShard("shard02"));
        Catalog catalog = new Catalog("shard01", "shard02");
        catalog.shards.execute(new AddShardToZone("shard02", "US"));

        // when the lone cluster hands its shards to the catalog
        lone.handShardsTo(catalog.shards);

        // then
        assertFalse(lone.ownsShards());
        assertEquals("shard01:EU shard02:US:draining", describe(catalog.shards.shards()));
        assertEquals(catalog.shards.shards(), shardsOf(lone));
    }

    @Test
    void aClusterOnOtherShardsCannotHandThemOver() {
        SimulatedCluster lone = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        Catalog catalog = new Catalog("shard01", "shard03");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> lone.handShardsTo(catalog.shards));

        assertEquals(
                "shards: a cluster on [shard01, shard02] cannot read the shards [shard01, shard03] of another owner",
                e.getMessage());
        assertTrue(lone.ownsShards(), "nothing changed");
        assertEquals(List.of("shard01", "shard03"), catalog.shards.shardIds());
    }

    @Test
    void aClusterThatOwnsItsShardsIsNotToldOfChangesItDidNotMake() {
        SimulatedCluster lone = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);

        assertThrows(
                IllegalStateException.class,
                () -> lone.shardsChanged(new ShardChange(
                        new AddShard("shard03"), ShardChange.Kind.ADDED, "shard03", "add shard shard03")));
    }

    @Test
    void aDrainingShardLeavesOnlyOnceNoCollectionOfTheCatalogHasAChunkOnIt() {
        // given shard02 draining, db.b's only chunk on it
        Catalog catalog = new Catalog("shard01", "shard02");
        catalog.shard("db.a", "shard01");
        SimulatedCluster b = catalog.shard("db.b", "shard02");
        catalog.shards.execute(new RemoveShard("shard02"));

        // when the removal is completed before and after db.b's chunk moved off
        CommandFailedException early =
                assertThrows(CommandFailedException.class, () -> catalog.shards.execute(new RemoveShard("shard02")));
        Chunk only = b.chunks().get(0);
        b.execute(new MoveChunk("db.b", only.min().toDocument(b.shardKey()), "shard01", false));
        b.settle(600_000);
        catalog.shards.execute(new RemoveShard("shard02"));

        // then
        assertEquals("removeShard ongoing: shard shard02 still owns 1 chunks", early.reason());
        assertEquals(List.of("shard01"), catalog.shards.shardIds());
        assertEquals(List.of("shard01"), List.copyOf(shardsOf(b).keySet()));
    }
}

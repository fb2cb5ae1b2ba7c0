package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SplitAt;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** Several databases and sharded collections over one shard list. */
class ShardedCatalogTest {

    private static ShardedCatalog catalog(MongoVersion version, String... shards) {
        return new ShardedCatalog(SimulationConfig.of(version), List.of(shards));
    }

    /** {@code chunks} chunks of ten 100-byte documents each, all on the primary shard. */
    private static void shardAndSplit(ShardedCatalog catalog, String ns, int chunks) {
        catalog.shardCollection(ShardCollection.of(ns, "{x: 1}"));
        long[] keys = new long[chunks * 10];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i;
        }
        catalog.execute(ns, new io.shardlab.sim.InsertDocuments(ns, io.shardlab.sim.InsertBatch.ofInt64(keys, 100)));
        for (int i = 1; i < chunks; i++) {
            catalog.execute(ns, new SplitAt(ns, BsonDocument.parse("{x: " + i * 10 + "}")));
        }
    }

    @Test
    void a_new_database_gets_the_least_loaded_shard_as_primary_and_its_ranged_collection_starts_there() {
        ShardedCatalog catalog = catalog(MongoVersion.V8_0, "shard01", "shard02");
        catalog.recordUnshardedWrite("big.blobs", 10_000);

        ShardedCatalog.DatabaseEntry fresh = catalog.createDatabase("fresh", null);
        catalog.shardCollection(ShardCollection.of("fresh.c", "{x: 1}"));

        assertEquals("shard01", catalog.database("big").orElseThrow().primaryShard());
        assertEquals("shard02", fresh.primaryShard());
        assertEquals(
                "shard02",
                catalog.collection("fresh.c")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .cluster()
                        .chunks()
                        .get(0)
                        .shard());
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: a new database's primary is {1}")
    @org.junit.jupiter.params.provider.CsvSource(textBlock = """
            # before 8.0 _selectShardForNewDatabase / selectLeastLoadedShard weigh every shard, a draining one too;
            # from 8.0 selectLeastLoadedNonDrainingShard leaves draining shards out (sharding_util.cpp)
            4.4, shard01
            7.0, shard01
            8.0, shard02
            8.2, shard02
            """)
    void a_draining_shard_gets_new_databases_only_before_8_0(String version, String primary) {
        // given three empty shards, the first (which wins ties) draining
        ShardedCatalog catalog = catalog(MongoVersion.parse(version), "shard01", "shard02", "shard03");
        assertEquals(RemoveShardState.STARTED, catalog.removeShard("shard01").state());

        // when a database is created without a primary
        ShardedCatalog.DatabaseEntry fresh = catalog.createDatabase("fresh", null);

        // then
        assertEquals(primary, fresh.primaryShard());
    }

    @Test
    void a_shard_takes_part_in_one_migration_at_a_time_across_collections() {
        // 1 KB chunks copied at 100 bytes per simulated second: each migration takes about 10 s
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.V5_0).withMigrationBytesPerSecond(100), List.of("shard01", "shard02"));
        shardAndSplit(catalog, "a.c", 8);
        shardAndSplit(catalog, "b.c", 8);
        Set<String> migrated = new HashSet<>();

        for (int second = 0; second < 600; second++) {
            catalog.advance(1_000);
            int collectionsMigrating = 0;
            for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
                if (!c.cluster().shardsInMigration().isEmpty()) {
                    collectionsMigrating++;
                    migrated.add(c.namespace());
                }
            }
            assertTrue(
                    collectionsMigrating <= 1,
                    "with two shards, two collections cannot migrate at once (second " + second + ")");
        }

        assertEquals(Set.of("a.c", "b.c"), migrated, "both collections were balanced in turn");
    }

    @Test
    void the_balancer_switch_and_zones_reach_collections_sharded_later() {
        ShardedCatalog catalog = catalog(MongoVersion.V7_0, "shard01", "shard02");
        catalog.setBalancerEnabled(false);
        catalog.executeOnShards(new io.shardlab.sim.AddShardToZone("shard02", "EU"));
        catalog.updateZoneKeyRange(new io.shardlab.sim.UpdateZoneKeyRange(
                "db.c", BsonDocument.parse("{x: 0}"), BsonDocument.parse("{x: 100}"), "EU"));

        catalog.shardCollection(ShardCollection.of("db.c", "{x: 1}"));

        var snapshot = catalog.collection("db.c").orElseThrow().cluster().snapshot();
        assertFalse(snapshot.settings().balancerEnabled());
        assertEquals(1, snapshot.cluster().zones().size());
    }

    /** A cluster built elsewhere (the explorer's): two shards, {@code ns} sharded on x, its clock at {@code millis}. */
    private static io.shardlab.sim.SimulatedCluster drivenElsewhere(String ns, long millis, String... shards) {
        io.shardlab.sim.SimulatedCluster cluster =
                new io.shardlab.sim.SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0));
        for (String shard : shards) {
            cluster.execute(new io.shardlab.sim.AddShard(shard));
        }
        cluster.execute(ShardCollection.of(ns, "{x: 1}"));
        cluster.advance(millis);
        return cluster;
    }

    @Test
    void an_adopted_cluster_is_a_sharded_collection_whose_writes_run_on_it_and_whose_clock_the_catalog_keeps() {
        ShardedCatalog catalog = catalog(MongoVersion.V8_0, "shard01", "shard02");
        io.shardlab.sim.SimulatedCluster cluster = drivenElsewhere("shop.orders", 42_000, "shard01", "shard02");

        catalog.adoptCollection(cluster);
        catalog.execute(
                "shop.orders",
                new io.shardlab.sim.InsertDocuments(
                        "shop.orders", io.shardlab.sim.InsertBatch.ofInt64(new long[] {1, 2, 3}, 100)));
        catalog.shardCollection(ShardCollection.of("shop.users", "{x: 1}"));

        assertTrue(
                catalog.collection("shop.orders").orElseThrow().cluster() == cluster, "the same cluster, not a copy");
        assertEquals(3, cluster.snapshot().documents());
        assertEquals("shard01", catalog.database("shop").orElseThrow().primaryShard());
        assertEquals(42_000, catalog.now());
        assertEquals(
                42_000,
                catalog.collection("shop.users").orElseThrow().cluster().now(),
                "a collection sharded later starts at the adopted cluster's time");
    }

    @Test
    void a_cluster_on_other_shards_or_an_existing_namespace_is_refused_with_one_line() {
        ShardedCatalog catalog = catalog(MongoVersion.V8_0, "shard01", "shard02");
        IllegalArgumentException otherShards = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> catalog.adoptCollection(drivenElsewhere("a.b", 0, "shard01")));
        assertEquals(
                "cluster: a.b lives on [shard01], not on the catalog's shards [shard01, shard02]",
                otherShards.getMessage());
        catalog.adoptCollection(drivenElsewhere("a.b", 0, "shard01", "shard02"));
        IllegalArgumentException twice = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> catalog.adoptCollection(drivenElsewhere("a.b", 0, "shard01", "shard02")));
        assertEquals("cluster: a.b is already a sharded collection of the catalog", twice.getMessage());
    }
}

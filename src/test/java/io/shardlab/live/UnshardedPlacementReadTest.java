package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.doc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.ConfigFixture.Shape;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where a cluster's unsharded collections live, read through a mongos: from config.collections' tracked entries
 * ({@code unsplittable: true}, 8.0+) and their one chunk's shard, or, on 8.0.10+, from {@code $listClusterCatalog},
 * which lists untracked and empty collections too.
 */
class UnshardedPlacementReadTest {

    /**
     * {@code $listClusterCatalog} with {@code {shards: true, tracked: true}} as mongo's
     * {@code document_source_list_cluster_catalog.cpp} builds it: listCollections' entries with {@code ns} and
     * {@code db} for {@code name} (jstests' {@code $_internalListCollections} test compares them so), then
     * {@code sharded}, {@code tracked}, {@code shardKey} for a sharded collection and {@code shards}: a tracked
     * collection's chunks' shards, an untracked one's database primary.
     */
    static List<BsonDocument> clusterCatalog() {
        return List.of(
                doc(
                        "{db: 'test', ns: 'test.users', type: 'collection', options: {}, "
                                + "info: {readOnly: false, uuid: UUID('%s')}, idIndex: {v: 2, key: {_id: 1}, name: '_id_'}, "
                                + "sharded: true, tracked: true, shardKey: {user_id: 1}, shards: ['shard01', 'shard02', 'shard03']}",
                        ConfigFixture.USERS_UUID),
                doc(
                        "{db: 'test', ns: 'test.tracked', type: 'collection', options: {}, "
                                + "info: {readOnly: false, uuid: UUID('%s')}, idIndex: {v: 2, key: {_id: 1}, name: '_id_'}, "
                                + "sharded: false, tracked: true, shards: ['shard02']}",
                        ConfigFixture.TRACKED_UUID),
                doc("{db: 'test', ns: 'test.empty', type: 'collection', options: {}, "
                        + "info: {readOnly: false, uuid: UUID('0f3c9c1e-3f64-4b6e-9d1a-4a1c2b3d4e5f')}, "
                        + "idIndex: {v: 2, key: {_id: 1}, name: '_id_'}, sharded: false, tracked: false, "
                        + "shards: ['shard01']}"),
                doc("{db: 'test', ns: 'test.recent', type: 'view', options: {viewOn: 'users', pipeline: []}, "
                        + "info: {readOnly: true}, sharded: false, tracked: false, shards: ['shard01']}"),
                doc("{db: 'test', ns: 'test.system.views', type: 'collection', options: {}, "
                        + "info: {readOnly: false, uuid: UUID('1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d')}, "
                        + "idIndex: {v: 2, key: {_id: 1}, name: '_id_'}, sharded: false, tracked: false, "
                        + "shards: ['shard01']}"),
                doc("{db: 'config', ns: 'config.system.sessions', type: 'collection', options: {}, "
                        + "info: {readOnly: false, uuid: UUID('2b3c4d5e-6f7a-4b1c-9d2e-3f4a5b6c7d8e')}, "
                        + "idIndex: {v: 2, key: {_id: 1}, name: '_id_'}, sharded: true, tracked: true, "
                        + "shardKey: {_id: 1}, shards: ['shard01']}"));
    }

    @ParameterizedTest(name = "MongoDB {0} shapes")
    @EnumSource(Shape.class)
    void tracked_unsharded_collections_are_read_from_config_collections_and_their_chunk(Shape shape) {
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            ClusterMetadata m = LiveInspectionTest.inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);

            assertFalse(m.unsharded().everyCollection(), "no $listClusterCatalog before 8.0.10");
            assertEquals(
                    shape.atLeast(Shape.V8_0)
                            ? List.of(new UnshardedCollection("test.tracked", "shard02", true))
                            : List.of(),
                    m.unsharded().collections());
        }
    }

    @Test
    void on_8_0_10_list_cluster_catalog_tells_every_unsharded_collection_empty_and_untracked_ones_too() {
        try (FakeCluster cluster = FakeCluster.mongos("8.0.10", 25)) {
            cluster.seed(ConfigFixture.config(Shape.V8_0));
            cluster.withClusterCatalog(clusterCatalog());
            CommandRecorder recorder = new CommandRecorder();

            ClusterMetadata m = LiveInspectionTest.inspect(cluster, recorder, ClusterInspector.Scope.OVERVIEW);

            assertTrue(m.unsharded().everyCollection());
            assertEquals(
                    List.of(
                            new UnshardedCollection("test.empty", "shard01", false),
                            new UnshardedCollection("test.tracked", "shard02", true)),
                    m.unsharded().collections(),
                    "sharded collections, views, system collections and the config database are no tiles");
            assertEquals(List.of(), recorder.nonReads(), "$listClusterCatalog is a read");
        }
    }

    @Test
    void a_catalog_entry_without_a_shard_is_a_problem_and_left_out() {
        try (FakeCluster cluster = FakeCluster.mongos("8.0.10", 25)) {
            cluster.seed(ConfigFixture.config(Shape.V8_0));
            cluster.withClusterCatalog(List.of(doc("{db: 'test', ns: 'test.lost', type: 'collection', "
                    + "sharded: false, tracked: false, shards: []}")));

            ClusterMetadata m = LiveInspectionTest.inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);

            assertEquals(List.of(), m.unsharded().collections());
            assertTrue(
                    m.allProblems().stream().anyMatch(p -> p.message().contains("test.lost")),
                    m.allProblems().toString());
        }
    }

    @Test
    void a_dump_tells_the_tracked_unsharded_collections_only() {
        ClusterMetadata m = new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(
                        new DocumentConfigSource("dump", ConfigFixture.config(Shape.V8_0), "a dump runs no command"),
                        ClusterInspector.Scope.OVERVIEW);

        assertEquals(
                new UnshardedCollections(List.of(new UnshardedCollection("test.tracked", "shard02", true)), false),
                m.unsharded());
    }
}

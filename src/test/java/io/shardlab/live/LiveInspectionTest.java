package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.EVENTS;
import static io.shardlab.live.ConfigFixture.SESSIONS;
import static io.shardlab.live.ConfigFixture.USERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.live.ConfigFixture.Shape;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reading a cluster through a mongos whose config database has the document shapes of 4.4 to
 * 8.0: the same layout comes back from every shape, and nothing but reads is ever sent.
 */
class LiveInspectionTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-02T00:00:00Z"), ZoneOffset.UTC);

    static ClusterMetadata inspect(FakeCluster cluster, CommandRecorder recorder, ClusterInspector.Scope scope) {
        LiveConnector connector = new LiveConnector(recorder == null ? List.of() : List.of(recorder));
        try (LiveConnection connection = connector.connect(LiveConnectionRequest.of(cluster.connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            return new ClusterInspector(CLOCK).inspect(source, scope);
        }
    }

    @ParameterizedTest(name = "MongoDB {0} shapes")
    @EnumSource(Shape.class)
    void everyShapeReadsBackTheSameLayout(Shape shape) {
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            ClusterMetadata m = inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);

            assertEquals(
                    List.of("shard01", "shard02", "shard03", "shard04"),
                    m.shards().stream().map(Shard::id).toList());
            assertEquals(Set.of("NYC"), m.shards().get(1).zones());
            assertTrue(m.shards().get(3).draining());
            assertEquals(
                    "shard01/localhost:27018,localhost:27019,localhost:27020",
                    m.shards().get(0).host());
            assertEquals(
                    List.of(SESSIONS, EVENTS, USERS),
                    m.collections().stream().map(CollectionLayout::namespace).toList(),
                    "dropped (4.4) and unsplittable (8.0) collections are not sharded collections");

            CollectionLayout users = m.collection(USERS).orElseThrow();
            assertEquals(ConfigFixture.usersNow(), users.chunks());
            assertNotNull(users.map());
            assertEquals(List.of(new ZoneRange(ConfigFixture.key(100), ConfigFixture.key(200), "NYC")), users.zones());
            assertEquals(ConfigFixture.USERS_UUID, users.entry().uuidText());
            assertEquals(shape.atLeast(Shape.V5_0), users.entry().chunksByUuid());
            assertEquals(
                    ConfigFixture.eventsNow(),
                    m.collection(EVENTS).orElseThrow().chunks());
            assertEquals(
                    "{ _id: 'hashed' }",
                    m.collection(EVENTS).orElseThrow().key().toString());
            assertEquals(Map.of("shard01", 2, "shard02", 1, "shard03", 1), users.chunksPerShard());

            assertEquals("full", m.balancer().mode());
            assertEquals(BalancerState.FROM_BALANCER_STATUS, m.balancer().source());
            assertEquals(86L, m.balancer().numBalancerRounds());
            assertEquals(
                    new ActiveWindow(LocalTime.of(23, 0), LocalTime.of(6, 0)),
                    m.balancer().activeWindow());
            assertEquals(64, m.balancer().chunkSizeMB());
            assertEquals(
                    shape.atLeast(Shape.V7_0) ? Boolean.TRUE : null,
                    m.balancer().autoMerge());

            assertEquals(List.of(), m.allProblems());
            assertEquals(
                    7, m.changes().size(), "6 changes of test.users (the multi-split is one) and 1 of test.events");
            assertEquals(6, m.changes(USERS).size());
            assertEquals(shape.version, m.server().version());
            assertEquals(ServerRole.MONGOS, m.server().role());
        }
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @EnumSource(Shape.class)
    void perShardDataComesFromShardedDataDistributionFrom603ElseFromCollStats(Shape shape) {
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            ClusterMetadata m = inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            DataDistribution users = m.collection(USERS).orElseThrow().dataDistribution();
            assertNotNull(users);
            if (shape.atLeast(Shape.V6_0)) {
                assertEquals(DataDistribution.SHARDED_DATA_DISTRIBUTION, users.source());
                assertEquals(3, users.shards().size());
                assertEquals(122L, users.shards().get(1).orphanedBytes());
                assertEquals(1000, users.totalDocuments());
            } else {
                assertEquals(DataDistribution.COLL_STATS, users.source());
                assertEquals(2, users.shards().size());
                assertNull(users.shards().get(0).orphanedDocuments());
                assertEquals(54900, users.totalBytes());
            }
        }
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @EnumSource(Shape.class)
    void aFullInspectionSendsOnlyReads(Shape shape) {
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            CommandRecorder recorder = new CommandRecorder();
            inspect(cluster, recorder, new ClusterInspector.Scope(null, 0));
            assertFalse(recorder.commands.isEmpty());
            assertEquals(List.of(), recorder.nonReads());
            assertTrue(recorder.names().contains("find"));
            assertTrue(recorder.names().contains("balancerStatus"));
        }
    }

    @Test
    void whenBalancerStatusAndDataStagesAreMissingTheReaderFallsBackAndSaysSo() {
        try (FakeCluster cluster = FakeCluster.mongos("7.0.12", 21)) {
            cluster.seed(ConfigFixture.config(Shape.V7_0));
            ClusterMetadata m = inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            assertEquals(BalancerState.FROM_SETTINGS, m.balancer().source());
            assertEquals("full", m.balancer().mode());
            assertNull(m.balancer().inBalancerRound());
            assertNull(m.collection(USERS).orElseThrow().dataDistribution());
            assertTrue(
                    m.notesInEnglish().stream().anyMatch(n -> n.startsWith("balancerStatus is not available")),
                    m.notesInEnglish()::toString);
            assertTrue(
                    m.notesInEnglish().stream()
                            .anyMatch(n -> n.startsWith("per-shard data sizes are omitted")
                                    && n.contains("$shardedDataDistribution")
                                    && n.contains("$collStats")),
                    m.notesInEnglish()::toString);
        }
    }

    @Test
    void againstAConfigServerOrRestoredCopyTheMetadataIsReadAndDataSizesAreOmitted() {
        try (FakeCluster cluster = FakeCluster.mongod("6.0.16", 17)) {
            cluster.seed(ConfigFixture.config(Shape.V6_0));
            ClusterMetadata m = inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            assertEquals(ServerRole.MONGOD, m.server().role());
            assertEquals(
                    ConfigFixture.usersNow(), m.collection(USERS).orElseThrow().chunks());
            assertTrue(
                    m.notesInEnglish().stream().anyMatch(n -> n.contains("need a mongos")),
                    m.notesInEnglish()::toString);
        }
    }

    @Test
    void aStoppedBalancerReadsAsOffFromSettings() {
        try (FakeCluster cluster = FakeCluster.mongod("4.4.29", 9)) {
            var config = new java.util.LinkedHashMap<>(ConfigFixture.config(Shape.V4_4));
            config.put("settings", List.of(ConfigFixture.doc("{_id: 'balancer', stopped: true}")));
            cluster.seed(config);
            ClusterMetadata m = inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            assertEquals("off", m.balancer().mode());
            assertFalse(m.balancer().enabled());
            assertEquals(64, m.balancer().chunkSizeMB(), "the 4.4 default when config.settings has no chunksize");
            assertEquals("default for 4.4.29", m.balancer().chunkSizeSource());
        }
    }

    @Test
    void oneNamespaceCanBeChosenAndAnUnknownOneIsNamed() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V8_0)) {
            ClusterMetadata m = inspect(cluster, null, new ClusterInspector.Scope(USERS, 0));
            assertEquals(
                    List.of(USERS),
                    m.collections().stream().map(CollectionLayout::namespace).toList());
            assertTrue(m.changelogComplete());
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class,
                    () -> inspect(cluster, null, new ClusterInspector.Scope("test.nope", 0)));
            assertTrue(
                    e.getMessage().startsWith("ns: 'test.nope' is not a sharded collection in mongodb://127.0.0.1:"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("test.users"), e.getMessage());
        }
    }
}

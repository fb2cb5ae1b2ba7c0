package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.session.AppWiring;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.live.LiveLayoutViewModel;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javafx.beans.property.SimpleBooleanProperty;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Fork into simulator": a snapshot opened in the live view is copied into the explorer's in-memory
 * cluster, where splits, undo and the insert stream work on it. Synchronous executors, no toolkit.
 */
class ForkLayoutTest {

    static final Executor NOW = Runnable::run;
    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-01T12:00:00Z"), ZoneOffset.UTC);

    /** [MinKey, 1000) on shA, [1000, 5000) on shB, [5000, MaxKey) on shA, as a 7.0 cluster recorded them. */
    static final ClusterSnapshot LAYOUT = new ClusterSnapshot(
            "shop.events",
            ShardKeyPattern.parse("{ counter: 1 }"),
            false,
            List.of(Shard.named("shA"), Shard.named("shB")),
            new ChunkMap(List.of(
                    new Chunk(
                            ShardKey.of(new BsonMinKey()),
                            ShardKey.of(new BsonInt32(1000)),
                            "shA",
                            false,
                            new ChunkVersion(2, 1)),
                    new Chunk(
                            ShardKey.of(new BsonInt32(1000)),
                            ShardKey.of(new BsonInt32(5000)),
                            "shB",
                            false,
                            new ChunkVersion(2, 0)),
                    new Chunk(
                            ShardKey.of(new BsonInt32(5000)),
                            ShardKey.of(new BsonMaxKey()),
                            "shA",
                            false,
                            new ChunkVersion(1, 2)))),
            List.of());

    @TempDir
    Path dir;

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final List<ClusterSnapshot> shown = new ArrayList<>();
    private final List<MongoVersion> versions = new ArrayList<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private ExplorerViewModel explorer;
    private LiveLayoutViewModel live;

    @BeforeEach
    void setUp() {
        ExplorerViewModel[] holder = new ExplorerViewModel[1];
        ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), state -> holder[0].accept(state));
        explorer = new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                new SimpleBooleanProperty(false),
                text -> {},
                (snapshot, version) -> {
                    shown.add(snapshot);
                    versions.add(version);
                },
                ConnectionsWiring.application());
        holder[0] = explorer;
        live = new LiveLayoutViewModel(NOW, NOW, scheduler, CLOCK, explorer::showLayout);
    }

    @AfterEach
    void stop() {
        live.close();
        scheduler.shutdownNow();
    }

    private Path snapshot(BsonDocument capture) {
        List<ChunkStatistics> stats = List.of(
                new ChunkStatistics(LAYOUT.chunks().get(0), 10, 1_000),
                new ChunkStatistics(LAYOUT.chunks().get(1), 40, 4_000),
                new ChunkStatistics(LAYOUT.chunks().get(2), 0, 0));
        Path file = dir.resolve("events.shardlab");
        SnapshotFile.write(file, new SnapshotFile.Contents(LAYOUT, stats, CLOCK.instant(), "test", capture));
        return file;
    }

    private static List<String> bounds(ClusterSnapshot s) {
        return s.chunks().chunks().stream()
                .map(c -> c.min() + ".." + c.max() + "@" + c.shard())
                .toList();
    }

    @Test
    void a_forked_snapshot_plays_in_the_explorer_with_its_chunks_and_shards_and_undo_returns_to_it() {
        // given a snapshot on show, read-only
        live.openSnapshot(snapshot(new BsonDocument(
                "server",
                new BsonDocument("version", new BsonString("7.0.12")).append("role", new BsonString("MONGOS")))));
        assertEquals("", live.errorProperty().get());
        assertTrue(live.shownProperty().get());

        // when it is forked
        live.fork(explorer::fork);
        thread.tick();

        // then the explorer's simulation shows the same chunks on the same shards, under the source's rules
        assertEquals("", live.errorProperty().get());
        assertFalse(live.shownProperty().get(), "the live panel hides: the explorer shows the simulation now");
        assertEquals(
                ExplorerViewModel.Phase.READY,
                explorer.phaseProperty().get(),
                String.valueOf(explorer.loadErrorProperty().get()));
        ClusterSnapshot forked = shown.get(shown.size() - 1);
        assertEquals(bounds(LAYOUT), bounds(forked));
        assertEquals(LAYOUT.shardIds(), forked.shardIds());
        assertEquals("shop.events", forked.namespace());
        assertEquals(
                MongoVersion.parse("7.0.12"), versions.get(versions.size() - 1), "the snapshot's server runs 7.0.12");
        assertEquals("{ counter: 1 }", explorer.setup().keyPatternProperty().get());
        assertEquals(3, explorer.numberLine().pictureProperty().get().model().chunkCount());

        // when the middle chunk is split, then undone
        explorer.numberLine().selectChunk(1);
        explorer.actions().splitSelectedChunk();
        thread.tick();
        assertEquals(4, shown.get(shown.size() - 1).chunks().size(), "the split works on the forked layout");
        explorer.history().undo();
        thread.tick();

        // then the forked layout is back, and no further undo goes past it
        assertEquals(bounds(LAYOUT), bounds(shown.get(shown.size() - 1)));
        assertFalse(explorer.history().canUndoProperty().get(), "the fork itself is not a user command");
    }

    @Test
    void after_a_fork_and_a_key_change_the_copied_mongosh_commands_name_the_simulators_collection_and_its_key() {
        // given a forked snapshot whose commands name its real collection and key
        live.openSnapshot(snapshot(new BsonDocument()));
        live.fork(explorer::fork);
        thread.tick();
        explorer.numberLine().selectChunk(1);
        explorer.actions().splitSelectedChunk();
        thread.tick();
        String onTheFork = explorer.history().lastMongoshProperty().get();
        assertTrue(onTheFork.contains("\"shop.events\"") || onTheFork.contains("'shop.events'"), onTheFork);

        // when the key is changed in the setup form and applied
        explorer.setup().keyPatternProperty().set("{ counter: 'hashed' }");
        explorer.setup().apply();
        thread.tick();
        assertNull(explorer.setup().errorProperty().get());
        explorer.numberLine().selectChunk(0);
        explorer.actions().splitSelectedChunk();
        thread.tick();

        // then a pasted command names the simulated collection, never the real one with a key it does not have
        String command = explorer.history().lastMongoshProperty().get();
        assertFalse(command.contains("shop.events"), command);
        assertTrue(command.contains(io.shardlab.session.Scenario.DEFAULT_NAMESPACE), command);
        assertEquals(
                io.shardlab.session.Scenario.DEFAULT_NAMESPACE,
                shown.get(shown.size() - 1).namespace());
    }

    @Test
    void the_explorers_fork_into_simulator_is_the_live_views_fork_and_leaves_the_read_only_layout() {
        // given the live view's fork offered to the explorer (as the app wires it) and a snapshot on show
        explorer.offerFork(() -> live.fork(explorer::fork));
        live.openSnapshot(snapshot(null));
        assertTrue(explorer.readOnlyLayoutProperty().get());
        assertTrue(explorer.canForkProperty().get());
        assertFalse(explorer.playback().availableProperty().get());

        // when the explorer's own "Fork into simulator" is used
        explorer.forkShownLayout();
        thread.tick();

        // then the simulator shows the snapshot's chunks, and plays
        assertFalse(explorer.readOnlyLayoutProperty().get());
        assertFalse(live.shownProperty().get());
        assertEquals(
                ExplorerViewModel.Phase.READY,
                explorer.phaseProperty().get(),
                String.valueOf(explorer.loadErrorProperty().get()));
        assertEquals(bounds(LAYOUT), bounds(shown.get(shown.size() - 1)));
        assertTrue(explorer.playback().availableProperty().get());
    }

    @Test
    void a_layout_keyed_on_a_field_no_workload_has_forks_with_its_chunks_and_a_stream_over_its_key() {
        // given a config dump's layout keyed on { customerId: 1 }, while the setup's workload (monotonic) has
        // no customerId field
        ClusterSnapshot orders = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{ customerId: 1 }"),
                false,
                LAYOUT.shards(),
                LAYOUT.chunks(),
                List.of());
        Path file = dir.resolve("orders.shardlab");
        SnapshotFile.write(file, new SnapshotFile.Contents(orders, List.of(), CLOCK.instant(), "test", null));
        assertEquals("monotonic", explorer.setup().stream().workload());
        live.openSnapshot(file);

        // when it is forked
        live.fork(explorer::fork);
        thread.tick();

        // then the simulator shows the forked chunks, on its key, with a stream over that key to play
        assertEquals(
                ExplorerViewModel.Phase.READY,
                explorer.phaseProperty().get(),
                String.valueOf(explorer.loadErrorProperty().get()));
        assertEquals(bounds(orders), bounds(shown.get(shown.size() - 1)));
        assertEquals("shop.orders", shown.get(shown.size() - 1).namespace());
        assertEquals("{ customerId: 1 }", explorer.setup().keyPatternProperty().get());
        assertEquals(3, explorer.numberLine().pictureProperty().get().model().chunkCount());
        // over the values its bounds (3,000 and 6,000) span, not 10^12 of them, which would all land in the top chunk
        assertEquals(
                "uniform:customerId=number(0..9000)", explorer.setup().stream().workload());
        assertTrue(explorer.playback().availableProperty().get());
        assertTrue(
                explorer.log().activityProperty().stream()
                        .noneMatch(a -> a.text().contains("forked without an insert stream")),
                explorer.log().activityProperty().toString());
    }

    @Test
    void a_source_without_a_server_version_forks_under_8_0() {
        live.openSnapshot(snapshot(null));
        live.fork(explorer::fork);
        thread.tick();

        assertEquals(
                ExplorerViewModel.Phase.READY,
                explorer.phaseProperty().get(),
                String.valueOf(explorer.loadErrorProperty().get()));
        assertEquals(MongoVersion.V8_0, versions.get(versions.size() - 1));
        assertEquals(bounds(LAYOUT), bounds(shown.get(shown.size() - 1)));
    }

    @Test
    void a_layout_whose_source_did_not_tell_its_sizes_forks_with_sizes_unknown_not_zero() {
        // given a layout recorded without per-chunk sizes (as a config dump without a size report)
        Path file = dir.resolve("nosizes.shardlab");
        SnapshotFile.write(file, new SnapshotFile.Contents(LAYOUT, List.of(), CLOCK.instant(), "test", null));
        live.openSnapshot(file);
        explorer.numberLine().selectChunk(0);
        assertEquals("unknown", explorer.numberLine().selectedProperty().get().documentsText(), "read-only view");

        // when it is forked into the simulator
        live.fork(explorer::fork);
        thread.tick();

        // then the simulation's chunks read "unknown", never 0
        explorer.numberLine().selectChunk(0);
        assertEquals("unknown", explorer.numberLine().selectedProperty().get().documentsText());
        assertEquals("unknown", explorer.numberLine().selectedProperty().get().sizeText());

        // and a snapshot that recorded sizes forks with them
        live.openSnapshot(snapshot(null));
        live.fork(explorer::fork);
        thread.tick();
        explorer.numberLine().selectChunk(0);
        assertEquals("10", explorer.numberLine().selectedProperty().get().documentsText());
    }

    @Test
    void nothing_on_show_cannot_be_forked() {
        live.fork(explorer::fork);

        assertEquals(
                "fork: nothing to fork, open a cluster, snapshot or config dump first",
                live.errorProperty().get());
        assertEquals(ExplorerViewModel.Phase.EMPTY, explorer.phaseProperty().get());
    }
}

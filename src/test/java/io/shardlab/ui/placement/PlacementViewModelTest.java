package io.shardlab.ui.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.DocumentConfigSource;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.ClusterPlacement;
import io.shardlab.session.CollectionMove;
import io.shardlab.session.PlacementEditor;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import io.shardlab.ui.theme.RememberedSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The board's view model on a recorded layout: it shows the recorded cluster's placement (config metadata of a live
 * cluster or a dump), changes nothing on it and says why, and goes back to the simulator's cluster when the explorer
 * does.
 */
class PlacementViewModelTest {

    /** How many times the board asked the simulator for its placement. */
    private final List<String> deskCalls = new ArrayList<>();

    private final PlacementViewModel board = noting(deskCalls);

    /**
     * A board on the FX thread's stand-in ({@code Runnable::run}) whose simulator answers nothing and only notes in
     * {@code calls} what the board asked of it: "placement", "undo", "redo".
     */
    static PlacementViewModel noting(List<String> calls) {
        return new PlacementViewModel(
                new PlacementViewModel.Desk() {
                    @Override
                    public <T> void placement(
                            BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out) {
                        calls.add("placement");
                    }
                },
                Runnable::run,
                () -> calls.add("undo"),
                () -> calls.add("redo"),
                RememberedSettings.inMemory());
    }

    static ClusterMetadata dump() {
        return new ClusterInspector(Clock.fixed(Instant.parse("2024-03-02T00:00:00Z"), ZoneOffset.UTC))
                .inspect(
                        new DocumentConfigSource(
                                "/dumps/shop",
                                ConfigFixture.config(ConfigFixture.Shape.V8_0),
                                "a dump runs no command"),
                        ClusterInspector.Scope.OVERVIEW);
    }

    @Test
    void a_recorded_layout_shows_its_own_placement_from_its_config_metadata() {
        // given the explorer shows a dump of an 8.0 cluster
        board.readOnlyProperty().set(true);

        // when the dump's metadata comes
        board.showRecorded(dump());

        // then the board shows every shard, the databases' primaries, the tracked unsharded collection on its chunk's
        // shard and the sharded collections as key lines, without asking the simulator
        ClusterPlacement p = board.placementProperty().get().orElseThrow();
        assertEquals(
                List.of("shard01", "shard02", "shard03", "shard04"),
                p.lanes().stream().map(ClusterPlacement.Lane::shard).toList());
        assertTrue(p.lanes().get(3).draining());
        assertEquals(List.of("test"), p.primaryOf("shard01"));
        assertEquals(
                List.of(new ClusterPlacement.Tile("test.tracked", "shard02", ClusterPlacement.UNKNOWN_BYTES, true)),
                p.tiles());
        assertEquals(3, p.keyLines().size());
        assertFalse(p.changeable());
        assertEquals(List.of(), deskCalls);
        assertEquals(
                Message.of("placement.recorded.tracked", "/dumps/shop"),
                board.noteProperty().get());
    }

    @Test
    void moves_on_a_recorded_layout_are_refused_with_the_reason() {
        board.readOnlyProperty().set(true);
        board.showRecorded(dump());

        board.moveCollection("test.tracked", "shard01");
        board.unshard("test.users");
        board.askKey("test.tracked");

        assertEquals(List.of(), deskCalls, "nothing ran");
        assertEquals(
                "shard02",
                board.placementProperty()
                        .get()
                        .orElseThrow()
                        .tile("test.tracked")
                        .orElseThrow()
                        .shard());
        assertEquals(
                Message.of("placement.recorded.tracked", "/dumps/shop"),
                board.noteProperty().get());
    }

    @Test
    void undo_and_redo_go_through_the_explorers_one_timeline_then_the_board_reads_again() {
        // when the board's Undo, then its Redo, is pressed
        board.undo();
        assertEquals(Message.of("placement.undone"), board.noteProperty().get());
        board.redo();

        // then each went to the explorer's Edit → Undo / Redo, and the board read the cluster after each
        assertEquals(List.of("undo", "placement", "redo", "placement"), deskCalls);
        assertEquals(Message.of("placement.redone"), board.noteProperty().get());
    }

    @Test
    void back_in_the_simulator_the_board_reads_the_simulated_cluster_again() {
        board.readOnlyProperty().set(true);
        board.showRecorded(dump());

        board.readOnlyProperty().set(false);

        assertEquals(List.of("placement"), deskCalls);
        assertEquals(Message.of("placement.hint"), board.noteProperty().get());
    }

    /**
     * The prompt's key checked as the mongos's {@code shardCollection} parses it (mongo
     * {@code src/mongo/db/global_catalog/shard_key_pattern.cpp}; the rules' own cases are ported in
     * {@code key/ShardKeyPatternTest} from {@code shard_key_pattern_test.cpp}): a well-formed key has no problem, a
     * malformed one is explained in MongoDB's words.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            { _id: 1 }                      |
            { user: 'hashed' }              |
            { region: 1, user: 'hashed' }   |
            { 'user.id': 1 }                |
            {}                              | Shard key is empty
            { user: -1 }                    | Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field user
            { a: 'hashed', b: 'hashed' }    | can contain at most one 'hashed' field. Failed to parse field b
            { '$a': 1 }                     | Field $a contains parts that start with '$'
            { user: 1                       | user
            """)
    void a_malformed_key_is_explained_in_the_mongos_words(String key, String problem) {
        Optional<Message> said = PlacementViewModel.keyProblem(key);

        if (problem == null) {
            assertEquals(Optional.empty(), said);
        } else {
            assertEquals("placement.key.malformed", said.orElseThrow().key());
            assertTrue(
                    said.get().arguments().get(0).toString().contains(problem),
                    said.get().toString());
        }
    }

    @Test
    void shard_and_distribute_asks_the_key_and_runs_only_a_well_formed_one() {
        // given the prompt open for app.logs with a malformed key
        board.askKey("app.logs");
        board.keyTextProperty().set("{ user: -1 }");
        assertTrue(board.keyProblemProperty().get().isPresent(), "explained while typed");

        // when confirmed, nothing runs and the prompt stays open
        board.confirmKey();
        assertEquals(List.of(), deskCalls);
        assertEquals(Optional.of("app.logs"), board.distributingProperty().get());

        // when the key is mended and confirmed, it runs and the prompt closes
        board.keyTextProperty().set("{ user: 1 }");
        assertEquals(Optional.empty(), board.keyProblemProperty().get());
        board.confirmKey();
        assertEquals(List.of("placement"), deskCalls);
        assertEquals(Optional.empty(), board.distributingProperty().get());
    }

    /** A board over a real 8.0 cluster: app.logs (about 1.1 MiB) on shard01, shard02 empty. */
    private static PlacementViewModel boardOverACluster() {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.0")).withSeed(7), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'app', primaryShard: 'shard01'}"));
        String pad = "x".repeat(1000);
        for (int batch = 0; batch < 12; batch++) {
            StringBuilder docs = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                docs.append(i == 0 ? "" : ",").append("{pad: '").append(pad).append("'}");
            }
            mongos.run("app", BsonDocument.parse("{insert: 'logs', documents: [" + docs + "]}"));
        }
        PlacementEditor editor = new PlacementEditor();
        return new PlacementViewModel(
                new PlacementViewModel.Desk() {
                    @Override
                    public <T> void placement(
                            BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out) {
                        out.accept(work.apply(editor, Optional.of(mongos)));
                    }
                },
                Runnable::run,
                () -> {},
                () -> {},
                RememberedSettings.inMemory());
    }

    @Test
    void a_move_onto_a_disk_without_room_for_the_copy_is_not_run_and_the_board_says_why() {
        // given 1 MiB disks: app.logs does not fit on shard02
        PlacementViewModel board = boardOverACluster();
        board.shardCapacityMegabytesProperty().set(1);
        assertEquals(
                1L << 20,
                board.placementProperty()
                        .get()
                        .orElseThrow()
                        .lane("shard02")
                        .orElseThrow()
                        .freeBytes(),
                "the lanes were read again with the new disks");

        // when app.logs is dropped on shard02
        board.moveCollection("app.logs", "shard02");

        // then nothing moved, no phases show and the note gives the numbers
        ClusterPlacement after = board.placementProperty().get().orElseThrow();
        assertEquals("shard01", after.tile("app.logs").orElseThrow().shard());
        assertEquals(Optional.empty(), board.moveProperty().get());
        Message note = board.noteProperty().get();
        assertEquals("placement.disk.noRoom", note.key());
        assertEquals(List.of("shard02", "1MiB", "app.logs"), note.arguments().subList(0, 3));
    }

    @Test
    void with_the_default_disks_the_same_move_runs() {
        PlacementViewModel board = boardOverACluster();

        board.moveCollection("app.logs", "shard02");

        assertEquals(
                "shard02",
                board.placementProperty()
                        .get()
                        .orElseThrow()
                        .tile("app.logs")
                        .orElseThrow()
                        .shard());
        assertEquals(Message.of("placement.moved"), board.noteProperty().get());
        assertEquals(
                CollectionMove.Room.ENOUGH,
                board.moveProperty().get().orElseThrow().room());
    }

    /** A simulator that answers nothing. */
    private static final PlacementViewModel.Desk SILENT = new PlacementViewModel.Desk() {
        @Override
        public <T> void placement(BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out) {}
    };

    @Test
    void the_disk_per_shard_is_kept_for_the_next_start(@TempDir Path home) {
        // given a board that remembers in a settings file
        Path file = home.resolve("settings");
        PlacementViewModel first = new PlacementViewModel(
                SILENT, Runnable::run, () -> {}, () -> {}, RememberedSettings.inFile(file, problem -> {}));
        assertEquals(1024, first.shardCapacityMegabytesProperty().get(), "1 GiB before any choice");

        // when the user sets 4 GiB
        first.shardCapacityMegabytesProperty().set(4096);

        // then the next start's board has 4 GiB disks
        PlacementViewModel next = new PlacementViewModel(
                SILENT, Runnable::run, () -> {}, () -> {}, RememberedSettings.inFile(file, problem -> {}));
        assertEquals(4096, next.shardCapacityMegabytesProperty().get());
    }
}

package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The placement board's model: where the catalog's databases and collections live ({@link ClusterPlacement}), and
 * the board's verbs run through the cluster's mongos and undone ({@link PlacementEditor}). Refusals are the mongos's
 * own (ported in {@code serve/MongosAdminCommandsTest} from {@code jstests/sharding/move_collection_basic.js} and
 * {@code unshard_collection_basic.js}).
 */
class PlacementEditorTest {

    private final PlacementEditor editor = new PlacementEditor();
    private ShardedCatalog catalog;

    /** app (primary shard01) with app.logs unsharded (100 documents) and app.orders sharded on { o: 1 }. */
    private MongosCommands cluster(String release, String... shards) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7),
                shards.length == 0 ? List.of("shard01", "shard02", "shard03") : List.of(shards));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        String first = catalog.shardIds().get(0);
        admin(mongos, "{enableSharding: 'app', primaryShard: '" + first + "'}");
        admin(mongos, "{balancerStop: 1}");
        insert(mongos, "logs", 100);
        admin(mongos, "{shardCollection: 'app.orders', key: {o: 1}}");
        insert(mongos, "orders", 40);
        return mongos;
    }

    private static void admin(MongosCommands mongos, String json) {
        mongos.run("admin", BsonDocument.parse(json));
    }

    private static void insert(MongosCommands mongos, String collection, int documents) {
        StringBuilder docs = new StringBuilder();
        for (int i = 0; i < documents; i++) {
            docs.append(i == 0 ? "" : ",").append("{o: ").append(i).append(", pad: 'xxxxxxxxxxxxxxxxxxxx'}");
        }
        mongos.run("app", BsonDocument.parse("{insert: '" + collection + "', documents: [" + docs + "]}"));
    }

    private static String shardOf(ClusterPlacement placement, String namespace) {
        return placement.tile(namespace).orElseThrow().shard();
    }

    @Test
    void every_shard_database_and_collection_has_its_place() {
        // given a cluster with an unsharded and a sharded collection
        MongosCommands mongos = cluster("8.0");

        // when the board reads it
        ClusterPlacement placement = editor.read(mongos);

        // then each shard has a lane, app's primary is shard01, logs is a tile there and orders a key line
        assertEquals(
                List.of("shard01", "shard02", "shard03"),
                placement.lanes().stream().map(ClusterPlacement.Lane::shard).toList());
        assertEquals(List.of("app"), placement.primaryOf("shard01"));
        ClusterPlacement.Tile logs = placement.tile("app.logs").orElseThrow();
        assertEquals("shard01", logs.shard());
        assertTrue(logs.bytes() > 0);
        assertFalse(logs.tracked());
        assertEquals(List.of(logs), placement.tilesOn("shard01"));
        assertEquals(
                List.of("app.orders"),
                placement.keyLines().stream()
                        .map(ClusterPlacement.KeyLine::namespace)
                        .toList());
        assertEquals("{ o: 1 }", placement.keyLines().get(0).key());
        assertTrue(placement.movesCollections());
    }

    @Test
    void an_empty_collection_is_a_tile_on_its_databases_primary_shard() {
        // given a collection created without documents, one emptied, and one in a database of its own
        MongosCommands mongos = cluster("8.0");
        mongos.run("app", BsonDocument.parse("{create: 'empty'}"));
        mongos.run("app", BsonDocument.parse("{delete: 'logs', deletes: [{q: {}, limit: 0}]}"));
        mongos.run("blog", BsonDocument.parse("{create: 'posts'}"));

        // when the board reads the cluster
        ClusterPlacement placement = editor.read(mongos);

        // then each still lives somewhere: on its database's primary shard, with no data
        assertEquals(
                new ClusterPlacement.Tile("app.empty", "shard01", 0, false),
                placement.tile("app.empty").orElseThrow());
        assertEquals(0, placement.tile("app.logs").orElseThrow().bytes());
        String blogPrimary = placement.databases().stream()
                .filter(d -> d.name().equals("blog"))
                .findFirst()
                .orElseThrow()
                .primaryShard();
        assertEquals(blogPrimary, shardOf(placement, "blog.posts"));
    }

    @Test
    void an_empty_collection_moves_like_any_other() {
        MongosCommands mongos = cluster("8.0");
        mongos.run("app", BsonDocument.parse("{create: 'empty'}"));

        PlacementEditor.Change moved = editor.moveCollection(mongos, "app.empty", "shard03");

        assertEquals(Optional.empty(), moved.refusal());
        assertEquals("shard03", shardOf(moved.placement(), "app.empty"));
        assertTrue(moved.placement().tile("app.empty").orElseThrow().tracked());
    }

    @ParameterizedTest(name = "{0} is a config shard: {1}")
    @CsvSource(textBlock = """
            config,  true
            shard01, false
            configA, false
            """)
    void the_config_servers_shard_is_named_config(String shard, boolean configShard) {
        // mongo src/mongo/s/shard_id.h: ShardId::kConfigServerId is "config"
        MongosCommands mongos = cluster("8.0", shard, "zz");
        assertEquals(configShard, editor.read(mongos).lanes().get(0).configShard());
    }

    @Test
    void a_drop_on_another_lane_runs_moveCollection_and_undo_takes_it_back() {
        MongosCommands mongos = cluster("8.0");
        long bytes = catalog.unshardedBytes("app.logs");

        // when logs is dropped on shard02
        PlacementEditor.Change moved = editor.moveCollection(mongos, "app.logs", "shard02");

        // then it lives on shard02, tracked, and the move's phases carry its size
        assertEquals(Optional.empty(), moved.refusal());
        assertEquals(List.of("sh.moveCollection('app.logs', 'shard02')"), moved.commands());
        assertEquals("shard02", shardOf(moved.placement(), "app.logs"));
        assertTrue(moved.placement().tile("app.logs").orElseThrow().tracked());
        CollectionMove move = moved.move().orElseThrow();
        assertEquals("shard01", move.fromShard());
        assertEquals(bytes, move.bytes());
        assertTrue(move.indexBytes() > 0, "the _id index counts");
        assertEquals(PlacementEditor.DEFAULT_SHARD_CAPACITY_BYTES, move.destinationFreeBytes(), "shard02 is empty");
        assertEquals(CollectionMove.Room.ENOUGH, move.room());
        assertEquals(List.of(CollectionMove.Phase.values()), move.phases());

        // when undone
        assertTrue(editor.undo(catalog));

        // then logs is back on its primary, untracked, and nothing is left to undo
        ClusterPlacement after = editor.read(mongos);
        assertEquals("shard01", shardOf(after, "app.logs"));
        assertFalse(after.tile("app.logs").orElseThrow().tracked());
        assertFalse(editor.undo(catalog));
    }

    @Test
    void before_8_0_moveCollection_is_refused_with_mongodbs_text_and_nothing_moves() {
        MongosCommands mongos = cluster("7.0");

        PlacementEditor.Change refused = editor.moveCollection(mongos, "app.logs", "shard02");

        assertEquals(Optional.of("no such command: 'moveCollection'"), refused.refusal());
        assertFalse(refused.placement().movesCollections());
        assertEquals("shard01", shardOf(refused.placement(), "app.logs"));
        assertEquals(Optional.empty(), refused.move());
        assertFalse(editor.undo(catalog));
    }

    @Test
    void unshard_collapses_a_key_line_into_a_tile_and_undo_brings_the_chunks_back() {
        MongosCommands mongos = cluster("8.0");
        int chunks = editor.read(mongos).keyLines().get(0).layout().chunks().size();

        PlacementEditor.Change unsharded = editor.unshardCollection(mongos, "app.orders");

        assertEquals(Optional.empty(), unsharded.refusal());
        assertTrue(unsharded.placement().keyLines().isEmpty());
        assertTrue(unsharded.placement().tile("app.orders").orElseThrow().tracked());
        assertTrue(editor.undo(catalog));
        ClusterPlacement after = editor.read(mongos);
        assertEquals(Optional.empty(), after.tile("app.orders"));
        assertEquals(chunks, after.keyLines().get(0).layout().chunks().size());
    }

    @Test
    void shard_and_distribute_shards_then_reshards_on_the_same_key() {
        MongosCommands mongos = cluster("8.0");
        // enough distinct _id values for reshardCollection's default chunks on three shards
        insert(mongos, "logs", 3_000);

        PlacementEditor.Change sharded = editor.shardAndDistribute(mongos, "app.logs", BsonDocument.parse("{_id: 1}"));

        assertEquals(Optional.empty(), sharded.refusal());
        assertEquals(Optional.empty(), sharded.placement().tile("app.logs"));
        assertEquals(
                List.of("app.logs", "app.orders"),
                sharded.placement().keyLines().stream()
                        .map(ClusterPlacement.KeyLine::namespace)
                        .toList());
        assertTrue(editor.undo(catalog));
        assertEquals("shard01", shardOf(editor.read(mongos), "app.logs"));
    }

    @Test
    void a_refused_reshard_takes_the_shardCollection_back_too() {
        // given 100 documents: too few _id values for reshardCollection's default number of chunks
        MongosCommands mongos = cluster("8.0");

        PlacementEditor.Change refused = editor.shardAndDistribute(mongos, "app.logs", BsonDocument.parse("{_id: 1}"));

        assertTrue(
                refused.refusal().orElseThrow().startsWith("The shard key provided does not have enough cardinality"));
        assertEquals("shard01", shardOf(refused.placement(), "app.logs"));
        assertEquals(1, refused.placement().keyLines().size());
        assertFalse(editor.undo(catalog));
    }

    @Test
    void an_explorer_command_newer_than_a_move_is_undone_first() {
        MongosCommands mongos = cluster("8.0");
        editor.moveCollection(mongos, "app.logs", "shard02");

        // given the explorer ran a command after the move
        editor.explorerCommandRan();

        // then undo takes the explorer's command back first, and the move after it
        assertFalse(editor.canUndo());
        assertFalse(editor.undo(catalog));
        editor.explorerCommandUndone();
        assertTrue(editor.undo(catalog));
        assertEquals("shard01", shardOf(editor.read(mongos), "app.logs"));
    }

    @Test
    void redo_puts_a_move_back_and_a_new_verb_forgets_what_undo_took() {
        MongosCommands mongos = cluster("8.0");
        editor.moveCollection(mongos, "app.logs", "shard02");
        assertEquals(Optional.of(Message.of("placement.step.move", "app.logs", "shard02")), editor.undoLabel());

        // when undone
        assertTrue(editor.undo(catalog));

        // then redo names the move and puts logs back on shard02
        assertEquals(Optional.empty(), editor.undoLabel());
        assertEquals(Optional.of(Message.of("placement.step.move", "app.logs", "shard02")), editor.redoLabel());
        assertTrue(editor.redo(catalog));
        assertEquals("shard02", shardOf(editor.read(mongos), "app.logs"));
        assertFalse(editor.canRedo());

        // when undone and another verb runs, nothing is left to redo
        assertTrue(editor.undo(catalog));
        editor.unshardCollection(mongos, "app.orders");
        assertFalse(editor.canRedo());
        assertFalse(editor.redo(catalog));
        assertEquals(Optional.of(Message.of("placement.step.unshard", "app.orders")), editor.undoLabel());
    }

    @Test
    void shard_and_distribute_is_named_with_its_key() {
        MongosCommands mongos = cluster("8.0");
        insert(mongos, "logs", 3_000);

        editor.shardAndDistribute(mongos, "app.logs", BsonDocument.parse("{_id: 1}"));

        assertEquals(
                Optional.of(Message.of("placement.step.shardAndDistribute", "app.logs", "{ _id: 1 }")),
                editor.undoLabel());
    }

    /**
     * One timeline: explorer command E1, the board's move, explorer command E2. Undo takes back E2, the move, E1;
     * redo puts back E1, the move, E2 — each step by whoever comes first.
     */
    @Test
    void undo_and_redo_walk_the_explorers_commands_and_the_boards_verbs_in_one_order() {
        MongosCommands mongos = cluster("8.0");
        List<String> explorer = new ArrayList<>(List.of("E1"));
        List<String> explorerUndone = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        editor.explorerCommandRan();
        editor.moveCollection(mongos, "app.logs", "shard02");
        editor.explorerCommandRan();
        explorer.add("E2");
        BooleanSupplier explorerUndo = () -> {
            if (explorer.isEmpty()) {
                return false;
            }
            String command = explorer.remove(explorer.size() - 1);
            explorerUndone.add(command);
            steps.add("undo " + command);
            return true;
        };
        BooleanSupplier explorerRedo = () -> {
            if (explorerUndone.isEmpty()) {
                return false;
            }
            String command = explorerUndone.remove(explorerUndone.size() - 1);
            explorer.add(command);
            steps.add("redo " + command);
            return true;
        };

        for (int i = 0; i < 3; i++) {
            if (editor.undo(catalog, explorerUndo)) {
                steps.add("undo move");
            }
        }
        assertEquals("shard01", shardOf(editor.read(mongos), "app.logs"));
        for (int i = 0; i < 3; i++) {
            if (editor.redo(catalog, explorerRedo)) {
                steps.add("redo move");
            }
        }

        assertEquals(List.of("undo E2", "undo move", "undo E1", "redo E1", "redo move", "redo E2"), steps);
        assertEquals("shard02", shardOf(editor.read(mongos), "app.logs"));
    }

    /**
     * The destination's free-space check of MongoDB's "Move a Collection" tutorial (docs
     * {@code source/includes/mc-space-requirements.rst}): ( Collection size + Index Size ) * 1.2 bytes available.
     */
    @ParameterizedTest(name = "{0} B data + {1} B indexes, {2} B free: {3} B required, {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # data | indexes | free | required | room
            1000   | 0       | 1200 | 1200     | ENOUGH
            1000   | 250     | 1500 | 1500     | ENOUGH
            1000   | 250     | 1499 | 1500     | BELOW_REQUIREMENT
            1000   | 250     | 1250 | 1500     | BELOW_REQUIREMENT
            1000   | 250     | 1249 | 1500     | NO_ROOM
            1      | 0       | 1    | 2        | BELOW_REQUIREMENT
            0      | 0       | 0    | 0        | ENOUGH
            """)
    void the_destination_needs_the_collection_and_its_indexes_times_1_2_free(
            long data, long indexes, long free, long required, CollectionMove.Room room) {
        CollectionMove move = new CollectionMove("app.logs", "shard01", "shard02", data, indexes, free);

        assertEquals(required, move.requiredFreeBytes());
        assertEquals(room, move.room());
    }

    @Test
    void each_lane_has_the_shards_capacity_and_its_free_space() {
        MongosCommands mongos = cluster("8.0");
        editor.shardCapacity(1L << 20);

        ClusterPlacement placement = editor.read(mongos);

        ClusterPlacement.Lane shard01 = placement.lane("shard01").orElseThrow();
        assertEquals(1L << 20, shard01.capacityBytes());
        assertEquals((1L << 20) - shard01.bytes() - shard01.indexBytes(), shard01.freeBytes());
        assertEquals(1L << 20, placement.lane("shard03").orElseThrow().freeBytes(), "shard03 holds nothing");
    }

    @Test
    void a_lanes_free_space_leaves_out_the_data_and_indexes_of_every_collection_on_it() {
        // given app.logs (unsharded) and app.orders' one chunk both on shard01, each with its _id index there
        MongosCommands mongos = cluster("8.0");
        editor.shardCapacity(1L << 20);
        long logsIndexes = totalIndexSize(mongos, "logs");
        long ordersIndexes = totalIndexSize(mongos, "orders");

        // when the board reads it
        ClusterPlacement placement = editor.read(mongos);

        // then shard01 counts both collections' indexes, not only the one being moved
        ClusterPlacement.Lane shard01 = placement.lane("shard01").orElseThrow();
        assertTrue(logsIndexes > 0 && ordersIndexes > 0, logsIndexes + " and " + ordersIndexes);
        assertEquals(logsIndexes + ordersIndexes, shard01.indexBytes());
        assertEquals((1L << 20) - shard01.bytes() - logsIndexes - ordersIndexes, shard01.freeBytes());
        assertEquals(0, placement.lane("shard02").orElseThrow().indexBytes(), "shard02 holds nothing");
    }

    /** {@code $collStats}' totalIndexSize of app.{@code collection} over its shards. */
    private static long totalIndexSize(MongosCommands mongos, String collection) {
        BsonDocument reply = mongos.run(
                "app",
                BsonDocument.parse(
                        "{aggregate: '" + collection + "', pipeline: [{$collStats: {storageStats: {}}}], cursor: {}}"));
        return reply.getDocument("cursor").getArray("firstBatch").stream()
                .mapToLong(d -> d.asDocument()
                        .getDocument("storageStats")
                        .get("totalIndexSize")
                        .asNumber()
                        .longValue())
                .sum();
    }

    @Test
    void a_move_below_the_tutorials_requirement_runs_as_mongodb_runs_it_and_says_so() {
        MongosCommands mongos = cluster("8.0");
        long copy = catalog.unshardedBytes("app.logs")
                + editor.moveCollection(mongos, "app.logs", "shard02")
                        .move()
                        .orElseThrow()
                        .indexBytes();
        editor.undo(catalog);
        // given shard02's disk holds the copy but not the tutorial's 20 % more
        editor.shardCapacity(copy + 1);

        PlacementEditor.Change moved = editor.moveCollection(mongos, "app.logs", "shard02");

        assertEquals(
                CollectionMove.Room.BELOW_REQUIREMENT,
                moved.move().orElseThrow().room());
        assertEquals("shard02", shardOf(moved.placement(), "app.logs"));
    }

    @Test
    void a_move_without_room_for_the_copy_is_refused_before_any_command_runs() {
        MongosCommands mongos = cluster("8.0");
        // given shard02's disk is smaller than app.logs
        editor.shardCapacity(catalog.unshardedBytes("app.logs") / 2);

        PlacementEditor.Change refused = editor.moveCollection(mongos, "app.logs", "shard02");

        assertEquals(CollectionMove.Room.NO_ROOM, refused.move().orElseThrow().room());
        assertEquals(Optional.empty(), refused.refusal(), "MongoDB refused nothing: the board did not ask it");
        assertEquals("shard01", shardOf(refused.placement(), "app.logs"));
        assertFalse(editor.canUndo());
    }

    @Test
    void a_shard_capacity_below_one_byte_is_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> editor.shardCapacity(0));
        assertEquals("shardCapacity(0)", e.getMessage());
    }

    @Test
    void a_refresh_with_nothing_changed_sends_no_collStats_and_a_write_has_them_read_again() {
        // given the board read once: one $collStats aggregation per collection
        MongosCommands mongos = cluster("8.0");
        List<String> sent = new ArrayList<>();
        mongos.observe((c, database, command, succeeded) -> sent.add(MongosCommands.commandName(command)));
        ClusterPlacement first = editor.read(mongos);
        assertEquals(List.of("aggregate", "aggregate"), sent, "app.logs and app.orders");
        sent.clear();

        // when it is read again with nothing changed
        ClusterPlacement again = editor.read(mongos);

        // then no command is sent and the lanes' indexes are as before
        assertEquals(List.of(), sent);
        assertEquals(first.lanes(), again.lanes());

        // and after a write to app.logs the indexes are read again and have grown on its shard
        insert(mongos, "logs", 100);
        sent.clear();
        ClusterPlacement afterWrite = editor.read(mongos);
        assertEquals(List.of("aggregate", "aggregate"), sent);
        assertTrue(
                afterWrite.lane("shard01").orElseThrow().indexBytes()
                        > first.lane("shard01").orElseThrow().indexBytes(),
                "app.logs' _id index on shard01 grew");
    }

    @Test
    void a_move_of_a_collection_has_the_indexes_read_again_on_its_new_shard() {
        // given the board read once
        MongosCommands mongos = cluster("8.0");
        long logsIndexes = editor.read(mongos).lane("shard01").orElseThrow().indexBytes();

        // when app.logs moves to shard03 and the board reads again
        editor.moveCollection(mongos, "app.logs", "shard03");
        ClusterPlacement after = editor.read(mongos);

        // then its indexes count on shard03
        assertTrue(after.lane("shard03").orElseThrow().indexBytes() > 0, "app.logs' indexes on shard03");
        assertTrue(after.lane("shard01").orElseThrow().indexBytes() < logsIndexes, "and no longer on shard01");
    }
}

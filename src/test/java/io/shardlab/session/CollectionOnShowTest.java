package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.key.ShardKey;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The explorer shows any sharded collection of its cluster: the scenario's, or one the Shell panel (or a
 * client) sharded beside it, which lives only in the catalog the shell and clients share.
 */
class CollectionOnShowTest {

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final List<EngineState> published = new ArrayList<>();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, clock, published::add);
    private CommandLayer shell;

    @BeforeEach
    void given_the_scenario_on_the_counter_and_the_shell_sharding_social_users_on_a_hashed_key() {
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(5_000), WorkloadRegistry.standard()));
        shell = engine.shellCommandLayer();
        shell.run("admin", new BsonDocument("enableSharding", new BsonString("social")));
        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("social.users"))
                        .append("key", new BsonDocument("userId", new BsonString("hashed"))));
    }

    private EngineState.Running last() {
        return assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1));
    }

    private void insertUsers(int from, int to) {
        BsonArray documents = new BsonArray();
        for (int i = from; i < to; i++) {
            documents.add(new BsonDocument("userId", new BsonInt64(i)).append("name", new BsonString("u" + i)));
        }
        shell.run("social", new BsonDocument("insert", new BsonString("users")).append("documents", documents));
    }

    private static long documents(ExplorerFrame frame) {
        return frame.cluster().chunkStatistics().stream()
                .mapToLong(ChunkStatistics::documents)
                .sum();
    }

    private static long sum(WindowedCounts.Snapshot counts) {
        long n = 0;
        for (long[] window : counts.byWindow()) {
            for (long c : window) {
                n += c;
            }
        }
        return n;
    }

    @Test
    void the_picker_lists_every_sharded_collection_with_its_key_and_the_scenarios_stays_on_show() {
        assertEquals(
                List.of(
                        new EngineState.Collection("shardlab.events", "{ counter: 1 }", 0),
                        new EngineState.Collection("social.users", "{ userId: 'hashed' }", 0)),
                last().collections());
        assertEquals("shardlab.events", last().frame().scenario().namespace());
    }

    @Test
    void picking_a_collection_shows_its_chunks_writes_heat_and_marks_and_the_streams_progress() {
        insertUsers(0, 600);

        engine.showCollection("social.users");

        ExplorerFrame frame = last().frame();
        assertEquals("social.users", frame.scenario().namespace());
        assertEquals("{ userId: 'hashed' }", frame.scenario().key().toString());
        assertEquals(600, documents(frame), "the collection's documents, not the scenario's");
        assertEquals(600, sum(frame.writes()), "the clients' writes per shard");
        assertEquals(600, sum(frame.heat()), "the clients' writes per key range");
        assertEquals(ExplorerSession.HEAT_ROWS, frame.heatBounds().size() - 1, "hashed writes spread over the rows");
        assertFalse(frame.inserts().isEmpty(), "insert marks of the clients' batch");
        assertEquals(5_000, frame.stream().total(), "the transport bar still tells the scenario's stream");
        assertEquals(600, last().collections().get(1).clientDocuments());

        engine.showCollection("shardlab.events");
        assertEquals("shardlab.events", last().frame().scenario().namespace());
        assertEquals(0, documents(last().frame()));
    }

    @Test
    void writes_after_the_pick_keep_drawing_on_the_collection_on_show() {
        engine.showCollection("social.users");
        insertUsers(0, 100);
        insertUsers(100, 300);

        assertEquals(300, documents(last().frame()));
        assertEquals(300, sum(last().frame().writes()));
    }

    @Test
    void a_chunk_command_from_the_number_line_runs_on_the_collection_on_show() {
        engine.showCollection("social.users");
        int chunks = last().frame().cluster().cluster().chunks().size();
        int scenarioChunks;

        ExplorerFrame shown = last().frame();
        engine.execute(new ChunkCommands(
                        "social.users", shown.scenario().key(), shown.cluster().version())
                .splitAt(ShardKey.of(new BsonInt64(12_345))));

        assertEquals(chunks + 1, last().frame().cluster().cluster().chunks().size());
        engine.showCollection("shardlab.events");
        scenarioChunks = last().frame().cluster().cluster().chunks().size();
        assertEquals(1, scenarioChunks, "the scenario's collection is not split");
    }

    @Test
    void the_filter_on_show_is_routed_on_the_picked_collections_key() {
        engine.showFilter(Optional.of(new BsonDocument("userId", new BsonInt32(7))));
        engine.showCollection("social.users");

        ExplorerFrame.QueryTargeting targeting = last().frame().targeting().orElseThrow();
        assertEquals(
                1, targeting.targeting().orElseThrow().shards().size(), "an equality on the hashed key: one shard");
    }

    @Test
    void dropping_the_collection_on_show_shows_the_scenarios_again_and_sharding_it_anew_starts_empty() {
        insertUsers(0, 50);
        engine.showCollection("social.users");

        shell.run("social", new BsonDocument("drop", new BsonString("users")));

        assertEquals("shardlab.events", last().frame().scenario().namespace());
        assertEquals(1, last().collections().size());

        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("social.users"))
                        .append("key", new BsonDocument("name", new BsonInt32(1))));
        engine.showCollection("social.users");
        assertEquals("{ name: 1 }", last().frame().scenario().key().toString());
        assertEquals(0, documents(last().frame()));
    }

    @Test
    void an_unknown_namespace_changes_nothing() {
        int before = published.size();
        engine.showCollection("nowhere.at_all");
        assertEquals(before, published.size());
        assertTrue(last().frame().scenario().namespace().equals("shardlab.events"));
    }

    private static boolean logged(ExplorerFrame frame, String text) {
        return frame.activity().stream().anyMatch(a -> a.text().equals(text));
    }

    @Test
    void a_client_dropping_the_scenarios_collection_stops_its_stream_and_the_picker_moves_to_another() {
        // given the scenario playing into shardlab.events beside social.users
        engine.play();
        thread.tick();

        // when a client drops shardlab.events
        shell.run("shardlab", new BsonDocument("drop", new BsonString("events")));

        // then the explorer shows social.users, the picker no longer lists the dropped collection,
        // time stops and Play cannot start it again, and the activity log says why
        assertEquals("social.users", last().frame().scenario().namespace());
        assertEquals(
                List.of(new EngineState.Collection("social.users", "{ userId: 'hashed' }", 0)), last().collections());
        assertFalse(last().playing());
        assertTrue(logged(last().frame(), "shardlab.events was dropped by a client; showing social.users"));
        engine.play();
        thread.tick();
        assertFalse(last().playing());

        // and the writes clients keep sending to social.users still draw
        insertUsers(0, 100);
        assertEquals(100, documents(last().frame()));
    }

    @Test
    void with_no_other_sharded_collection_the_drop_leaves_the_scenarios_last_layout_with_a_line_saying_so() {
        shell.run("social", new BsonDocument("drop", new BsonString("users")));

        shell.run("shardlab", new BsonDocument("drop", new BsonString("events")));

        assertEquals(List.of(), last().collections());
        assertFalse(last().playing());
        assertTrue(logged(
                last().frame(),
                "shardlab.events was dropped by a client: the scenario's stream stops; no sharded collection is left"
                        + " to show"));

        // a collection sharded afterwards is shown as soon as it exists
        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("social.users"))
                        .append("key", new BsonDocument("userId", new BsonString("hashed"))));
        assertEquals("social.users", last().frame().scenario().namespace());
    }
}

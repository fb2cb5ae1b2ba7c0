package io.shardlab.ui.explorer.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.AppWiring;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The collection picker over a real engine: the shell shards {@code social.inbox} and {@code
 * social.users} beside the scenario's collection, a client writes, and the wall clock moves only when the
 * test says so.
 */
class CollectionPickerViewModelTest {

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final List<EngineState> published = new ArrayList<>();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), published::add);
    private final FakeClock wall = new FakeClock();
    private final List<String> asked = new ArrayList<>();
    private final CollectionPickerViewModel vm = new CollectionPickerViewModel(
            ns -> {
                asked.add(ns);
                engine.showCollection(ns);
            },
            wall);
    private CommandLayer shell;
    private long nextId;

    @BeforeEach
    void given_two_collections_sharded_beside_the_scenarios() {
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
        shell = engine.shellCommandLayer();
        for (String ns : List.of("social.inbox", "social.users")) {
            shell.run(
                    "admin",
                    new BsonDocument("shardCollection", new BsonString(ns))
                            .append("key", new BsonDocument("userId", new BsonString("hashed"))));
        }
        refresh();
    }

    /** The screen takes the engine's newest state, as the explorer does on every frame. */
    private void refresh() {
        vm.show(assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1)));
    }

    /** A client writes {@code n} documents to {@code collection} of social, then {@code millis} of wall time pass. */
    private void write(String collection, int n, long millis) {
        BsonArray documents = new BsonArray();
        for (int i = 0; i < n; i++) {
            documents.add(new BsonDocument("userId", new BsonInt64(nextId++)));
        }
        shell.run("social", new BsonDocument("insert", new BsonString(collection)).append("documents", documents));
        wall.advanceMillis(millis);
        refresh();
    }

    private String shown() {
        return vm.shownProperty().get().namespace();
    }

    @Test
    void lists_each_collection_by_namespace_with_its_key_and_shows_the_scenarios_first() {
        assertEquals(
                List.of(
                        "shardlab.events · { counter: 1 }",
                        "social.inbox · { userId: 'hashed' }",
                        "social.users · { userId: 'hashed' }"),
                vm.choices().stream()
                        .map(CollectionPickerViewModel.Choice::label)
                        .toList());
        assertTrue(vm.severalProperty().get());
        assertEquals("shardlab.events", shown());
    }

    @Test
    void a_collection_sharded_later_joins_the_list_without_changing_the_one_on_show() {
        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("shop.orders"))
                        .append("key", new BsonDocument("orderId", new BsonInt64(1))));
        refresh();

        assertEquals(4, vm.choices().size());
        assertEquals(
                List.of("shardlab.events", "shop.orders", "social.inbox", "social.users"),
                vm.choices().stream()
                        .map(CollectionPickerViewModel.Choice::namespace)
                        .toList(),
                "by namespace");
        assertEquals("shardlab.events", shown());
    }

    @Test
    void choosing_shows_the_collection_and_stops_following() {
        vm.followWritesProperty().set(true);

        vm.choose(vm.choices().get(2));
        refresh();

        assertEquals("social.users", shown());
        assertFalse(vm.followWritesProperty().get(), "the user chose what to watch");
    }

    @Test
    void following_shows_the_collection_a_client_writes_to() {
        vm.followWritesProperty().set(true);

        write("inbox", 500, 100);
        write("inbox", 500, 100);
        refresh();

        assertEquals("social.inbox", shown());
    }

    @Test
    void a_writer_moving_to_another_collection_is_followed_once_it_dominates_the_window() {
        vm.followWritesProperty().set(true);
        for (int i = 0; i < 20; i++) { // two seconds on inbox
            write("inbox", 100, 100);
        }
        assertEquals("social.inbox", shown());

        int stepsUntilSwitch = 0;
        while (shown().equals("social.inbox") && stepsUntilSwitch < 40) {
            write("users", 100, 100);
            stepsUntilSwitch++;
        }

        assertEquals("social.users", shown());
        // users needs twice inbox's inserts over the last two seconds: it takes over after about 1.4 s
        assertTrue(stepsUntilSwitch >= 10 && stepsUntilSwitch <= 16, "switched after " + stepsUntilSwitch + " steps");
    }

    @Test
    void two_clients_writing_in_turn_do_not_make_the_picker_flicker() {
        vm.followWritesProperty().set(true);
        write("inbox", 100, 100);
        write("inbox", 100, 100);
        asked.clear();

        for (int i = 0; i < 100; i++) { // ten seconds, a batch to each in turn
            write(i % 2 == 0 ? "users" : "inbox", 100, 100);
        }

        assertEquals(List.of(), asked, "no switch while both take the same share");
        assertEquals("social.inbox", shown());
    }

    @Test
    void after_a_switch_the_followed_collection_stays_at_least_a_second() {
        vm.followWritesProperty().set(true);
        write("inbox", 1_000, 10);
        refresh();
        assertEquals("social.inbox", shown());
        asked.clear();

        for (int i = 0; i < 5; i++) { // half a second later a flood on users
            write("users", 10_000, 100);
        }
        assertEquals(List.of(), asked, "within a second of the last switch");

        for (int i = 0; i < 6; i++) {
            write("users", 100, 100);
        }
        assertEquals(List.of("social.users"), asked);
    }

    @Test
    void without_following_writes_change_nothing() {
        write("inbox", 1_000, 100);
        write("inbox", 1_000, 100);

        assertEquals("shardlab.events", shown());
        assertEquals(List.of(), asked);
    }

    @Test
    void the_shown_collection_dropped_leaves_the_scenarios_on_show() {
        vm.choose(vm.choices().get(1));
        refresh();
        assertEquals("social.inbox", shown());

        shell.run("social", new BsonDocument("drop", new BsonString("inbox")));
        refresh();

        assertEquals("shardlab.events", shown());
        assertEquals(2, vm.choices().size());
    }
}

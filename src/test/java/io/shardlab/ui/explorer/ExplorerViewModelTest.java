package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.render.Highlight;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.Scale;
import io.shardlab.render.Viewport;
import io.shardlab.session.AppWiring;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Scenario;
import io.shardlab.sim.AddShard;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.explorer.diagram.ChunkDetails;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.explorer.query.QueryViewModel;
import io.shardlab.ui.explorer.setup.SetupViewModel;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The explorer's ViewModels driven as the View drives them, with a synchronous simulation thread and a
 * hand-moved clock: no toolkit, no waiting.
 */
class ExplorerViewModelTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final List<String> clipboard = new ArrayList<>();
    private final List<ClusterSnapshot> shown = new ArrayList<>();
    private final SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
    private ExplorerViewModel vm;
    private ExplorerEngine engine;

    @BeforeEach
    void setUp() {
        ExplorerViewModel[] holder = new ExplorerViewModel[1];
        engine = AppWiring.explorerEngine(thread, clock, state -> holder[0].accept(state));
        vm = new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                clipboard::add,
                (snapshot, version) -> shown.add(snapshot),
                ConnectionsWiring.application());
        holder[0] = vm;
    }

    private void launchMonotonic() {
        vm.launch(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(20_000)
                .withDocsPerSecond(2_000)
                .withSplitPoints(List.of("{ counter: 5000 }", "{ counter: 10000 }")));
    }

    /** Plays for {@code wallMillis} of wall time at the current speed, one 16 ms tick at a time. */
    private void play(long wallMillis) {
        vm.playback().play();
        for (long t = 0; t < wallMillis; t += 16) {
            clock.advanceMillis(16);
            thread.tick();
        }
        vm.playback().pause();
    }

    @Test
    void launching_a_scenario_shows_its_cluster_paused_at_the_first_insert() {
        assertEquals(ExplorerViewModel.Phase.EMPTY, vm.phaseProperty().get());

        launchMonotonic();

        assertEquals(ExplorerViewModel.Phase.READY, vm.phaseProperty().get());
        assertEquals("{ counter: 1 }", vm.setup().keyPatternProperty().get());
        assertFalse(vm.playback().playingProperty().get());
        assertEquals(
                "0 of 20,000 documents",
                ENGLISH.text(vm.playback().progressTextProperty().get()));
        DiagramPicture picture = vm.numberLine().pictureProperty().get();
        assertEquals(3, picture.model().chunkCount());
        assertTrue(picture.data().writes().isEmpty(), "no writes before the stream starts");
        assertEquals(1, shown.size(), "the window's title and status bar are told");
        assertEquals(
                "shardlab.events · shard key { counter: 1 }",
                Messages.of(Language.ENGLISH).text(vm.titleProperty().get()));
    }

    @Test
    void a_shard_added_without_a_chunk_moving_is_told_to_the_window_as_a_new_layout() {
        // given a scenario on show with its three shards
        launchMonotonic();
        assertEquals(3, shown.get(shown.size() - 1).shards().size());

        // when a fourth shard joins (sh.addShard), no chunk changing
        engine.execute(new AddShard("shard04"));

        // then the status bar's count is told the four shards
        assertEquals(4, shown.get(shown.size() - 1).shards().size());
    }

    @Test
    void play_runs_simulated_time_at_the_chosen_speed_and_pause_stops_it() {
        launchMonotonic();
        vm.playback().chooseSpeed(PlaybackSpeed.X1);

        play(1_000);

        assertFalse(vm.playback().playingProperty().get());
        assertFalse(thread.repeating(), "pause cancels the ticks");
        assertEquals(
                "2,000 of 20,000 documents",
                ENGLISH.text(vm.playback().progressTextProperty().get()),
                "one wall second at 1× is one simulated second: 2,000 documents at 2,000/s");
        DiagramPicture picture = vm.numberLine().pictureProperty().get();
        assertTrue(picture.data().writes().isPresent());
        assertTrue(picture.data().heatmap().isPresent());
        assertFalse(picture.marks().isEmpty(), "inserts leave marks");
    }

    @Test
    void at_full_speed_one_tick_works_for_its_budget_and_hands_the_thread_back() {
        launchMonotonic();
        vm.playback().chooseSpeed(PlaybackSpeed.MAX);
        clock.stepPerReadingMillis(1);
        vm.playback().play();

        thread.tick();

        long inserted = vm.numberLine()
                .pictureProperty()
                .get()
                .data()
                .layout()
                .sizes()
                .orElseThrow()
                .totalDocuments();
        assertTrue(inserted > 0 && inserted < 20_000, "one 25 ms tick inserts some documents, not all: " + inserted);
        assertTrue(vm.playback().playingProperty().get());
    }

    @Test
    void play_stops_by_itself_when_the_stream_is_in_and_the_balancer_is_idle() {
        vm.launch(Scenario.of("{ userId: 'hashed' }", "uniform")
                .withDocuments(3_000)
                .withDocsPerSecond(2_000));
        vm.playback().chooseSpeed(PlaybackSpeed.X1000);
        vm.playback().play();
        for (int i = 0; i < 200 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
        assertFalse(thread.repeating());
        assertTrue(vm.playback().finishedProperty().get());
        assertFalse(vm.playback().playingProperty().get());
        assertEquals(
                "3,000 of 3,000 documents",
                ENGLISH.text(vm.playback().progressTextProperty().get()));
    }

    @Test
    void merges_are_offered_only_with_a_neighbour_on_the_same_shard() {
        // given a collection of one chunk
        vm.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));
        vm.numberLine().selectChunk(0);

        // then it has nothing to merge with
        assertFalse(vm.actions().canMergeWithPreviousProperty().get());
        assertFalse(vm.actions().canMergeWithNextProperty().get());
        assertFalse(vm.actions().canMergeProperty().get());

        // given three chunks spread over three shards by the pre-split, then one split of the first chunk
        launchMonotonic();
        vm.numberLine().selectChunk(1);
        assertFalse(vm.actions().canMergeWithPreviousProperty().get(), "chunk 0 is on another shard");
        assertFalse(vm.actions().canMergeWithNextProperty().get(), "chunk 2 is on another shard");
        NumberLineModel model = vm.numberLine().pictureProperty().get().model();
        vm.numberLine().selectAt((model.edge(1) + model.edge(2)) / 2);
        vm.actions().splitSelectedChunk();
        assertEquals(4, vm.numberLine().pictureProperty().get().model().chunkCount());
        vm.numberLine().selectChunk(1);
        assertTrue(vm.actions().canMergeWithNextProperty().get(), "its two halves are on one shard");
        assertFalse(vm.actions().canMergeWithPreviousProperty().get(), "chunk 0 is still on another shard");
    }

    @Test
    void splitting_the_selected_chunk_where_it_was_clicked_then_undo_and_redo() {
        launchMonotonic();
        play(500);
        NumberLineViewModel line = vm.numberLine();
        int before = line.pictureProperty().get().model().chunkCount();
        double middleOfSecondChunk = (line.pictureProperty().get().model().edge(1)
                        + line.pictureProperty().get().model().edge(2))
                / 2;

        line.selectAt(middleOfSecondChunk);
        assertEquals(1, line.selectedProperty().get().index());
        assertEquals(
                "Split at { counter: 7500 }",
                ENGLISH.text(vm.actions().splitTextProperty().get()),
                "halfway between the int32 bounds the scenario's split points made");
        assertTrue(vm.actions().splitNamesAPointProperty().get(), "so the median is a separate entry");
        vm.actions().splitSelectedChunk();

        assertEquals(before + 1, line.pictureProperty().get().model().chunkCount());
        assertEquals(
                "sh.splitAt(\"shardlab.events\", { counter: 7500 })",
                vm.history().lastMongoshProperty().get());
        assertTrue(vm.history().canUndoProperty().get());

        vm.history().undo();
        assertEquals(before, line.pictureProperty().get().model().chunkCount());
        assertTrue(vm.history().canRedoProperty().get());
        assertTrue(vm.history().commandsProperty().isEmpty());

        vm.history().redo();
        assertEquals(before + 1, line.pictureProperty().get().model().chunkCount());
    }

    @Test
    void a_command_mongodb_refuses_shows_its_message_and_can_be_dismissed() {
        launchMonotonic();
        NumberLineViewModel line = vm.numberLine();
        line.selectChunk(0);

        vm.actions().mergeSelectedWithNext();

        assertTrue(
                vm.actions().errorProperty().get().startsWith("could not merge chunks"),
                vm.actions().errorProperty().get());
        vm.actions().dismissError();
        assertEquals("", vm.actions().errorProperty().get());
    }

    @Test
    void a_chunk_moved_after_the_stream_has_ended_commits_without_pressing_play() {
        // given a short stream played to its end
        vm.launch(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(2_000)
                .withDocsPerSecond(2_000)
                .withSplitPoints(List.of("{ counter: 5000 }", "{ counter: 10000 }")));
        vm.playback().play();
        for (int i = 0; i < 2_000 && vm.playback().playingProperty().get(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
        assertTrue(vm.playback().finishedProperty().get(), "the stream and the balancer are done");

        // when a chunk is moved to another shard
        NumberLineViewModel line = vm.numberLine();
        line.selectChunk(2);
        String to = vm.actions().moveTargetsProperty().get(0);
        vm.actions().moveSelectedChunkTo(to);

        // then time runs by itself until the migration commits, and stops again
        assertTrue(thread.repeating(), "the clock runs for the migration");
        assertEquals(
                "+1 moving", ENGLISH.text(vm.playback().movingTextProperty().get()));
        for (int i = 0; i < 2_000 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
        assertFalse(thread.repeating());
        assertEquals(to, line.selectedProperty().get().chunk().shard());
        assertTrue(vm.numberLine()
                        .pictureProperty()
                        .get()
                        .data()
                        .layout()
                        .snapshot()
                        .chunks()
                        .size()
                > 0);
        assertEquals(null, vm.playback().movingTextProperty().get(), "no migration is left in flight");
    }

    @Test
    void moving_a_chunk_starts_a_migration_that_commits_as_time_passes() {
        launchMonotonic();
        NumberLineViewModel line = vm.numberLine();
        line.selectChunk(2);
        String from = line.selectedProperty().get().chunk().shard();
        String to = vm.actions().moveTargetsProperty().get(0);
        assertFalse(to.equals(from));

        vm.actions().moveSelectedChunkTo(to);
        assertEquals(
                "db.adminCommand({ moveRange: \"shardlab.events\", min: { counter: 10000 }, "
                        + "max: { counter: MaxKey() }, toShard: \"" + to + "\" })",
                vm.history().lastMongoshProperty().get(),
                "MongoDB 8.0: moveRange with the chunk's bounds");
        vm.playback().step();
        vm.playback().step();

        assertEquals(to, line.selectedProperty().get().chunk().shard());
        assertFalse(vm.numberLine().pictureProperty().get().moves().isEmpty(), "the move is there to animate");
    }

    @Test
    void typing_a_filter_highlights_the_shards_it_reaches_with_class_and_reason() {
        launchMonotonic();

        vm.query().filterTextProperty().set("{ counter: 42 }");

        assertEquals("single-shard", vm.query().targetingClassProperty().get());
        assertEquals(List.of("shard01"), vm.query().shardsProperty().get());
        assertTrue(vm.query().reasonProperty().get().startsWith("The filter has an equality on every shard-key field"));
        assertEquals(
                new Highlight.Shards(Set.of("shard01")),
                vm.numberLine().pictureProperty().get().options().highlight());

        vm.query().filterTextProperty().set("{ customer: ");
        assertFalse(vm.query().filterErrorProperty().get().isEmpty(), "a half-typed filter says what is wrong");
        assertEquals("single-shard", vm.query().targetingClassProperty().get(), "the last valid filter stays");

        vm.query().clear();
        assertFalse(vm.query().targetedProperty().get());
        assertEquals(
                Highlight.none(),
                vm.numberLine().pictureProperty().get().options().highlight());
    }

    @Test
    void the_workloads_query_mix_offers_one_filter_per_kind_of_read() {
        launchMonotonic();

        List<QueryViewModel.Suggestion> suggestions =
                vm.query().suggestionsProperty().get();
        assertEquals(
                List.of("order by number", "orders by numbers", "a page of 100 orders", "orders of a customer"),
                suggestions.stream()
                        .map(s -> Messages.of(Language.ENGLISH).text(s.name()))
                        .toList());
        assertEquals(
                List.of("按编号查订单", "按多个编号查订单", "一页 100 个订单", "某个客户的订单"),
                suggestions.stream()
                        .map(s -> Messages.of(Language.SIMPLIFIED_CHINESE).text(s.name()))
                        .toList(),
                "the same mix, said in Chinese");
        assertEquals(
                List.of("等值", "$in", "范围", "不含键"),
                suggestions.stream()
                        .map(s -> Messages.of(Language.SIMPLIFIED_CHINESE).text(s.shape()))
                        .toList(),
                "each one's shape, said in Chinese");

        vm.query().use(suggestions.get(3));
        assertEquals("scatter-gather", vm.query().targetingClassProperty().get());
        assertEquals(
                List.of("shard01", "shard02", "shard03"),
                vm.query().shardsProperty().get());
    }

    @Test
    void the_key_is_validated_as_it_is_typed_with_mongodbs_messages() {
        SetupViewModel setup = vm.setup();

        setup.keyPatternProperty().set("{ counter: -1 }");
        assertEquals(
                "Shard key { counter: -1 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). "
                        + "Failed to parse field counter",
                ENGLISH.text(setup.keyErrorProperty().get()));
        assertFalse(setup.validProperty().get());

        setup.keyPatternProperty().set("{ counter: 'hashed' }");
        assertEquals(null, setup.keyErrorProperty().get());
        assertTrue(setup.validProperty().get());

        setup.keyPatternProperty().set("{ ts: 1 }");
        assertEquals(
                "The monotonic documents have no field ts; they have _id, counter, customer, total",
                ENGLISH.text(setup.keyErrorProperty().get()));
    }

    @Test
    void applying_the_form_loads_its_scenario_and_changing_the_workload_offers_its_key() {
        SetupViewModel setup = vm.setup();
        SetupViewModel.WorkloadChoice timestamp = setup.workloadsProperty().stream()
                .filter(w -> w.id().equals("timestamp"))
                .findFirst()
                .orElseThrow();

        setup.chooseWorkload(timestamp);
        assertEquals("{ ts: 1 }", setup.keyPatternProperty().get(), "the old key does not fit: the workload's own");
        setup.shardsProperty().set(4);
        setup.versionProperty().set(MongoVersion.V5_0);
        setup.apply();

        assertEquals(ExplorerViewModel.Phase.READY, vm.phaseProperty().get());
        assertEquals(4, vm.numberLine().pictureProperty().get().model().shards().size());
        assertNull(setup.errorProperty().get());
    }

    @Test
    void a_lessons_query_is_dropped_when_the_form_applies_another_key_or_workload_and_kept_for_the_same() {
        // given a lesson's scenario with its query on show
        vm.launch(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000).withQueryFilter("{ counter: 42 }"));
        assertEquals("{ counter: 42 }", vm.query().filterTextProperty().get());

        // when the form applies the same key and stream with more shards, the query still fits: it stays
        vm.setup().shardsProperty().set(4);
        vm.setup().apply();
        assertEquals("{ counter: 42 }", vm.query().filterTextProperty().get());
        assertTrue(vm.query().targetedProperty().get());

        // when it applies another key, the query goes, and every shard shows in full colour
        vm.setup().keyPatternProperty().set("{ total: 1 }");
        vm.setup().apply();
        assertEquals("", vm.query().filterTextProperty().get());
        assertFalse(vm.query().targetedProperty().get());
        assertEquals(
                Highlight.none(),
                vm.numberLine().pictureProperty().get().options().highlight());
    }

    @Test
    void a_scenario_that_fails_to_load_says_why() {
        vm.launch(Scenario.of("{ counter: 1 }", "monotonic")
                .withShards(2)
                .withSplitPoints(List.of("{ counter: 5 }"))
                .withDocuments(10));
        assertEquals(ExplorerViewModel.Phase.READY, vm.phaseProperty().get());

        assertThrows(IllegalArgumentException.class, () -> vm.launch(Scenario.of("{ counter: 1 }", "nosuch")));

        vm.setup().keyPatternProperty().set("{ total: 1 }");
        vm.setup().apply();
        assertEquals(
                ExplorerViewModel.Phase.READY,
                vm.phaseProperty().get(),
                "total is a field of every monotonic document");
    }

    @Test
    void zoom_pan_and_fit_move_the_viewport_and_the_scale_can_change() {
        launchMonotonic();
        NumberLineViewModel line = vm.numberLine();

        line.zoomIn();
        Viewport zoomed = line.viewportProperty().get();
        assertEquals(1 / NumberLineViewModel.ZOOM_STEP, zoomed.span(), 1e-12);
        line.panRight();
        assertTrue(line.viewportProperty().get().start() > zoomed.start());
        line.drag(-100, 1000);
        assertEquals(
                line.viewportProperty().get(),
                line.pictureProperty().get().options().viewport());
        line.fit();
        assertEquals(Viewport.FULL, line.viewportProperty().get());

        assertTrue(line.scales().contains(Scale.KEY_VALUE), "numbers in the key: the key-value scale is offered");
        line.chooseScale(Scale.KEY_VALUE);
        assertEquals(Scale.KEY_VALUE, line.pictureProperty().get().model().scale());
    }

    @Test
    void hovering_shows_the_chunk_under_the_pointer_in_mongodbs_words() {
        launchMonotonic();
        play(500);
        NumberLineViewModel line = vm.numberLine();

        line.hover(0.01);

        ChunkDetails hovered = line.hoveredProperty().get();
        assertNotNull(hovered);
        assertEquals("[{ counter: MinKey() }, { counter: 5000 })", hovered.rangeText());
        assertEquals("shard01", hovered.chunk().shard());
        // the pre-split's two moves each bump the donor's remaining chunk to (major + 1, 1): mongo
        // sharding_catalog_manager_commit_chunk_migration_test.cpp, ChunksUpdatedCorrectly
        assertEquals("Timestamp(3, 1)", hovered.versionText());
        assertTrue(hovered.documents() > 0);
        line.hover(Double.NaN);
        assertNull(line.hoveredProperty().get());
    }

    @Test
    void mongosh_commands_can_be_copied_one_by_one_or_as_a_script() {
        launchMonotonic();
        play(500);
        vm.numberLine().selectChunk(0);
        vm.actions().splitSelectedChunkAtMedian();
        vm.numberLine().selectChunk(2);
        vm.actions().splitSelectedChunk();
        assertEquals(2, vm.history().commandsProperty().size());

        vm.history().copy(vm.history().commandsProperty().get(0));
        vm.history().copyAll();

        assertTrue(clipboard.get(0).startsWith("sh.splitAt("), clipboard.get(0));
        assertEquals(2, clipboard.get(1).lines().count());
        assertTrue(clipboard.get(1).startsWith("sh.splitFind("), "oldest first");
    }

    @Test
    void a_hashed_key_shows_the_value_line_next_to_the_hash_line() {
        vm.launch(Scenario.of("{ userId: 'hashed' }", "uniform").withDocuments(5_000));
        play(200);

        DiagramPicture picture = vm.numberLine().pictureProperty().get();

        assertTrue(picture.valueLine().isPresent());
        assertEquals("{ userId: 1 }", picture.valueLine().get().key().toString());
        assertTrue(picture.valueLine().get().chunkCount() > 1);
        assertInstanceOf(Highlight.None.class, picture.options().highlight());
    }

    @Test
    void the_dark_theme_repaints_with_the_dark_palette() {
        launchMonotonic();
        dark.set(true);
        assertEquals(
                "dark",
                vm.numberLine().pictureProperty().get().options().theme().name());
    }

    // ---- a read-only layout ------------------------------------------------------------------------

    /** [MinKey, 1000) on shA, [1000, 5000) on shB, [5000, MaxKey) on shA: a snapshot's layout, no sizes. */
    private static io.shardlab.render.LayoutData recordedLayout() {
        return new io.shardlab.render.LayoutData(ForkLayoutTest.LAYOUT, java.util.Optional.empty());
    }

    @Test
    void a_read_only_layout_takes_the_simulators_place_until_a_scenario_is_launched_again() {
        // given a simulated scenario, played a little, with a split to undo
        launchMonotonic();
        play(500);
        vm.numberLine().selectChunk(1);
        vm.actions().splitSelectedChunk();
        assertFalse(vm.readOnlyLayoutProperty().get());
        assertTrue(vm.playback().availableProperty().get());
        assertTrue(vm.history().canUndoProperty().get());

        // when a read-only layout is shown
        vm.showLayout(recordedLayout(), "shop.events · shard key { counter: 1 } · events.shardlab");

        // then the explorer says so, and the simulator's verbs are unavailable
        assertTrue(vm.readOnlyLayoutProperty().get());
        assertEquals(
                "shop.events · shard key { counter: 1 } · 2 shards · 3 chunks",
                ENGLISH.text(vm.layoutSummaryProperty().get()));
        assertFalse(vm.playback().availableProperty().get(), "play, step, reset and the speeds");
        assertFalse(vm.playback().playingProperty().get());
        assertFalse(vm.history().canUndoProperty().get());
        assertFalse(vm.history().canRedoProperty().get());
        assertTrue(vm.history().commandsProperty().isEmpty(), "the simulation's commands are not this layout's");
        vm.numberLine().selectChunk(1);
        assertFalse(vm.actions().canSplitProperty().get());
        assertFalse(vm.actions().canMergeProperty().get());
        assertFalse(vm.actions().canMoveProperty().get());
        assertEquals(3, vm.numberLine().pictureProperty().get().model().chunkCount());

        // and play, step, a split and undo change nothing: the hidden simulation stays where it was
        vm.playback().play();
        assertFalse(thread.repeating(), "no ticks start");
        vm.playback().step();
        vm.actions().splitSelectedChunk();
        vm.history().undo();
        assertEquals(3, vm.numberLine().pictureProperty().get().model().chunkCount(), "the layout is as recorded");
        assertTrue(vm.readOnlyLayoutProperty().get());

        // when a scenario is launched again, the simulator is back
        launchMonotonic();
        assertFalse(vm.readOnlyLayoutProperty().get());
        assertEquals(null, vm.layoutSummaryProperty().get());
        assertTrue(vm.playback().availableProperty().get());
        assertEquals(
                "0 of 20,000 documents",
                ENGLISH.text(vm.playback().progressTextProperty().get()));
        assertEquals(
                "shardlab.events · shard key { counter: 1 }",
                Messages.of(Language.ENGLISH).text(vm.titleProperty().get()));
    }

    @Test
    void back_to_simulator_brings_back_the_simulation_as_it_was_before_the_layout() {
        launchMonotonic();
        play(500);
        String progress = ENGLISH.text(vm.playback().progressTextProperty().get());
        int chunks = vm.numberLine().pictureProperty().get().model().chunkCount();
        int told = shown.size();
        vm.showLayout(recordedLayout(), "shop.events · shard key { counter: 1 } · events.shardlab");

        vm.backToSimulator();

        assertFalse(vm.readOnlyLayoutProperty().get());
        assertTrue(vm.playback().availableProperty().get());
        assertEquals(progress, ENGLISH.text(vm.playback().progressTextProperty().get()), "where the stream had got to");
        assertEquals(chunks, vm.numberLine().pictureProperty().get().model().chunkCount());
        assertEquals(
                "shardlab.events · shard key { counter: 1 }",
                Messages.of(Language.ENGLISH).text(vm.titleProperty().get()));
        assertEquals(told + 1, shown.size(), "the window's title and status bar name the simulation again");
    }

    @Test
    void back_to_simulator_with_nothing_simulated_before_launches_the_setup_forms_scenario() {
        vm.showLayout(recordedLayout(), "shop.events · shard key { counter: 1 } · events.shardlab");
        assertTrue(vm.readOnlyLayoutProperty().get());

        vm.backToSimulator();

        assertFalse(vm.readOnlyLayoutProperty().get());
        assertEquals(ExplorerViewModel.Phase.READY, vm.phaseProperty().get());
        assertEquals(
                vm.setup().keyPatternProperty().get(),
                vm.numberLine().pictureProperty().get().model().key().toString());
        assertTrue(vm.playback().availableProperty().get());
    }

    @Test
    void fork_into_simulator_is_offered_only_for_a_read_only_layout_and_only_once_named() {
        List<String> forks = new ArrayList<>();
        launchMonotonic();
        vm.showLayout(recordedLayout(), "shop.events · shard key { counter: 1 } · events.shardlab");
        assertFalse(vm.canForkProperty().get(), "no fork verb was named");
        vm.forkShownLayout();
        assertTrue(forks.isEmpty());

        vm.offerFork(() -> forks.add("fork"));
        assertTrue(vm.canForkProperty().get());
        vm.forkShownLayout();
        assertEquals(List.of("fork"), forks);

        launchMonotonic();
        assertFalse(vm.canForkProperty().get(), "the simulator shows: nothing read-only to fork");
        vm.forkShownLayout();
        assertEquals(List.of("fork"), forks);
    }
}

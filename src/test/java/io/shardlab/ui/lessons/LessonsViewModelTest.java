package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.session.Scenario;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The lessons panel's behaviour, without a toolkit: properties and verbs only. */
class LessonsViewModelTest {

    private static final List<Lesson> LESSONS =
            LessonCatalog.load(WorkloadRegistry.standard()).lessons();

    private RecordingLauncher launcher;
    private SimpleBooleanProperty presenter;
    private LessonsViewModel vm;

    @BeforeEach
    void openThePanel() {
        launcher = new RecordingLauncher();
        presenter = new SimpleBooleanProperty(false);
        vm = new LessonsViewModel(LESSONS, launcher, presenter, () -> presenter.set(!presenter.get()));
    }

    @Test
    void opens_on_the_first_lesson_with_its_texts_and_its_own_scenario() {
        Lesson first = LESSONS.get(0);
        assertEquals(LESSONS, vm.lessonsProperty());
        assertEquals(0, vm.selectedIndexProperty().get());
        assertEquals("Lesson 1 of " + LESSONS.size(), vm.positionProperty().get());
        assertEquals(first.title(), vm.titleProperty().get());
        assertEquals(first.principle(), vm.principleProperty().get());
        assertEquals(first.watch(), vm.watchProperty());
        assertEquals(first.askTheRoom(), vm.askTheRoomProperty().get());
        assertEquals(first.followUps(), vm.followUpsProperty());
        assertSame(first.scenario(), vm.shownScenarioProperty().get());
        assertNull(vm.shownFollowUpProperty().get());
        assertEquals(first.scenario().queries(), vm.queriesProperty());
        assertNull(vm.selectedQueryProperty().get(), "no query dims the shards until the teacher picks one");
        assertEquals("", vm.statusProperty().get());
        assertTrue(launcher.launched.isEmpty(), "nothing starts until the teacher asks");
    }

    @Test
    void next_and_previous_walk_the_lessons_and_stop_at_the_ends() {
        assertFalse(vm.hasPreviousProperty().get());
        vm.previousLesson();
        assertEquals(0, vm.selectedIndexProperty().get());

        for (int i = 1; i < LESSONS.size(); i++) {
            vm.nextLesson();
            assertEquals(i, vm.selectedIndexProperty().get());
            assertEquals(LESSONS.get(i).title(), vm.titleProperty().get());
        }
        assertFalse(vm.hasNextProperty().get());
        assertTrue(vm.hasPreviousProperty().get());
        vm.nextLesson();
        assertEquals(LESSONS.size() - 1, vm.selectedIndexProperty().get());
        assertEquals(
                "Lesson " + LESSONS.size() + " of " + LESSONS.size(),
                vm.positionProperty().get());

        vm.previousLesson();
        assertEquals(LESSONS.size() - 2, vm.selectedIndexProperty().get());
    }

    @Test
    void a_lesson_opens_by_id_and_an_unknown_id_or_index_is_refused() {
        vm.selectLesson("inbox");
        assertEquals("inbox", vm.selectedLessonProperty().get().id());
        assertThrows(IllegalArgumentException.class, () -> vm.selectLesson("no-such-lesson"));
        assertThrows(IndexOutOfBoundsException.class, () -> vm.selectLesson(LESSONS.size()));
        assertEquals("inbox", vm.selectedLessonProperty().get().id());
    }

    @Test
    void run_scenario_hands_the_explorer_the_lessons_scenario_with_the_chosen_query() {
        Lesson lesson = LESSONS.get(1);
        vm.selectLesson(1);
        LessonQuery second = lesson.scenario().queries().get(1);

        vm.selectQuery(second);
        vm.startScenario();

        assertEquals(List.of(lesson.scenario().base().withQueryFilter(second.filter())), launcher.launched);
        assertEquals(
                "Running the lesson's scenario in the explorer",
                vm.statusProperty().get());
        assertFalse(vm.launchFailedProperty().get());
    }

    @Test
    void run_scenario_starts_with_every_shard_in_colour_and_a_query_picked_while_it_runs_shows_at_once() {
        // given the first lesson's scenario started without picking a query
        Lesson lesson = LESSONS.get(0);
        vm.startScenario();
        assertEquals(Optional.empty(), launcher.last().queryFilter());
        assertTrue(launcher.shownQueries.isEmpty());

        // when the teacher picks a query, then clears it
        LessonQuery page = lesson.scenario().queries().get(1);
        vm.selectQuery(page);
        vm.selectQuery(null);

        // then the explorer shows its targeting at once, and then none
        assertEquals(List.of(Optional.of(page.filter()), Optional.empty()), launcher.shownQueries);
        assertEquals(1, launcher.launched.size(), "the stream is not restarted");
    }

    @Test
    void a_query_picked_on_a_lesson_that_is_not_running_waits_for_its_scenario() {
        vm.startScenario();
        vm.nextLesson();

        vm.selectQuery(LESSONS.get(1).scenario().queries().get(0));

        assertTrue(launcher.shownQueries.isEmpty(), "the explorer still shows the first lesson");
    }

    @Test
    void with_no_query_chosen_the_scenario_starts_without_a_filter() {
        vm.selectQuery(null);
        vm.startScenario();
        assertEquals(Optional.empty(), launcher.last().queryFilter());
    }

    @Test
    void a_follow_up_is_shown_and_compared_side_by_side_with_the_lessons_own_and_run_scenario_goes_back() {
        Lesson lesson = LESSONS.get(0);
        FollowUp better = lesson.followUps().get(1);

        vm.startFollowUp(1);

        assertSame(better, vm.shownFollowUpProperty().get());
        assertSame(better.scenario(), vm.shownScenarioProperty().get());
        assertEquals(better.scenario().queries(), vm.queriesProperty());
        assertEquals(
                better.scenario().whyTheseSettings(),
                vm.whyTheseSettingsProperty().get());
        RecordingLauncher.Comparison compared = launcher.compared.get(0);
        assertEquals(better.label(), Messages.of(Language.ENGLISH).text(compared.heading()));
        assertEquals(lesson.scenario().base(), compared.left(), "the lesson's own scenario on the left");
        assertEquals("{ counter: 'hashed' }", compared.right().keyPattern());
        assertEquals(Optional.empty(), compared.right().queryFilter(), "no query is picked for the follow-up either");
        assertTrue(launcher.launched.isEmpty(), "nothing runs alone");
        assertEquals(
                "Comparing side by side with the follow-up 'Better key: { counter: 'hashed' }'",
                vm.statusProperty().get());

        vm.startScenario();

        assertNull(vm.shownFollowUpProperty().get());
        assertSame(lesson.scenario(), vm.shownScenarioProperty().get());
        assertEquals("{ counter: 1 }", launcher.last().keyPattern());
        assertEquals(1, launcher.launched.size());
    }

    @Test
    void a_follow_up_can_still_run_alone_in_the_explorer() {
        vm.runFollowUpAlone(0);

        assertEquals("8.0", launcher.last().version().toString());
        assertTrue(launcher.compared.isEmpty());
        assertEquals(
                "Running the follow-up 'Same key on MongoDB 8.0' in the explorer",
                vm.statusProperty().get());
    }

    @Test
    void a_comparison_the_explorer_refuses_is_reported() {
        launcher.refusal = "right side: keyPattern: Shard key is empty";
        vm.startFollowUp(0);

        assertTrue(vm.launchFailedProperty().get());
        assertEquals(
                "Could not compare with the follow-up 'Same key on MongoDB 8.0': right side: keyPattern: "
                        + "Shard key is empty",
                vm.statusProperty().get());
    }

    @Test
    void opening_another_lesson_shows_its_own_scenario_and_clears_the_status() {
        vm.startFollowUp(0);
        vm.nextLesson();
        assertNull(vm.shownFollowUpProperty().get());
        assertSame(LESSONS.get(1).scenario(), vm.shownScenarioProperty().get());
        assertEquals("", vm.statusProperty().get());
    }

    @Test
    void a_scenario_the_explorer_refuses_is_reported_and_the_next_start_clears_it() {
        launcher.refusal = "keyPattern: Shard key is empty";
        vm.startScenario();
        assertTrue(vm.launchFailedProperty().get());
        assertEquals(
                "Could not start the lesson's scenario: keyPattern: Shard key is empty",
                vm.statusProperty().get());

        launcher.refusal = null;
        vm.startScenario();
        assertFalse(vm.launchFailedProperty().get());
        assertEquals(1, launcher.launched.size());
    }

    @Test
    void only_a_query_of_the_shown_scenario_can_be_chosen() {
        LessonQuery foreign = LESSONS.get(2).scenario().queries().get(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> vm.selectQuery(foreign));
        assertEquals("query: 'Users in Asia' is not a query of the shown scenario", e.getMessage());
    }

    @Test
    void a_follow_up_that_does_not_exist_is_refused() {
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> vm.startFollowUp(LESSONS.get(0).followUps().size()));
        assertTrue(launcher.launched.isEmpty());
    }

    @Test
    void presenter_mode_follows_the_windows_switch_and_the_panel_can_flip_it() {
        assertFalse(vm.presenterModeProperty().get());
        vm.togglePresenterMode();
        assertTrue(presenter.get());
        assertTrue(vm.presenterModeProperty().get());
        presenter.set(false);
        assertFalse(vm.presenterModeProperty().get());
    }

    @Test
    void an_empty_lesson_list_is_refused() {
        assertThrows(
                IllegalArgumentException.class, () -> new LessonsViewModel(List.of(), launcher, presenter, () -> {}));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # version | shards | key                  | chunk MB | workload | documents | per second | split points | summary
            5.0       | 3      | { counter: 1 }       | 1        | monotonic| 200000    | 2000       | 0            | MongoDB 5.0 · 3 shards · { counter: 1 } · 1 MB chunks · monotonic: 200,000 documents at 2,000/s
            8.0       | 1      | { _id: 'hashed' }    | 0        | objectid | 10        | 2.5        | 0            | MongoDB 8.0 · 1 shard · { _id: 'hashed' } · default 128 MB chunks · objectid: 10 documents at 3/s
            5.0       | 4      | { ts: 1 }            | 0        | timestamp| 1000      | 100        | 1            | MongoDB 5.0 · 4 shards · { ts: 1 } · default 64 MB chunks · timestamp: 1,000 documents at 100/s · pre-split at 1 point
            8.0       | 3      | { _id: 1 }           | 0        | presplit-minutes | 200000 | 2000 | 1440          | MongoDB 8.0 · 3 shards · { _id: 1 } · default 128 MB chunks · presplit-minutes: 200,000 documents at 2,000/s · pre-split at 1,440 points
            """)
    void the_scenario_summary_names_version_shards_key_chunk_size_workload_and_pace(
            String version,
            int shards,
            String key,
            int chunkMb,
            String workload,
            long documents,
            double perSecond,
            int splitPoints,
            String summary) {
        List<String> points = java.util.stream.IntStream.range(0, splitPoints)
                .mapToObj(i -> "{ x: " + i + " }")
                .toList();
        Scenario s = new Scenario(
                "a.b",
                key,
                shards,
                MongoVersion.parse(version),
                chunkMb,
                workload,
                documents,
                perSecond,
                points,
                Optional.empty(),
                1,
                List.of(),
                ShardingSetup.NONE);
        assertEquals(summary, LessonsViewModel.summary(s));
    }

    @Test
    void the_summary_names_each_step_the_stream_runs() {
        Scenario s = Scenario.of("{ bucket: 1, ts: 1 }", "coarse-prefix-3")
                .withDocuments(300_000)
                .withSteps(List.of(io.shardlab.workload.StreamStep.addShard(150_000, "shard04")));

        assertEquals(
                "MongoDB 8.0 · 3 shards · { bucket: 1, ts: 1 } · default 128 MB chunks · coarse-prefix-3: "
                        + "300,000 documents at 2,000/s · after 150,000 documents: sh.addShard(\"shard04/shard04.shardlab:27018\")",
                LessonsViewModel.summary(s));
    }
}

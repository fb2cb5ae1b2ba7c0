package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's contract with the screen: what it publishes, and when. */
class ExplorerEngineTest {

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final List<EngineState> published = new ArrayList<>();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, clock, published::add);

    private void load(Scenario scenario) {
        engine.load(ResolvedScenario.of(scenario, WorkloadRegistry.standard()));
    }

    private EngineState.Running last() {
        return assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1));
    }

    @Test
    void loading_publishes_loading_then_the_first_frame_or_the_reason_it_failed() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));
        assertInstanceOf(EngineState.Loading.class, published.get(0));
        assertFalse(last().playing());

        load(Scenario.of("{ nothere: 1 }", "monotonic").withDocuments(10));
        EngineState.Failed failed = assertInstanceOf(EngineState.Failed.class, published.get(published.size() - 1));
        assertTrue(failed.message().contains("the document has no field 'nothere'"), failed.message());
    }

    @Test
    void ticks_publish_at_most_thirty_times_a_simulated_second_of_wall_time_but_pause_publishes_at_once() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(100_000));
        engine.speed(PlaybackSpeed.X1);
        engine.play();
        int before = published.size();

        for (int i = 0; i < 100; i++) { // one wall second in 10 ms ticks
            clock.advanceMillis(10);
            thread.tick();
        }

        int ticksPublished = published.size() - before;
        assertTrue(ticksPublished >= 25 && ticksPublished <= 31, "about 30 frames a second, got " + ticksPublished);
        engine.pause();
        assertFalse(last().playing());
        assertEquals(2_000, last().frame().stream().inserted(), "one second at 1× and 2,000 documents a second");
    }

    @Test
    void at_full_speed_no_work_is_done_while_the_screen_has_not_taken_the_last_state() {
        boolean[] screenBehind = {true};
        ExplorerEngine paced = AppWiring.explorerEngine(thread, clock, published::add, () -> screenBehind[0]);
        paced.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(10_000), WorkloadRegistry.standard()));
        paced.speed(PlaybackSpeed.MAX);
        paced.play();

        for (int i = 0; i < 5; i++) {
            clock.advanceMillis(10);
            thread.tick();
        }
        assertEquals(0, last().frame().stream().inserted(), "the screen is behind: the simulation waits");

        screenBehind[0] = false;
        clock.advanceMillis(10);
        thread.tick();
        assertEquals(10_000, last().frame().stream().inserted(), "caught up: a full-speed tick runs the stream");
    }

    @Test
    void a_tick_assembles_no_state_the_screen_would_not_take_and_the_next_after_it_caught_up_does() {
        // given time running at 1x while the screen has not taken the last state
        boolean[] screenBehind = {false};
        ExplorerEngine paced = AppWiring.explorerEngine(thread, clock, published::add, () -> screenBehind[0]);
        paced.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(100_000), WorkloadRegistry.standard()));
        paced.speed(PlaybackSpeed.X1);
        paced.play();
        screenBehind[0] = true;
        int before = published.size();

        // when time runs a wall second
        for (int i = 0; i < 100; i++) {
            clock.advanceMillis(10);
            thread.tick();
        }

        // then no state was assembled for a screen that would not take it
        assertEquals(before, published.size(), "the screen is behind: its states are coalesced");

        // and once it has caught up, the next tick publishes the newest state
        screenBehind[0] = false;
        clock.advanceMillis(40);
        thread.tick();
        assertEquals(before + 1, published.size());
        assertTrue(
                last().frame().stream().inserted() >= 2_000,
                "the newest state: the second's 2,000 documents in, got "
                        + last().frame().stream().inserted());
    }

    @Test
    void at_full_speed_ticks_publish_at_most_twenty_times_a_wall_second() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000_000));
        engine.speed(PlaybackSpeed.MAX);
        engine.play();
        int before = published.size();
        clock.stepPerReadingMillis(1); // every look at the clock is a millisecond of busy work

        for (int i = 0; i < 40; i++) { // 40 ticks of 16 ms work and 8 ms rest: about one wall second
            clock.advanceMillis(PlaybackPacer.MAX_SPEED_TICK_DELAY_MILLIS);
            thread.tick();
        }

        int ticksPublished = published.size() - before;
        assertTrue(ticksPublished >= 15 && ticksPublished <= 20, "about 20 frames a second, got " + ticksPublished);
        assertTrue(last().frame().stream().inserted() > 0);
    }

    @Test
    void a_reset_starts_the_same_stream_again_from_its_first_document() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(10_000));
        engine.step();
        assertTrue(last().frame().stream().inserted() > 0);
        ExplorerFrame first = last().frame();

        engine.reset();

        assertEquals(0, last().frame().stream().inserted());
        assertEquals(first.heatBounds(), last().frame().heatBounds(), "the stream read before is reused");
        assertEquals(first.scenario(), last().frame().scenario());
    }

    @Test
    void step_is_ignored_while_playing_and_play_is_ignored_once_finished() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(500).withDocsPerSecond(5_000));
        engine.speed(PlaybackSpeed.X1000);
        engine.play();
        int before = published.size();
        engine.step();
        assertEquals(before, published.size(), "no step while time runs");
        for (int i = 0; i < 500 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
        assertTrue(last().frame().stream().finished());
        int after = published.size();
        engine.play();
        assertEquals(after, published.size());
        assertFalse(thread.repeating());
    }

    @Test
    void a_task_that_dies_of_an_error_ends_in_a_failed_state_with_its_message_and_stops_the_play() {
        load(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));
        engine.play();
        io.shardlab.sim.ClusterCommand dying =
                (io.shardlab.sim.ClusterCommand) java.lang.reflect.Proxy.newProxyInstance(
                        getClass().getClassLoader(),
                        new Class<?>[] {io.shardlab.sim.ClusterCommand.class},
                        (proxy, method, args) -> {
                            throw new StackOverflowError();
                        });

        engine.execute(dying);

        EngineState.Failed failed = assertInstanceOf(EngineState.Failed.class, published.get(published.size() - 1));
        assertEquals("The input is nested too deeply to process.", failed.message());
        int before = published.size();
        thread.tick();
        engine.play();
        assertEquals(before, published.size(), "nothing plays on after the failure");
    }
}

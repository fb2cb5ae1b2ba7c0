package io.shardlab.ui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The application's background tasks and their synchronous twin keep one contract. */
class BackgroundTasksTest {

    static Stream<Arguments> bothImplementations() {
        return Stream.of(
                Arguments.of("daemon threads", (Supplier<BackgroundTasks>) DaemonBackgroundTasks::new),
                Arguments.of("synchronous twin", (Supplier<BackgroundTasks>) SynchronousBackgroundTasks::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothImplementations")
    void aSerialLaneRunsItsTasksOneAtATimeInSubmissionOrder(String name, Supplier<BackgroundTasks> make)
            throws Exception {
        BackgroundTasks tasks = make.get();
        try {
            // given a serial lane, when a hundred tasks are given to it
            var lane = tasks.serial("shardlab-test");
            List<Integer> ran = new CopyOnWriteArrayList<>();
            IntStream.range(0, 100).forEach(i -> lane.execute(() -> ran.add(i)));
            lane.submit(() -> {}).get(10, TimeUnit.SECONDS);

            // then they ran in the order given
            assertEquals(IntStream.range(0, 100).boxed().toList(), ran);
        } finally {
            tasks.shutdown();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothImplementations")
    void afterShutdownEveryLaneRejectsWorkAndSoDoesALaneMadeLater(String name, Supplier<BackgroundTasks> make) {
        // given lanes of each kind
        BackgroundTasks tasks = make.get();
        List<ExecutorService> lanes = List.of(tasks.serial("a"), tasks.parallel("b", 2), tasks.elastic("c"));

        // when the tasks shut down
        tasks.shutdown();
        tasks.shutdown();

        // then no lane, old or new, takes another task
        for (ExecutorService lane : lanes) {
            assertTrue(lane.isShutdown());
            assertThrows(RejectedExecutionException.class, () -> lane.execute(() -> {}));
        }
        assertThrows(RejectedExecutionException.class, () -> tasks.serial("d").execute(() -> {}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothImplementations")
    void aParallelLaneNeedsAtLeastOneThread(String name, Supplier<BackgroundTasks> make) {
        var error =
                assertThrows(IllegalArgumentException.class, () -> make.get().parallel("x", 0));
        assertEquals("threads: must be at least 1, got 0", error.getMessage());
    }

    @Test
    void theApplicationsThreadsAreDaemonsNamedAfterTheirLane() throws Exception {
        BackgroundTasks tasks = new DaemonBackgroundTasks();
        try {
            var lanes = java.util.Map.of(
                    "shardlab-export",
                    tasks.serial("shardlab-export"),
                    "shardlab-pool",
                    tasks.parallel("shardlab-pool", 2),
                    "shardlab-live",
                    tasks.elastic("shardlab-live"));
            for (var lane : lanes.entrySet()) {
                Thread thread = lane.getValue().submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
                assertTrue(thread.isDaemon(), thread.getName());
                assertEquals(lane.getKey(), thread.getName());
            }
        } finally {
            tasks.shutdown();
        }
    }

    @Test
    void aLaneNeedsAThreadName() {
        var error = assertThrows(IllegalArgumentException.class, () -> new DaemonBackgroundTasks().serial(" "));
        assertEquals("name: a lane needs a thread name, got \" \"", error.getMessage());
    }

    @Test
    void theTwinRunsScheduledTasksOnlyWhenTheTestSaysAndNotOnceCancelled() {
        // given a repeating and a one-shot task on the twin
        SynchronousBackgroundTasks tasks = new SynchronousBackgroundTasks();
        var lane = tasks.serial("watch");
        List<String> ran = new CopyOnWriteArrayList<>();
        ScheduledFuture<?> poll = lane.scheduleWithFixedDelay(() -> ran.add("poll"), 0, 5, TimeUnit.SECONDS);
        lane.schedule(() -> ran.add("once"), 1, TimeUnit.MINUTES);
        assertEquals(List.of(), ran);

        // when the test lets scheduled work run twice, cancelling the repetition in between
        tasks.runScheduled();
        poll.cancel(false);
        tasks.runScheduled();

        // then the repetition ran once and the one-shot ran once
        assertEquals(List.of("poll", "once"), ran);
    }
}

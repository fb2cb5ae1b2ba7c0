package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window's background threads all come from the one BackgroundTasks it is given, and stop with it. */
@ExtendWith(ApplicationExtension.class)
class ShardLabAppBackgroundTasksTest {

    /** The application's lanes, each recorded by name as the window asks for it. */
    private static final class RecordingTasks implements BackgroundTasks {
        final Map<String, ExecutorService> lanes = new LinkedHashMap<>();
        private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();

        @Override
        public synchronized ScheduledExecutorService serial(String name) {
            ScheduledExecutorService lane = tasks.serial(name);
            lanes.put(name, lane);
            return lane;
        }

        @Override
        public synchronized ExecutorService parallel(String name, int threads) {
            ExecutorService lane = tasks.parallel(name, threads);
            lanes.put(name, lane);
            return lane;
        }

        @Override
        public synchronized ExecutorService elastic(String name) {
            ExecutorService lane = tasks.elastic(name);
            lanes.put(name, lane);
            return lane;
        }

        @Override
        public void shutdown() {
            tasks.shutdown();
        }
    }

    private final RecordingTasks tasks = new RecordingTasks();
    private ShardLabApp app;

    /** The class board's threads other tests in this JVM left running, before the window opens. */
    private Set<Thread> boardThreadsBefore;

    @Start
    void start(Stage stage) {
        boardThreadsBefore = boardThreads();
        app = TestDesktop.app(tasks);
        app.start(stage);
    }

    @Test
    void theWindowsLanesComeFromItsBackgroundTasksAndStopWhenTheAppStops(FxRobot robot) {
        // given the window as it opens: the simulation, export, live, shell and class board lanes, and the lessons'
        // (their catalog is read there while the window is built) (the advisor's come on first open; the board's
        // view model follows the roster from the first student, so its lane is made with it, but the window's
        // opening starts no thread in it)
        assertEquals(
                Set.of(
                        "shardlab-lessons",
                        "shardlab-simulation",
                        "shardlab-export",
                        "shardlab-live",
                        "shardlab-live-watch",
                        "shardlab-shell",
                        "shardlab-board"),
                tasks.lanes.keySet());
        assertEquals(boardThreadsBefore, boardThreads(), "threads of the class board's lane as the window opens");

        // when the application stops
        robot.interact(app::stop);

        // then every lane it made is shut down
        tasks.lanes.forEach((name, lane) -> assertTrue(lane.isShutdown(), name));
    }

    private static Set<Thread> boardThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("shardlab-board"))
                .collect(Collectors.toSet());
    }
}

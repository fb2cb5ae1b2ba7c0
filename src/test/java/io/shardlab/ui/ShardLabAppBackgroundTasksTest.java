package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.DesktopApp;
import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
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

    @Start
    void start(Stage stage) {
        app = new DesktopApp(tasks);
        app.start(stage);
    }

    @Test
    void theWindowsLanesComeFromItsBackgroundTasksAndStopWhenTheAppStops(FxRobot robot) {
        // given the window as it opens: the simulation, export, live and shell lanes (the advisor's come on first open)
        assertEquals(
                Set.of(
                        "shardlab-simulation",
                        "shardlab-export",
                        "shardlab-live",
                        "shardlab-live-watch",
                        "shardlab-shell"),
                tasks.lanes.keySet());

        // when the application stops
        robot.interact(app::stop);

        // then every lane it made is shut down
        tasks.lanes.forEach((name, lane) -> assertTrue(lane.isShutdown(), name));
    }
}

package io.shardlab.ui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.FxWait;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.controlsfx.control.TaskProgressView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The status bar's background-work item: shown while reported work runs, its list one click away. */
@ExtendWith(ApplicationExtension.class)
class BackgroundWorkIndicatorTest {

    private final ExecutorService lane = Executors.newSingleThreadExecutor();
    private final VisibleWork work = new VisibleWork(Platform::runLater);
    private BackgroundWorkIndicator indicator;

    @Start
    void start(Stage stage) {
        indicator = new BackgroundWorkIndicator(work);
        stage.setScene(new Scene(new StackPane(indicator.node()), 400, 300));
        stage.show();
    }

    @AfterEach
    void stopLane() {
        lane.shutdownNow();
    }

    @Test
    void reported_work_shows_while_it_runs_and_its_list_names_it(FxRobot robot) throws Exception {
        Button item = indicator.node();
        assertFalse(item.isVisible(), "nothing runs yet");

        // given a save that waits on the disk
        CountDownLatch disk = new CountDownLatch(1);
        work.reporting("Saving the diagram", lane).execute(() -> {
            try {
                disk.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        FxWait.waitUntil(item::isVisible);
        assertEquals("1 running", item.getText());

        // when the item is clicked, the list shows the task by its title
        robot.clickOn(item);
        FxWait.waitUntil(() -> indicator.popOver().isShowing());
        @SuppressWarnings("unchecked")
        TaskProgressView<Task<?>> list =
                (TaskProgressView<Task<?>>) indicator.popOver().getContentNode();
        assertEquals(1, list.getTasks().size());
        assertEquals(
                "Saving the diagram",
                FxWait.onFxThread(() -> list.getTasks().get(0).getTitle()));
        assertTrue(robot.lookup("Saving the diagram").tryQuery().isPresent(), "the row names the work");

        // then, once it ends, the item and its list go
        disk.countDown();
        FxWait.waitUntil(() -> !item.isVisible());
        FxWait.waitUntil(() -> !indicator.popOver().isShowing());
        assertTrue(work.running().isEmpty());
    }

    @Test
    void a_failing_command_still_reaches_the_lane_threads_last_resort_handler() throws Exception {
        java.util.List<Throwable> caught = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExecutorService failing = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r);
            t.setUncaughtExceptionHandler((thread, e) -> caught.add(e));
            return t;
        });
        try {
            work.reporting("Reading the cluster's layout", failing).execute(() -> {
                throw new IllegalStateException("dump.archive: not a mongodump archive");
            });
            FxWait.waitUntil(() -> !caught.isEmpty() && work.running().isEmpty());
            assertEquals("dump.archive: not a mongodump archive", caught.get(0).getMessage());
        } finally {
            failing.shutdownNow();
        }
    }
}

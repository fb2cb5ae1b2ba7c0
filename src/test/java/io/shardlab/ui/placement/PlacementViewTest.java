package io.shardlab.ui.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.shell.ShellEngine;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.explorer.history.HistoryViewModel;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedSettings;
import io.shardlab.workload.WorkloadRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The placement board on screen (headless), over an explorer engine wired as the app wires it: a collection the
 * shell wrote is a tile on its database's primary shard, a drag onto another lane moves it there with
 * {@code moveCollection} (its phases shown under the command), undo brings it back, and on 7.0 MongoDB's refusal
 * shows in the board.
 */
@ExtendWith(ApplicationExtension.class)
class PlacementViewTest {

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private ExecutorSimulationThread thread;
    private ExplorerEngine engine;
    private PlacementViewModel board;
    /** The Edit menu's undo and redo, as the app wires them: shown each frame the engine publishes. */
    private final HistoryViewModel history = new HistoryViewModel(() -> {}, () -> {}, copied -> {});

    private void show(FxRobot robot, String release) throws Exception {
        thread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        engine = new ExplorerEngine(
                thread,
                System::nanoTime,
                state -> {
                    if (state instanceof EngineState.Running running) {
                        Platform.runLater(() -> history.show(running.frame()));
                    }
                },
                () -> false,
                BackgroundFailure::describe,
                MongosServer.InProcess::new,
                DataFile::catalog);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withVersion(MongoVersion.parseModelled(release))
                        .withChunkSizeMegabytes(1),
                WorkloadRegistry.standard()));
        List<String> printed = new ArrayList<>();
        ShellEngine shell = new ShellEngine(engine.shellCommandLayer(), printed::add, System::nanoTime, 80, 80);
        shell.evaluate(
                "use app\nsh.enableSharding('app', 'shard01')\n" + "db.logs.insertMany([{ n: 1 }, { n: 2 }, { n: 3 }])",
                "app",
                false,
                Duration.ofMinutes(1));
        board = new PlacementViewModel(
                engine::placement, Platform::runLater, engine::undo, engine::redo, RememberedSettings.inMemory());
        robot.interact(() -> {
            UiText text = new UiText(Language.ENGLISH);
            var root = new PlacementView(
                            text,
                            board,
                            new SimpleBooleanProperty(false),
                            picture -> {},
                            new SimpleObjectProperty<>(ShardColorOrder.of(List.of())))
                    .build();
            new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false)).follow(root);
            Stage stage = new Stage();
            stage.setScene(new Scene(root, 1280, 720));
            stage.show();
            board.refresh();
        });
        waitUntil("app.logs shows", () -> tile(robot, "app.logs") != null);
    }

    @AfterEach
    void stop() {
        if (thread != null) {
            thread.close();
        }
        tasks.shutdown();
    }

    private static Node tile(FxRobot robot, String namespace) {
        return robot.lookup("." + PlacementView.TILE).queryAll().stream()
                .filter(n -> namespace.equals(n.getUserData()))
                .findFirst()
                .orElse(null);
    }

    /** The shard of the lane {@code namespace}'s tile is on. */
    private static String laneOf(FxRobot robot, String namespace) {
        Node tile = tile(robot, namespace);
        for (Node n = tile; n != null; n = n.getParent()) {
            if (n.getStyleClass().contains(PlacementView.LANE)) {
                return (String) n.getUserData();
            }
        }
        throw new AssertionError(namespace + " is on no lane");
    }

    private static String note(FxRobot robot) {
        return robot.lookup("#placement-note").queryAs(Label.class).getText();
    }

    private static void waitUntil(String what, BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition::getAsBoolean);
        assertTrue(condition.getAsBoolean(), what);
    }

    @Test
    void a_tile_dragged_to_another_lane_moves_there_and_undo_brings_it_back(FxRobot robot) throws Exception {
        // given app.logs on app's primary shard, shard01, and the scenario's collection as a key line
        show(robot, "8.0");
        assertEquals("shard01", laneOf(robot, "app.logs"));
        assertTrue(
                robot.lookup("#placement-no-unsharded").tryQuery().isEmpty(),
                "the empty-board note shows only while no unsharded collection exists");
        assertTrue(robot.lookup("." + PlacementView.KEY_LINE).queryAll().stream()
                .anyMatch(n -> "shardlab.events".equals(n.getUserData())));
        assertEquals(
                "primary shard of app, shardlab",
                robot.lookup("#placement-lane-shard01 .placement-primary")
                        .queryAs(Label.class)
                        .getText());

        // when the tile is dragged onto shard02's lane
        robot.drag(tile(robot, "app.logs")).dropTo("#placement-lane-shard02");

        // then moveCollection ran, the tile is on shard02 and the move's phases show
        waitUntil("app.logs on shard02", () -> "shard02".equals(laneOf(robot, "app.logs")));
        assertEquals(
                "sh.moveCollection('app.logs', 'shard02')",
                robot.lookup("#placement-commands").queryAs(Label.class).getText());
        assertEquals(5, robot.lookup("." + PlacementView.PHASE).queryAll().size());
        assertTrue(
                robot.lookup("#placement-free-shard03")
                        .queryAs(Label.class)
                        .getText()
                        .endsWith(" free of 1GiB"),
                "each lane shows its free space on the default 1 GiB disk");
        assertTrue(note(robot).startsWith("Moved."), note(robot));

        // when undone
        robot.clickOn("#placement-undo");

        // then it is back on shard01
        waitUntil("app.logs back on shard01", () -> "shard01".equals(laneOf(robot, "app.logs")));
        assertTrue(robot.lookup("." + PlacementView.PHASE).queryAll().isEmpty());
    }

    /** The Edit menu's undo and redo items as {@code language} says them. */
    private String said(Language language, boolean undo) {
        return Messages.of(language)
                .text(
                        undo
                                ? history.undoTextProperty().get()
                                : history.redoTextProperty().get());
    }

    @Test
    void edit_undo_and_redo_name_the_move_in_both_languages_and_redo_moves_it_again(FxRobot robot) throws Exception {
        // given app.logs moved from shard01 to shard02 on the board
        show(robot, "8.0");
        robot.drag(tile(robot, "app.logs")).dropTo("#placement-lane-shard02");
        waitUntil("app.logs on shard02", () -> "shard02".equals(laneOf(robot, "app.logs")));

        // then Edit → Undo names the move, in English and in Chinese
        waitUntil(
                "Edit → Undo names the move",
                () -> said(Language.ENGLISH, true).equals("Undo move of app.logs to shard02"));
        assertEquals("撤销 将 app.logs 移动到 shard02", said(Language.SIMPLIFIED_CHINESE, true));

        // when undone, Edit → Redo names it
        robot.clickOn("#placement-undo");
        waitUntil("app.logs back on shard01", () -> "shard01".equals(laneOf(robot, "app.logs")));
        waitUntil(
                "Edit → Redo names the move",
                () -> said(Language.ENGLISH, false).equals("Redo move of app.logs to shard02"));
        assertEquals("重做 将 app.logs 移动到 shard02", said(Language.SIMPLIFIED_CHINESE, false));
        assertTrue(history.canRedoProperty().get());

        // when redone, it is on shard02 again and undo names it once more
        robot.clickOn("#placement-redo");
        waitUntil("app.logs on shard02 again", () -> "shard02".equals(laneOf(robot, "app.logs")));
        waitUntil(
                "Edit → Undo names the move again",
                () -> said(Language.ENGLISH, true).equals("Undo move of app.logs to shard02"));
        assertFalse(history.canRedoProperty().get());
    }

    @Test
    void in_a_narrow_window_the_note_wraps_and_the_capacity_and_buttons_keep_their_width(FxRobot robot)
            throws Exception {
        // given the board in a window narrower than a 1280 px projector's scene
        show(robot, "8.0");
        robot.interact(() -> robot.lookup("#placement-capacity")
                .query()
                .getScene()
                .getWindow()
                .setWidth(1000));
        WaitForAsyncUtils.waitForFxEvents();

        // then the spinner shows its value and no button is cut to "..."
        Spinner<?> capacity = robot.lookup("#placement-capacity").queryAs(Spinner.class);
        assertTrue(capacity.getWidth() >= capacity.prefWidth(-1) - 0.5, "capacity " + capacity.getWidth());
        for (String id : List.of("#placement-undo", "#placement-redo")) {
            Button button = robot.lookup(id).queryAs(Button.class);
            assertTrue(button.getWidth() >= button.prefWidth(-1) - 0.5, id + " " + button.getWidth());
        }
        // and each lane's free space is said whole ("1023.99MiB free of 1GiB" was cut to "free of 1...")
        for (Node free : robot.lookup(".placement-free").queryAll()) {
            Label label = (Label) free;
            String drawn = ((Text) label.lookup(".text")).getText();
            assertEquals(
                    label.getText(),
                    drawn.replace('\n', ' ').replaceAll(" +", " ").strip());
        }
    }

    @Test
    void on_7_0_the_board_says_moveCollection_needs_8_0_in_mongodbs_words(FxRobot robot) throws Exception {
        show(robot, "7.0");
        assertTrue(robot.lookup("#placement-before80").tryQuery().isPresent());

        robot.drag(tile(robot, "app.logs")).dropTo("#placement-lane-shard02");

        waitUntil("the refusal shows", () -> note(robot).contains("no such command"));
        assertEquals(
                "moveCollection and unshardCollection need MongoDB 8.0; MongoDB 7.0 answers: "
                        + "no such command: 'moveCollection'",
                note(robot));
        assertEquals("shard01", laneOf(robot, "app.logs"));
    }

    @Test
    void shard_and_distribute_asks_the_key_and_explains_a_malformed_one_inline(FxRobot robot) throws Exception {
        // given app.logs as a tile on 8.0
        show(robot, "8.0");
        assertFalse(robot.lookup("#placement-key-prompt").query().isVisible(), "no prompt before asked");

        // when Shard and distribute… is chosen on its tile and a malformed key typed
        MenuItem distribute =
                ((Label) tile(robot, "app.logs")).getContextMenu().getItems().get(0);
        assertEquals("Shard and distribute\u2026", distribute.getText());
        robot.interact(distribute::fire);
        TextField key = robot.lookup("#placement-key").queryAs(TextField.class);
        robot.interact(() -> key.setText("{ n: -1 }"));

        // then the prompt says what is wrong in MongoDB's words, and runs nothing
        Label problem = robot.lookup("#placement-key-problem").queryAs(Label.class);
        assertTrue(problem.isVisible());
        assertTrue(problem.getText().contains("Non-hashed fields must be set to a value of 1"), problem.getText());
        assertTrue(robot.lookup("#placement-key-run").queryAs(Button.class).isDisabled());

        // when the key is mended and run
        robot.interact(() -> key.setText("{ _id: 1 }"));
        assertFalse(problem.isVisible());
        robot.clickOn("#placement-key-run");

        // then the board runs MongoDB's helper with that key (what the mongos answers is PlacementEditorTest's) and
        // the prompt closes
        waitUntil(
                "the helper ran",
                () -> "sh.shardAndDistributeCollection('app.logs', { _id: 1 })"
                        .equals(robot.lookup("#placement-commands")
                                .queryAs(Label.class)
                                .getText()));
        assertFalse(robot.lookup("#placement-key-prompt").query().isVisible());
    }
}

package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.exercise.CommandJournal;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.render.DiagramPainter;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.shell.ShellEngine;
import io.shardlab.text.Language;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The class board on screen (headless), over an explorer engine wired as the app wires it: three students write
 * from the shell into their own databases, and the board shows their collections, opens one in the explorer on a
 * click, and says who passes the chosen exercise, with the hint on hover.
 */
@ExtendWith(ApplicationExtension.class)
class BoardViewTest {

    private static final List<Exercise> EXERCISES = ExerciseCatalog.load().exercises();
    private static final Exercise INBOX = ExerciseCatalog.load().exercise("inbox-compound");

    /**
     * A 1280 × 720 projector with the board's window maximised under a window manager: openbox's title bar leaves
     * the scene 701 px (looked at with Xvfb 1280x720, openbox and the window maximised).
     */
    static final double PROJECTOR_WIDTH = 1280;

    static final double MAXIMISED_HEIGHT = 701;

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private final List<EngineState> published = new CopyOnWriteArrayList<>();
    private ExecutorSimulationThread thread;
    private ExplorerEngine engine;
    private BoardViewModel board;
    private BoardView view;
    private final UiText words = new UiText(Language.ENGLISH);

    @Start
    void start(Stage stage) {
        thread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        CommandJournal journal = new CommandJournal();
        MongosEndpoint.Factory observed = (catalog, host, budget, clients, log, lane) -> {
            MongosEndpoint endpoint = new MongosServer.InProcess(catalog, host, budget, clients, log, lane);
            endpoint.commands().observe(journal);
            return endpoint;
        };
        engine = new ExplorerEngine(
                thread,
                System::nanoTime,
                published::add,
                () -> false,
                BackgroundFailure::describe,
                observed,
                DataFile::catalog);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withChunkSizeMegabytes(1), WorkloadRegistry.standard()));
        board = new BoardViewModel(
                (distinctUpTo, out) -> engine.readCatalog(
                        BoardViewModel.RECENT_WINDOWS, ClassSample.reading(journal, distinctUpTo), out),
                tasks.serial("shardlab-board"),
                Platform::runLater,
                Instant::now,
                EXERCISES,
                engine::showCollection);
        SimpleBooleanProperty presenter = new SimpleBooleanProperty(true);
        view = new BoardView(
                words, board, new SimpleBooleanProperty(false), name -> Optional.empty(), text -> {}, Optional::empty);
        var root = view.build();
        new Appearance(new SimpleBooleanProperty(false), presenter).follow(root);
        stage.setScene(new Scene(root, PROJECTOR_WIDTH, MAXIMISED_HEIGHT));
        // the primary stage is shared: a test class before may have sized it explicitly
        stage.sizeToScene();
        stage.show();
    }

    @AfterEach
    void stop() {
        board.stop();
        thread.close();
        tasks.shutdown();
    }

    /** Three students, each in their own database, as their mongosh would write. */
    private void threeStudentsWrite() {
        List<String> printed = new ArrayList<>();
        ShellEngine shell = new ShellEngine(engine.shellCommandLayer(), printed::add, System::nanoTime, 80, 80);
        shell.evaluate("use ada\nsh.shardCollection('ada.inbox', { owner: 1, sequence: 1 })", "ada", false, null);
        shell.evaluate("use bob\nsh.shardCollection('bob.inbox', { owner: 1 })", "bob", false, null);
        shell.evaluate(
                "use cy\nsh.shardCollection('cy.events', { ts: 1 })\ndb.events.insertOne({ ts: new Date() })",
                "cy",
                false,
                Duration.ofMinutes(1));
    }

    /** The board started over {@link #threeStudentsWrite()}, its three tiles shown. */
    private void boardOfThreeStudents(FxRobot robot) throws Exception {
        threeStudentsWrite();
        robot.interact(board::start);
        waitUntil("three tiles", () -> tiles(robot).size() == 3);
    }

    /** The teacher picks {@code exercise} in the board's exercise list. */
    private static void choose(FxRobot robot, Exercise exercise) {
        robot.interact(() -> robot.lookup("#board-exercise")
                .queryAs(ComboBox.class)
                .getSelectionModel()
                .select(exercise));
    }

    private static List<Node> tiles(FxRobot robot) {
        return robot.lookup(".board-tile").queryAll().stream()
                .filter(n -> !student(n).isEmpty())
                .toList();
    }

    private static String student(Node tile) {
        return ((Label) tile.lookup(".board-student")).getText();
    }

    private static String text(Node tile, String styleClass) {
        return ((Label) tile.lookup(styleClass)).getText();
    }

    private static Node tileOf(FxRobot robot, String student) {
        return tiles(robot).stream()
                .filter(t -> student(t).equals(student))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no tile for " + student));
    }

    private static <T> T onFx(Callable<T> task) throws Exception {
        return WaitForAsyncUtils.asyncFx(task).get(10, TimeUnit.SECONDS);
    }

    private static void waitUntil(String what, BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition::getAsBoolean);
        assertTrue(condition.getAsBoolean(), what);
    }

    @Test
    void everyStudentsCollectionAppearsAndAClickOpensItInTheExplorer(FxRobot robot) throws Exception {
        // given three students who sharded a collection each
        threeStudentsWrite();

        // when the board looks at the class
        robot.interact(board::start);
        waitUntil("three tiles", () -> tiles(robot).size() == 3);

        // then a 1280 × 720 projector in presenter mode, the window maximised, holds two rows of three tiles a page
        assertEquals(6, board.tilesPerPageProperty().get());

        // and each student's collection has a tile, by name, with its key
        assertEquals(
                List.of("ada", "bob", "cy"),
                tiles(robot).stream().map(BoardViewTest::student).toList());
        assertTrue(text(tileOf(robot, "bob"), ".board-caption")
                .startsWith("inbox · { owner: 1 } · 0 documents · 1 chunk on 1 of 3"));
        assertTrue(text(tileOf(robot, "cy"), ".board-caption").startsWith("events · { ts: 1 }"));

        // and a click on cy's tile shows cy.events in the explorer
        robot.clickOn(tileOf(robot, "cy"));
        waitUntil(
                "the explorer shows cy.events",
                () -> !published.isEmpty()
                        && published.get(published.size() - 1) instanceof EngineState.Running r
                        && r.frame().scenario().namespace().equals("cy.events"));
    }

    @Test
    void theChosenExerciseShowsWhoPassesAndTheHintOnHover(FxRobot robot) throws Exception {
        boardOfThreeStudents(robot);

        // when the teacher chooses the inbox exercise
        choose(robot, INBOX);
        waitUntil(
                "ada passes", () -> text(tileOf(robot, "ada"), ".board-status").equals("pass"));

        // then ada passes, bob does not yet (and reads why on hover), and cy has no inbox yet
        waitUntil(
                "bob does not",
                () -> text(tileOf(robot, "bob"), ".board-status").equals("not yet"));
        robot.moveTo(tileOf(robot, "bob"));
        WaitForAsyncUtils.waitForFxEvents();
        Tooltip hint = (Tooltip) tileOf(robot, "bob").getProperties().get("javafx.scene.control.Tooltip");
        assertTrue(hint.getText().startsWith(INBOX.checks().get(1).hint()), hint.getText());
        assertTrue(hint.getText().contains("inbox is sharded on { owner: 1 }"), hint.getText());
        assertEquals("not yet", text(tileOf(robot, "cy"), ".board-status"));
        assertEquals("inbox is not sharded yet", text(tileOf(robot, "cy"), ".board-note"));
        assertEquals(
                "1 of 3 pass “" + INBOX.title() + "”",
                robot.lookup("#board-summary").queryAs(Label.class).getText());
    }

    @Test
    void inChineseTheHintAndWhatWasSeenAreSaidAgainInChinese(FxRobot robot) throws Exception {
        // given bob, not yet through the inbox exercise, on the English board
        boardOfThreeStudents(robot);
        choose(robot, INBOX);
        waitUntil(
                "bob does not",
                () -> text(tileOf(robot, "bob"), ".board-status").equals("not yet"));
        robot.moveTo(tileOf(robot, "bob"));

        // when the teacher switches to 简体中文 (the app hands the board the catalog in that language)
        robot.interact(() -> {
            words.languageProperty().set(Language.SIMPLIFIED_CHINESE);
            board.translate(ExerciseCatalog.load(Language.SIMPLIFIED_CHINESE).exercises());
        });

        // then bob's hint is the Chinese file's, and what was seen is said in Chinese
        Exercise chinese = ExerciseCatalog.load(Language.SIMPLIFIED_CHINESE).exercise("inbox-compound");
        waitUntil("bob's hint in Chinese", () -> {
            Tooltip hint = (Tooltip) tileOf(robot, "bob").getProperties().get("javafx.scene.control.Tooltip");
            return hint != null
                    && hint.getText().startsWith(chinese.checks().get(1).hint());
        });
        Tooltip hint = (Tooltip) tileOf(robot, "bob").getProperties().get("javafx.scene.control.Tooltip");
        assertTrue(hint.getText().endsWith("（现在：inbox 已按 { owner: 1 } 分片：1 个字段，而不是 2 个）"), hint.getText());
        assertEquals("尚未通过", text(tileOf(robot, "bob"), ".board-status"));
        assertEquals(
                chinese.title(),
                ((Exercise) robot.lookup("#board-exercise")
                                .queryAs(ComboBox.class)
                                .getValue())
                        .title());
    }

    @Test
    void twoRowsOfThreeStayWithTheLongestGoalShowingAndEachTilePaintsItsPictureWhole(FxRobot robot) throws Exception {
        // given three students, and a fourth with the orders of the exercise whose goal is the longest
        threeStudentsWrite();
        Exercise longest = EXERCISES.stream()
                .max(Comparator.comparingInt(e -> e.goal().length()))
                .orElseThrow();
        String collection = longest.checks().get(0).check().collection();
        new ShellEngine(engine.shellCommandLayer(), line -> {}, System::nanoTime, 80, 80)
                .evaluate(
                        "use dee\nsh.shardCollection('dee." + collection + "', { status: 1 })\ndb." + collection
                                + ".insertOne({ status: 'shipped' })",
                        "dee",
                        false,
                        Duration.ofMinutes(1));
        robot.interact(board::start);
        waitUntil("four tiles", () -> tiles(robot).size() == 4);

        // when the teacher chooses that exercise, its goal above the tiles
        robot.interact(() -> board.exerciseProperty().set(longest));
        waitUntil(
                "dee's tile pictures " + collection,
                () -> text(tileOf(robot, "dee"), ".board-caption").startsWith(collection));

        // then the maximised window on the projector still holds two rows of three tiles
        assertEquals(6, board.tilesPerPageProperty().get());

        // and dee's tile paints its picture whole: the line, the lanes (the hot shard's badge) and the writes chart
        TileView dee = onFx(() -> view.slots().get(3));
        waitUntil("dee's picture is painted", () -> dee.painted().isPresent());
        DiagramPainter.Layout painted = dee.painted().orElseThrow();
        String where = onFx(() -> dee.pictureSize() + " " + painted);
        assertFalse(painted.bar().isEmpty(), where);
        assertFalse(painted.lanes().isEmpty(), where);
        assertFalse(painted.writesChart().isEmpty(), where);
    }
}

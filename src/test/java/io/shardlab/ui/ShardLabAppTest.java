package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Smoke test of the shell: the real window, headless (Monocle), driven like a user would. No test may end with a
 * failure nothing caught (the status bar's "Unexpected error" line, written to the error stream too): the error
 * stream is held while a test runs, checked after it and then passed on, so a ShardLab bug met while driving the
 * window fails the test instead of passing with a line in the log.
 */
@ExtendWith(ApplicationExtension.class)
class ShardLabAppTest {

    /** The line the test of the last resort provokes on purpose; no other test may leave one. */
    private static final String PROVOKED_FAILURE = "a handler this test broke on purpose";

    private Stage stage;
    private ShardLabApp app;
    private PrintStream errorStream;
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private boolean provokesAFailure;

    @Start
    void start(Stage stage) {
        errorStream = System.err;
        System.setErr(new PrintStream(written, true, StandardCharsets.UTF_8));
        this.stage = stage;
        app = TestDesktop.app();
        app.start(stage);
    }

    @AfterEach
    void no_failure_was_left_uncaught() {
        WaitForAsyncUtils.waitForFxEvents();
        System.setErr(errorStream);
        String lines = written.toString(StandardCharsets.UTF_8);
        List<String> unexpected = lines.lines()
                .filter(line -> line.startsWith("shardlab: "))
                .filter(line -> !(provokesAFailure && line.contains(PROVOKED_FAILURE)))
                .toList();
        lines.lines()
                .filter(line -> !(provokesAFailure && line.contains(PROVOKED_FAILURE)))
                .forEach(errorStream::println);
        assertEquals(List.of(), unexpected, "failures nothing caught while the test drove the window");
    }

    @Test
    void opens_the_main_window_on_the_empty_in_memory_cluster(FxRobot robot) {
        assertTrue(stage.isShowing());
        assertTrue(stage.getTitle().startsWith("ShardLab"), stage.getTitle());

        Node emptyState = robot.lookup("#empty-state").query();
        assertTrue(emptyState.isVisible());
        assertEquals(
                1,
                robot.lookup(".empty-state-title").queryAllAs(Label.class).stream()
                        .filter(l -> l.getText().equals("No collection yet"))
                        .count());
        assertEquals(
                "In-memory cluster · MongoDB 8.0",
                robot.lookup("#status-cluster").queryAs(Label.class).getText());
        assertEquals(
                "3 shards", robot.lookup("#status-shards").queryAs(Label.class).getText());
        assertEquals(
                "0 chunks", robot.lookup("#status-chunks").queryAs(Label.class).getText());
        assertEquals(3, robot.lookup(".shard-chip").queryAll().size());
    }

    @Test
    void in_a_window_shorter_than_the_empty_states_card_the_card_keeps_its_height_and_scrolls(FxRobot robot) {
        // given the room the main window has inside its frame on a 1280 × 720 screen, as openbox gives it
        robot.interact(() -> {
            stage.setWidth(1201);
            stage.setHeight(637);
        });
        WaitForAsyncUtils.waitForFxEvents();

        // then the card is as tall as its content, the keyboard shortcuts below the fold rather than cut off
        Region card = robot.lookup(".empty-state-card").queryAs(Region.class);
        Region scroller = robot.lookup("#empty-state").queryAs(Region.class);
        assertTrue(card.getHeight() > scroller.getHeight(), "the card fits: the test needs a shorter window");
        assertEquals(card.prefHeight(card.getWidth()), card.getHeight(), 0.5);
    }

    @Test
    void explore_a_shard_key_opens_the_explorer_on_the_first_scenario(FxRobot robot) throws Exception {
        robot.clickOn("#start-exploring");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#explorer").tryQuery().map(Node::isVisible).orElse(false)
                        && !robot.lookup("#status-chunks")
                                .queryAs(Label.class)
                                .getText()
                                .equals("0 chunks"));
        WaitForAsyncUtils.waitForFxEvents();

        assertFalse(robot.lookup("#empty-state").query().isVisible());
        assertEquals(
                "{ counter: 1 }",
                robot.lookup("#setup-key").queryTextInputControl().getText());
        assertEquals(
                "1 chunk", robot.lookup("#status-chunks").queryAs(Label.class).getText());
        assertTrue(stage.getTitle().contains("shardlab.events"), stage.getTitle());
    }

    /**
     * The explorer is built when first used (issue #32: the window's first frame), yet its menus are in the menu bar
     * from the start with their keys.
     */
    @ParameterizedTest(name = "{0} → {1}: {2}")
    @CsvSource(textBlock = """
            Edit,        Undo,                          Shortcut+Z
            Edit,        Redo,                          Shortcut+Shift+Z
            Edit,        Copy all commands as mongosh,  Shortcut+Shift+C
            Edit,        Query targeting…,              Shortcut+L
            Simulation,  Apply setup,                   Shortcut+Enter
            Simulation,  Edit the shard key,            Shortcut+K
            Simulation,  Reset,                         Shortcut+R
            Number line, Zoom in,                       Shortcut+Equals
            Number line, Zoom out,                      Shortcut+Minus
            Number line, Show the whole line,           Shortcut+0
            """)
    void on_the_empty_state_the_explorer_is_not_built_and_its_menus_have_their_keys(
            String menu, String item, String keys) {
        assertFalse(app.explorerBuilt(), "the explorer is built before it is shown");

        MenuItem found = menu(menu).getItems().stream()
                .filter(i -> item.equals(i.getText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(menu + " has no item " + item));

        assertEquals(KeyCombination.valueOf(keys), found.getAccelerator());
    }

    @Test
    void a_menu_item_acting_on_the_explorers_nodes_builds_it_and_exploring_then_shows_it(FxRobot robot)
            throws Exception {
        // given the window on its empty state, the explorer not built
        assertFalse(app.explorerBuilt());

        // when Simulation → Edit the shard key is chosen by its keys
        robot.push(KeyCode.SHORTCUT, KeyCode.K);
        WaitForAsyncUtils.waitForFxEvents();

        // then the explorer is built, and exploring shows it with the first scenario's key
        assertTrue(app.explorerBuilt(), "Ctrl+K reached no explorer");
        robot.clickOn("#start-exploring");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#setup-key")
                        .tryQuery()
                        .map(n -> n.isVisible()
                                && "{ counter: 1 }"
                                        .equals(robot.lookup("#setup-key")
                                                .queryTextInputControl()
                                                .getText()))
                        .orElse(false));
    }

    @Test
    void help_about_shows_the_version_and_the_licences(FxRobot robot) throws Exception {
        // by id: the empty state's shortcut list also shows the words "About ShardLab"
        robot.clickOn("Help");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#menu-about").tryQuery().isPresent());
        robot.clickOn("#menu-about");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#about-version").tryQuery().isPresent());

        Label version = robot.lookup("#about-version").queryAs(Label.class);
        assertEquals("Version " + AppInfo.load().version(), version.getText());
        assertFalse(AppInfo.load().version().isBlank());
        assertTrue(robot.lookup("#about-components")
                .lookup("Apache PDFBox")
                .tryQuery()
                .isPresent());
        assertFalse(
                robot.lookup("#about-components")
                        .lookup("GPLv3 or later")
                        .tryQuery()
                        .isPresent(),
                "no GPLv3 component in an Apache-2.0 distribution");
        Window dialog = version.getScene().getWindow();
        assertTrue(dialog.isShowing());
        assertTrue(dialog.getHeight() <= 700, "fits a 1280x720 screen: " + dialog.getHeight());

        robot.clickOn(((DialogPane) version.getScene().getRoot()).lookupButton(ButtonType.CLOSE));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(dialog.isShowing());
    }

    @Test
    void keyboard_shortcuts_switch_theme_and_presenter_mode(FxRobot robot) throws Exception {
        var rootClasses = stage.getScene().getRoot().getStyleClass();
        boolean darkBefore = rootClasses.contains("dark");

        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.D);
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> rootClasses.contains("presenter"));

        assertEquals(!darkBefore, rootClasses.contains("dark"));
        assertTrue(rootClasses.contains("presenter"));
    }

    @Test
    void a_failure_nothing_caught_on_the_fx_thread_is_one_line_and_the_window_keeps_working(FxRobot robot)
            throws Exception {
        Label line = robot.lookup("#status-failure").queryAs(Label.class);
        assertFalse(line.isVisible());

        // a handler that throws, as a bug in an event handler would: JavaFX hands it to the thread's handler
        provokesAFailure = true;
        Button broken = new Button("broken");
        broken.setOnAction(e -> {
            throw new IllegalStateException(PROVOKED_FAILURE);
        });
        Platform.runLater(broken::fire);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, line::isVisible);

        assertEquals("Unexpected error: " + PROVOKED_FAILURE + " (a ShardLab bug: please report it)", line.getText());
        robot.clickOn("#start-exploring");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> !robot.lookup("#status-chunks")
                        .queryAs(Label.class)
                        .getText()
                        .equals("0 chunks"));
        robot.clickOn(line);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !line.isVisible());
    }

    @Test
    void alt_f_opens_the_file_menu_and_it_stays_open_when_alt_is_let_go_before_f(FxRobot robot) {
        Menu file = menu("File");

        // Alt pressed, F pressed, Alt let go, F let go: a quick Alt+F
        robot.press(KeyCode.ALT).press(KeyCode.F).release(KeyCode.ALT).release(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(file.isShowing(), "File is open");
        robot.push(KeyCode.ESCAPE);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(textBlock = """
            menu-open-snapshot,     Shortcut+O
            menu-open-dump,         Shortcut+Shift+O
            menu-open-dump-archive, Shortcut+Alt+O
            menu-export,            Shortcut+E
            menu-quit,              Shortcut+Q
            """)
    void the_file_menus_items_have_keys(String id, String keys) {
        MenuItem item = menu("File").getItems().stream()
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow();

        assertEquals(KeyCombination.valueOf(keys), item.getAccelerator());
    }

    @Test
    void in_a_900_by_600_window_the_lessons_give_up_width_so_the_explorers_controls_and_rail_stay_whole(FxRobot robot)
            throws Exception {
        // given the explorer beside the lessons in a 900 × 600 window
        robot.interact(() -> {
            stage.setWidth(900);
            stage.setHeight(600);
            app.explorer().launch(ShardLabApp.FIRST_SCENARIO);
        });
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#history-redo")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false));
        WaitForAsyncUtils.waitForFxEvents();

        // then the shards' "+", redo and the side rail end left of the lessons, which stay beside them
        Node lessons = robot.lookup("#lessons-panel").query();
        double lessonsLeft = lessons.localToScene(lessons.getLayoutBounds()).getMinX();
        assertTrue(lessons.isVisible(), "the lessons panel shows");
        for (String id : List.of("#setup-shards", "#history-redo", "#side-rail")) {
            Node node = robot.lookup(id).query();
            javafx.geometry.Bounds bounds = node.localToScene(node.getLayoutBounds());
            assertTrue(node.isVisible() && bounds.getWidth() > 0, id + " shows");
            assertTrue(
                    bounds.getMaxX() <= lessonsLeft + 0.5,
                    id + " ends at " + bounds.getMaxX() + ", the lessons start at " + lessonsLeft);
        }
    }

    private Menu menu(String name) {
        MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .filter(m -> m.getText().replace("_", "").equals(name))
                .findFirst()
                .orElseThrow();
    }
}

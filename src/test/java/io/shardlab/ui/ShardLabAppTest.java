package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import io.shardlab.DesktopApp;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Smoke test of the shell: the real window, headless (Monocle), driven like a user would. */
@ExtendWith(ApplicationExtension.class)
class ShardLabAppTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new DesktopApp().start(stage);
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

        robot.clickOn(((DialogPane) version.getScene().getRoot()).lookupButton(javafx.scene.control.ButtonType.CLOSE));
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
        javafx.scene.control.Button broken = new javafx.scene.control.Button("broken");
        broken.setOnAction(e -> {
            throw new IllegalStateException("no chunk owns { counter: 5 }");
        });
        javafx.application.Platform.runLater(broken::fire);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, line::isVisible);

        assertEquals(
                "Unexpected error: no chunk owns { counter: 5 } (a ShardLab bug: please report it)", line.getText());
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
}

package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.DesktopApp;
import io.shardlab.session.Scenario;
import io.shardlab.shell.ShellEngine;
import io.shardlab.ui.console.ConsoleViewModel;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * View → Shell in the real window (headless Monocle): a split loop typed into the panel cuts the chunks
 * the number line shows, and Ctrl+C stops an endless loop while the window stays responsive.
 */
@ExtendWith(ApplicationExtension.class)
class ShellPanelInWindowTest {

    private ShardLabApp app;
    private String home;

    @Start
    void start(Stage stage) throws Exception {
        // the history file goes to a folder of the test's own, not to the developer's home
        home = System.getProperty("user.home");
        Path temporary = Files.createTempDirectory("shardlab-shell-panel");
        System.setProperty("user.home", temporary.toString());
        app = new DesktopApp();
        app.start(stage);
    }

    @AfterEach
    void stop() {
        app.stop();
        System.setProperty("user.home", home);
    }

    private int chunks() {
        DiagramPicture p = app.explorer().numberLine().pictureProperty().get();
        return p == null ? 0 : p.data().layout().snapshot().chunks().size();
    }

    private static String transcript(FxRobot robot) {
        return robot.lookup("#console-transcript").queryAs(TextArea.class).getText();
    }

    @Test
    void a_split_loop_typed_in_the_shell_cuts_the_number_line_and_ctrl_c_stops_an_endless_loop(FxRobot robot)
            throws Exception {
        ExplorerViewModel explorer = app.explorer();
        ConsoleViewModel console = app.console();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY && chunks() > 0);
        int before = chunks();

        // given the Shell panel, opened by its shortcut
        assertTrue(robot.lookup("#console-panel").tryQuery().isEmpty(), "the panel starts hidden");
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.S);
        waitUntil(() ->
                robot.lookup("#console-input").tryQuery().map(Node::isVisible).orElse(false));

        // when a split loop is typed and entered
        robot.clickOn("#console-input");
        robot.write("for (let i = 1; i <= 5; i++) db.adminCommand({ split: 'shardlab.events', "
                + "middle: { counter: i * 100 } })");
        robot.push(KeyCode.ENTER);

        // then the number line shows the five new chunks
        waitUntil(() -> chunks() == before + 5 && !console.runningProperty().get());
        assertTrue(transcript(robot).contains("[direct: mongos] test> for (let i = 1;"), transcript(robot));

        // when an endless loop runs, Ctrl+C stops it with the interruption line
        robot.write("while (true) {}");
        robot.push(KeyCode.ENTER);
        waitUntil(() -> console.runningProperty().get());
        assertFalse(robot.lookup("#console-interrupt").query().isDisabled(), "Interrupt is offered while it runs");
        robot.push(KeyCode.CONTROL, KeyCode.C);
        waitUntil(() -> !console.runningProperty().get());
        assertTrue(transcript(robot).strip().endsWith(ShellEngine.INTERRUPTED_SYNCHRONOUS), transcript(robot));

        // and the shell runs on: ↑ brings the loop back, Ctrl+L clears
        robot.push(KeyCode.UP);
        assertEquals(
                "while (true) {}",
                robot.lookup("#console-input").queryAs(TextArea.class).getText());
        robot.push(KeyCode.CONTROL, KeyCode.L);
        waitUntil(() -> transcript(robot).isEmpty());
    }

    @Test
    void tab_after_a_call_pops_up_the_cursor_methods_and_a_pick_completes_the_input(FxRobot robot) throws Exception {
        ExplorerViewModel explorer = app.explorer();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.S);
        waitUntil(() ->
                robot.lookup("#console-input").tryQuery().map(Node::isVisible).orElse(false));

        // given a find call typed up to a member's first letter, when Tab is pressed
        robot.clickOn("#console-input");
        robot.write("db.events.find({ counter: 5 }).s");
        robot.push(KeyCode.TAB);

        // then a popup lists the cursor's methods starting with s, and picking one completes the input
        waitUntil(() -> robot.lookup(".console-completions").tryQuery().isPresent());
        assertEquals(
                java.util.List.of("showRecordId", "size", "skip", "sort"),
                app.console().completionChoices());
        robot.clickOn("sort");
        waitUntil(() -> app.console().completionChoices().isEmpty());
        assertEquals(
                "db.events.find({ counter: 5 }).sort",
                robot.lookup("#console-input").queryAs(TextArea.class).getText());
    }
}

package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.DesktopApp;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The advisor opens from the main window's Tools menu, in a window of its own, once. */
@ExtendWith(ApplicationExtension.class)
class AdvisorWindowTest {

    private Stage main;

    @Start
    void start(Stage stage) {
        main = stage;
        new DesktopApp().start(stage);
    }

    private static List<Stage> advisorWindows() {
        return Window.getWindows().stream()
                .filter(w ->
                        w instanceof Stage s && s.isShowing() && "ShardLab — Shard key advisor".equals(s.getTitle()))
                .map(w -> (Stage) w)
                .toList();
    }

    private static void openFromMenu(FxRobot robot) throws Exception {
        robot.clickOn("Tools");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#menu-advisor").tryQuery().isPresent());
        robot.clickOn("#menu-advisor");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !advisorWindows().isEmpty());
    }

    @Test
    void toolsShardKeyAdvisorOpensItsWindowAndOpeningAgainReusesIt(FxRobot robot) throws Exception {
        openFromMenu(robot);
        Stage advisor = advisorWindows().get(0);
        assertTrue(advisor.getScene().getRoot().lookup("#analyze") != null);
        assertTrue(
                advisor.getScene().getRoot().getStylesheets().stream().anyMatch(s -> s.endsWith("shardlab.css")),
                "styled like the main window");

        robot.interact(main::toFront);
        openFromMenu(robot);

        assertEquals(List.of(advisor), advisorWindows());
        robot.interact(advisor::close);
    }

    @Test
    void escapeAndShortcutWCloseTheAdvisorWindow(FxRobot robot) throws Exception {
        openFromMenu(robot);
        Stage advisor = advisorWindows().get(0);
        robot.interact(() -> javafx.event.Event.fireEvent(advisor.getScene().getRoot(), key(KeyCode.ESCAPE, false)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> advisorWindows().isEmpty());
    }

    @Test
    void ctrlWTypedInTheCandidateFieldClosesTheAdvisorWindow(FxRobot robot) throws Exception {
        // given: the keyboard in the window's text field, as after typing a key
        openFromMenu(robot);
        robot.clickOn("#candidate-input").write("{ a: 1 }");

        // when: Ctrl+W (Cmd+W on macOS) pressed as keys, not the accelerator run by hand
        robot.push(KeyCode.SHORTCUT, KeyCode.W);

        // then
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> advisorWindows().isEmpty());
        assertTrue(main.isShowing(), "the main window stays");
    }

    private static javafx.scene.input.KeyEvent key(KeyCode code, boolean shortcut) {
        return new javafx.scene.input.KeyEvent(
                javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", code, false, shortcut, false, false);
    }
}

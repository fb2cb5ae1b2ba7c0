package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.ShardLabApp;
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
        new ShardLabApp().start(stage);
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

        openFromMenu(robot);
        Stage again = advisorWindows().get(0);
        robot.interact(() -> again.getScene()
                .getAccelerators()
                .get(new javafx.scene.input.KeyCodeCombination(
                        KeyCode.W, javafx.scene.input.KeyCombination.SHORTCUT_DOWN))
                .run());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> advisorWindows().isEmpty());
    }

    private static javafx.scene.input.KeyEvent key(KeyCode code, boolean shortcut) {
        return new javafx.scene.input.KeyEvent(
                javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", code, false, shortcut, false, false);
    }
}

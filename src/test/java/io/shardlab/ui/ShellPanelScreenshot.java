package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;

import io.shardlab.ui.explorer.diagram.DiagramPicture;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For README screenshots only (a test-source tool, run with -Dshardlab.screenshot=FOLDER): the window at
 * 1600 × 1000 with the inbox lesson's "Run in shell" step run in the Shell panel.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.screenshot", matches = ".+")
class ShellPanelScreenshot {

    static {
        // the headless screen must hold the whole window (run this class alone, before the toolkit starts)
        System.setProperty("headless.geometry", "1600x1000-32");
    }

    private ShardLabApp app;
    private ScreenshotWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = ScreenshotWindow.open(stage, 1600, 1000);
        app = window.app();
    }

    @Test
    void the_inbox_lesson_delivers_in_the_shell(FxRobot robot) throws Exception {
        robot.clickOn("#lessons-list");
        for (int i = 0; i < 5; i++) {
            robot.push(javafx.scene.input.KeyCode.DOWN);
        }
        robot.push(javafx.scene.input.KeyCode.ENTER);
        waitUntil(() -> robot.lookup("#lesson-shell-step-0").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#lesson-shell-step-0").queryButton().fire());
        waitUntil(() -> app.console().runningProperty().get());
        waitUntil(() -> !app.console().runningProperty().get());
        DiagramPicture picture = app.explorer().numberLine().pictureProperty().get();
        Thread.sleep(1500);
        org.junit.jupiter.api.Assertions.assertNotNull(picture, "the number line drew the lesson's cluster");
        window.shoot(robot, "shell-panel.png", 1600);
    }
}

package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For README screenshots only (a test-source tool, run with -Dshardlab.screenshot=FOLDER): the window at
 * 1280 × 720 with the lessons panel open and the first lesson played for a while.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.screenshot", matches = ".+")
class NarrowWindowScreenshot {

    static {
        // the headless screen must hold the whole window (run this class alone, before the toolkit starts)
        System.setProperty("headless.geometry", "1280x720-32");
    }

    private ShardLabApp app;
    private ScreenshotWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = ScreenshotWindow.open(stage, 1280, 720);
        app = window.app();
    }

    @Test
    void the_first_lesson_at_1280_by_720(FxRobot robot) throws Exception {
        robot.interact(() -> robot.lookup("#lesson-run").queryButton().fire());
        waitUntil(() -> app.explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> app.explorer().playback().togglePlay());
        waitUntil(() -> app.explorer().playback().progressProperty().get() > 0.35);
        robot.interact(() -> app.explorer().playback().pause());
        Thread.sleep(1500);
        assertNotNull(app.explorer().numberLine().pictureProperty().get(), "the number line drew the lesson's cluster");
        assertTrue(robot.lookup("#lessons-panel").query().isVisible(), "the shot shows the lessons panel open");
        window.shoot(robot, "narrow-window.png", 1280);
    }
}

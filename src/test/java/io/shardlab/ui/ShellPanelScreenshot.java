package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;

import io.shardlab.ui.explorer.DiagramPicture;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
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
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        System.setProperty(
                "user.home", Files.createTempDirectory("shardlab-shot").toString());
        app = new ShardLabApp();
        app.start(stage);
        stage.setWidth(1600);
        stage.setHeight(1000);
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
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = stage.getScene().snapshot(null));
        Path out = Path.of(System.getProperty("shardlab.screenshot"), "shell-panel.png");
        org.junit.jupiter.api.Assertions.assertNotNull(picture, "the number line drew the lesson's cluster");
        org.junit.jupiter.api.Assertions.assertEquals(1600, (int) shot[0].getWidth(), "the whole window was shot");
        org.junit.jupiter.api.Assertions.assertTrue(
                javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(shot[0], null), "png", out.toFile()),
                "a PNG writer is installed");
        org.junit.jupiter.api.Assertions.assertTrue(Files.size(out) > 0, out + " is written");
    }
}

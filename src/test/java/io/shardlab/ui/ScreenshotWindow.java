package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.DesktopApp;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;

/**
 * The window the README screenshot tools shoot (test-source tools run with {@code -Dshardlab.screenshot=FOLDER}):
 * the app started in a stage of a fixed size with a fresh home folder (no saved settings or history), and the
 * whole scene written as a PNG into that folder. Each tool sets {@code headless.geometry} to hold the window before
 * the toolkit starts.
 */
final class ScreenshotWindow {

    private final ShardLabApp app;
    private final Stage stage;

    private ScreenshotWindow(ShardLabApp app, Stage stage) {
        this.app = app;
        this.stage = stage;
    }

    /** The app started in {@code stage}, sized {@code width × height}, with an empty temporary home folder. */
    static ScreenshotWindow open(Stage stage, int width, int height) throws Exception {
        System.setProperty(
                "user.home", Files.createTempDirectory("shardlab-shot").toString());
        ShardLabApp app = new DesktopApp();
        app.start(stage);
        stage.setWidth(width);
        stage.setHeight(height);
        return new ScreenshotWindow(app, stage);
    }

    ShardLabApp app() {
        return app;
    }

    Stage stage() {
        return stage;
    }

    /** Writes the whole scene to {@code name} in the screenshot folder, checking it is {@code width} px wide. */
    void shoot(FxRobot robot, String name, int width) throws Exception {
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = stage.getScene().snapshot(null));
        Path out = Path.of(System.getProperty("shardlab.screenshot"), name);
        assertEquals(width, (int) shot[0].getWidth(), "the whole window was shot");
        assertTrue(
                javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(shot[0], null), "png", out.toFile()),
                "a PNG writer is installed");
        assertTrue(Files.size(out) > 0, out + " is written");
    }
}

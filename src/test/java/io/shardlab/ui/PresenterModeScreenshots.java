package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.comparison.ComparisonViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For README screenshots only (a test-source tool, run alone with -Dshardlab.screenshot=FOLDER): the window at
 * 1600 × 1000 in presenter mode, the ZIP-code lesson streamed to its end (lessons-presenter.png), then lesson 1
 * side by side with its 8.0 follow-up streamed to the end (compare-presenter.png). Each shot checks first that
 * both sides' number-line canvases show whole inside their cards.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.screenshot", matches = ".+")
class PresenterModeScreenshots {

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
    void presenter_mode_shows_a_lesson_and_a_comparison_whole(FxRobot robot) throws Exception {
        robot.clickOn("#lessons-presenter");
        waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains("presenter"));

        // the ZIP-code lesson (04), streamed to its end at full speed
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        robot.interact(() -> list.getSelectionModel().select(3));
        ScrollPane scroller = robot.lookup("#lesson-scroller").queryAs(ScrollPane.class);
        robot.interact(() -> scroller.setVvalue(scroller.getVmax()));
        robot.interact(() -> robot.lookup("#lesson-run").queryButton().fire());
        waitUntil(() -> app.explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> robot.lookup("#speed-max")
                .queryAs(javafx.scene.control.ButtonBase.class)
                .fire());
        robot.interact(() -> robot.lookup("#transport-play").queryButton().fire());
        waitLong(() -> app.explorer().playback().progressProperty().get() >= 1.0);
        waitLong(() -> !app.explorer().playback().playingProperty().get());
        robot.interact(() -> scroller.setVvalue(0));
        shoot(robot, "lessons-presenter.png");

        // lesson 1 and its 8.0 follow-up side by side, streamed to the end
        robot.interact(() -> list.getSelectionModel().select(0));
        robot.interact(() -> scroller.setVvalue(scroller.getVmax()));
        robot.interact(() -> robot.lookup("#lesson-follow-up-0").queryButton().fire());
        waitUntil(() -> app.explorer().comparison().isPresent()
                && comparison().left().readyProperty().get()
                && comparison().right().readyProperty().get());
        robot.interact(() -> robot.lookup("#comparison #speed-max")
                .queryAs(javafx.scene.control.ButtonBase.class)
                .fire());
        robot.interact(
                () -> robot.lookup("#comparison #transport-play").queryButton().fire());
        waitLong(() -> comparison().transport().progressProperty().get() >= 1.0);
        waitLong(() -> !comparison().transport().playingProperty().get());
        Thread.sleep(1500);
        for (String side : new String[] {"#comparison-left", "#comparison-right"}) {
            Node card = robot.lookup(side).query();
            Node canvas = robot.from(card).lookup("#number-line-canvas").query();
            Bounds[] b = new Bounds[2];
            robot.interact(() -> {
                b[0] = card.localToScene(card.getLayoutBounds());
                b[1] = canvas.localToScene(canvas.getLayoutBounds());
            });
            assertTrue(
                    b[1].getMaxY() <= b[0].getMaxY() + 1.5,
                    side + ": the lanes and legend end inside the card: " + b[1] + " in " + b[0]);
        }
        shoot(robot, "compare-presenter.png");
    }

    /** Waits up to ten minutes: a stream played to its end at full speed on a busy machine. */
    private static void waitLong(java.util.function.BooleanSupplier condition) throws Exception {
        org.testfx.util.WaitForAsyncUtils.waitFor(600, java.util.concurrent.TimeUnit.SECONDS, condition::getAsBoolean);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    }

    private ComparisonViewModel comparison() {
        return app.explorer().comparison().orElseThrow();
    }

    private void shoot(FxRobot robot, String name) throws Exception {
        DiagramPicture picture = app.explorer().numberLine().pictureProperty().get();
        assertTrue(picture != null, "the number line drew");
        Thread.sleep(1000);
        window.shoot(robot, name, 1600);
    }
}

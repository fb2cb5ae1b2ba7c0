package io.shardlab.ui.theme;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Windows placed on real stages (Monocle): a window opens sized for its screen, is remembered as the user left it
 * (maximised too) and opens so again while that is on a connected screen; a dialog is as large as its content, no
 * larger than its owner's screen, centred on its owner.
 */
@ExtendWith(ApplicationExtension.class)
class WindowPlacementInWindowTest {

    private static final Rectangle2D DESKTOP = new Rectangle2D(0, 0, 1600, 1000);
    private static final WindowPlacement.Size SIZE = new WindowPlacement.Size(1680, 1020, 720, 480);

    private final AtomicReference<List<Rectangle2D>> screens = new AtomicReference<>(List.of(DESKTOP));
    private final RememberedWindows remembered = RememberedWindows.inMemory();
    private Stage window;

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> List.copyOf(Window.getWindows()).stream()
                .filter(w -> w != null
                        && w.getScene() != null
                        && w.getScene().getRoot().getId() != null
                        && w.getScene().getRoot().getId().startsWith("placed"))
                .forEach(Window::hide));
    }

    /** Shows a window called "main" through a placement of its own over the remembered windows. */
    private Stage show(FxRobot robot) throws Exception {
        robot.interact(() -> {
            StackPane root = new StackPane();
            root.setId("placed-window");
            window = new Stage();
            window.setScene(new Scene(root));
            new WindowPlacement(remembered, screens::get).show(window, "main", SIZE);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return window;
    }

    private static Rectangle2D boundsOf(Window window) {
        return new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
    }

    @Test
    void aWindowFirstOpensSizedForItsScreenThenAsTheUserLeftIt(FxRobot robot) throws Exception {
        // given a first start on a 1600 × 1000 screen: most of it, centred
        Stage first = show(robot);
        assertEquals(new Rectangle2D(48, 40, 1504, 920), onFxThread(() -> boundsOf(first)));
        assertEquals(720, first.getMinWidth());

        // when the user moves and resizes it and closes it
        robot.interact(() -> {
            first.setX(200);
            first.setY(150);
            first.setWidth(1100);
            first.setHeight(700);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(first::hide);

        // then the next start opens it where it was
        Stage next = show(robot);
        assertEquals(new Rectangle2D(200, 150, 1100, 700), onFxThread(() -> boundsOf(next)));
        assertEquals(
                new WindowGeometry(200, 150, 1100, 700, false),
                remembered.geometry("main").orElseThrow());
    }

    @Test
    void aWindowLeftMaximisedOpensMaximisedAndReturnsToItsBoundsFromBefore(FxRobot robot) throws Exception {
        remembered.remember("main", new WindowGeometry(200, 150, 1100, 700, true));

        Stage shown = show(robot);
        waitUntil(shown::isMaximized);

        robot.interact(() -> shown.setMaximized(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new Rectangle2D(200, 150, 1100, 700), onFxThread(() -> boundsOf(shown)));
    }

    @Test
    void aWindowMaximisedIsRememberedSoAtOnceForARunEndedWithoutClosingIt(FxRobot robot, @TempDir Path home)
            throws Exception {
        // given the main window shown over a file of remembered windows
        Path file = home.resolve("windows");
        robot.interact(() -> {
            StackPane root = new StackPane();
            root.setId("placed-window");
            window = new Stage();
            window.setScene(new Scene(root));
            new WindowPlacement(RememberedWindows.inFile(file, problem -> {}), screens::get).show(window, "main", SIZE);
        });
        WaitForAsyncUtils.waitForFxEvents();

        // when the user maximises it, and the run ends by a signal: no window hides, nothing saves at exit
        robot.interact(() -> window.setMaximized(true));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();

        // then the next start reads it maximised
        assertTrue(RememberedWindows.inFile(file, problem -> {})
                .geometry("main")
                .orElseThrow()
                .maximized());
    }

    @Test
    void aWindowRememberedOnAScreenNoLongerConnectedOpensOnThePrimaryAsOnAFirstStart(FxRobot robot) throws Exception {
        remembered.remember("main", new WindowGeometry(1800, 100, 1100, 700, false));

        Stage shown = show(robot);

        assertEquals(new Rectangle2D(48, 40, 1504, 920), onFxThread(() -> boundsOf(shown)));
        assertFalse(shown.isMaximized());
    }

    @Test
    void aDialogIsAsLargeAsItsContentButNoLargerThanItsOwnersScreenAndCentredOnItsOwner(FxRobot robot)
            throws Exception {
        // given a window on a 1280 × 720 screen
        screens.set(List.of(new Rectangle2D(0, 0, 1280, 720)));
        Stage owner = show(robot);
        Rectangle2D ownerBounds = onFxThread(() -> boundsOf(owner));

        // when a dialog shows a small content, then one larger than the screen
        Window small = showDialog(robot, owner, 400, 200);
        Rectangle2D smallBounds = onFxThread(() -> boundsOf(small));
        Window large = showDialog(robot, owner, 2000, 1500);
        Rectangle2D largeBounds = onFxThread(() -> boundsOf(large));

        // then the small one is its content's size, centred on the window; the large one the screen's
        Region pane = (Region) small.getScene().getRoot();
        double prefWidth = onFxThread(() -> pane.prefWidth(-1));
        double prefHeight = onFxThread(() -> pane.prefHeight(prefWidth));
        assertTrue(prefWidth >= 400 && prefHeight >= 200, prefWidth + " × " + prefHeight);
        assertEquals(Math.ceil(prefWidth), small.getScene().getWidth(), 1);
        assertEquals(Math.ceil(prefHeight), small.getScene().getHeight(), 1);
        assertEquals(
                ownerBounds.getMinX() + ownerBounds.getWidth() / 2,
                smallBounds.getMinX() + smallBounds.getWidth() / 2,
                1);
        assertEquals(
                ownerBounds.getMinY() + ownerBounds.getHeight() / 2,
                smallBounds.getMinY() + smallBounds.getHeight() / 2,
                1);
        assertEquals(new Rectangle2D(0, 0, 1280, 720), largeBounds);
        assertTrue(owner.isShowing());
    }

    private static Window showDialog(FxRobot robot, Stage owner, double width, double height) throws Exception {
        AtomicReference<Dialog<ButtonType>> dialog = new AtomicReference<>();
        robot.interact(() -> {
            Region content = new Region();
            content.setPrefSize(width, height);
            Dialog<ButtonType> shown = new Dialog<>();
            shown.initOwner(owner);
            shown.getDialogPane().setId("placed-dialog");
            shown.getDialogPane().setContent(content);
            dialog.set(shown);
            new WindowPlacement(RememberedWindows.inMemory(), () -> List.of(new Rectangle2D(0, 0, 1280, 720)))
                    .show(shown);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        return dialog.get().getDialogPane().getScene().getWindow();
    }
}

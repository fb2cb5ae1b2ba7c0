package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.theme.Appearance;
import java.util.Optional;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The "accepting connections" strip of a class, with its roster, in the real main window in presenter mode on a
 * 1280 × 720 projector (headless Monocle): the menu bar stays whole at the window's top and the strip starts under
 * it, however little height the window leaves the explorer.
 */
@ExtendWith(ApplicationExtension.class)
class ClassStripInWindowTest {

    /** Half a pixel: layout snaps to pixels, bounds are doubles. */
    private static final double SLACK = 0.5;

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @AfterEach
    void stopConnections() {
        window.app().explorer().connections().stop();
    }

    private static Bounds inScene(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        return node.localToScene(node.getLayoutBounds());
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(textBlock = """
            # the scene: the whole screen, the window maximised under openbox (its title bar takes 19 px), the window
            # as openbox first opens it there
            1280 | 720
            1280 | 701
            1202 | 640
            """, delimiter = '|')
    void theMenuBarStaysWholeAboveTheClassStripInPresenterMode(double width, double height, FxRobot robot)
            throws Exception {
        // given the first scenario in the explorer, in presenter mode
        robot.interact(() -> window.app().explorer().launch(ShardLabApp.FIRST_SCENARIO));
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
        waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));

        // when the teacher accepts a class (its strip, its roster) and the window is the projector's size
        robot.interact(() -> window.app().explorer().connections().startClass(Optional.empty()));
        waitUntil(
                () -> window.app().explorer().connections().acceptingProperty().get()
                        && robot.lookup("#roster")
                                .tryQuery()
                                .map(Node::isVisible)
                                .orElse(false));
        robot.interact(window.stage()::toFront);
        robot.interact(() -> {
            window.stage().setWidth(width);
            window.stage().setHeight(height);
        });
        Bounds[] bounds = onFxThread(() -> {
            window.stage().getScene().getRoot().resize(width, height);
            window.stage().getScene().getRoot().layout();
            return new Bounds[] {inScene(robot, ".menu-bar"), inScene(robot, "#connections-bar")};
        });

        // then the menu bar is at the top, whole, and the strip starts under it
        Bounds menu = bounds[0];
        Bounds strip = bounds[1];
        assertEquals(0, menu.getMinY(), SLACK, "the menu bar's top: " + menu);
        assertTrue(strip.getMinY() >= menu.getMaxY() - SLACK, "the strip " + strip + " under the menu bar " + menu);
    }
}

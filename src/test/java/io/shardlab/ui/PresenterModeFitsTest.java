package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static io.shardlab.ui.SceneBounds.inside;
import static io.shardlab.ui.SceneBounds.sceneBounds;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.comparison.ComparisonViewModel;
import io.shardlab.ui.theme.Appearance;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.MenuBar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presenter mode presents: for every lesson, at 1280 × 720 (most projectors) and at 1920 × 1080, the number
 * line's canvas (its bar, every lane and the legend), and the writes chart lie whole inside the window, above
 * the status bar, left of the lessons panel and inside the diagram's scroller without scrolling: in the
 * explorer, in the lesson's comparison (when it has one), and with the Shell open. One window for every lesson,
 * sized to each (Monocle's headless screen is smaller than 1920 × 1080, but its windows take any size).
 */
@ExtendWith(ApplicationExtension.class)
class PresenterModeFitsTest {

    /** The least height a writes chart's plot keeps: room for its axis and a few lines. */
    private static final double MIN_CHART_HEIGHT = 110;

    private static final double[][] SIZES = {{1280, 720}, {1920, 1080}};

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @Test
    void every_lesson_shows_its_line_lanes_and_writes_chart_whole_in_presenter_mode(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.stage().setWidth(1280);
            window.stage().setHeight(720);
        });
        robot.interact(() ->
                robot.lookup("#lessons-presenter").queryAs(ButtonBase.class).fire());
        waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        int lessons = onFxThread(() -> list.getItems().size());
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lessons; i++) {
            int index = i;
            robot.interact(() -> list.getSelectionModel().select(index));
            robot.interact(
                    () -> robot.lookup("#lesson-run").queryAs(ButtonBase.class).fire());
            waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                    && window.app().explorer().numberLine().pictureProperty().get() != null);
            String lesson = "lesson " + (index + 1);
            for (double[] size : SIZES) {
                problems.addAll(measure(robot, lesson + ", explorer", size, "#explorer"));
            }
            shell(robot, true);
            for (double[] size : SIZES) {
                problems.addAll(measure(robot, lesson + ", Shell open", size, "#explorer"));
            }
            shell(robot, false);
            if (robot.lookup("#lesson-follow-up-0").tryQuery().isPresent()) {
                robot.interact(() -> robot.lookup("#lesson-follow-up-0")
                        .queryAs(ButtonBase.class)
                        .fire());
                waitUntil(() -> comparison().openProperty().get()
                        && comparison().left().readyProperty().get()
                        && comparison().right().readyProperty().get());
                for (double[] size : SIZES) {
                    problems.addAll(measure(robot, lesson + ", comparison, left", size, "#comparison-left"));
                    problems.addAll(measure(robot, lesson + ", comparison, right", size, "#comparison-right"));
                }
                robot.interact(() -> comparison().close());
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private ComparisonViewModel comparison() {
        return window.app().explorer().comparison().orElseThrow();
    }

    /** Ticks or unticks View → Shell. */
    private void shell(FxRobot robot, boolean open) throws Exception {
        robot.interact(() -> {
            MenuBar bar = (MenuBar) window.stage().getScene().getRoot().lookup(".menu-bar");
            bar.getMenus().stream()
                    .flatMap(m -> m.getItems().stream())
                    .filter(item -> "menu-shell".equals(item.getId()))
                    .map(CheckMenuItem.class::cast)
                    .forEach(item -> item.setSelected(open));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Lays the window's root out at {@code size} and lists what of {@code view}'s number line, lanes and writes
     * chart lies outside what the room sees.
     */
    private List<String> measure(FxRobot robot, String what, double[] size, String view) throws Exception {
        window.resize(size[0], size[1]);
        return onFxThread(() -> {
            String at = what + " at " + (int) size[0] + " × " + (int) size[1] + ": ";
            List<String> out = new ArrayList<>();
            Node root = robot.lookup(view).query();
            Node line = robot.from(root).lookup("#number-line-canvas").query();
            Node chart = robot.from(root).lookup("#writes-chart").query();
            Bounds viewport = viewport(robot, root);
            Bounds lineBounds = sceneBounds(line);
            Bounds chartBounds = sceneBounds(chart.getParent());
            if (!inside(lineBounds, viewport)) {
                out.add(at + "the number line and lanes " + lineBounds + " are not inside " + viewport);
            }
            if (!inside(chartBounds, viewport)) {
                out.add(at + "the writes chart " + chartBounds + " is not inside " + viewport);
            } else if (chartBounds.getHeight() < MIN_CHART_HEIGHT) {
                out.add(at + "the writes chart is " + Math.round(chartBounds.getHeight()) + " px high, less than "
                        + MIN_CHART_HEIGHT);
            }
            return out;
        });
    }

    /**
     * What the room sees of the explorer: the window under the menu bar and above the status bar, left of the
     * lessons panel, and inside the diagram's scroller's viewport when there is one (what scrolls is not seen).
     */
    private Bounds viewport(FxRobot robot, Node view) {
        Parent root = window.stage().getScene().getRoot();
        double top = sceneBounds(root.lookup(".menu-bar")).getMaxY();
        double bottom = sceneBounds(root.lookup(".status-bar")).getMinY();
        double right = sceneBounds(robot.lookup("#lessons-panel").query()).getMinX();
        Bounds box = new BoundingBox(0, top, right, bottom - top);
        Node scroller = view.lookup(".diagram-scroll");
        if (scroller != null && scroller.isVisible()) {
            Node port = scroller.lookup(".viewport");
            box = intersection(box, sceneBounds(port));
        }
        return box;
    }

    private static Bounds intersection(Bounds a, Bounds b) {
        double x0 = Math.max(a.getMinX(), b.getMinX());
        double y0 = Math.max(a.getMinY(), b.getMinY());
        double x1 = Math.min(a.getMaxX(), b.getMaxX());
        double y1 = Math.min(a.getMaxY(), b.getMaxY());
        return new BoundingBox(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
    }
}

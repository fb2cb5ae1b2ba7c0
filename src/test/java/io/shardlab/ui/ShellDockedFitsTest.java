package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static io.shardlab.ui.SceneBounds.SLACK;
import static io.shardlab.ui.SceneBounds.inside;
import static io.shardlab.ui.SceneBounds.sceneBounds;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.Scenario;
import io.shardlab.ui.explorer.ExplorerProbe;
import io.shardlab.ui.explorer.ExplorerViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * View → Shell docked under the explorer outside presenter mode: at 1280 × 720 (a projector, a small laptop) and
 * at 1600 × 1000, in the light and the dark theme, the number line's canvas (its bar and every lane) lies whole in
 * the diagram's viewport above the Shell, the writes chart's top (its title) shows under it, and the line, fitted into
 * that height, draws no text under 10 screen pixels.
 */
@ExtendWith(ApplicationExtension.class)
class ShellDockedFitsTest {

    /** How much of the writes chart must show: its card's title row. */
    private static final double CHART_TOP = 40;

    private static final double[][] SIZES = {{1280, 720}, {1600, 1000}};

    /** The least size of the number line's type on screen (NumberLineView's READABLE_TYPE_PX, Typography#atLeast). */
    private static final double READABLE_TYPE_PX = 10;

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @Test
    void with_the_shell_docked_the_line_every_lane_and_the_charts_top_stay_in_sight(FxRobot robot) throws Exception {
        // given a collection on six shards (six lanes) in the explorer, and the Shell docked under it
        robot.interact(() -> window.app()
                .explorer()
                .launch(Scenario.of("{ counter: 1 }", "monotonic").withShards(6).withDocuments(2_000)));
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                && window.app().explorer().numberLine().pictureProperty().get() != null);
        robot.interact(() -> ((CheckMenuItem) menuItem("menu-shell")).setSelected(true));
        waitUntil(() -> robot.lookup("#console-panel").tryQuery().isPresent());

        List<String> problems = new ArrayList<>();
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(() -> menuItem("menu-theme-" + theme).fire());
            for (double[] size : SIZES) {
                // when the window has that size, then the line, its lanes and the charts' top are in sight
                problems.addAll(measure(robot, theme, size));
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private MenuItem menuItem(String id) {
        MenuBar bar = (MenuBar) window.stage().getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .flatMap(item -> item instanceof Menu sub
                        ? Stream.concat(Stream.of(item), sub.getItems().stream())
                        : Stream.of(item))
                .filter(item -> id.equals(item.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no menu item " + id));
    }

    private List<String> measure(FxRobot robot, String theme, double[] size) throws Exception {
        window.resize(size[0], size[1]);
        return onFxThread(() -> {
            String at = theme + " at " + (int) size[0] + " × " + (int) size[1] + ": ";
            List<String> out = new ArrayList<>();
            Node explorer = robot.lookup("#explorer").query();
            Node line = robot.from(explorer).lookup("#number-line-canvas").query();
            Node chart = robot.from(explorer).lookup("#writes-chart").query();
            Node shell = robot.lookup("#console-panel").query();
            Bounds viewport = sceneBounds(explorer.lookup(".diagram-scroll").lookup(".viewport"));
            Bounds lineBounds = sceneBounds(line);
            Bounds chartBounds = sceneBounds(chart.getParent());
            if (sceneBounds(shell).getMinY() < viewport.getMaxY() - SLACK) {
                out.add(at + "the Shell " + sceneBounds(shell) + " overlaps the diagram " + viewport);
            }
            if (!inside(lineBounds, viewport)) {
                out.add(at + "the number line and lanes " + lineBounds + " are not inside " + viewport);
            }
            Bounds chartTop =
                    new BoundingBox(chartBounds.getMinX(), chartBounds.getMinY(), chartBounds.getWidth(), CHART_TOP);
            if (!inside(chartTop, viewport)) {
                out.add(at + "the writes chart's top " + chartTop + " is not inside " + viewport);
            }
            // fitted into the height above the Shell the canvas paints smaller, but its type stays readable
            List<Double> type = ExplorerProbe.lineTypeSizes(window.app().explorerView());
            double least = type.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            if (type.isEmpty() || least < READABLE_TYPE_PX - 0.01) {
                out.add(at + "the number line draws type at " + least + " px, under " + READABLE_TYPE_PX + " px");
            }
            return out;
        });
    }
}

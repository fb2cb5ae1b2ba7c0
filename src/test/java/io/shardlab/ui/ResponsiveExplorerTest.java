package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.LaneDetail;
import io.shardlab.ui.explorer.ExplorerProbe;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.theme.Appearance;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The explorer in the real main window at the sizes it opens at: the number line keeps its width (a narrow
 * explorer folds its side panel into a rail and its lanes give up figures), the cards' titles show whole, and
 * every section of the side panel is a click away.
 *
 * <p>The headless screen is 1280 × 800 and cannot show a larger window: for a larger size the window's scene
 * root is laid out at that size and the number line painted and measured in the same turn of the JavaFX thread
 * (as {@link ExplorerBarsFitTest} does).
 */
@ExtendWith(ApplicationExtension.class)
class ResponsiveExplorerTest {

    /** Half a pixel: layout snaps to pixels, bounds are doubles. */
    private static final double SLACK = 0.5;

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    private ExplorerView view() {
        return window.app().explorerView();
    }

    /** The first scenario, streamed for a moment and paused (so the lanes have writes and a hot shard). */
    private void showExplorer(FxRobot robot, boolean lessons, boolean presenter) throws Exception {
        robot.interact(() -> {
            window.stage().setWidth(1280);
            window.stage().setHeight(720);
        });
        robot.interact(() -> window.app().explorer().launch(ShardLabApp.FIRST_SCENARIO));
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                && robot.lookup("#explorer").tryQuery().map(Node::isVisible).orElse(false));
        robot.interact(() -> window.app().explorer().playback().togglePlay());
        waitUntil(() -> window.app()
                .explorer()
                .numberLine()
                .pictureProperty()
                .get()
                .data()
                .writes()
                .isPresent());
        robot.interact(() -> window.app().explorer().playback().togglePlay());
        waitUntil(() -> !window.app().explorer().playback().playingProperty().get());
        Node lessonsPanel = robot.lookup("#lessons-panel").query();
        if (!lessons) {
            robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.L);
            waitUntil(() -> !lessonsPanel.isVisible());
        }
        if (presenter) {
            robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
            waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        }
        assertEquals(lessons, lessonsPanel.isVisible(), "the lessons panel shows: " + lessons);
    }

    /** What the explorer showed after one lay-out and paint at a size. */
    private record Measured(
            double lineWidth, LaneDetail lanes, String sidePanel, double explorerWidth, double barHeight) {}

    /** Lays the window's scene root out at {@code width} × {@code height}, paints the line and measures it. */
    private Measured layOut(double width, double height) throws Exception {
        return onFxThread(() -> {
            Parent root = window.stage().getScene().getRoot();
            // twice: the explorer's width moves its side panel into the rail, which lays the diagram out anew
            for (int pass = 0; pass < 2; pass++) {
                root.resize(width, height);
                root.applyCss();
                root.layout();
            }
            ExplorerProbe.paintLineNow(view());
            return new Measured(
                    ExplorerProbe.lineWidth(view()),
                    ExplorerProbe.laneDetail(view()),
                    ExplorerProbe.sidePanelPlacement(view()),
                    view().node().getWidth(),
                    ExplorerProbe.barHeight(view()));
        });
    }

    @ParameterizedTest(name = "{0} × {1}, lessons {2}, presenter {3}: line ≥ {4} px, side panel {5}")
    @CsvSource(textBlock = """
            # window      lessons panel  presenter  line at least  side panel
            1280 | 720  | true         | false    | 360          | RAIL
            1600 | 1000 | true         | false    | 700          | RAIL
            1600 | 1000 | false        | false    | 700          | DOCKED
            1680 | 1020 | true         | false    | 700          | RAIL
            1920 | 1080 | true         | false    | 650          | DOCKED
            1280 | 720  | true         | true     | 300          | RAIL
            1600 | 1000 | true         | true     | 700          | RAIL
            """, delimiter = '|')
    void the_number_line_keeps_its_width_at_the_window_sizes_the_app_opens_at(
            double width,
            double height,
            boolean lessons,
            boolean presenter,
            double atLeast,
            String sidePanel,
            FxRobot robot)
            throws Exception {
        showExplorer(robot, lessons, presenter);

        Measured m = layOut(width, height);

        assertTrue(
                m.lineWidth() >= atLeast,
                "the number line is " + m.lineWidth() + " px wide in a " + m.explorerWidth() + " px explorer, lanes "
                        + m.lanes() + ": expected at least " + atLeast);
        assertEquals(sidePanel, m.sidePanel(), "the side panel in a " + m.explorerWidth() + " px explorer");
    }

    @Test
    void presenter_mode_paints_the_whole_diagram_larger_and_the_line_keeps_its_width(FxRobot robot) throws Exception {
        // given the explorer at 1600 x 1000 beside the lessons panel, in normal type
        showExplorer(robot, true, false);
        Measured normal = layOut(1600, 1000);

        // when presenter mode is switched on
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
        waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        Measured presenter = layOut(1600, 1000);

        // then every canvas (number line, lanes, legend, charts) paints at the presenter scale, bars included
        assertEquals(
                List.of(
                        Appearance.PRESENTER_DIAGRAM_SCALE,
                        Appearance.PRESENTER_DIAGRAM_SCALE,
                        Appearance.PRESENTER_DIAGRAM_SCALE),
                onFxThread(() -> ExplorerProbe.canvasScales(view())));
        assertEquals(normal.barHeight() * Appearance.PRESENTER_DIAGRAM_SCALE, presenter.barHeight(), SLACK);
        // and the line is about as wide as in normal type
        assertTrue(presenter.lineWidth() >= 0.9 * normal.lineWidth(), "presenter " + presenter + ", normal " + normal);
    }

    @Test
    void the_line_is_painted_even_in_the_smallest_window_its_lanes_giving_up_their_figures(FxRobot robot)
            throws Exception {
        showExplorer(robot, true, true);

        Measured smallest = layOut(720, 480);
        Measured roomy = layOut(1600, 1000);

        assertTrue(smallest.lineWidth() >= 100, "a line is painted: " + smallest);
        assertTrue(smallest.lanes().compareTo(LaneDetail.FULL) > 0, "its lanes show less: " + smallest.lanes());
        // presenter type keeps the line wide before the table: a roomy window shows more of it, names always
        assertTrue(
                roomy.lanes().compareTo(smallest.lanes()) < 0 && roomy.lanes().names(),
                "a roomy window shows more: " + roomy.lanes() + " against " + smallest.lanes());
    }

    // ---- nothing cut -----------------------------------------------------------------------------------

    @ParameterizedTest(name = "presenter mode {0}")
    @CsvSource({"false", "true"})
    void at_1280_by_720_every_card_title_and_caption_shows_whole_inside_its_card(boolean presenter, FxRobot robot)
            throws Exception {
        showExplorer(robot, true, presenter);
        WaitForAsyncUtils.waitForFxEvents();

        List<String> problems = onFxThread(() -> {
            List<String> found = new ArrayList<>();
            Node explorer = view().node();
            for (Node card : explorer.lookupAll(".explorer-card")) {
                if (!card.isVisible()) {
                    continue;
                }
                Bounds cardBounds = sceneBounds(card);
                for (Node n : card.lookupAll(".card-title, .card-caption")) {
                    Labeled label = (Labeled) n;
                    if (!label.isVisible()
                            || label.getText() == null
                            || label.getText().isEmpty()) {
                        continue;
                    }
                    String shown = shownText(label);
                    if (!label.getText().equals(shown)) {
                        found.add("\"" + label.getText() + "\" shows as \"" + shown + "\"");
                    }
                    Bounds b = sceneBounds(label);
                    if (b.getMinX() < cardBounds.getMinX() - SLACK || b.getMaxX() > cardBounds.getMaxX() + SLACK) {
                        found.add("\"" + label.getText() + "\" at " + b + " is outside its card " + cardBounds);
                    }
                }
            }
            return found;
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The text a label shows: its text node's, which ends in "…" when cut. */
    private static String shownText(Labeled label) {
        StringBuilder b = new StringBuilder();
        for (Node t : label.lookupAll(".text")) {
            if (t instanceof Text text && t.getParent() == label) {
                b.append(text.getText());
            }
        }
        return b.toString().replace("\n", " ").trim();
    }

    private static Bounds sceneBounds(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    // ---- the side panel's rail ---------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} opens {1}")
    @CsvSource(textBlock = """
            rail-chunk   | Chunk   | #tab-chunk    | .no-selection
            rail-query   | Query   | #tab-query    | #query-filter
            rail-history | History | #tab-history  | #copy-all-mongosh
            rail-log     | Log     | #tab-activity | #activity-list
            """, delimiter = '|')
    void in_a_narrow_window_each_rail_button_opens_its_section_over_the_diagram_and_closes_it_again(
            String button, String title, String tab, String content, FxRobot robot) throws Exception {
        showExplorer(robot, true, false);
        robot.interact(() -> window.app().explorer().numberLine().clearSelection());
        Node panel = robot.lookup("#side-panel").query();
        assertFalse(panel.isVisible(), "the panel is folded into the rail");
        double lineBefore = layOut(
                        window.stage().getScene().getWidth(),
                        window.stage().getScene().getHeight())
                .lineWidth();

        robot.clickOn("#" + button);
        waitUntil(panel::isVisible);

        Node shown = robot.lookup(content).query();
        assertTrue(visible(shown), content + " shows");
        Bounds b = sceneBounds(shown);
        Bounds lessons = sceneBounds(robot.lookup("#lessons-panel").query());
        assertTrue(
                b.getMinX() >= -SLACK
                        && b.getMaxX() <= lessons.getMinX() + SLACK
                        && b.getMinY() >= -SLACK
                        && b.getMinY() < window.stage().getScene().getHeight(),
                content + " at " + b + " lies in the window, left of " + "the lessons panel at x=" + lessons.getMinX());
        assertEquals(title, robot.lookup("#side-panel-title").queryLabeled().getText(), "the panel names its section");
        assertTrue(
                robot.lookup(tab).query().getStyleClass().contains("tab")
                        && robot.lookup(tab).query().getPseudoClassStates().stream()
                                .anyMatch(p -> p.getPseudoClassName().equals("selected")),
                tab + " is in front");
        assertEquals("DRAWER", ExplorerProbe.sidePanelPlacement(view()));
        assertEquals(
                lineBefore,
                layOut(
                                window.stage().getScene().getWidth(),
                                window.stage().getScene().getHeight())
                        .lineWidth(),
                0.5,
                "the drawer floats over the diagram: the line keeps its width");

        robot.clickOn("#" + button);
        waitUntil(() -> !panel.isVisible());
        assertEquals("RAIL", ExplorerProbe.sidePanelPlacement(view()));
    }

    @Test
    void a_chunk_selected_in_a_narrow_window_puts_a_cue_on_the_rail_and_its_details_are_a_click_away(FxRobot robot)
            throws Exception {
        showExplorer(robot, true, false);
        robot.interact(() -> window.app().explorer().numberLine().clearSelection());
        Node cue = robot.lookup(".rail-cue").query();
        assertFalse(cue.isVisible());

        robot.interact(() -> window.app().explorer().numberLine().selectChunk(0));

        assertTrue(cue.isVisible(), "the chunk button shows a cue");
        assertFalse(robot.lookup("#side-panel").query().isVisible(), "the panel stays closed");
        robot.clickOn("#rail-chunk");
        waitUntil(() -> visible(robot.lookup("#chunk-split-median").query()));
        assertFalse(cue.isVisible(), "the cue goes once the details show");
        assertEquals(
                "Chunk 1 of "
                        + window.app()
                                .explorer()
                                .numberLine()
                                .pictureProperty()
                                .get()
                                .model()
                                .chunkCount(),
                robot.lookup("#chunk-title").queryLabeled().getText());
        Bounds split = sceneBounds(robot.lookup("#chunk-split-median").query());
        assertTrue(
                split.getMaxX()
                        <= sceneBounds(robot.lookup("#lessons-panel").query()).getMinX() + SLACK,
                "the chunk's actions are in reach: " + split);
    }

    @Test
    void a_pinned_panel_sits_beside_the_diagram_opens_for_a_selected_chunk_and_unpinning_folds_it(FxRobot robot)
            throws Exception {
        showExplorer(robot, true, false);
        robot.interact(() -> window.app().explorer().numberLine().clearSelection());
        double railLine = layOut(
                        window.stage().getScene().getWidth(),
                        window.stage().getScene().getHeight())
                .lineWidth();

        robot.clickOn("#rail-history");
        robot.clickOn("#rail-pin");
        Measured pinned = layOut(
                window.stage().getScene().getWidth(), window.stage().getScene().getHeight());

        assertEquals("PINNED", pinned.sidePanel());
        Node panel = robot.lookup("#side-panel").query();
        Bounds lineCard = sceneBounds(robot.lookup(".line-card").query());
        assertTrue(lineCard.getMaxX() <= sceneBounds(panel).getMinX() + SLACK, "the panel is beside the diagram");
        assertTrue(pinned.lineWidth() > 0 && pinned.lineWidth() < railLine, "the line makes room: " + pinned);

        robot.interact(() -> window.app().explorer().numberLine().selectChunk(0));
        waitUntil(() -> visible(robot.lookup("#chunk-split-median").query()));
        assertFalse(robot.lookup(".rail-cue").query().isVisible(), "a pinned panel shows the chunk, no cue needed");

        robot.clickOn("#rail-pin");
        waitUntil(() -> !panel.isVisible());
        assertEquals("RAIL", ExplorerProbe.sidePanelPlacement(view()));
    }

    @Test
    void edit_query_targeting_opens_the_query_section_with_the_keyboard_in_the_filter(FxRobot robot) throws Exception {
        showExplorer(robot, true, false);

        robot.push(KeyCode.SHORTCUT, KeyCode.L);
        waitUntil(() -> robot.lookup("#query-filter").query().isFocused());

        robot.write("{ counter: 5 }");
        waitUntil(() -> "single-shard shape"
                .equals(robot.lookup("#query-class").queryLabeled().getText()));
        robot.push(KeyCode.ESCAPE);
        waitUntil(() -> !robot.lookup("#side-panel").query().isVisible());
    }

    /** Visible with all its ancestors. */
    private static boolean visible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}

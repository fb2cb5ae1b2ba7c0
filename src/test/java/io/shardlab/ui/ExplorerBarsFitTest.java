package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static io.shardlab.ui.SceneBounds.SLACK;
import static io.shardlab.ui.SceneBounds.sceneBounds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.setup.SetupViewModel;
import io.shardlab.ui.theme.Appearance;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.skin.ComboBoxListViewSkin;
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
 * The explorer's setup row and transport bar in the real main window, with the lessons panel open, at the
 * window's smallest default size and the larger ones it opens at: every control lies whole inside the
 * window, inside its bar and left of the lessons panel, none covers another, no caption is cut to "…",
 * and Apply takes a click.
 */
@ExtendWith(ApplicationExtension.class)
class ExplorerBarsFitTest {

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    /** Shows the first scenario in the explorer, the window at the headless screen's 1280 × 720. */
    private void showExplorer(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.stage().setWidth(1280);
            window.stage().setHeight(720);
        });
        robot.interact(() -> window.app().explorer().launch(ShardLabApp.FIRST_SCENARIO));
        // the explorer joins the scene when the collection first shows
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                && robot.lookup("#explorer").tryQuery().map(Node::isVisible).orElse(false));
        assertEquals(1280, window.stage().getScene().getWidth(), 1, "the window takes the size asked for");
        assertTrue(robot.lookup("#lessons-panel").query().isVisible(), "the lessons panel is open");
    }

    @Test
    void at_1280_by_720_every_setup_and_transport_control_is_whole_and_apply_takes_a_click(FxRobot robot)
            throws Exception {
        showExplorer(robot);

        Layout layout = onFxThread(() -> measure(
                robot,
                window.stage().getScene().getWidth(),
                window.stage().getScene().getHeight()));
        assertFits(layout);

        // Apply is on screen and takes a click: the form's two shards become the cluster's
        robot.interact(() -> window.app().explorer().setup().shardsProperty().set(2));
        robot.clickOn("#setup-apply");
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                && window.app().explorer().numberLine().pictureProperty().get() != null
                && window.app()
                                .explorer()
                                .numberLine()
                                .pictureProperty()
                                .get()
                                .model()
                                .shards()
                                .size()
                        == 2);

        // and a read-only layout's bar, in their place, fits too
        robot.interact(() -> window.app()
                .explorer()
                .showLayout(
                        window.app()
                                .explorer()
                                .numberLine()
                                .pictureProperty()
                                .get()
                                .data()
                                .layout(),
                        "shardlab.events · shard key { counter: 1 } · events.shardlab"));
        WaitForAsyncUtils.waitForFxEvents();
        Layout readOnly = onFxThread(() -> measure(
                robot,
                window.stage().getScene().getWidth(),
                window.stage().getScene().getHeight(),
                List.of(".read-only-layout-bar")));
        assertFits(readOnly);
        assertFalse(robot.lookup("#explorer").lookup(".transport-bar").query().isVisible());
    }

    /**
     * The larger sizes the window opens at on larger screens. The headless screen is 1280 × 800 and cannot
     * show a larger window, so the window's own scene root is laid out at each size and measured in the
     * same pulse, before the window lays it out at its own size again.
     */
    @Test
    void the_workload_pickers_tooltip_names_the_chosen_workload_whole_which_its_closed_label_may_cut(FxRobot robot)
            throws Exception {
        showExplorer(robot);
        robot.moveTo("#setup-workload");
        WaitForAsyncUtils.waitForFxEvents();

        String[] shown = onFxThread(() -> {
            javafx.scene.control.ComboBox<?> workload =
                    robot.lookup("#setup-workload").queryAs(javafx.scene.control.ComboBox.class);
            return new String[] {
                window.app().explorer().setup().workloadProperty().get().toString(),
                workload.getTooltip().getText()
            };
        });

        assertTrue(shown[1].startsWith(shown[0] + ": "), "the tooltip starts with the name: " + shown[1]);
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(textBlock = """
            1440 | 900
            1680 | 1020
            """, delimiter = '|')
    void at_the_larger_window_sizes_every_setup_and_transport_control_is_whole(
            double width, double height, FxRobot robot) throws Exception {
        showExplorer(robot);

        Layout layout = onFxThread(() -> {
            layOutRootAt(width, height);
            return measure(robot, width, height);
        });
        assertFits(layout);
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(textBlock = """
            1504 | 1000
            1600 | 1000
            1680 | 1020
            """, delimiter = '|')
    void from_1504_px_wide_the_setup_row_keeps_to_one_line(double width, double height, FxRobot robot)
            throws Exception {
        showExplorer(robot);
        for (String key : List.of("{ counter: 1 }", "{ postcode: 1, address: 1 }")) {
            double[] tops = onFxThread(() -> {
                window.app().explorer().setup().keyPatternProperty().set(key);
                layOutRootAt(width, height);
                Node play = robot.lookup("#setup-workload").query();
                Node apply = robot.lookup("#setup-apply").query();
                return new double[] {
                    play.localToScene(play.getLayoutBounds()).getMinY(),
                    apply.localToScene(apply.getLayoutBounds()).getMinY()
                };
            });
            assertTrue(
                    tops[1] < tops[0] + 40,
                    key + ": Apply sits on the workload's row, not a second one: " + tops[0] + " / " + tops[1]);
        }
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(textBlock = """
            # window     presenter (larger type: the row wraps, the picker takes its first line's room)
            1504 | 1000 | false
            1600 | 1000 | false
            1504 | 1000 | true
            """, delimiter = '|')
    void from_1504_px_wide_every_workloads_name_shows_whole_in_the_closed_picker(
            double width, double height, boolean presenter, FxRobot robot) throws Exception {
        showExplorer(robot);
        if (presenter) {
            robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
            waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        }
        List<SetupViewModel.WorkloadChoice> workloads =
                onFxThread(() -> List.copyOf(window.app().explorer().setup().workloadsProperty()));
        assertTrue(workloads.size() >= 10, "the picker offers the generated workloads: " + workloads);
        for (SetupViewModel.WorkloadChoice choice : workloads) {
            // given the workload chosen, which puts its suggested key in the key field
            String[] shown = onFxThread(() -> {
                window.app().explorer().setup().workloadProperty().set(choice);
                layOutRootAt(width, height);
                ComboBox<?> picker = robot.lookup("#setup-workload").queryAs(ComboBox.class);
                Node label = ((ComboBoxListViewSkin<?>) picker.getSkin()).getDisplayNode();
                Node text = label.lookup(".text");
                Node workload = robot.lookup("#setup-workload").query();
                Node apply = robot.lookup("#setup-apply").query();
                return new String[] {
                    text instanceof Text t ? t.getText() : null,
                    window.app().explorer().setup().keyPatternProperty().get(),
                    String.valueOf(
                            workload.localToScene(workload.getLayoutBounds()).getMinY()),
                    String.valueOf(apply.localToScene(apply.getLayoutBounds()).getMinY())
                };
            });
            // then the closed picker shows its name whole, and the row stays one line at the usual type size
            assertEquals(choice.toString(), shown[0], choice + " with " + shown[1] + ": the closed picker");
            assertTrue(
                    presenter || Double.parseDouble(shown[3]) < Double.parseDouble(shown[2]) + 40,
                    choice.label() + ": Apply sits on the workload's row");
        }
    }

    /**
     * Lays the window's scene root out at a size the headless screen cannot show, measured in the same pulse before
     * the window lays it out at its own size again. On the FX thread.
     */
    private void layOutRootAt(double width, double height) {
        Parent root = window.stage().getScene().getRoot();
        root.resize(width, height);
        root.applyCss();
        root.layout();
    }

    /** A control's place in the scene and the caption it shows. */
    private record Placed(String name, Bounds bounds, String text, String shownText) {}

    /** What one lay-out of the window put where. */
    private record Layout(
            double width,
            double height,
            Bounds lessons,
            java.util.Map<String, Bounds> bars,
            java.util.Map<String, List<Placed>> controls) {}

    /** The setup row, the transport bar, and the number line card's header with its scale and zoom tools. */
    private static final List<String> BARS = List.of(".setup-bar", ".transport-bar", ".line-card > .card-header");

    private static Layout measure(FxRobot robot, double width, double height) {
        return measure(robot, width, height, BARS);
    }

    private static Layout measure(FxRobot robot, double width, double height, List<String> barsToMeasure) {
        java.util.Map<String, Bounds> bars = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<Placed>> controls = new java.util.LinkedHashMap<>();
        for (String bar : barsToMeasure) {
            Node barNode = robot.lookup("#explorer").lookup(bar).query();
            bars.put(bar, barNode.isVisible() ? sceneBounds(barNode) : null);
            List<Control> found = new ArrayList<>();
            collectControls(barNode, found);
            controls.put(
                    bar,
                    found.stream()
                            .map(c -> {
                                String text = c instanceof Labeled l ? l.getText() : null;
                                Node shown = c.lookup(".text");
                                return new Placed(
                                        describe(c),
                                        sceneBounds(c),
                                        text,
                                        shown instanceof Text t ? t.getText() : null);
                            })
                            .toList());
        }
        return new Layout(
                width, height, sceneBounds(robot.lookup("#lessons-panel").query()), bars, controls);
    }

    private static void assertFits(Layout layout) {
        for (String bar : layout.bars().keySet()) {
            Bounds barBounds = layout.bars().get(bar);
            assertTrue(barBounds != null, bar + " shows");
            List<Placed> controls = layout.controls().get(bar);
            assertTrue(controls.size() >= 2, bar + " has its controls: " + controls);
            for (Placed c : controls) {
                Bounds b = c.bounds();
                String name = c.name() + " at " + b;
                assertTrue(b.getWidth() > 0 && b.getHeight() > 0, name + " has a size");
                assertTrue(
                        b.getMinX() >= -SLACK
                                && b.getMaxX() <= layout.width() + SLACK
                                && b.getMinY() >= -SLACK
                                && b.getMaxY() <= layout.height() + SLACK,
                        name + " lies inside the " + layout.width() + " × " + layout.height() + " window");
                assertTrue(
                        b.getMinX() >= barBounds.getMinX() - SLACK
                                && b.getMaxX() <= barBounds.getMaxX() + SLACK
                                && b.getMinY() >= barBounds.getMinY() - SLACK
                                && b.getMaxY() <= barBounds.getMaxY() + SLACK,
                        name + " lies inside " + bar + " " + barBounds);
                assertTrue(
                        b.getMaxX() <= layout.lessons().getMinX() + SLACK,
                        name + " is left of the lessons panel, which starts at x="
                                + layout.lessons().getMinX());
                if (c.text() != null && !c.text().isEmpty()) {
                    assertEquals(c.text(), c.shownText(), name + " shows its whole caption");
                }
            }
            for (int i = 0; i < controls.size(); i++) {
                for (int j = i + 1; j < controls.size(); j++) {
                    Bounds a = shrunk(controls.get(i).bounds());
                    Bounds b = shrunk(controls.get(j).bounds());
                    assertFalse(
                            a.intersects(b),
                            controls.get(i).name() + " " + a + " and "
                                    + controls.get(j).name() + " " + b + " overlap");
                }
            }
        }
    }

    /** The visible controls of {@code node}, outermost only (a spinner, not its text field). */
    private static void collectControls(Node node, List<Control> into) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Control c) {
            into.add(c);
            return;
        }
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(child -> collectControls(child, into));
        }
    }

    private static Bounds shrunk(Bounds b) {
        return new javafx.geometry.BoundingBox(
                b.getMinX() + SLACK,
                b.getMinY() + SLACK,
                Math.max(0, b.getWidth() - 2 * SLACK),
                Math.max(0, b.getHeight() - 2 * SLACK));
    }

    private static String describe(Control c) {
        String id = c.getId() != null ? "#" + c.getId() : c.getClass().getSimpleName();
        return c instanceof Labeled l && l.getText() != null ? id + " \"" + l.getText() + "\"" : id;
    }
}

package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.SnapshotFile;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.FakeCluster;
import io.shardlab.live.LiveCapture;
import io.shardlab.live.LiveConfigSource;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.ui.explorer.ExplorerViewModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.collections.ObservableList;
import javafx.css.CssMetaData;
import javafx.css.Styleable;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A test-source tool for stylesheet changes (run alone with -Dshardlab.styleshots=FOLDER): every window the app
 * styles — the main window empty and with a scenario loaded, light, dark and in presenter mode, a read-only
 * layout, the advisor, About and Connect — as a PNG and as a text list of every node's CSS-settable properties
 * ({@code NAME.css.txt}), so two runs (before and after moving rules between stylesheets) can be compared node
 * by node: a rule that stopped applying shows as a changed property.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.styleshots", matches = ".+")
class StyleShots {

    static {
        System.setProperty("headless.geometry", "1600x1000-32");
    }

    private ShardLabApp app;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        app = ScreenshotWindow.open(stage, 1600, 1000).app();
    }

    @Test
    void every_styled_window(FxRobot robot) throws Exception {
        Path folder = Path.of(System.getProperty("shardlab.styleshots"));
        Files.createDirectories(folder);
        Thread.sleep(500);
        shoot(robot, stage.getScene(), folder, "main-empty-light");

        robot.interact(() -> robot.lookup("#lesson-run").queryButton().fire());
        waitUntil(() -> app.explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        for (int i = 0; i < 5; i++) {
            robot.interact(() -> app.explorer().playback().step());
            WaitForAsyncUtils.waitForFxEvents();
            Thread.sleep(300);
        }
        Thread.sleep(1000);
        shoot(robot, stage.getScene(), folder, "explorer-light");
        javafx.scene.control.ComboBox<?> workload =
                robot.lookup("#setup-workload").queryAs(javafx.scene.control.ComboBox.class);
        robot.interact(workload::show);
        Thread.sleep(800);
        shoot(robot, newestOtherWindow().getScene(), folder, "workload-list");
        robot.interact(workload::hide);

        fire(robot, "menu-theme-dark");
        Thread.sleep(1000);
        shoot(robot, stage.getScene(), folder, "explorer-dark");
        fire(robot, "menu-theme-light");

        fire(robot, "menu-presenter");
        waitUntil(() -> stage.getScene().getRoot().getStyleClass().contains("presenter"));
        Thread.sleep(1000);
        shoot(robot, stage.getScene(), folder, "explorer-presenter");
        fire(robot, "menu-presenter");
        waitUntil(() -> !stage.getScene().getRoot().getStyleClass().contains("presenter"));

        robot.interact(() -> app.explorer().compareWithSetup());
        waitUntil(() -> app.explorer().comparison().isPresent()
                && app.explorer().comparison().get().left().readyProperty().get()
                && app.explorer().comparison().get().right().readyProperty().get());
        for (int i = 0; i < 5; i++) {
            robot.interact(() -> app.explorer().comparison().get().transport().step());
            WaitForAsyncUtils.waitForFxEvents();
            Thread.sleep(300);
        }
        Thread.sleep(1000);
        shoot(robot, stage.getScene(), folder, "comparison");
        robot.interact(() -> app.explorer().closeComparison());
        Thread.sleep(500);

        fire(robot, "menu-shell");
        Thread.sleep(800);
        shoot(robot, stage.getScene(), folder, "explorer-shell");
        fire(robot, "menu-shell");

        fire(robot, "menu-about");
        Thread.sleep(800);
        Window about = newestOtherWindow();
        shoot(robot, about.getScene(), folder, "about");
        robot.interact(about::hide);

        fire(robot, "menu-connect");
        Thread.sleep(800);
        Window connect = newestOtherWindow();
        shoot(robot, connect.getScene(), folder, "connect");
        robot.interact(connect::hide);

        fire(robot, "menu-advisor");
        Thread.sleep(1500);
        Window advisor = newestOtherWindow();
        shoot(robot, advisor.getScene(), folder, "advisor");
        robot.interact(advisor::hide);

        Path file = folder.resolve("users.shardlab");
        writeUsersSnapshot(file);
        robot.interact(() -> app.live().layout().openSnapshot(file));
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> robot.lookup("#live-panel").query().isVisible());
        Thread.sleep(1500);
        shoot(robot, stage.getScene(), folder, "live-layout");
        Files.delete(file);
    }

    private Window newestOtherWindow() {
        List<Window> windows = new ArrayList<>(Window.getWindows());
        windows.removeIf(w -> w == stage || !w.isShowing() || w.getScene() == null);
        assertTrue(!windows.isEmpty(), "a second window is open");
        return windows.get(windows.size() - 1);
    }

    private void fire(FxRobot robot, String id) {
        robot.interact(() -> {
            MenuItem item =
                    find(stage.getScene().getRoot())
                            .orElseThrow(() -> new AssertionError("no menu bar"))
                            .getMenus()
                            .stream()
                            .flatMap(m -> items(m).stream())
                            .filter(i -> id.equals(i.getId()))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("no menu item " + id));
            if (item instanceof javafx.scene.control.CheckMenuItem check) {
                // a check item's skin flips it on a click; fire() alone would act on the old state
                check.setSelected(!check.isSelected());
            }
            item.fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static List<MenuItem> items(Menu menu) {
        List<MenuItem> all = new ArrayList<>();
        for (MenuItem i : menu.getItems()) {
            all.add(i);
            if (i instanceof Menu sub) {
                all.addAll(items(sub));
            }
        }
        return all;
    }

    private static Optional<MenuBar> find(Node node) {
        if (node instanceof MenuBar bar) {
            return Optional.of(bar);
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                Optional<MenuBar> found = find(child);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    private static void shoot(FxRobot robot, Scene scene, Path folder, String name) throws IOException {
        WritableImage[] shot = new WritableImage[1];
        StringBuilder css = new StringBuilder();
        robot.interact(() -> {
            shot[0] = scene.snapshot(null);
            describe(scene.getRoot(), "", css);
        });
        javax.imageio.ImageIO.write(
                SwingFXUtils.fromFXImage(shot[0], null),
                "png",
                folder.resolve(name + ".png").toFile());
        Files.writeString(folder.resolve(name + ".css.txt"), css);
    }

    private static void describe(Node node, String path, StringBuilder out) {
        String here = path + "/" + label(node);
        out.append(here).append('\n');
        for (CssMetaData<? extends Styleable, ?> meta : node.getCssMetaData()) {
            out.append("    ")
                    .append(meta.getProperty())
                    .append(" = ")
                    .append(value(node, meta))
                    .append('\n');
        }
        if (node instanceof Parent p) {
            ObservableList<Node> children = p.getChildrenUnmodifiable();
            for (Node child : children) {
                describe(child, here, out);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static String value(Node node, CssMetaData<? extends Styleable, ?> meta) {
        CssMetaData<Styleable, ?> m = (CssMetaData<Styleable, ?>) meta;
        var property = m.getStyleableProperty(node);
        if (property == null) {
            return "-";
        }
        Object value = property.getValue();
        return text(value);
    }

    /** A value as text that two runs print alike (several of JavaFX's values print their identity). */
    private static String text(Object value) {
        if (value instanceof Object[] array) {
            return java.util.Arrays.deepToString(array);
        }
        if (value instanceof javafx.scene.layout.Background b) {
            return "fills "
                    + b.getFills().stream()
                            .map(f -> f.getFill() + " " + f.getInsets() + " " + text(f.getRadii()))
                            .toList();
        }
        if (value instanceof javafx.scene.layout.Border b) {
            return "strokes "
                    + b.getStrokes().stream()
                            .map(st -> List.of(
                                            st.getTopStroke(),
                                            st.getRightStroke(),
                                            st.getBottomStroke(),
                                            st.getLeftStroke())
                                    + " " + st.getWidths().getTop() + ","
                                    + st.getWidths().getRight() + ","
                                    + st.getWidths().getBottom() + ","
                                    + st.getWidths().getLeft()
                                    + " " + st.getInsets() + " " + text(st.getRadii())
                                    + " " + st.getTopStyle().getType()
                                    + st.getTopStyle().getDashArray())
                            .toList();
        }
        if (value instanceof javafx.scene.layout.CornerRadii r) {
            return "radii " + r.getTopLeftHorizontalRadius() + "," + r.getTopRightHorizontalRadius() + ","
                    + r.getBottomRightHorizontalRadius() + "," + r.getBottomLeftHorizontalRadius()
                    + (r.isUniform() ? "" : " non-uniform") + (r.isTopLeftHorizontalRadiusAsPercentage() ? "%" : "");
        }
        if (value instanceof javafx.scene.effect.DropShadow d) {
            return "dropshadow " + d.getBlurType() + " " + d.getColor() + " " + d.getRadius() + " " + d.getSpread()
                    + " " + d.getOffsetX() + " " + d.getOffsetY();
        }
        return String.valueOf(value);
    }

    private static String label(Node node) {
        return node.getClass().getSimpleName()
                + (node.getId() == null ? "" : "#" + node.getId())
                + (node.getStyleClass().isEmpty() ? "" : "." + String.join(".", node.getStyleClass()))
                + (node.getPseudoClassStates().isEmpty() ? "" : node.getPseudoClassStates());
    }

    private static void writeUsersSnapshot(Path file) throws Exception {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
                LiveConnection connection =
                        new LiveConnector().connect(LiveConnectionRequest.of(cluster.connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            ClusterMetadata read =
                    new ClusterInspector(Clock.systemUTC()).inspect(source, new ClusterInspector.Scope(null, 0));
            SnapshotFile.write(file, LiveCapture.toSnapshotFile(read, ConfigFixture.USERS));
        }
    }
}

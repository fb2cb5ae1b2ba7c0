package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.theme.SharedStyles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dialogs opened from the real main window: on a 1280 × 720 laptop's screen and a 1600 × 1000 desktop's, each
 * window is sized for the screen and each dialog fits it, whole, centred on its owner, without changing the window
 * behind it; in the dark theme and presenter mode they read like the window that opened them (its type size, its
 * shared form styles in its colours).
 */
@ExtendWith(ApplicationExtension.class)
class DialogsInWindowTest {

    @TempDir
    Path dir;

    /** A laptop's screen, where the tests open the app unless they say otherwise. */
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1280, 720);

    /** The lead's desktop. */
    private static final Rectangle2D DESKTOP = new Rectangle2D(0, 0, 1600, 1000);

    /** The screens the app places its windows on (Monocle has one, of 1280 × 800). */
    private final AtomicReference<List<Rectangle2D>> screens = new AtomicReference<>(List.of(LAPTOP));

    private ShardLabApp app;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        app = TestDesktop.app(screens::get);
        app.start(stage);
    }

    @AfterEach
    void stop() {
        app.stop();
    }

    /** Dark theme and presenter mode on, through their shortcuts, in a 1280 × 720 window. */
    private void darkPresenter(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(720);
        });
        darkPresenterAtItsSize(robot);
    }

    /** Dark theme and presenter mode on, through their shortcuts, the window left at its size. */
    private void darkPresenterAtItsSize(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.toFront();
            stage.requestFocus();
        });
        var classes = stage.getScene().getRoot().getStyleClass();
        if (!classes.contains("dark")) {
            robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.D);
        }
        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.P);
        waitUntil(() -> classes.contains("dark") && classes.contains("presenter"));
    }

    /** The font and text fill a label with {@code styleClass} gets in the main window. */
    private Label inMainWindow(String... styleClasses) throws Exception {
        return onFxThread(() -> {
            Label probe = new Label("probe");
            probe.getStyleClass().addAll(styleClasses);
            javafx.scene.layout.Pane root =
                    (javafx.scene.layout.Pane) stage.getScene().getRoot();
            root.getChildren().add(probe);
            probe.applyCss();
            Label taken = new Label();
            taken.setFont(probe.getFont());
            taken.setTextFill(probe.getTextFill());
            root.getChildren().remove(probe);
            return taken;
        });
    }

    private static void assertSameLook(Label expected, Label actual, String what) {
        Font want = expected.getFont();
        Font got = actual.getFont();
        assertEquals(want.getSize(), got.getSize(), 0.01, what + ": type size");
        assertEquals(want.getStyle(), got.getStyle(), what + ": weight");
        Paint fill = actual.getTextFill();
        assertEquals(expected.getTextFill(), fill, what + ": text colour");
    }

    @Test
    void the_connect_dialog_takes_the_windows_presenter_type(FxRobot robot) throws Exception {
        darkPresenter(robot);
        Label plain = inMainWindow();

        robot.interact(() -> app.live().menu().openConnectDialog());
        WaitForAsyncUtils.waitForFxEvents();

        Label caption = robot.lookup(".connect-dialog .label")
                .match((Node n) -> n instanceof Label l && "Connection string".equals(l.getText()))
                .queryAs(Label.class);
        assertSameLook(plain, caption, "the 'Connection string' label");
    }

    @Test
    void a_layout_that_cannot_open_is_told_in_the_windows_presenter_type(FxRobot robot) throws Exception {
        darkPresenter(robot);
        Label plain = inMainWindow();

        robot.interact(() -> app.live().layout().openSnapshot(dir.resolve("missing.shardlab")));
        waitUntil(() -> robot.lookup(".alert .content").tryQuery().isPresent());

        Label content = robot.lookup(".alert .content").queryAs(Label.class);
        assertTrue(content.getText().contains("missing.shardlab"), content.getText());
        assertSameLook(plain, content, "the alert's message");
    }

    @Test
    void the_zones_dialog_takes_the_windows_presenter_type_and_its_field_styles(FxRobot robot) throws Exception {
        darkPresenter(robot);
        showFirstScenario(robot);
        Label fieldLabel = inMainWindow(SharedStyles.FIELD_LABEL);
        Label fieldError = inMainWindow(SharedStyles.FIELD_ERROR);

        clickZones(robot);
        robot.clickOn("#zones-add");
        robot.clickOn("#zones-row-0-min").write("{ x: 1 }");
        waitUntil(() ->
                robot.lookup("#zones-error").tryQuery().map(Node::isVisible).orElse(false));

        Label zone = robot.lookup("#zones-rows .label")
                .match((Node n) -> n instanceof Label l && "Zone".equals(l.getText()))
                .queryAs(Label.class);
        assertSameLook(fieldLabel, zone, "the 'Zone' caption");
        assertSameLook(fieldError, robot.lookup("#zones-error").queryAs(Label.class), "the form's error");
        Window dialog = zone.getScene().getWindow();
        assertTrue(dialog.isShowing());
        robot.interact(() -> ((javafx.scene.control.Button)
                        ((DialogPane) zone.getScene().getRoot()).lookupButton(javafx.scene.control.ButtonType.CANCEL))
                .fire());
    }

    @Test
    void in_presenter_mode_at_1280_by_720_the_connect_dialog_shows_every_caption_and_prompt_whole(FxRobot robot)
            throws Exception {
        darkPresenter(robot);

        robot.interact(() -> app.live().menu().openConnectDialog());
        WaitForAsyncUtils.waitForFxEvents();

        DialogPane pane = robot.lookup(".connect-dialog").queryAs(DialogPane.class);
        assertEquals(List.of(), onFxThread(() -> cut(pane)), "cut in the connect dialog");
        assertOnScreen(pane.getScene().getWindow());
    }

    @Test
    void in_presenter_mode_at_1280_by_720_the_zones_dialog_shows_every_caption_and_prompt_whole(FxRobot robot)
            throws Exception {
        darkPresenter(robot);
        DialogPane pane = openZones(robot);
        assertEquals(List.of(), onFxThread(() -> cut(pane)), "cut in the zones dialog with no zones");
        robot.clickOn("#zones-add");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), onFxThread(() -> cut(pane)), "cut in the zones dialog with one range");
        assertOnScreen(pane.getScene().getWindow());
        cancel(robot, pane);
    }

    @Test
    void ranges_added_to_the_zones_dialog_grow_it_so_its_options_and_buttons_stay_inside(FxRobot robot)
            throws Exception {
        DialogPane pane = openZones(robot);

        for (int i = 0; i < 4; i++) {
            robot.interact(() ->
                    ((javafx.scene.control.Button) robot.lookup("#zones-add").query()).fire());
        }
        WaitForAsyncUtils.waitForFxEvents();

        javafx.geometry.Bounds scene = new javafx.geometry.BoundingBox(
                0, 0, pane.getScene().getWidth(), pane.getScene().getHeight());
        for (String id : List.of("zones-row-3-max", "zones-presplit", "zones-ok")) {
            Node node = pane.lookup("#" + id);
            javafx.geometry.Bounds bounds = node.localToScene(node.getLayoutBounds());
            assertTrue(scene.contains(bounds), id + " " + bounds + " lies inside the dialog " + scene);
        }
        cancel(robot, pane);
    }

    @Test
    void the_connect_and_zones_forms_line_up_with_their_headers_text(FxRobot robot) throws Exception {
        robot.interact(() -> app.live().menu().openConnectDialog());
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane connect = robot.lookup(".connect-dialog").queryAs(DialogPane.class);
        assertEquals(headerTextX(connect), contentX(connect), 1, "Connect: the form's left edge");
        cancel(robot, connect);

        DialogPane zones = openZones(robot);
        assertEquals(headerTextX(zones), contentX(zones), 1, "Zones…: the form's left edge");
        cancel(robot, zones);
    }

    @Test
    void
            on_a_laptop_and_a_desktop_each_window_is_sized_for_the_screen_and_each_dialog_shows_whole_on_it_centred_on_its_owner(
                    FxRobot robot) throws Exception {
        List<String> problems = new ArrayList<>();
        for (Rectangle2D screen : List.of(LAPTOP, DESKTOP)) {
            if (screen != LAPTOP) {
                // the app's first start on the other screen
                robot.interact(() -> {
                    app.stop();
                    screens.set(List.of(screen));
                    app = TestDesktop.app(screens::get);
                    app.start(stage);
                });
                WaitForAsyncUtils.waitForFxEvents();
            }
            String where = " on a " + (int) screen.getWidth() + " × " + (int) screen.getHeight() + " screen: ";
            onFxThread(() -> notSizedFor(screen, stage)).forEach(p -> problems.add("the main window" + where + p));
            // the largest type the dialogs take, with a diagram for Export… and the setup row for Zones…
            darkPresenterAtItsSize(robot);
            showFirstScenario(robot);

            Map<String, DialogToOpen> dialogs = new LinkedHashMap<>();
            dialogs.put("About", new DialogToOpen(() -> robot.push(KeyCode.F1), ".about-dialog"));
            dialogs.put(
                    "Connect",
                    new DialogToOpen(
                            () -> robot.interact(() -> app.live().menu().openConnectDialog()), ".connect-dialog"));
            dialogs.put(
                    "the layout's alert",
                    new DialogToOpen(
                            () -> robot.interact(
                                    () -> app.live().layout().openSnapshot(dir.resolve("missing.shardlab"))),
                            ".alert"));
            dialogs.put("Export", new DialogToOpen(() -> robot.push(KeyCode.SHORTCUT, KeyCode.E), ".export-dialog"));
            dialogs.put("Zones", new DialogToOpen(() -> robot.clickOn("#setup-zones"), "#zones-add"));
            dialogs.put("the advisor", new DialogToOpen(() -> openAdvisor(robot), "#advisor"));
            dialogs.put(
                    "the advisor's live collection",
                    new DialogToOpen(
                            () -> {
                                robot.clickOn("#load-sample");
                                robot.clickOn("#load-live");
                            },
                            "#live-uri"));
            for (Map.Entry<String, DialogToOpen> dialog : dialogs.entrySet()) {
                Window window = dialog.getValue().open(robot);
                onFxThread(() -> notWhole(window, screen)).forEach(p -> problems.add(dialog.getKey() + where + p));
                if (!dialog.getKey().equals("the advisor")) {
                    // the advisor stays open for its dialog, and closes with the others below
                    robot.interact(window::hide);
                }
            }
            robot.interact(() -> List.copyOf(Window.getWindows()).stream()
                    .filter(w -> w != stage)
                    .forEach(Window::hide));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void a_maximised_window_stays_maximised_while_a_dialog_is_open_and_after_it_closes(FxRobot robot) throws Exception {
        robot.interact(() -> stage.setMaximized(true));
        WaitForAsyncUtils.waitForFxEvents();
        Rectangle2D covered = onFxThread(() -> boundsOf(stage));

        robot.interact(() -> app.live().menu().openConnectDialog());
        waitUntil(() -> robot.lookup(".connect-dialog").tryQuery().isPresent());
        Window dialog = robot.lookup(".connect-dialog").query().getScene().getWindow();

        // while it is open (glass-gtk makes the window behind it fixed-size, and a window manager un-maximises a
        // fixed-size window) the window still covers all it covered
        assertEquals(covered, onFxThread(() -> boundsOf(stage)), "the window behind the dialog");
        robot.interact(dialog::hide);
        waitUntil(stage::isMaximized);
        assertEquals(covered, onFxThread(() -> boundsOf(stage)), "the window once the dialog closed");
    }

    /** How to open one of the app's dialogs, and a node that shows in it. */
    private record DialogToOpen(Runnable open, String selector) {

        /** Opens the dialog; its window once the placement has sized it. */
        Window open(FxRobot robot) throws Exception {
            open.run();
            waitUntil(() -> robot.lookup(selector)
                    .tryQuery()
                    .map(n -> n.getScene() != null && n.getScene().getWindow().isShowing())
                    .orElse(false));
            Window window = robot.lookup(selector).query().getScene().getWindow();
            // the placement sizes a dialog on the pulse after it shows
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.waitForFxEvents();
            return window;
        }
    }

    /** Tools → Shard key advisor…, its window open. */
    private static void openAdvisor(FxRobot robot) {
        robot.clickOn("Tools");
        robot.clickOn("#menu-advisor");
    }

    /** What keeps {@code window} from being sized for {@code screen}: it must take most of it and lie on it. */
    private static List<String> notSizedFor(Rectangle2D screen, Window window) {
        Rectangle2D bounds = boundsOf(window);
        List<String> problems = new ArrayList<>();
        if (!screen.contains(bounds)) {
            problems.add(bounds + " is not on the screen");
        }
        if (bounds.getWidth() < 0.9 * screen.getWidth() || bounds.getHeight() < 0.9 * screen.getHeight()) {
            problems.add(bounds + " takes less than 90% of the screen's width or height");
        }
        return problems;
    }

    /**
     * What {@code window} shows cut or out of place: it must lie on {@code screen} with its centre on its owner, no
     * label, button or check box may end in "…", no empty field's prompt may be cut, and no control may reach past
     * the window's edges (or, in a box that does not scroll sideways, past the box's).
     */
    private static List<String> notWhole(Window window, Rectangle2D screen) {
        List<String> problems = new ArrayList<>();
        Rectangle2D bounds = boundsOf(window);
        if (!screen.contains(bounds)) {
            problems.add("the window " + bounds + " is not on the screen");
        }
        if (window instanceof Stage s && s.getOwner() != null && !s.getOwner().equals(window)) {
            Rectangle2D owner = boundsOf(s.getOwner());
            double x = bounds.getMinX() + bounds.getWidth() / 2;
            double y = bounds.getMinY() + bounds.getHeight() / 2;
            if (!owner.contains(x, y)) {
                problems.add("the window " + bounds + " is not centred on its owner " + owner);
            }
        }
        Parent root = window.getScene().getRoot();
        problems.addAll(cut(root));
        collectOutside(
                root,
                new BoundingBox(
                        0, 0, window.getScene().getWidth(), window.getScene().getHeight()),
                problems);
        return problems;
    }

    private static void collectOutside(Node node, Bounds window, List<String> problems) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Control control && !(node instanceof ScrollBar)) {
            Bounds bounds = control.localToScene(control.getLayoutBounds());
            ScrollPane box = scrollingBox(control);
            boolean across = box == null
                    ? bounds.getMinX() < window.getMinX() - 1 || bounds.getMaxX() > window.getMaxX() + 1
                    : box.getHbarPolicy() == ScrollPane.ScrollBarPolicy.NEVER && outsideAcross(bounds, box);
            boolean down =
                    box == null && (bounds.getMinY() < window.getMinY() - 1 || bounds.getMaxY() > window.getMaxY() + 1);
            if (across || down) {
                problems.add(describe(control) + " at " + bounds + " reaches past "
                        + (box == null ? "the window " + window : "its box"));
            }
        }
        // a list's or a table's rows scroll
        if (node instanceof Parent parent && !(node instanceof ListView<?> || node instanceof TableView<?>)) {
            parent.getChildrenUnmodifiable().forEach(child -> collectOutside(child, window, problems));
        }
    }

    private static ScrollPane scrollingBox(Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane box) {
                return box;
            }
        }
        return null;
    }

    private static boolean outsideAcross(Bounds bounds, ScrollPane box) {
        Node viewport = box.lookup(".viewport");
        Bounds shown = viewport.localToScene(viewport.getLayoutBounds());
        return bounds.getMinX() < shown.getMinX() - 1 || bounds.getMaxX() > shown.getMaxX() + 1;
    }

    private static String describe(Control control) {
        String text = control instanceof Labeled l ? " '" + l.getText() + "'" : "";
        return control.getClass().getSimpleName() + (control.getId() == null ? "" : "#" + control.getId()) + text;
    }

    private static Rectangle2D boundsOf(Window window) {
        return new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
    }

    /**
     * Shows the first lesson's scenario in the explorer, its setup row's Zones… button on screen: where presenter mode
     * folded the row into its summary line, the test unfolds it with the pencil, as the presenter does.
     */
    private void showFirstScenario(FxRobot robot) throws Exception {
        robot.interact(() -> app.explorer().launch(ShardLabApp.FIRST_SCENARIO));
        waitUntil(() -> app.explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        if (!onFxThread(() -> showing(robot.lookup("#setup-zones").query()))) {
            robot.clickOn("#setup-unfold");
        }
        waitUntil(() -> showing(robot.lookup("#setup-zones").query()));
    }

    /** Whether {@code node} shows: it and every node it lies in are visible, in a window that shows. */
    private static boolean showing(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return node.getScene() != null
                && node.getScene().getWindow() != null
                && node.getScene().getWindow().isShowing();
    }

    /** Opens Zones… over the first lesson's scenario; its dialog pane. */
    private DialogPane openZones(FxRobot robot) throws Exception {
        showFirstScenario(robot);
        return clickZones(robot);
    }

    /** Clicks Zones… in the setup row; its dialog pane once it shows. */
    private static DialogPane clickZones(FxRobot robot) throws Exception {
        robot.clickOn("#setup-zones");
        waitUntil(() -> robot.lookup("#zones-add").tryQuery().isPresent());
        return (DialogPane) robot.lookup("#zones-add").query().getScene().getRoot();
    }

    /** Closes a dialog with its Cancel button. */
    private static void cancel(FxRobot robot, DialogPane pane) {
        robot.interact(
                () -> ((javafx.scene.control.Button) pane.lookupButton(javafx.scene.control.ButtonType.CANCEL)).fire());
    }

    /** Where the header's text starts, in the pane. */
    private static double headerTextX(DialogPane pane) throws Exception {
        return onFxThread(() -> {
            Node text = pane.lookup(".header-panel .label .text");
            return pane.sceneToLocal(text.localToScene(text.getLayoutBounds())).getMinX();
        });
    }

    /** Where the form's fields start, in the pane: its content's left edge inside its padding. */
    private static double contentX(DialogPane pane) throws Exception {
        return onFxThread(() -> {
            javafx.scene.layout.Region content = (javafx.scene.layout.Region) pane.getContent();
            javafx.geometry.Bounds box = pane.sceneToLocal(content.localToScene(content.getLayoutBounds()));
            return box.getMinX() + content.snappedLeftInset();
        });
    }

    /**
     * What {@code root} shows cut: a label, check box or button whose text is not shown whole, and an empty text
     * field whose prompt is wider than the room inside the field.
     */
    private static List<String> cut(Parent root) {
        root.applyCss();
        root.layout();
        List<String> cut = new ArrayList<>();
        collectCut(root, cut);
        return cut;
    }

    private static void collectCut(Node node, List<String> cut) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            String shown = l.lookup(".text") instanceof Text t ? t.getText() : "";
            if (!shown.replace("\n", " ").equals(l.getText())) {
                cut.add("'" + l.getText() + "' shows as '" + shown + "'");
            }
        }
        if (node instanceof TextField f && f.getText().isEmpty() && f.getPromptText() != null) {
            double room = f.getWidth() - f.snappedLeftInset() - f.snappedRightInset();
            double prompt = f.lookupAll(".text").stream()
                    .filter(n -> n instanceof Text t && f.getPromptText().equals(t.getText()))
                    .mapToDouble(n -> n.getLayoutBounds().getWidth())
                    .max()
                    .orElse(0);
            if (prompt > room + 0.5) {
                cut.add("prompt '" + f.getPromptText() + "' is " + prompt + " px in " + room + " px");
            }
        }
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(child -> collectCut(child, cut));
        }
    }

    private static void assertOnScreen(Window window) {
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        assertTrue(
                window.getX() >= screen.getMinX()
                        && window.getY() >= screen.getMinY()
                        && window.getX() + window.getWidth() <= screen.getMaxX()
                        && window.getY() + window.getHeight() <= screen.getMaxY(),
                "the dialog (" + window.getX() + ", " + window.getY() + ", " + window.getWidth() + " × "
                        + window.getHeight() + ") lies on the screen " + screen);
    }
}

package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.DesktopApp;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.theme.SharedStyles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
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
 * The connect and zones dialogs and the live feature's alert opened from the real main window in the dark theme and presenter mode: they
 * read like the window that opened them (its type size, its shared form styles in its colours).
 */
@ExtendWith(ApplicationExtension.class)
class DialogsInWindowTest {

    @TempDir
    Path dir;

    private ShardLabApp app;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        app = new DesktopApp();
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

    /** Shows the first lesson's scenario in the explorer, its setup row's Zones… button on screen. */
    private void showFirstScenario(FxRobot robot) throws Exception {
        robot.interact(() -> app.explorer().launch(ShardLabApp.FIRST_SCENARIO));
        waitUntil(() -> app.explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                && robot.lookup("#setup-zones").query().isVisible());
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

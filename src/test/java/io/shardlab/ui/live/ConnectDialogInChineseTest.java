package io.shardlab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.LiveConnector;
import io.shardlab.live.RecentConnections;
import io.shardlab.text.Language;
import io.shardlab.ui.FxWait;
import io.shardlab.ui.text.ClippedText;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File → Connect to cluster… in 简体中文 on the screens the window opens on (1280 × 720 and 1600 × 1000), in the
 * app's theme and in presenter type: every word of the dialog reads whole, no label ends in "…" and no text overruns
 * its box.
 */
@ExtendWith(ApplicationExtension.class)
class ConnectDialogInChineseTest {

    @TempDir
    Path dir;

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @ParameterizedTest(name = "{0} × {1}, presenter mode {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1280 | 720  | false
            1600 | 1000 | false
            1280 | 720  | true
            1600 | 1000 | true
            """)
    void in_chinese_no_word_of_the_connect_dialog_is_cut(double width, double height, boolean presenter, FxRobot robot)
            throws Exception {
        // given the main window filling a screen of that size, and the dialog opened over it in Chinese
        ConnectDialog dialog = open(robot, width, height, presenter);
        Button connect = FxWait.onFxThread(() -> dialog.getDialogPane().getButtonTypes().stream()
                .filter(type -> type.getButtonData() == ButtonBar.ButtonData.OK_DONE)
                .map(type -> (Button) dialog.getDialogPane().lookupButton(type))
                .findFirst()
                .orElseThrow());
        assertEquals("连接", connect.getText(), "the dialog speaks Chinese");

        // then no label, button or text of it is cut
        List<ClippedText.Clip> clips = FxWait.onFxThread(() -> {
            Parent root = dialog.getDialogPane().getScene().getRoot();
            root.applyCss();
            root.layout();
            return ClippedText.in(root);
        });
        assertEquals(List.of(), clips);
        double dialogWidth = dialog.getDialogPane().getScene().getWindow().getWidth();
        assertTrue(dialogWidth <= width, "the dialog (" + dialogWidth + " wide) fits the screen");
        robot.interact(dialog::close);
    }

    private ConnectDialog open(FxRobot robot, double width, double height, boolean presenter) {
        ConnectViewModel vm = new ConnectViewModel(
                new LiveConnector(),
                Runnable::run,
                Platform::runLater,
                new RecentConnections(dir.resolve("recent")),
                c -> {});
        vm.languageProperty().set(Language.SIMPLIFIED_CHINESE);
        ConnectDialog[] dialog = new ConnectDialog[1];
        robot.interact(() -> {
            owner.setX(0);
            owner.setY(0);
            owner.setWidth(width);
            owner.setHeight(height);
            WindowPlacement placement = new WindowPlacement(
                    RememberedWindows.inMemory(), () -> List.of(new Rectangle2D(0, 0, width, height)));
            dialog[0] = new ConnectDialog(vm, owner, placement, new UiText(Language.SIMPLIFIED_CHINESE));
            new Appearance(
                            new SimpleBooleanProperty(false),
                            new SimpleBooleanProperty(presenter),
                            new SimpleObjectProperty<>(Language.SIMPLIFIED_CHINESE))
                    .applyOnce(dialog[0].getDialogPane());
            placement.show(dialog[0]);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return dialog[0];
    }
}

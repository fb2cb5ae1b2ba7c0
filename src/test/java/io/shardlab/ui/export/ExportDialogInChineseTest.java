package io.shardlab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.ui.FxWait;
import io.shardlab.ui.text.ClippedText;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File → Export… in 简体中文 on the screens the window opens on (1280 × 720 and 1600 × 1000), in the app's theme
 * and in presenter type: every word of the dialog reads whole, no label ends in "…" and no text overruns its box.
 */
@ExtendWith(ApplicationExtension.class)
class ExportDialogInChineseTest {

    @TempDir
    Path dir;

    private Stage owner;
    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @AfterEach
    void stopExecutor() {
        background.shutdownNow();
    }

    @ParameterizedTest(name = "{0} × {1}, presenter mode {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1280 | 720  | false
            1600 | 1000 | false
            1280 | 720  | true
            1600 | 1000 | true
            """)
    void in_chinese_no_word_of_the_export_dialog_is_cut(double width, double height, boolean presenter, FxRobot robot)
            throws Exception {
        // given the main window filling a screen of that size, and the dialog opened over it in Chinese
        ExportDialog dialog = open(robot, width, height, presenter);
        Button save = (Button) dialog.getDialogPane().lookup("#export-save");
        assertEquals("保存…", save.getText(), "the dialog speaks Chinese");

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
    }

    private ExportDialog open(FxRobot robot, double width, double height, boolean presenter) {
        ExportViewModel vm = new ExportViewModel(
                new ExportViewModel.Input(ExportDiagrams.withWrites(), null),
                false,
                background,
                Platform::runLater,
                image -> {});
        ExportDialog[] dialog = new ExportDialog[1];
        robot.interact(() -> {
            owner.setX(0);
            owner.setY(0);
            owner.setWidth(width);
            owner.setHeight(height);
            WindowPlacement placement = new WindowPlacement(
                    RememberedWindows.inMemory(), () -> List.of(new Rectangle2D(0, 0, width, height)));
            dialog[0] = new ExportDialog(
                    new UiText(Language.SIMPLIFIED_CHINESE),
                    vm,
                    name -> Optional.of(dir.resolve(name)),
                    folder -> {},
                    placement);
            dialog[0].initOwner(owner);
            // the window's style in Chinese: the CJK font, as the app sets it
            new Appearance(
                            new SimpleBooleanProperty(false),
                            new SimpleBooleanProperty(presenter),
                            new SimpleObjectProperty<>(Language.SIMPLIFIED_CHINESE))
                    .follow(dialog[0].getDialogPane());
            placement.show(dialog[0]);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return dialog[0];
    }
}

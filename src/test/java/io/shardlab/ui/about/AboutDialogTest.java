package io.shardlab.ui.about;

import static io.shardlab.ui.FxWait.onFxThread;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Help → About in the room a real desktop leaves it, headless (Monocle). */
@ExtendWith(ApplicationExtension.class)
class AboutDialogTest {

    /** The room openbox leaves a dialog's content on a 1280 × 720 screen in presenter mode, below its title bar. */
    private static final double LOW_SCREEN_WIDTH = 1114;

    private static final double LOW_SCREEN_HEIGHT = 695;

    private AboutDialog dialog;

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 100, 100));
        stage.show();
        dialog = new AboutDialog(
                new UiText(Language.ENGLISH),
                AboutInfo.load(new AppInfo("ShardLab", "1.2.3")),
                new WritableImage(64, 64));
        new Appearance(new SimpleBooleanProperty(true), new SimpleBooleanProperty(true))
                .applyOnce(dialog.getDialogPane());
        dialog.show();
        dialog.setWidth(LOW_SCREEN_WIDTH);
        dialog.setHeight(LOW_SCREEN_HEIGHT);
    }

    @AfterEach
    void close() throws Exception {
        onFxThread(() -> {
            dialog.close();
            return null;
        });
    }

    @Test
    void on_a_screen_too_low_for_the_whole_table_the_table_scrolls_and_every_text_shows_all_its_lines(FxRobot robot)
            throws Exception {
        WaitForAsyncUtils.waitForFxEvents();

        ScrollPane table = robot.lookup("#about-components-scroll").queryAs(ScrollPane.class);
        assertTrue(
                onFxThread(() -> table.getHeight()
                        < table.getContent().getBoundsInLocal().getHeight()),
                "the table fits: the test needs a lower window");
        List<String> cut =
                onFxThread(() -> robot.from(dialog.getDialogPane()).lookup(".label").queryAllAs(Label.class).stream()
                        .filter(l -> l.getText() != null && !l.getText().isEmpty())
                        .filter(l -> !(l.lookup(".text") instanceof Text t
                                && t.getText().equals(l.getText())))
                        .map(Label::getText)
                        .toList());
        assertEquals(List.of(), cut);
    }
}

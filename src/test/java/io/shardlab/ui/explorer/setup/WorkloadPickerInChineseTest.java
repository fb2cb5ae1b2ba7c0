package io.shardlab.ui.explorer.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.ui.FxWait;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.ClippedText;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The setup row's workload picker, opened, in 简体中文 on the screens the window opens on (1280 × 720 and
 * 1600 × 1000), in the app's theme and in presenter type: every workload's name and description reads whole.
 */
@ExtendWith(ApplicationExtension.class)
class WorkloadPickerInChineseTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new BorderPane(), 300, 200));
        stage.show();
    }

    @ParameterizedTest(name = "{0} × {1}, presenter mode {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1280 | 720  | false
            1600 | 1000 | false
            1280 | 720  | true
            1600 | 1000 | true
            """)
    void in_chinese_no_word_of_the_open_workload_picker_is_cut(
            double width, double height, boolean presenter, FxRobot robot) throws Exception {
        // given the setup row across a window filling a screen of that size, in Chinese, with its picker open
        List<Scenario> launched = new ArrayList<>();
        SetupViewModel vm = new SetupViewModel(WorkloadRegistry.standard(), launched::add);
        ComboBox<?>[] picker = new ComboBox<?>[1];
        robot.interact(() -> {
            UiText text = new UiText(Language.SIMPLIFIED_CHINESE);
            SimpleBooleanProperty presenterMode = new SimpleBooleanProperty(presenter);
            Appearance appearance = new Appearance(
                    new SimpleBooleanProperty(false),
                    presenterMode,
                    new SimpleObjectProperty<>(Language.SIMPLIFIED_CHINESE));
            WindowPlacement placement = new WindowPlacement(
                    RememberedWindows.inMemory(), () -> List.of(new Rectangle2D(0, 0, width, height)));
            BorderPane root = new BorderPane();
            root.setTop(new SetupBar(vm, appearance, placement, presenterMode, text).node());
            root.getStylesheets().add(ExplorerStyles.STYLESHEET);
            appearance.follow(root);
            stage.setX(0);
            stage.setY(0);
            stage.setScene(new Scene(root, width, height));
            stage.setWidth(width);
            stage.setHeight(height);
            picker[0] = (ComboBox<?>) root.lookup("#setup-workload");
            picker[0].show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(picker[0].isShowing(), "the picker is open");

        // then its list shows the workloads' Chinese descriptions, and no name or description in it is cut
        Parent list = (Parent) ((ComboBoxListViewSkin<?>) picker[0].getSkin()).getPopupContent();
        List<String> shown = FxWait.onFxThread(() -> list.lookupAll(".label").stream()
                .map(node -> ((Labeled) node).getText())
                .filter(words -> words != null && !words.isEmpty())
                .toList());
        assertTrue(
                shown.stream().anyMatch(words -> words.codePoints().anyMatch(WorkloadPickerInChineseTest::isHan)),
                "the picker lists Chinese descriptions: " + shown);
        List<ClippedText.Clip> clips = FxWait.onFxThread(() -> {
            list.applyCss();
            list.layout();
            return ClippedText.in(list);
        });
        assertEquals(List.of(), clips);
        robot.interact(picker[0]::hide);
    }

    private static boolean isHan(int codePoint) {
        return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN;
    }
}

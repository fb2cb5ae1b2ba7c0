package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The lessons panel speaks the window's language: a class in Shanghai sees lesson 4 in Chinese, then in English. */
@ExtendWith(ApplicationExtension.class)
class LessonsViewLanguageTest {

    private static final Map<Language, List<Lesson>> LESSONS = new EnumMap<>(Language.class);

    static {
        for (Language language : Language.values()) {
            LESSONS.put(
                    language,
                    LessonCatalog.load(WorkloadRegistry.standard(), language).lessons());
        }
    }

    private final RecordingLauncher launcher = new RecordingLauncher();
    private final SimpleBooleanProperty presenter = new SimpleBooleanProperty(false);
    private final UiText text = new UiText(Language.SIMPLIFIED_CHINESE);
    private LessonsViewModel viewModel;

    @Start
    void start(Stage stage) {
        viewModel = new LessonsViewModel(text, LESSONS::get, launcher, presenter, () -> {});
        BorderPane root = new BorderPane();
        root.setRight(new LessonsView(viewModel, text).build());
        new Appearance(new SimpleBooleanProperty(false), presenter).follow(root);
        stage.setScene(new Scene(root, 720, 760));
        stage.show();
    }

    @Test
    void lessonFourShowsInChineseAndSwitchingToEnglishShowsItInEnglish(FxRobot robot) {
        Lesson chinese = LESSONS.get(Language.SIMPLIFIED_CHINESE).get(3);
        Lesson english = LESSONS.get(Language.ENGLISH).get(3);
        int count = LESSONS.get(Language.ENGLISH).size();

        // given the panel in 简体中文 on lesson 4
        robot.interact(() -> viewModel.selectLesson(3));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("postcode-granularity", chinese.id());
        assertEquals(chinese.title(), text(robot, "#lesson-title"));
        assertEquals(chinese.principle(), text(robot, "#lesson-principle"));
        assertEquals(chinese.askTheRoom(), text(robot, "#lesson-ask"));
        assertEquals("第 4 课，共 " + count + " 课", text(robot, "#lesson-position"));
        assertEquals("运行场景", robot.lookup("#lesson-run").queryAs(Button.class).getText());
        assertEquals(
                chinese.followUps().get(0).label(),
                robot.lookup("#lesson-follow-up-0").queryAs(Button.class).getText());
        assertTrue(text(robot, "#lesson-summary").contains("个文档"), text(robot, "#lesson-summary"));
        assertEquals(
                4 + ". " + chinese.title(),
                robot.lookup("#lessons-list")
                        .queryAs(ComboBox.class)
                        .getButtonCell()
                        .getText());

        // when the teacher switches View → Language to English
        robot.interact(() -> text.languageProperty().set(Language.ENGLISH));
        WaitForAsyncUtils.waitForFxEvents();

        // then the same lesson shows in English
        assertEquals(english.title(), text(robot, "#lesson-title"));
        assertEquals(english.principle(), text(robot, "#lesson-principle"));
        assertEquals(english.askTheRoom(), text(robot, "#lesson-ask"));
        assertEquals("Lesson 4 of " + count, text(robot, "#lesson-position"));
        assertEquals(
                "Run scenario",
                robot.lookup("#lesson-run").queryAs(Button.class).getText());
        assertEquals(
                english.followUps().get(0).label(),
                robot.lookup("#lesson-follow-up-0").queryAs(Button.class).getText());
        assertTrue(text(robot, "#lesson-summary").startsWith("MongoDB 5.0 · 4 shards · { postcode: 1 } · 1 MB chunks"));
        assertEquals(3, viewModel.selectedIndexProperty().get());
    }

    @Test
    void aSwitchKeepsTheFollowUpOnShowAndSaysTheStatusAgain(FxRobot robot) {
        robot.interact(() -> {
            viewModel.selectLesson(3);
            viewModel.runFollowUpAlone(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Lesson chinese = LESSONS.get(Language.SIMPLIFIED_CHINESE).get(3);
        assertEquals(chinese.followUps().get(1).scenario().whyTheseSettings(), text(robot, "#lesson-why"));
        assertEquals("正在主窗口中运行后续场景“" + chinese.followUps().get(1).label() + "”", text(robot, "#lesson-status"));

        robot.interact(() -> text.languageProperty().set(Language.ENGLISH));
        WaitForAsyncUtils.waitForFxEvents();

        Lesson english = LESSONS.get(Language.ENGLISH).get(3);
        assertEquals(english.followUps().get(1).scenario().whyTheseSettings(), text(robot, "#lesson-why"));
        assertEquals(
                english.followUps().get(1), viewModel.shownFollowUpProperty().get());
        assertEquals(
                "Running the follow-up '" + english.followUps().get(1).label() + "' in the explorer",
                text(robot, "#lesson-status"));
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}

package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.ui.FxWait;
import io.shardlab.ui.text.ClippedText;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The advisor window in 简体中文 at 1280×720 and 1600×1000, headless (Monocle): its headings, the recommendation and the
 * reasons in Chinese, in the zh-cn manual's terms, and back to English when View → Language switches.
 */
@ExtendWith(ApplicationExtension.class)
class AdvisorChineseViewTest {

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final ExecutorService candidates = Executors.newFixedThreadPool(2);
    private final UiText text = new UiText(Language.SIMPLIFIED_CHINESE);
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        AdvisorViewModel viewModel = new AdvisorViewModel(background, Platform::runLater, candidates);
        stage.setScene(new Scene(
                new AdvisorView(
                                viewModel,
                                text,
                                new SimpleBooleanProperty(false),
                                new WindowPlacement(
                                        RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                                new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false)))
                        .build(),
                1280,
                720));
        stage.show();
    }

    @AfterEach
    void stopThreads() {
        background.shutdownNow();
        candidates.shutdownNow();
    }

    @Test
    void theHeadingsTheRecommendationAndTheReasonsAreChineseAndFollowASwitchToEnglish(FxRobot robot) throws Exception {
        // given the window in Chinese: its captions and the table's headings
        assertTrue(
                labels(robot).containsAll(List.of("样本", "查询", "集群", "候选键", "建议")),
                labels(robot).toString());
        TableView<?> table = robot.lookup("#candidates-table").queryAs(TableView.class);
        assertEquals(
                List.of("分片键", "布局（宽度按数据量）", "结论", "不同值（基数）", "最高频率值", "单调性"),
                table.getColumns().stream().limit(6).map(c -> c.getText()).toList());

        // when two candidates are analysed on the zip codes
        robot.clickOn("#load-sample");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#load-zipcodes").tryQuery().isPresent());
        robot.clickOn("#load-zipcodes");
        Label summary = robot.lookup("#sample-summary").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> summary.getText().startsWith("zipcodes"));
        addCandidate(robot, "{state: 1}");
        addCandidate(robot, "{zip: 'hashed'}");
        @SuppressWarnings("unchecked")
        Spinner<Integer> shards = robot.lookup("#shards").queryAs(Spinner.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> chunk = robot.lookup("#chunk-size").queryAs(Spinner.class);
        robot.interact(() -> {
            shards.getValueFactory().setValue(2);
            chunk.getValueFactory().setValue(1);
        });
        robot.clickOn("#analyze");
        Label recommendation = robot.lookup("#recommendation").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> !recommendation.getText().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        // then the recommendation, the reasons and the state key's findings say it in Chinese
        assertTrue(recommendation.getText().startsWith("推荐分片键 { zip: 'hashed' }。"), recommendation.getText());
        List<String> reasons = robot.lookup("#reasons .label").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList();
        assertTrue(
                reasons.stream().anyMatch(r -> r.startsWith("{ state: 1 } 排名较低：插入不够分散（meanMaxWriteShare ")),
                reasons.toString());
        robot.interact(() -> table.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "{ state: 1 } · 合格，写入未评判",
                robot.lookup("#selected-key").queryAs(Label.class).getText());
        assertTrue(
                robot.lookup("#findings .label").queryAllAs(Label.class).stream()
                        .anyMatch(l ->
                                l.getText().startsWith("基数低：") && l.getText().contains("数据块")),
                "the low cardinality finding, in the manual's terms");
        assertEquals(List.of(), clipped(robot), "no label ends in … at 1280×720");

        // when View → Language switches to English, then the same window says it in English
        robot.interact(() -> text.languageProperty().set(Language.ENGLISH));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(recommendation.getText().startsWith("Recommended: { zip: 'hashed' }."), recommendation.getText());
        assertEquals("Verdict", table.getColumns().get(2).getText());
        assertTrue(
                robot.lookup("#findings .label").queryAllAs(Label.class).stream()
                        .anyMatch(l -> l.getText().startsWith("Only 62 distinct values")),
                "the findings are said again in English");
    }

    /**
     * On both screens the window opens on, no word of the advisor is cut ({@link ClippedText}: a label drawn shorter
     * than its text, a prompt wider than its field, a text out of its parent's clip): empty, and with the zip codes
     * analysed on two candidates, the table, the recommendation and the findings on show.
     */
    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"1280, 720", "1600, 1000"})
    void inChineseNoWordOfTheAdvisorIsCutAtEitherSize(double width, double height, FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
        });
        assertEquals(List.of(), clips(), "the empty advisor");

        robot.clickOn("#load-sample");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#load-zipcodes").tryQuery().isPresent());
        robot.clickOn("#load-zipcodes");
        Label summary = robot.lookup("#sample-summary").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> summary.getText().startsWith("zipcodes"));
        addCandidate(robot, "{state: 1}");
        addCandidate(robot, "{zip: 'hashed'}");
        robot.clickOn("#analyze");
        Label recommendation = robot.lookup("#recommendation").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> !recommendation.getText().isEmpty());
        robot.interact(() -> robot.lookup("#candidates-table")
                .queryAs(TableView.class)
                .getSelectionModel()
                .select(0));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(), clips(), "the analysed advisor");
    }

    private List<ClippedText.Clip> clips() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return FxWait.onFxThread(() -> {
            Parent root = stage.getScene().getRoot();
            root.applyCss();
            root.layout();
            return ClippedText.in(root);
        });
    }

    private static List<String> labels(FxRobot robot) {
        return robot.lookup(".label").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList();
    }

    private static void addCandidate(FxRobot robot, String key) {
        TextField input = robot.lookup("#candidate-input").queryAs(TextField.class);
        robot.interact(() -> input.setText(key));
        robot.clickOn("#add-candidate");
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The visible labels and buttons whose shown text the skin cut short ("…"). */
    private static List<String> clipped(FxRobot robot) {
        return robot
                .lookup((Labeled l) ->
                        l.isVisible() && l.getText() != null && !l.getText().isEmpty())
                .queryAllAs(Labeled.class)
                .stream()
                .filter(l -> l.lookupAll(".text").stream()
                        .anyMatch(t -> t instanceof Text shown
                                && !shown.getText().equals(l.getText())
                                && shown.getText().endsWith(l.getEllipsisString())))
                .map(Labeled::getText)
                .toList();
    }
}

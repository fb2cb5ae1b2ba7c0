package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.advisor.Verdict;
import io.shardlab.text.Language;
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
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
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

/** The advisor window's main flow, driven like a user would, headless (Monocle), with real background threads. */
@ExtendWith(ApplicationExtension.class)
class AdvisorViewTest {

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final ExecutorService candidates = Executors.newFixedThreadPool(2);

    private AdvisorViewModel viewModel;

    @Start
    void start(Stage stage) {
        viewModel = new AdvisorViewModel(background, Platform::runLater, candidates);
        stage.setScene(new Scene(
                new AdvisorView(
                                viewModel,
                                new UiText(Language.ENGLISH),
                                new SimpleBooleanProperty(false),
                                new WindowPlacement(
                                        RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                                new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false)))
                        .build(),
                1280,
                800));
        stage.show();
    }

    @AfterEach
    void stopThreads() {
        background.shutdownNow();
        candidates.shutdownNow();
    }

    @ParameterizedTest(name = "{0}: ''{1}'' -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # field    | typed  | value | said beside the field
            shards     | 0      | 1     | Shards: at least 1, so 0 became 1.
            shards     | 99,999 | 1000  | Shards: at most 1000, so 99,999 became 1000.
            shards     | many   | 4     | Shards: 'many' is not a whole number; it stays 4.
            shards     | 12     | 12    | ''
            chunk-size | 0      | 1     | Chunk size: at least 1 MB, so 0 became 1.
            chunk-size | 99999  | 1024  | Chunk size: at most 1024 MB, so 99999 became 1024.
            """)
    void aNumberTypedOutOfRangeIsSaidBesideItsFieldAndOnlyAnAllowedOneReachesTheAdvisor(
            String field, String typed, int value, String said, FxRobot robot) throws Exception {
        // given the keyboard in the field, and what the JavaFX thread would hand to the main window's status bar
        @SuppressWarnings("unchecked")
        Spinner<Integer> spinner = robot.lookup("#" + field).queryAs(Spinner.class);
        List<Throwable> uncaught = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler[] before = new Thread.UncaughtExceptionHandler[1];
        robot.interact(() -> {
            before[0] = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> uncaught.add(e));
        });

        // when a number is typed and committed (Enter, or the focus leaving the field)
        robot.interact(() -> {
            spinner.getEditor().setText(typed);
            spinner.commitValue();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler(before[0]));

        // then the field shows the value taken, the advisor has it, and the line beside the field says what happened
        assertEquals(value, spinner.getValue());
        assertEquals(String.valueOf(value), spinner.getEditor().getText());
        int taken = field.equals("shards")
                ? viewModel.shardsProperty().get()
                : viewModel.chunkSizeMegabytesProperty().get();
        assertEquals(value, taken);
        assertEquals(
                said,
                robot.lookup("#" + field + "-message").queryAs(Label.class).getText());
        assertEquals(List.of(), uncaught, "nothing reached the status bar");
    }

    private static void addCandidate(FxRobot robot, String key) {
        TextField input = robot.lookup("#candidate-input").queryAs(TextField.class);
        robot.interact(() -> input.setText(key));
        robot.clickOn("#add-candidate");
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void untilTheFirstAnalysisThePaneUnderTheTableSaysWhatWillShowThere(FxRobot robot) throws Exception {
        // given nothing analysed yet
        assertTrue(robot.lookup("#details-empty").query().isVisible());

        // when two candidates are analysed, then the recommendation takes its place
        analyseTwoCandidatesOnTheZipCodes(robot);
        assertFalse(robot.lookup("#details-empty").query().isVisible());
    }

    @Test
    void loadTheZipCodesAddTwoCandidatesAnalyseAndSeeTheRecommendation(FxRobot robot) throws Exception {
        Label recommendation = analyseTwoCandidatesOnTheZipCodes(robot);

        // then the recommendation shows, with one table row per candidate and its number line
        assertTrue(recommendation.getText().startsWith("Recommended: { zip: 'hashed' }"), recommendation.getText());
        TableView<?> table = robot.lookup("#candidates-table").queryAs(TableView.class);
        assertEquals(2, table.getItems().size());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Verdict.RECOMMENDED, ((CandidateRow) table.getItems().get(1)).verdict());
        assertTrue(
                robot.lookup("#findings")
                        .lookup("Only 62 distinct values")
                        .tryQuery()
                        .isEmpty(),
                "the recommended key's findings show, not the state key's");
        javafx.scene.Node stateCell = robot.from(table).lookup(".table-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c && "{ state: 1 }".equals(c.getText()))
                .findFirst()
                .orElseThrow();
        robot.clickOn(stateCell);
        WaitForAsyncUtils.waitForFxEvents();
        // the ZIP codes are too little data to judge writes on this cluster: the verdict says so
        assertEquals(
                "{ state: 1 } · qualified, writes not judged",
                robot.lookup("#selected-key").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#findings .label").queryAllAs(Label.class).stream()
                .anyMatch(l -> l.getText().startsWith("Only 62 distinct values")));

        // and the number lines are painted in the shards' colours
        Canvas line = robot.from(table).lookup((Canvas c) -> true).queryAs(Canvas.class);
        WritableImage pixels =
                WaitForAsyncUtils.asyncFx(() -> line.snapshot(null, null)).get();
        assertTrue(pixels.getWidth() >= AdvisorView.ROW_LINE_WIDTH - 1);
        assertTrue(colours(pixels) >= 3, "background, surface and at least one shard colour");
    }

    @Test
    void aLayoutColumnNarrowedByTheUserKeepsEachNumberLineInsideItsCell(FxRobot robot) throws Exception {
        analyseTwoCandidatesOnTheZipCodes(robot);
        TableView<?> table = robot.lookup("#candidates-table").queryAs(TableView.class);
        TableColumn<?, ?> layout = table.getColumns().get(1);
        assertEquals("Layout (width by data)", layout.getText());

        for (double width : new double[] {44, 60, 120}) {
            // when
            robot.interact(() -> layout.setPrefWidth(width));
            WaitForAsyncUtils.waitForFxEvents();

            // then
            List<TableCell<?, ?>> cells = robot.from(table).lookup(".table-cell").queryAll().stream()
                    .filter(n -> n instanceof TableCell<?, ?> c && c.getGraphic() instanceof Canvas)
                    .<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n)
                    .toList();
            assertEquals(2, cells.size(), "one line per candidate");
            for (TableCell<?, ?> cell : cells) {
                double inside = cell.getWidth()
                        - cell.getInsets().getLeft()
                        - cell.getInsets().getRight();
                double line = ((Canvas) cell.getGraphic()).getWidth();
                assertTrue(
                        line <= inside + 0.5,
                        "at column width " + width + " the line is " + line + " px in a cell " + inside
                                + " px wide inside its padding");
            }
        }
    }

    /** Analyses two candidates on the shipped ZIP codes; the recommendation's label, once it shows. */
    private static Label analyseTwoCandidatesOnTheZipCodes(FxRobot robot) throws Exception {
        // when: load the shipped sample from the menu
        robot.clickOn("#load-sample");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#load-zipcodes").tryQuery().isPresent());
        robot.clickOn("#load-zipcodes");
        Label summary = robot.lookup("#sample-summary").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> summary.getText().startsWith("zipcodes"));

        // and two candidates on 2 shards with 1 MB chunks
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

        // and the analysis done: its recommendation shows
        Label recommendation = robot.lookup("#recommendation").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> !recommendation.getText().isEmpty());
        return recommendation;
    }

    private static int colours(WritableImage image) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int x = 0; x < image.getWidth(); x += 3) {
            for (int y = 0; y < Math.min(image.getHeight(), 20); y++) {
                seen.add(image.getPixelReader().getArgb(x, y));
            }
        }
        return seen.size();
    }
}

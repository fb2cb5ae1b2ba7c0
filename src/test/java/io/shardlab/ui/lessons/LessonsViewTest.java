package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The lessons panel on screen (headless), driven as a teacher would, with a recording explorer. */
@ExtendWith(ApplicationExtension.class)
class LessonsViewTest {

    private static final List<Lesson> LESSONS =
            LessonCatalog.load(WorkloadRegistry.standard()).lessons();

    private final RecordingLauncher launcher = new RecordingLauncher();
    private final SimpleBooleanProperty presenter = new SimpleBooleanProperty(false);
    private BorderPane root;
    private LessonsViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new LessonsViewModel(LESSONS, launcher, presenter, () -> presenter.set(!presenter.get()));
        root = new BorderPane();
        root.setRight(new LessonsView(vm).build());
        // the rest of the window: a control outside the panel, and a text area that edits with Page Up / Down
        javafx.scene.control.Button elsewhere = new javafx.scene.control.Button("Elsewhere");
        elsewhere.setId("elsewhere");
        javafx.scene.control.TextArea notes = new javafx.scene.control.TextArea("one\ntwo\nthree");
        notes.setId("notes");
        root.setCenter(new VBox(elsewhere, notes));
        // the app's own theme, stylesheet and presenter switch, as the main window applies them
        new Appearance(new SimpleBooleanProperty(false), presenter).follow(root);
        stage.setScene(new Scene(root, 720, 760));
        stage.show();
    }

    @Test
    void lists_every_lesson_numbered_in_teaching_order(FxRobot robot) {
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        assertEquals(LESSONS, list.getItems());
        robot.clickOn("#lessons-list");
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = 0; i < LESSONS.size(); i++) {
            String entry = (i + 1) + ". " + LESSONS.get(i).title();
            assertTrue(robot.lookup(entry).tryQuery().isPresent(), "the open list shows " + entry);
        }
        robot.push(KeyCode.ESCAPE);
    }

    @Test
    void the_open_list_is_as_wide_as_the_closed_one_so_it_does_not_run_past_the_screens_edge(FxRobot robot) {
        // given the panel at the window's right, its list narrower than the longest title
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);

        // when the list opens
        robot.clickOn("#lessons-list");
        WaitForAsyncUtils.waitForFxEvents();

        // then it is no wider than the closed list (a long title wraps), and every title still reads whole
        Region open = (Region) ((ComboBoxListViewSkin<?>) list.getSkin()).getPopupContent();
        assertTrue(open.getWidth() <= list.getWidth() + 1, "open " + open.getWidth() + ", closed " + list.getWidth());
        for (int i = 0; i < LESSONS.size(); i++) {
            String entry = (i + 1) + ". " + LESSONS.get(i).title();
            assertTrue(robot.lookup(entry).tryQuery().isPresent(), "the open list shows " + entry);
        }
        robot.push(KeyCode.ESCAPE);
    }

    @Test
    void choosing_a_lesson_shows_its_principle_what_to_watch_and_the_question(FxRobot robot) {
        Lesson third = LESSONS.get(2);
        robot.clickOn("#lessons-list");
        robot.clickOn("3. " + third.title());
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(third.title(), text(robot, "#lesson-title"));
        assertEquals(third.principle(), text(robot, "#lesson-principle"));
        assertEquals(third.askTheRoom(), text(robot, "#lesson-ask"));
        assertEquals("Lesson 3 of " + LESSONS.size(), text(robot, "#lesson-position"));
        List<String> watched = robot.lookup("#lesson-watch .lesson-watch-item").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList();
        assertEquals(third.watch(), watched);
        assertTrue(text(robot, "#lesson-summary").startsWith("MongoDB 5.0 · 8 shards · { continent: 1 }"));
        assertEquals(
                third.followUps().get(0).label(),
                robot.lookup("#lesson-follow-up-0").queryAs(Button.class).getText());
    }

    @Test
    void run_scenario_starts_the_lessons_scenario_in_the_explorer_with_the_chosen_query(FxRobot robot) {
        Lesson first = LESSONS.get(0);
        LessonQuery page = first.scenario().queries().get(1);
        scrollToTheEnd(robot);
        robot.clickOn(page.label());
        robot.clickOn("#lesson-run");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(first.scenario().base().withQueryFilter(page.filter())), launcher.launched);
        assertEquals("Running the lesson's scenario in the explorer", text(robot, "#lesson-status"));
    }

    @Test
    void the_status_line_appearing_moves_nothing_in_the_panel(FxRobot robot) {
        // given the first lesson scrolled to its Run button, with no status yet
        scrollToTheEnd(robot);
        javafx.scene.Node run = robot.lookup("#lesson-run").query();
        javafx.geometry.Bounds before = run.localToScene(run.getLayoutBounds());
        assertEquals("", text(robot, "#lesson-status"));

        // when Run scenario reports what it did
        robot.clickOn("#lesson-run");
        WaitForAsyncUtils.waitForFxEvents();

        // then the line shows and the button is where the pointer left it
        assertEquals("Running the lesson's scenario in the explorer", text(robot, "#lesson-status"));
        assertEquals(before, run.localToScene(run.getLayoutBounds()));
    }

    @Test
    void the_better_key_button_compares_the_follow_up_side_by_side_and_shows_its_queries(FxRobot robot) {
        FollowUp better = LESSONS.get(0).followUps().get(1);
        scrollToTheEnd(robot);
        robot.clickOn("#lesson-follow-up-1");
        WaitForAsyncUtils.waitForFxEvents();

        RecordingLauncher.Comparison compared = launcher.compared.get(0);
        assertEquals(LESSONS.get(0).scenario().base(), compared.left());
        assertEquals("{ counter: 'hashed' }", compared.right().keyPattern());
        assertEquals(Optional.empty(), compared.right().queryFilter(), "no query until the teacher picks one");
        List<String> choices =
                robot.lookup("#lesson-queries .lesson-query-choice").queryAllAs(RadioButton.class).stream()
                        .map(RadioButton::getText)
                        .toList();
        assertEquals(
                better.scenario().queries().stream().map(LessonQuery::label).toList(), choices);
        assertTrue(text(robot, "#lesson-summary").startsWith("MongoDB 8.0 · 3 shards · { counter: 'hashed' }"));
    }

    @Test
    void run_it_alone_starts_the_follow_up_in_the_explorer(FxRobot robot) {
        scrollToTheEnd(robot);
        robot.clickOn("#lesson-follow-up-alone-0");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("8.0", launcher.last().version().toString());
        assertTrue(launcher.compared.isEmpty());
    }

    @Test
    void page_down_and_the_buttons_move_between_lessons(FxRobot robot) {
        robot.clickOn("#lesson-title");
        robot.push(KeyCode.PAGE_DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(LESSONS.get(1).title(), text(robot, "#lesson-title"));
        assertEquals(
                1,
                robot.lookup("#lessons-list")
                        .queryAs(ComboBox.class)
                        .getSelectionModel()
                        .getSelectedIndex());

        robot.clickOn("#lesson-previous");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(LESSONS.get(0).title(), text(robot, "#lesson-title"));
        assertTrue(robot.lookup("#lesson-previous").queryAs(Button.class).isDisabled());
    }

    @Test
    void the_clicker_works_wherever_the_focus_is_but_a_text_area_keeps_its_page_keys(FxRobot robot) {
        // given the focus on a control outside the lessons panel
        robot.clickOn("#elsewhere");

        // when the clicker sends Page Down, then Page Up, then Page Down
        robot.push(KeyCode.PAGE_DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(LESSONS.get(1).title(), text(robot, "#lesson-title"), "next lesson from outside the panel");
        robot.push(KeyCode.PAGE_UP);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(LESSONS.get(0).title(), text(robot, "#lesson-title"));

        // but in a text area the keys move the caret, not the lessons
        robot.clickOn("#notes");
        robot.push(KeyCode.PAGE_DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(LESSONS.get(0).title(), text(robot, "#lesson-title"), "the text area keeps Page Down");
    }

    @Test
    void presenter_mode_makes_the_lesson_text_larger(FxRobot robot) {
        double normal =
                robot.lookup("#lesson-principle").queryAs(Label.class).getFont().getSize();
        robot.clickOn("#lessons-presenter");
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(presenter.get());
        assertTrue(root.getStyleClass().contains("presenter"));
        double large =
                robot.lookup("#lesson-principle").queryAs(Label.class).getFont().getSize();
        assertTrue(large >= normal * 1.25, normal + " -> " + large);

        robot.clickOn("#lessons-presenter");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(presenter.get());
    }

    @ParameterizedTest(name = "presenter mode {0}")
    @ValueSource(booleans = {false, true})
    void every_lesson_title_query_follow_up_and_shell_step_reads_whole(boolean presenterMode, FxRobot robot) {
        robot.interact(() -> presenter.set(presenterMode));
        robot.interact(() -> vm.offerShell(script -> {}, new SimpleBooleanProperty(false)));
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        for (int i = 0; i < LESSONS.size(); i++) {
            int index = i;
            robot.interact(() -> list.getSelectionModel().select(index));
            WaitForAsyncUtils.waitForFxEvents();
            Lesson lesson = LESSONS.get(i);
            assertEquals((i + 1) + ". " + lesson.title(), shown(list.getButtonCell()));
            List<RadioButton> queries =
                    robot.lookup("#lesson-queries .radio-button").queryAllAs(RadioButton.class).stream()
                            .toList();
            for (int q = 0; q < queries.size(); q++) {
                assertEquals(lesson.scenario().queries().get(q).label(), shown(queries.get(q)));
            }
            for (int f = 0; f < lesson.followUps().size(); f++) {
                assertEquals(
                        lesson.followUps().get(f).label(),
                        shown(robot.lookup("#lesson-follow-up-" + f).query()),
                        lesson.title());
            }
            for (int step = 0; step < lesson.shellSteps().size(); step++) {
                assertEquals(
                        lesson.shellSteps().get(step).label(),
                        shown(robot.lookup("#lesson-shell-step-" + step).query()),
                        lesson.title());
            }
        }
    }

    @ParameterizedTest(name = "presenter mode {0}")
    @ValueSource(booleans = {false, true})
    void the_lesson_text_keeps_its_place_from_lesson_to_lesson_however_long_the_title(
            boolean presenterMode, FxRobot robot) {
        robot.interact(() -> presenter.set(presenterMode));
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        java.util.Set<Double> pickerHeights = new java.util.TreeSet<>();
        java.util.Set<Double> titleTops = new java.util.TreeSet<>();
        for (int i = 0; i < LESSONS.size(); i++) {
            int index = i;
            robot.interact(() -> list.getSelectionModel().select(index));
            WaitForAsyncUtils.waitForFxEvents();
            javafx.scene.Node title = robot.lookup("#lesson-title").query();
            pickerHeights.add(list.getHeight());
            titleTops.add(title.localToScene(title.getLayoutBounds()).getMinY());
        }
        assertEquals(1, pickerHeights.size(), "the closed lesson list's heights: " + pickerHeights);
        assertEquals(1, titleTops.size(), "where the lesson's title starts: " + titleTops);
    }

    /** The text a control shows on screen: cut with an ellipsis, or with a mnemonic's underscore taken out. */
    private static String shown(javafx.scene.Node labeled) {
        javafx.scene.Node text = labeled.lookup(".text");
        return text instanceof javafx.scene.text.Text t ? t.getText() : "";
    }

    /** Scrolls the lesson to its end, as a teacher does to reach the scenario and follow-up buttons. */
    private static void scrollToTheEnd(FxRobot robot) {
        ScrollPane scroller = robot.lookup("#lesson-scroller").queryAs(ScrollPane.class);
        robot.interact(() -> scroller.setVvalue(scroller.getVmax()));
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}

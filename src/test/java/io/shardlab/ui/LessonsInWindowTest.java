package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.ChunkSizes;
import io.shardlab.render.LayoutData;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.lessons.Lesson;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The teaching flow in the real window, starting from the lessons panel: choose a lesson, run its
 * scenario, play, pause, split a chunk, undo.
 */
@ExtendWith(ApplicationExtension.class)
class LessonsInWindowTest {

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    private int chunks() {
        DiagramPicture p =
                window.app().explorer().numberLine().pictureProperty().get();
        return p == null ? 0 : p.data().layout().snapshot().chunks().size();
    }

    /** The chunk with the most documents: one that sh.splitFind's median can cut. */
    private int fullestChunk() {
        LayoutData layout = window.app()
                .explorer()
                .numberLine()
                .pictureProperty()
                .get()
                .data()
                .layout();
        ChunkSizes sizes = layout.sizes().orElseThrow();
        int best = 0;
        for (int i = 1; i < layout.snapshot().chunks().size(); i++) {
            if (sizes.documents(i) > sizes.documents(best)) {
                best = i;
            }
        }
        return best;
    }

    @Test
    void the_lessons_panel_shows_beside_the_empty_window_and_view_lessons_hides_it(FxRobot robot) throws Exception {
        Node panel = robot.lookup("#lessons-panel").query();
        assertTrue(panel.isVisible());
        assertTrue(robot.lookup("#empty-state").query().isVisible());

        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.L);
        waitUntil(() -> !panel.isVisible());
        assertFalse(panel.isManaged());

        robot.push(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.L);
        waitUntil(panel::isVisible);
    }

    @Test
    void choose_a_lesson_run_it_play_pause_split_a_chunk_and_undo(FxRobot robot) throws Exception {
        ExplorerViewModel explorer = window.app().explorer();

        // given the fifth lesson, chosen in the panel's lesson list
        robot.clickOn("#lessons-list");
        robot.push(KeyCode.DOWN)
                .push(KeyCode.DOWN)
                .push(KeyCode.DOWN)
                .push(KeyCode.DOWN)
                .push(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".lessons-panel")
                .lookup("Coarse time first, user second")
                .tryQuery()
                .isPresent());

        // when its scenario runs, the explorer shows it
        ScrollPane scroller = robot.lookup("#lesson-scroller").queryAs(ScrollPane.class);
        robot.interact(() -> scroller.setVvalue(scroller.getVmax()));
        robot.clickOn("#lesson-run");
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY && chunks() > 0);
        assertFalse(robot.lookup("#empty-state").query().isVisible());
        assertTrue(robot.lookup("#explorer").query().isVisible());
        assertEquals(
                "{ month: 1, user: 1 }",
                robot.lookup("#setup-key").queryTextInputControl().getText());
        assertTrue(
                window.stage().getTitle().contains("analytics.events"),
                window.stage().getTitle());

        // play, then pause
        robot.clickOn("#transport-play");
        waitUntil(() -> explorer.playback().playingProperty().get()
                && explorer.playback().progressProperty().get() > 0);
        robot.clickOn("#transport-play");
        waitUntil(() -> !explorer.playback().playingProperty().get());
        int before = chunks();

        // split the fullest chunk at its median (sh.splitFind), then undo it
        // (at the test window's 1280 px the explorer's side panel is folded into its rail: the chunk button
        // opens its details)
        robot.interact(() -> explorer.numberLine().selectChunk(fullestChunk()));
        robot.clickOn("#rail-chunk");
        robot.clickOn("#chunk-split-median");
        waitUntil(() -> chunks() == before + 1);
        assertTrue(
                robot.lookup("#last-mongosh").queryAs(Label.class).getText().startsWith("sh.splitFind("),
                robot.lookup("#last-mongosh").queryAs(Label.class).getText());

        // Edit → Undo by its shortcut: at the test window's 1280 px the transport bar's undo button sits
        // under the lessons panel
        robot.push(KeyCode.SHORTCUT, KeyCode.Z);
        waitUntil(() -> chunks() == before);
        assertTrue(explorer.history().canRedoProperty().get());

        // and File → Export… (Ctrl+E) opens the export dialog on what the explorer shows
        robot.push(KeyCode.SHORTCUT, KeyCode.E);
        waitUntil(() -> robot.lookup("#export-preview")
                .tryQuery()
                .map(n -> ((javafx.scene.image.ImageView) n).getImage() != null)
                .orElse(false));
        robot.clickOn(((javafx.scene.control.DialogPane)
                        robot.lookup(".export-dialog").query())
                .lookupButton(javafx.scene.control.ButtonType.CLOSE));
    }

    @Test
    void a_click_on_play_after_each_lessons_run_scenario_lands_on_play(FxRobot robot) throws Exception {
        // a teacher clicks Run scenario, then Play where it was for the last lesson, without looking
        ComboBox<?> list = robot.lookup("#lessons-list").queryAs(ComboBox.class);
        ScrollPane scroller = robot.lookup("#lesson-scroller").queryAs(ScrollPane.class);
        java.util.Map<String, Bounds> places = new java.util.LinkedHashMap<>();
        javafx.geometry.Point2D pointer = null;
        for (int i = 0; i < list.getItems().size(); i++) {
            Lesson lesson = (Lesson) list.getItems().get(i);
            int index = i;
            robot.interact(() -> list.getSelectionModel().select(index));
            Node run = robot.lookup("#lesson-run").query();
            robot.interact(() -> scrollIntoView(scroller, run));
            robot.clickOn(run);
            waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY
                    && chunks() > 0
                    && lesson.scenario()
                            .base()
                            .keyPattern()
                            .equals(robot.lookup("#setup-key")
                                    .tryQuery()
                                    .map(key -> ((TextInputControl) key).getText())
                                    .orElse(null)));
            Node play = robot.lookup("#transport-play").query();
            places.put(lesson.title(), onFxThread(() -> play.localToScene(play.getLayoutBounds())));
            if (pointer == null) {
                Bounds first = play.localToScreen(play.getLayoutBounds());
                pointer = new javafx.geometry.Point2D(first.getCenterX(), first.getCenterY());
            }
            robot.clickOn(pointer);
            waitUntil(() -> window.app().explorer().playback().playingProperty().get());
            robot.interact(() -> window.app().explorer().playback().pause());
        }
        Bounds first = places.values().iterator().next();
        places.forEach((title, bounds) -> assertEquals(first, bounds, title + ": " + places));
    }

    /** Scrolls the lesson so that {@code node} shows in the middle of the panel's viewport (or as near as it goes). */
    private static void scrollIntoView(ScrollPane scroller, Node node) {
        scroller.applyCss();
        scroller.layout();
        Node content = scroller.getContent();
        Bounds inContent = content.sceneToLocal(node.localToScene(node.getLayoutBounds()));
        double spare = content.getLayoutBounds().getHeight()
                - scroller.getViewportBounds().getHeight();
        if (spare > 0) {
            double top = inContent.getMinY() - (scroller.getViewportBounds().getHeight() - inContent.getHeight()) / 2;
            scroller.setVvalue(Math.max(0, Math.min(1, top / spare)) * (scroller.getVmax() - scroller.getVmin())
                    + scroller.getVmin());
        }
    }
}

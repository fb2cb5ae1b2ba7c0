package io.shardlab.ui.explorer;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.DiagramPainter;
import io.shardlab.render.Highlight;
import io.shardlab.render.View;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.FxWait;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.explorer.diagram.DiagramProbe;
import io.shardlab.ui.explorer.diagram.NumberLineView;
import io.shardlab.ui.explorer.diagram.RenderCanvas;
import io.shardlab.ui.lessons.FollowUp;
import io.shardlab.ui.lessons.LessonCatalog;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.controlsfx.control.PopOver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The explorer's main flows through its real window (headless Monocle), wired as the application wires
 * it: the simulation on its own thread, states to the screen through the newest-wins mailbox.
 */
@ExtendWith(ApplicationExtension.class)
class ExplorerViewTest {

    private WiredExplorer wired;
    private ExplorerViewModel vm;
    private ExplorerView view;
    private Stage stage;
    private SimpleBooleanProperty dark;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        dark = new SimpleBooleanProperty(false);
        wired = WiredExplorer.standard(dark);
        vm = wired.viewModel();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        view = new ExplorerView(vm, appearance);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1240, 760));
        // the primary stage is shared: a test class before may have sized it explicitly
        stage.sizeToScene();
        stage.show();
    }

    @AfterEach
    void stop() {
        wired.close();
    }

    /** What a lesson does: launch a scenario through the ScenarioLauncher hook. */
    /**
     * Three chunks of a 2,000-document monotonic stream, in an explorer too narrow to dock the side panel: the
     * Chunk tab is folded into the rail, so a selection shows its details in the returned popover.
     */
    private PopOver threeChunksWithTheSidePanelFolded(FxRobot robot) throws TimeoutException {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(2_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }")));
        assertEquals(
                SidePanelViewModel.Placement.RAIL,
                view.sidePlacement().placementProperty().get());
        return DiagramProbe.detailsPopover(view.numberLineView());
    }

    private void launchAsALessonWould(FxRobot robot, Scenario scenario) throws TimeoutException {
        robot.interact(() -> ((ScenarioLauncher) vm).launch(scenario));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY
                && vm.numberLine().pictureProperty().get() != null);
        waitUntil(() -> DiagramProbe.screenXOf(view.numberLineView(), 0).isPresent());
    }

    private static void replaceText(FxRobot robot, String field, String text) {
        robot.clickOn(field).push(KeyCode.SHORTCUT, KeyCode.A).write(text);
    }

    private int chunks() {
        return vm.numberLine().pictureProperty().get().model().chunkCount();
    }

    /** Screen point of line position {@code position} on the bar. */
    private Point2D onBar(FxRobot robot, double position) {
        NumberLineView line = view.numberLineView();
        return line.canvas()
                .localToScreen(
                        DiagramProbe.screenXOf(line, position).orElseThrow(),
                        DiagramProbe.barMiddleY(line).orElseThrow());
    }

    @Test
    void a_lesson_launches_then_play_pause_split_a_chunk_and_undo(FxRobot robot) throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(40_000)
                        .withDocsPerSecond(4_000)
                        .withSplitPoints(List.of("{ counter: 100000 }")));
        assertEquals(
                "{ counter: 1 }",
                robot.lookup("#setup-key").queryTextInputControl().getText());
        assertEquals(2, chunks());
        // the lesson's pace is none of the picker's own: the closed picker still names it
        assertEquals(
                "4,000",
                robot.lookup("#setup-pace")
                        .queryAs(ComboBox.class)
                        .getButtonCell()
                        .getText());

        robot.clickOn("#transport-play");
        waitUntil(() -> vm.playback().playingProperty().get()
                && vm.playback().progressProperty().get() > 0);
        robot.clickOn("#transport-play");
        waitUntil(() -> !vm.playback().playingProperty().get());
        assertEquals("Play", robot.lookup("#transport-play").queryButton().getText());

        // the second chunk [100000, MaxKey) has no point to name by interpolation: double-click the first,
        // [MinKey, 100000), whose documents give sh.splitFind a median
        Point2D firstChunk = onBar(robot, 0.25);
        robot.moveTo(firstChunk).doubleClickOn(MouseButton.PRIMARY);
        waitUntil(() -> chunks() == 3);
        assertTrue(
                robot.lookup("#last-mongosh").queryAs(Label.class).getText().startsWith("sh.splitFind("),
                robot.lookup("#last-mongosh").queryAs(Label.class).getText());

        robot.clickOn("#history-undo");
        waitUntil(() -> chunks() == 2);
        assertTrue(vm.history().canRedoProperty().get());
        assertFalse(vm.history().canUndoProperty().get());
    }

    @Test
    void typing_a_filter_highlights_the_shards_it_reaches(FxRobot robot) throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(5_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }")));

        // the 1,240 px explorer folds its side panel into the rail: the query button opens that section
        robot.clickOn("#rail-query");
        robot.clickOn("#query-filter").write("{ counter: 150 }");
        waitUntil(() -> "single-shard shape"
                .equals(robot.lookup("#query-class").queryAs(Label.class).getText()));

        assertEquals(
                "reaches shard02 (1 of 3 shards)",
                robot.lookup("#query-shards").queryAs(Label.class).getText());
        assertEquals(
                new Highlight.Shards(Set.of("shard02")),
                vm.numberLine().pictureProperty().get().options().highlight());
        assertTrue(robot.lookup("#query-reason").queryAs(Label.class).getText().contains("equality"));

        // a range is multi-shard by its shape, even where this layout keeps it on one shard: both are said
        replaceText(robot, "#query-filter", "{ counter: { $gte: 120, $lt: 180 } }");
        waitUntil(() -> "multi-shard shape"
                .equals(robot.lookup("#query-class").queryAs(Label.class).getText()));
        assertEquals(
                "reaches shard02 (1 of 3 shards)",
                robot.lookup("#query-shards").queryAs(Label.class).getText());
        String reason = robot.lookup("#query-reason").queryAs(Label.class).getText();
        assertTrue(reason.endsWith("1 range overlapping 1 chunk, which lives on 1 shard."), reason);
        assertFalse(reason.contains("(s)"), reason);

        replaceText(robot, "#query-filter", "{ customer: 'c00001' }");
        waitUntil(() -> "scatter-gather shape"
                .equals(robot.lookup("#query-class").queryAs(Label.class).getText()));
        assertEquals(
                "reaches all 3 shards",
                robot.lookup("#query-shards").queryAs(Label.class).getText());

        // the badge reads whole beside a sentence that wraps, never cut to "mul…"
        replaceText(robot, "#query-filter", "{ counter: { $gte: 50, $lt: 150 } }");
        waitUntil(() -> "reaches shard01, shard02 (2 of 3 shards)"
                .equals(robot.lookup("#query-shards").queryAs(Label.class).getText()));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node shown = robot.lookup("#query-class").query().lookup(".text");
        assertEquals("multi-shard shape", ((javafx.scene.text.Text) shown).getText());
    }

    @Test
    void changing_the_key_redraws_the_line(FxRobot robot) throws Exception {
        launchAsALessonWould(robot, Scenario.of("{ counter: 1 }", "monotonic").withDocuments(5_000));
        assertEquals(
                "Chunks from MinKey to MaxKey",
                robot.lookup("#line-title").queryAs(Label.class).getText());
        DiagramPicture before = vm.numberLine().pictureProperty().get();

        replaceText(robot, "#setup-key", "{ counter: -1 }");
        assertTrue(
                robot.lookup("#setup-key-error")
                        .queryAs(Label.class)
                        .getText()
                        .contains("Non-hashed fields must be set to a value of 1"),
                "MongoDB's message, as it is typed");
        assertTrue(robot.lookup("#setup-apply").queryButton().isDisabled());

        replaceText(robot, "#setup-key", "{ counter: 'hashed' }");
        robot.type(KeyCode.ENTER);
        waitUntil(() -> vm.numberLine().pictureProperty().get() != before
                && vm.numberLine().pictureProperty().get().model().key().hasHashedPrefix());

        assertEquals(
                "Chunks in hash space",
                robot.lookup("#line-title").queryAs(Label.class).getText());
        assertEquals(3, chunks(), "8.0 gives a hashed key one chunk per shard to start with");
        assertTrue(vm.numberLine().pictureProperty().get().valueLine().isPresent(), "and the value line above it");
        long painted = DiagramProbe.lastPaintNanos(view.lineCanvas());
        assertTrue(painted > 0, "the canvas painted the new line");
        waitUntil(
                () -> DiagramProbe.paintedSections(view.numberLineView()).contains(DiagramPainter.Section.VALUE_LINE));
        DiagramPicture picture = vm.numberLine().pictureProperty().get();
        List<DiagramPainter.Section> exported =
                new DiagramPainter(picture.data(), picture.options().withView(View.LANES)).sections();
        assertEquals(
                exported.subList(1, exported.size()),
                DiagramProbe.paintedSections(view.numberLineView()),
                "the window paints the sections File → Export… draws, the value line among them, under no title");
    }

    @Test
    void zones_set_in_the_zones_dialog_shape_the_initial_chunks_and_a_refusal_shows_inline(FxRobot robot)
            throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(5_000)
                        .withVersion(io.shardlab.cluster.MongoVersion.V7_0));
        assertEquals("Zones…", robot.lookup("#setup-zones").queryButton().getText());

        robot.clickOn("#setup-zones");
        waitUntil(() -> robot.lookup("#zones-add").tryQuery().isPresent());
        robot.clickOn("#zones-add");
        waitUntil(() -> robot.lookup("#zones-row-0-zone").tryQuery().isPresent());
        robot.clickOn("#zones-row-0-zone").write("EU");
        robot.clickOn("#zones-row-0-shards").write("shard09");
        waitUntil(() -> robot.lookup("#zones-error").queryAs(Label.class).isVisible());
        assertEquals(
                "sh.addShardToZone(\"shard09\", \"EU\"): shard shard09 does not exist",
                robot.lookup("#zones-error").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#zones-ok").queryButton().isDisabled());

        replaceText(robot, "#zones-row-0-shards", "shard03");
        robot.clickOn("#zones-row-0-min").write("{ counter: 1000 }");
        robot.clickOn("#zones-row-0-max").write("{ counter: 2000 }");
        waitUntil(() -> !robot.lookup("#zones-ok").queryButton().isDisabled());
        DiagramPicture before = vm.numberLine().pictureProperty().get();
        robot.clickOn("#zones-ok");

        waitUntil(() -> vm.numberLine().pictureProperty().get() != before && chunks() == 3);
        assertEquals("Zones: EU", robot.lookup("#setup-zones").queryButton().getText());
        var model = vm.numberLine().pictureProperty().get().model();
        assertEquals("shard03", model.shards().get(model.shardOf(1)), "the zone range's chunk is on its shard");
    }

    @Test
    void keys_zoom_and_pan_the_line_and_the_fit_button_shows_the_whole_line(FxRobot robot) throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(5_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }", "{ counter: 300 }")));

        robot.clickOn(onBar(robot, 0.6));
        assertEquals(2, vm.numberLine().selectedProperty().get().index(), "a click selects the chunk under it");
        robot.type(KeyCode.EQUALS, 2).type(KeyCode.RIGHT);
        waitUntil(() -> vm.numberLine().viewportProperty().get().span() < 0.5);
        assertTrue(vm.numberLine().viewportProperty().get().start() > 0);

        robot.clickOn("#zoom-fit");
        waitUntil(() -> vm.numberLine().viewportProperty().get().span() == 1);
    }

    @Test
    void pointing_at_a_lanes_shard_name_shows_the_shards_figures(FxRobot robot) throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(5_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }")));
        NumberLineView line = view.numberLineView();

        robot.moveTo(line.canvas()
                .localToScreen(
                        DiagramProbe.LANE_SWATCH_X + 30,
                        DiagramProbe.laneMiddleY(line, 1).orElseThrow()));
        waitUntil(() -> robot.lookup(".hover-card").query().isVisible());

        javafx.scene.Node card = robot.lookup(".hover-card").query();
        assertEquals("shard02", ((Label) card.lookup(".hover-card-title")).getText());
        assertEquals(
                List.of("chunks", "documents", "data size"),
                card.lookupAll(".hover-card-key").stream()
                        .map(n -> ((Label) n).getText())
                        .toList());
        assertEquals(
                "1",
                ((Label) card.lookupAll(".hover-card-value").iterator().next()).getText(),
                "shard02 owns one of the three chunks");

        robot.moveTo(line.canvas().localToScreen(2, 2));
        waitUntil(() -> !robot.lookup(".hover-card").query().isVisible());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{ month: 1, user: 1 }", "{ counter: 'hashed' }", "{ region: 1, month: 1, user: 1 }"})
    void the_key_field_shows_the_whole_key_up_to_its_closing_brace(String pattern, FxRobot robot) {
        robot.interact(() -> vm.setup().keyPatternProperty().set(pattern));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node field = robot.lookup("#setup-key").query();
        javafx.scene.Node text = field.lookup(".text");
        javafx.scene.Node status = field.lookup(".key-status");
        double textRight = text.localToScene(text.getLayoutBounds()).getMaxX();
        double statusLeft = status.localToScene(status.getLayoutBounds()).getMinX();
        assertTrue(
                textRight <= statusLeft,
                pattern + ": the text ends at " + textRight + ", the status icon starts at " + statusLeft);
    }

    @Test
    void no_shipped_lesson_key_moves_the_play_button_at_any_window_width(FxRobot robot) throws Exception {
        // a teacher clicks Play after each Run scenario without looking: the setup row above it must keep its
        // height whatever key the lesson (or its follow-up) sets
        List<String> keys = LessonCatalog.load(WorkloadRegistry.standard()).lessons().stream()
                .flatMap(l -> java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(l.scenario()),
                        l.followUps().stream().map(FollowUp::scenario)))
                .map(s -> s.base().keyPattern())
                .distinct()
                .toList();
        launchAsALessonWould(robot, Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000));
        javafx.scene.Node play = robot.lookup("#transport-play").query();
        // wider than the headless screen: the explorer sized by hand inside a plain pane
        javafx.scene.layout.Region explorer = (javafx.scene.layout.Region) view.node();
        robot.interact(() -> stage.getScene().setRoot(new javafx.scene.layout.Pane(explorer)));
        for (int width = 900; width <= 1900; width += 20) {
            int w = width;
            robot.interact(() -> explorer.setPrefSize(w, 760));
            java.util.Map<String, Double> tops = new java.util.LinkedHashMap<>();
            for (String key : keys) {
                robot.interact(() -> {
                    vm.setup().keyPatternProperty().set(key);
                    stage.getScene().getRoot().applyCss();
                    stage.getScene().getRoot().layout();
                });
                tops.put(
                        key,
                        FxWait.onFxThread(
                                () -> play.localToScene(play.getLayoutBounds()).getMinY()));
            }
            assertEquals(1, new java.util.HashSet<>(tops.values()).size(), "at " + w + " px: " + tops);
        }
    }

    @Test
    void why_no_move_stays_on_the_counters_row_at_any_width_from_900_px(FxRobot robot) throws Exception {
        launchAsALessonWould(robot, Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000));
        Node why = robot.lookup("#balancer-why").query();
        Node redo = robot.lookup("#history-redo").query();
        Region explorer = (Region) view.node();
        robot.interact(() -> stage.getScene().setRoot(new Pane(explorer)));
        for (int width = 900; width <= 1900; width += 20) {
            int w = width;
            robot.interact(() -> {
                explorer.setPrefSize(w, 760);
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
            });
            WaitForAsyncUtils.waitForFxEvents();
            double whyMiddle = FxWait.onFxThread(
                    () -> why.localToScene(why.getLayoutBounds()).getCenterY());
            double redoMiddle = FxWait.onFxThread(
                    () -> redo.localToScene(redo.getLayoutBounds()).getCenterY());
            assertEquals(redoMiddle, whyMiddle, 1, "at " + w + " px: Why no move? beside redo, not on a row alone");
        }
    }

    @Test
    void with_the_side_panel_folded_a_click_on_a_chunk_shows_its_details_in_a_popover_and_esc_closes_it(FxRobot robot)
            throws Exception {
        // given an explorer too narrow to dock the side panel: the Chunk tab is folded into the rail
        PopOver popover = threeChunksWithTheSidePanelFolded(robot);

        // when the teacher clicks the middle chunk
        robot.clickOn(onBar(robot, 0.5));
        waitUntil(popover::isShowing);

        // then its details show, in MongoDB's words
        javafx.scene.Node content = popover.getContentNode();
        assertEquals("Chunk 2 of 3", ((Label) content.lookup("#chunk-popover-title")).getText());
        assertEquals(
                "[{ counter: 100 }, { counter: 200 })", ((Label) content.lookup("#chunk-popover-range")).getText());
        assertEquals(
                vm.numberLine().selectedProperty().get().chunk().shard(),
                ((Label) content.lookup("#chunk-popover-shard")).getText());
        assertEquals("no", ((Label) content.lookup("#chunk-popover-state")).getText());
        assertEquals("none", ((Label) content.lookup("#chunk-popover-zone")).getText());
        for (javafx.scene.Node key : content.lookupAll(".chunk-popover-key")) {
            javafx.scene.Node text = key.lookup(".text");
            assertEquals(
                    ((Label) key).getText(), ((javafx.scene.text.Text) text).getText(), "the field names read whole");
        }

        // and Esc closes it, keeping the selection
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> !popover.isShowing());
        assertTrue(vm.numberLine().selectedProperty().get() != null, "the chunk stays selected");

        // ] walks to the next chunk: with the panel folded, its details show again
        robot.type(KeyCode.CLOSE_BRACKET);
        waitUntil(popover::isShowing);
        assertEquals("Chunk 3 of 3", ((Label) content.lookup("#chunk-popover-title")).getText());
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> !popover.isShowing());
    }

    @Test
    void in_the_dark_theme_the_chunk_popover_is_dark_behind_its_light_text(FxRobot robot) throws Exception {
        // given the dark theme and a folded side panel
        robot.interact(() -> dark.set(true));
        PopOver popover = threeChunksWithTheSidePanelFolded(robot);

        // when a chunk's details show
        robot.clickOn(onBar(robot, 0.5));
        waitUntil(popover::isShowing);
        WaitForAsyncUtils.waitForFxEvents();

        // then the popover's body is the theme's dark background (not ControlsFX's own white), under light text
        javafx.scene.shape.Path border =
                (javafx.scene.shape.Path) popover.getRoot().lookup(".border");
        javafx.scene.paint.Color fill = (javafx.scene.paint.Color) border.getFill();
        javafx.scene.paint.Color text = (javafx.scene.paint.Color)
                ((Label) popover.getContentNode().lookup("#chunk-popover-title")).getTextFill();
        assertTrue(fill.getBrightness() < 0.3, "popover body " + fill);
        assertTrue(text.getBrightness() > 0.7, "popover title " + text);
        // and around the bubble its window is opaque and dark, not transparent: a window manager without a
        // compositor (openbox on a bare X server) shows a transparent window as a white frame
        javafx.scene.paint.Color around =
                (javafx.scene.paint.Color) popover.getScene().getFill();
        assertTrue(around.isOpaque(), "popover window " + around);
        assertTrue(around.getBrightness() < 0.3, "popover window " + around);
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> !popover.isShowing());
    }

    @Test
    void the_chunk_popovers_arrow_points_at_the_chunk_even_when_its_bounds_wrap(FxRobot robot) throws Exception {
        // given a hashed key: the bounds are long enough to wrap in the popover
        launchAsALessonWould(
                robot, Scenario.of("{ counter: 'hashed' }", "monotonic").withDocuments(2_000));
        PopOver popover = DiagramProbe.detailsPopover(view.numberLineView());
        WaitForAsyncUtils.waitForFxEvents();

        // when a chunk is clicked
        Point2D click = onBar(robot, 0.5);
        robot.clickOn(click);
        waitUntil(popover::isShowing);
        WaitForAsyncUtils.waitForFxEvents();

        // then the popover is centred on the click (its arrow sits at the top centre)
        double centre = popover.getX() + popover.getWidth() / 2;
        assertTrue(
                Math.abs(centre - click.getX()) < 15,
                "popover centre " + centre + ", click at " + click.getX() + ", width " + popover.getWidth());
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> !popover.isShowing());
    }

    @Test
    void with_the_side_panel_folded_a_right_click_shows_the_chunk_menu_without_the_popover(FxRobot robot)
            throws Exception {
        PopOver popover = threeChunksWithTheSidePanelFolded(robot);

        // when the teacher right-clicks a chunk
        Point2D at = onBar(robot, 0.5);
        RenderCanvas canvas = view.numberLineView().canvas();
        Point2D local = canvas.screenToLocal(at);
        robot.interact(() -> canvas.fireEvent(new javafx.scene.input.ContextMenuEvent(
                javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                local.getX(),
                local.getY(),
                at.getX(),
                at.getY(),
                false,
                null)));
        robot.sleep((long) (DiagramProbe.DOUBLE_CLICK_MILLIS * 2));
        WaitForAsyncUtils.waitForFxEvents();

        // then it is selected and its menu shows, and the popover does not open under the menu
        assertTrue(vm.numberLine().selectedProperty().get() != null, "the chunk is selected");
        assertFalse(popover.isShowing(), "no popover under the chunk menu");
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void with_the_side_panel_docked_a_click_selects_and_a_double_click_in_a_lane_shows_the_details(FxRobot robot)
            throws Exception {
        launchAsALessonWould(
                robot,
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(2_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }")));
        javafx.scene.layout.Region explorer = (javafx.scene.layout.Region) view.node();
        robot.interact(() -> {
            stage.getScene().setRoot(new javafx.scene.layout.Pane(explorer));
            explorer.setPrefSize(1500, 760);
        });
        waitUntil(() -> view.sidePlacement().placementProperty().get() == SidePanelViewModel.Placement.DOCKED);
        waitUntil(() -> DiagramProbe.screenXOf(view.numberLineView(), 0).isPresent());
        PopOver popover = DiagramProbe.detailsPopover(view.numberLineView());
        NumberLineView line = view.numberLineView();
        // the lanes follow the model's shard order: the first chunk's lane
        int lane = vm.numberLine().pictureProperty().get().model().shardOf(0);
        Point2D inLane = line.canvas()
                .localToScreen(
                        DiagramProbe.screenXOf(line, 1.0 / 6).orElseThrow(),
                        DiagramProbe.laneMiddleY(line, lane).orElseThrow());

        // a click selects: the docked Chunk tab shows it, no popover
        robot.clickOn(inLane);
        waitUntil(() -> vm.numberLine().selectedProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(popover.isShowing());

        // a double-click in the lane shows the popover, and splits nothing
        robot.moveTo(inLane).doubleClickOn(MouseButton.PRIMARY);
        waitUntil(popover::isShowing);
        assertEquals(3, chunks());
        assertEquals("Chunk 1 of 3", ((Label) popover.getContentNode().lookup("#chunk-popover-title")).getText());
    }

    @Test
    void a_migration_in_flight_reads_plus_one_moving_without_moving_play_or_widening_the_bar(FxRobot robot)
            throws Exception {
        // given a paused stream: a chunk moved now stays in flight until time runs
        launchAsALessonWould(robot, Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000));
        javafx.scene.Node play = robot.lookup("#transport-play").query();
        javafx.scene.Node migrations = robot.lookup("#stat-migrations").query().getParent();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
        });
        javafx.geometry.Bounds playBefore = FxWait.onFxThread(() -> play.localToScene(play.getLayoutBounds()));
        double widthBefore =
                FxWait.onFxThread(() -> migrations.getLayoutBounds().getWidth());

        // when a chunk is moved to another shard
        robot.interact(() -> {
            vm.numberLine().selectChunk(0);
            vm.actions().moveSelectedChunkTo(vm.actions().moveTargetsProperty().get(0));
        });
        waitUntil(() -> robot.lookup("#stat-moving").query().isVisible());

        // then the caption says so, in the cell the committed count had
        assertEquals(
                "+1 moving", robot.lookup("#stat-moving").queryAs(Label.class).getText());
        assertEquals("0", robot.lookup("#stat-migrations").queryAs(Label.class).getText());
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
        });
        assertEquals(
                widthBefore,
                FxWait.onFxThread(() -> migrations.getLayoutBounds().getWidth()),
                0.5);
        assertEquals(playBefore, FxWait.onFxThread(() -> play.localToScene(play.getLayoutBounds())));
    }

    @Test
    void labels_made_of_data_keep_their_underscores(FxRobot robot) throws Exception {
        // given a key on _id: the split that names the chunk's bound and the undo entry that names the split
        launchAsALessonWould(
                robot, Scenario.of("{ _id: 1 }", "age").withDocuments(4_000).withDocsPerSecond(4_000));
        robot.clickOn("#transport-play");
        waitUntil(() -> vm.playback().finishedProperty().get()
                || vm.playback().progressProperty().get() > 0.5);
        robot.interact(() -> vm.playback().pause());
        robot.interact(() -> vm.numberLine().selectChunk(0));
        robot.interact(() -> vm.actions().splitSelectedChunkAtMedian());
        waitUntil(() -> Messages.of(Language.ENGLISH)
                .text(vm.history().undoTextProperty().get())
                .contains("_id"));

        // then the undo button shows the underscore as typed, not as a mnemonic marker
        robot.interact(() -> view.node().applyCss());
        for (javafx.scene.Node node : robot.lookup(".history-button").queryAll()) {
            javafx.scene.control.Button undo = (javafx.scene.control.Button) node;
            if (undo.getText().startsWith("Undo")) {
                assertFalse(undo.isMnemonicParsing(), undo.getText());
            }
        }
        assertFalse(robot.lookup("#chunk-split").queryButton().isMnemonicParsing());
        javafx.scene.control.Menu edit = view.menus().stream()
                .filter(m -> m.getText().equals("_Edit"))
                .findFirst()
                .orElseThrow();
        javafx.scene.control.MenuItem undoItem = edit.getItems().stream()
                .filter(m -> "menu-undo".equals(m.getId()))
                .findFirst()
                .orElseThrow();
        assertTrue(undoItem.getText().contains("_id"), undoItem.getText());
        assertFalse(undoItem.isMnemonicParsing(), undoItem.getText());
    }
}

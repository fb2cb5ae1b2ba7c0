package io.shardlab.ui.explorer;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.render.MigrationMarks;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.Scenario;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.RemoveShard;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SetBalancerWindow;
import io.shardlab.ui.theme.Appearance;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Why no move?" in the explorer's transport row, through the real window (headless Monocle) wired as the
 * application wires it: the button opens a popover that names the balancer's reason for its next round and, when it
 * would move a range, the range and its destination; the number line previews the move while the popover is open.
 */
@ExtendWith(ApplicationExtension.class)
class WhyNoMoveViewTest {

    private WiredExplorer wired;
    private ExplorerViewModel vm;
    private ExplorerEngine engine;

    @Start
    void start(Stage stage) {
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        wired = WiredExplorer.standard(dark);
        vm = wired.viewModel();
        engine = wired.engine();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        ExplorerView view = new ExplorerView(vm, appearance);
        stage.setScene(new Scene(view.node(), 1240, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        wired.close();
    }

    private void launch(FxRobot robot, Scenario scenario) throws TimeoutException {
        robot.interact(() -> ((ScenarioLauncher) vm).launch(scenario));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY
                && vm.numberLine().pictureProperty().get() != null);
    }

    /** A 5.0 cluster's collection of 2,000 documents on two shards, as the scenario splits it. */
    private static Scenario aCollectionOnTwoShards() {
        return Scenario.of("{ counter: 1 }", "monotonic")
                .withVersion(MongoVersion.parseModelled("5.0"))
                .withShards(2)
                .withDocuments(2_000);
    }

    /** The same collection split at 100, 200, 300 and 400 into five chunks, which the set-up spreads 3 / 2. */
    private static Scenario fiveChunksOnTwoShards() {
        return aCollectionOnTwoShards()
                .withSplitPoints(
                        List.of("{ counter: 100 }", "{ counter: 200 }", "{ counter: 300 }", "{ counter: 400 }"));
    }

    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    void the_button_opens_the_popover_naming_the_balancers_reason_and_numbers(FxRobot robot) throws Exception {
        // given five chunks of a 5.0 cluster that the set-up spread 3 / 2 over two shards (chunk counts decide)
        launch(robot, fiveChunksOnTwoShards());

        // when the teacher asks why the balancer does not move
        robot.clickOn("#balancer-why");
        waitUntil(() -> vm.balancer().whyProperty().get().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        // then the popover names the release's reason and its numbers, and previews no move
        assertEquals("MongoDB 5.0 rules", label(robot, "#balancer-why-release"));
        assertEquals("The most loaded shard holds no more than the ideal.", label(robot, "#balancer-why-reason"));
        assertTrue(robot.lookup("Largest: shard01, 3 chunks").tryQuery().isPresent());
        assertTrue(robot.lookup("Threshold: one chunk above the ideal (chunk counts before 6.0.3)")
                .tryQuery()
                .isPresent());
        assertTrue(robot.lookup("#balancer-why-move").tryQuery().isEmpty());
        assertTrue(vm.balancer().openProperty().get());
        assertEquals(Optional.empty(), vm.balancer().previewProperty().get());
    }

    @Test
    void the_next_migration_is_drawn_on_the_line_while_the_popover_is_open(FxRobot robot) throws Exception {
        // given the 5.0 cluster's five chunks 3 / 2 on two shards, and a third, empty shard added while paused
        launch(robot, fiveChunksOnTwoShards());
        robot.interact(() -> engine.execute(new AddShard("shard03")));
        waitUntil(() -> vm.numberLine().pictureProperty().get().model().shards().size() == 3);

        // when the teacher asks why the balancer does not move
        robot.clickOn("#balancer-why");
        waitUntil(() -> vm.balancer().previewProperty().get().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        // then the popover names the move, and the number line's picture draws it: a range of shard01 to shard03
        assertTrue(robot.lookup("#balancer-why-move").tryQuery().isPresent());
        MigrationMarks.PlannedMove drawn = vm.numberLine()
                .pictureProperty()
                .get()
                .data()
                .migrations()
                .next()
                .orElseThrow();
        assertEquals("shard01", drawn.from());
        assertEquals("shard03", drawn.to());
        assertEquals(vm.balancer().previewProperty().get().orElseThrow().plannedMove(), drawn);

        // and when the popover closes, the line draws it no more
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> !vm.balancer().openProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                Optional.empty(),
                vm.numberLine().pictureProperty().get().data().migrations().next());
    }

    @Test
    void the_popover_says_the_balancing_windows_hours_and_when_it_opens(FxRobot robot) throws Exception {
        // given a 5.0 cluster at the start of its simulated day, and a balancing window of 09:00–17:00
        launch(robot, aCollectionOnTwoShards());
        robot.interact(
                () -> engine.execute(new SetBalancerWindow(new ActiveWindow(LocalTime.of(9, 0), LocalTime.of(17, 0)))));
        WaitForAsyncUtils.waitForFxEvents();

        // when the teacher asks why the balancer does not move
        robot.clickOn("#balancer-why");
        waitUntil(() -> vm.balancer().whyProperty().get().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        // then the reason is the window, and the numbers give its hours and when it opens
        assertEquals(
                "The time of day is outside the balancing window (config.settings balancer activeWindow).",
                label(robot, "#balancer-why-reason"));
        assertTrue(robot.lookup((Label l) ->
                        l.getText().startsWith("Balancing window: 09:00–17:00 (simulated clock, UTC); now 00:")
                                && l.getText().contains("outside it: it opens in "))
                .tryQuery()
                .isPresent());
    }

    @Test
    void the_popover_says_how_far_a_draining_shard_has_come_and_what_keeps_it(FxRobot robot) throws Exception {
        // given a 5.0 cluster's chunks 3 / 2 on two shards, the balancer off, and shard02 being removed
        launch(robot, fiveChunksOnTwoShards());
        robot.interact(() -> {
            engine.execute(new SetBalancerState(false));
            engine.execute(new RemoveShard("shard02"));
        });
        WaitForAsyncUtils.waitForFxEvents();

        // when the teacher asks why the balancer does not move
        robot.clickOn("#balancer-why");
        waitUntil(() -> vm.balancer().whyProperty().get().isPresent()
                && !vm.balancer().whyProperty().get().get().drain().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        // then the drain section says what is left on shard02 and that the stopped balancer keeps it there
        assertTrue(robot.lookup("#balancer-why-drain").tryQuery().isPresent());
        assertTrue(robot.lookup((Label l) -> l.getText().startsWith("shard02 drains (removeShard): ")
                        && l.getText().endsWith(" chunks and one collection left"))
                .tryQuery()
                .isPresent());
        assertTrue(robot.lookup("The balancer is off: no chunk leaves the draining shard (sh.startBalancer()).")
                .tryQuery()
                .isPresent());
    }
}

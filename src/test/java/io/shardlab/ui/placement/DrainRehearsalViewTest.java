package io.shardlab.ui.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CatalogRead;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.explorer.balancer.DrainRehearsalViewModel;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The placement board's drain rehearsal on screen (headless), over an explorer engine wired as the app wires it:
 * given a simulated 8.0 cluster of the monotonic scenario on {@code { counter: 1 }}, when the primary shard is picked
 * and Rehearse removal clicked, then the rehearsal's lines show its commands and why the shard stays, and the cluster
 * on show keeps its shards.
 */
@ExtendWith(ApplicationExtension.class)
class DrainRehearsalViewTest {

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private ExecutorSimulationThread thread;
    private ExplorerEngine engine;

    @AfterEach
    void stop() {
        if (thread != null) {
            thread.close();
        }
        tasks.shutdown();
    }

    @Test
    void the_primary_shard_s_rehearsed_removal_shows_its_commands_and_what_keeps_it(FxRobot robot) throws Exception {
        // given the explorer's simulated cluster and the rehearsal below the board
        thread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        engine = new ExplorerEngine(
                thread,
                System::nanoTime,
                state -> {},
                () -> false,
                BackgroundFailure::describe,
                MongosServer.InProcess::new,
                () -> 0L,
                DataFile::catalog);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withVersion(MongoVersion.parseModelled("8.0"))
                        .withChunkSizeMegabytes(1),
                WorkloadRegistry.standard()));
        DrainRehearsalViewModel vm = new DrainRehearsalViewModel(
                new DrainRehearsalViewModel.Reader() {
                    @Override
                    public <T> void read(Function<CatalogRead, T> reader, Consumer<T> out) {
                        engine.readCatalog(1, reader, out);
                    }
                },
                Platform::runLater);
        UiText text = new UiText(Language.ENGLISH);
        robot.interact(() -> {
            var root = new DrainRehearsalView(text, vm).build();
            new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false)).follow(root);
            Stage stage = new Stage();
            stage.setScene(new Scene(root, 900, 300));
            stage.show();
            vm.refresh();
        });
        waitUntil(() -> !vm.shardsProperty().get().isEmpty());
        List<String> shards = vm.shardsProperty().get();
        String primary = primaryShard();

        // when the primary shard is picked and its removal rehearsed
        robot.interact(
                () -> robot.lookup("#drain-shard").queryAs(ComboBox.class).setValue(primary));
        robot.clickOn("#drain-run");
        waitUntil(() -> lines(robot, text).size() > 2);

        // then the lines say the rehearsal's commands and why the shard stays
        List<String> lines = lines(robot, text);
        assertEquals("Drain rehearsal of " + primary + " (MongoDB 8.0 rules):", lines.get(0));
        assertEquals("runs: db.adminCommand({ removeShard: \"" + primary + "\" })", lines.get(1));
        assertEquals("it is the database's primary shard: movePrimary first", lines.get(lines.size() - 1));
        // and the cluster on show still has every shard
        robot.interact(vm::refresh);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(shards, vm.shardsProperty().get());
    }

    @SuppressWarnings("unchecked")
    private static List<String> lines(FxRobot robot, UiText text) {
        ListView<Message> list = robot.lookup("#" + DrainRehearsalView.LINES_ID).queryAs(ListView.class);
        return list.getItems().stream().map(m -> text.messages().text(m)).toList();
    }

    private String primaryShard() throws Exception {
        CompletableFuture<String> primary = new CompletableFuture<>();
        engine.readCatalog(1, read -> read.shown().orElseThrow().primaryShard(), primary::complete);
        return primary.get(10, TimeUnit.SECONDS);
    }

    private static void waitUntil(BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            WaitForAsyncUtils.waitForFxEvents();
            return condition.getAsBoolean();
        });
    }
}

package io.shardlab.ui.explorer.connections;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.AcceptSettings;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.Scenario;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.WiredExplorer;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Shell panel's writes fill the same memory budget as the clients' (one budget per mongos: past it the Shell is
 * refused with ExceededMemoryLimit as a client is), so with no client served the connections strip still shows how
 * full it is (headless Monocle, the real explorer view): a read leaves it hidden, after a Shell write the strip shows
 * the Shell's documents' share of the budget and nothing of a server; Dismiss hides it, a later write does not bring it back, accepting connections shows it again.
 */
@ExtendWith(ApplicationExtension.class)
class ShellMemoryGaugeTest {

    private WiredExplorer wired;
    private ExplorerEngine engine;
    private ExplorerViewModel vm;

    @Start
    void start(Stage stage) {
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        // port 0: a test must not take the port a developer's mongos or serve may be using
        wired = new WiredExplorer(engine -> new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                text -> {},
                (snapshot, version) -> {},
                new ConnectionsWiring(Platform::runLater, 0, AcceptSettings.EVERY_ADDRESS)));
        vm = wired.viewModel();
        engine = wired.engine();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        ExplorerView view = new ExplorerView(vm, appearance);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1240, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        vm.connections().stop();
        wired.close();
    }

    @Test
    void a_shell_write_shows_the_memory_line_without_a_server_until_dismissed(FxRobot robot) throws Exception {
        // given a cluster on show, no connections accepted
        robot.interact(
                () -> vm.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000)));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        assertFalse(visible(robot, "#connections-bar"));
        CommandLayer shell = engine.shellCommandLayer();

        // when the Shell only reads (as it does when it opens), the strip stays away: nothing took the budget
        shell.run("school", BsonDocument.parse("{find: 'notes', filter: {}}"));
        robot.interact(() -> {});
        assertFalse(visible(robot, "#connections-bar"), "a read takes none of the budget");

        // when the Shell panel inserts documents
        shell.run("school", BsonDocument.parse("{insert: 'notes', documents: [{n: 1}, {n: 2}, {n: 3}]}"));

        // then the strip says what the figures are (the Shell's documents, not the stream's), and no connection string
        waitUntil(() -> visible(robot, "#connections-bar"));
        waitUntil(() -> visible(robot, "#connections-memory"));
        String line = robot.lookup("#connections-memory").queryLabeled().getText();
        assertTrue(line.startsWith("Documents the Shell wrote: "), line);
        assertFalse(visible(robot, "#connections-uri"));
        assertFalse(visible(robot, "#connections-stop"));

        // when it is dismissed and the Shell writes again, it stays hidden (it is back once the budget is nearly full)
        robot.clickOn("#connections-dismiss");
        waitUntil(() -> !visible(robot, "#connections-bar"));
        shell.run("school", BsonDocument.parse("{insert: 'notes', documents: [{n: 4}]}"));
        robot.interact(() -> {});
        assertFalse(visible(robot, "#connections-bar"));

        // and accepting connections shows the clients' and the Shell's budget on the strip as before
        robot.interact(() -> vm.connections().start());
        waitUntil(() -> vm.connections().acceptingProperty().get());
        waitUntil(() -> visible(robot, "#connections-memory"));
        String accepting = robot.lookup("#connections-memory").queryLabeled().getText();
        assertTrue(accepting.startsWith("Memory: "), accepting);
    }

    private static boolean visible(FxRobot robot, String id) {
        Node node = robot.lookup(id).query();
        return node.isVisible() && (node.getParent() == null || node.getParent().isVisible());
    }
}

package io.shardlab.ui.explorer.connections;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.AcceptSettings;
import io.shardlab.session.Scenario;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.WiredExplorer;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Simulation → Accept connections through the real window (headless Monocle): the menu's toggle shows
 * the connections strip with the connection string, its copy button copies it, Stop hides it.
 */
@ExtendWith(ApplicationExtension.class)
class ConnectionsBarTest {

    private WiredExplorer wired;
    private ExplorerViewModel vm;
    private ExplorerView view;
    private final List<String> clipboard = new ArrayList<>();

    @Start
    void start(Stage stage) {
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        // port 0: a test must not take the port a developer's mongos or serve may be using
        wired = new WiredExplorer(engine -> new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                clipboard::add,
                (snapshot, version) -> {},
                new ConnectionsWiring(Platform::runLater, 0, AcceptSettings.EVERY_ADDRESS)));
        vm = wired.viewModel();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        view = new ExplorerView(vm, appearance);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1240, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        vm.connections().stop();
        wired.close();
    }

    private CheckMenuItem acceptItem() {
        for (Menu menu : view.menus()) {
            for (MenuItem item : menu.getItems()) {
                if ("menu-accept-connections".equals(item.getId())) {
                    return (CheckMenuItem) item;
                }
            }
        }
        throw new AssertionError("Simulation → Accept connections is missing");
    }

    @Test
    void the_toggle_shows_the_connection_string_copy_copies_it_and_stop_hides_the_strip(FxRobot robot)
            throws Exception {
        robot.interact(
                () -> vm.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000)));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        assertFalse(robot.lookup("#connections-bar").query().isVisible());
        CheckMenuItem accept = acceptItem();

        robot.interact(accept::fire);
        waitUntil(() -> vm.connections().acceptingProperty().get());

        assertTrue(accept.isSelected(), "the menu ticks once connections are accepted");
        assertTrue(robot.lookup("#connections-bar").query().isVisible());
        String uri = robot.lookup("#connections-uri").queryTextInputControl().getText();
        assertTrue(uri.matches("mongodb://127\\.0\\.0\\.1:\\d+/"), uri);
        assertEquals(
                "No clients connected",
                robot.lookup("#connections-clients").queryLabeled().getText());
        robot.clickOn("#connections-copy");
        assertEquals(List.of(uri), clipboard);

        robot.clickOn("#connections-stop");
        waitUntil(() -> !vm.connections().acceptingProperty().get());
        assertFalse(accept.isSelected());
        assertFalse(robot.lookup("#connections-bar").query().isVisible());
    }
}

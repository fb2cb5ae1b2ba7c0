package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.Scenario;
import io.shardlab.ui.console.ConsoleViewModel;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * File → Open cluster in the real window (headless Monocle): a cluster saved with its documents (File → Save cluster)
 * comes back into the explorer, documents included, after another scenario replaced it; a file that is no data file
 * is refused in the connections bar, naming the file, and the cluster on show stays.
 */
@ExtendWith(ApplicationExtension.class)
class OpenClusterInWindowTest {

    @TempDir
    Path folder;

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    private String namespaceOnLine() {
        DiagramPicture p =
                window.app().explorer().numberLine().pictureProperty().get();
        return p == null ? "" : p.data().layout().snapshot().namespace();
    }

    private MenuItem fileItem(String id) {
        MenuBar bar = (MenuBar) window.stage().getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no menu item #" + id));
    }

    @Test
    void a_saved_cluster_opens_again_with_its_documents_and_a_bad_file_changes_nothing(FxRobot robot) throws Exception {
        ExplorerViewModel explorer = window.app().explorer();
        ConnectionsViewModel connections = explorer.connections();
        ConsoleViewModel console = window.app().console();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY
                && !namespaceOnLine().isEmpty());
        assertEquals(
                "Open cluster…", onFxThread(() -> fileItem("menu-open-cluster").getText()));

        // given a class's grades, sharded and written in the Shell panel, saved with File → Save cluster
        robot.interact(() -> console.run("sh.shardCollection('school.grades', { student: 1 }); "
                + "db.getSiblingDB('school').grades.insertMany("
                + "Array.from({ length: 250 }, (_, i) => ({ student: i })))"));
        waitUntil(() -> !console.runningProperty().get()
                && explorer.collections().choices().size() == 2);
        Path file = folder.resolve("class.data");
        robot.interact(() -> connections.saveCluster(file));
        waitUntil(() -> connections.noteProperty().get().startsWith("Saved"));

        // and another scenario on show, which has no grades
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(500)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY
                && explorer.collections().choices().size() == 1);

        // when the user opens the saved file
        robot.interact(() -> explorer.openCluster(file));

        // then the grades show with their 250 documents in their chunks, the setup names their key, and the bar
        // says what was read
        waitUntil(() -> namespaceOnLine().equals("school.grades"));
        assertEquals(
                250,
                window.app()
                        .explorer()
                        .numberLine()
                        .pictureProperty()
                        .get()
                        .data()
                        .layout()
                        .sizes()
                        .orElseThrow()
                        .totalDocuments());
        assertEquals(
                "{ student: 1 }",
                onFxThread(() -> explorer.setup().keyPatternProperty().get()));
        assertEquals(
                List.of("school.grades", "shardlab.events"),
                onFxThread(() -> explorer.collections().choices().stream()
                        .map(c -> c.namespace())
                        .toList()));
        String note = onFxThread(
                () -> robot.lookup("#connections-note").queryAs(Labeled.class).getText());
        assertTrue(note.startsWith("Opened " + file + ": its layout and 250 documents in 1 collection;"), note);

        // when the user opens a file that is no data file
        Path text = Files.writeString(folder.resolve("notes.txt"), "not a cluster");
        robot.interact(() -> explorer.openCluster(text));

        // then the bar names it and the problem, and the grades stay on show
        waitUntil(() -> !connections.errorProperty().get().isEmpty());
        String error = onFxThread(
                () -> robot.lookup("#connections-error").queryAs(Labeled.class).getText());
        assertTrue(error.startsWith("Cannot open the cluster: " + text + ": is not a ShardLab data file"), error);
        assertEquals("school.grades", namespaceOnLine());
        assertTrue(onFxThread(() -> robot.lookup("#connections-error").query().isVisible()));
    }
}

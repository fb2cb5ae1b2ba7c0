package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.SnapshotFile;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.FakeCluster;
import io.shardlab.live.LiveCapture;
import io.shardlab.live.LiveConfigSource;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The live-cluster feature in the real window, headless: a snapshot file opens in the explorer; a connect fails inline. */
@ExtendWith(ApplicationExtension.class)
class LiveAppTest {

    @TempDir
    Path dir;

    private ShardLabApp app;

    @Start
    void start(Stage stage) {
        app = TestDesktop.app();
        app.start(stage);
    }

    /** Writes the fake 7.0 cluster's users collection to a snapshot file; returns its chunk count. */
    private int writeUsersSnapshot(Path file) throws Exception {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
                LiveConnection connection =
                        new LiveConnector().connect(LiveConnectionRequest.of(cluster.connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            ClusterMetadata read =
                    new ClusterInspector(Clock.systemUTC()).inspect(source, new ClusterInspector.Scope(null, 0));
            SnapshotFile.write(file, LiveCapture.toSnapshotFile(read, ConfigFixture.USERS));
            return read.layout(ConfigFixture.USERS).map().size();
        }
    }

    /** Whether {@code node} and every parent of it are visible. */
    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static void openSnapshot(FxRobot robot, ShardLabApp app, Path file) throws Exception {
        robot.interact(() -> app.live().layout().openSnapshot(file));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> robot.lookup("#live-panel").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void an_opened_snapshot_file_shows_its_chunks_in_the_explorer_with_its_history(FxRobot robot) throws Exception {
        Path file = dir.resolve("users.shardlab");
        int chunks = writeUsersSnapshot(file);

        openSnapshot(robot, app, file);

        assertTrue(robot.lookup("#explorer").query().isVisible());
        assertFalse(robot.lookup("#empty-state").query().isVisible());
        assertEquals(
                chunks + " chunks",
                robot.lookup("#status-chunks").queryAs(Label.class).getText());
        Slider history = robot.lookup("#live-history").queryAs(Slider.class);
        assertTrue(history.getMax() > 0, "the changelog came with the snapshot");

        robot.interact(() -> history.setValue(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "1 chunk",
                robot.lookup("#status-chunks").queryAs(Label.class).getText(),
                "before the oldest recorded split");
    }

    @Test
    void a_snapshot_on_show_hides_the_transport_bar_and_names_itself_until_back_to_simulator(FxRobot robot)
            throws Exception {
        // given a simulation on show, then a snapshot opened over it
        robot.clickOn("#start-exploring");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transport-bar")
                                .tryQuery()
                                .map(Node::isVisible)
                                .orElse(false)
                        && app.explorer().playback().availableProperty().get());
        Path file = dir.resolve("users.shardlab");
        int chunks = writeUsersSnapshot(file);
        openSnapshot(robot, app, file);

        // then the simulator's strips make way for what the layout is, and nothing plays
        assertFalse(robot.lookup("#transport-bar").query().isVisible(), "the transport bar hides");
        assertFalse(shown(robot.lookup("#setup-key").query()), "the setup form hides");
        assertFalse(shown(robot.lookup("#writes-chart").query()), "no writes chart without a stream");
        assertTrue(robot.lookup("#no-stream-card").query().isVisible());
        assertTrue(robot.lookup("#read-only-layout-bar").query().isVisible());
        String summary = robot.lookup("#layout-summary").queryAs(Label.class).getText();
        assertTrue(
                summary.startsWith(ConfigFixture.USERS + " · shard key ")
                        && summary.endsWith(" · " + chunks + " chunks"),
                summary);
        assertTrue(robot.lookup("#layout-fork").query().isVisible(), "Fork into simulator is offered");
        robot.push(javafx.scene.input.KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(app.explorer().playback().playingProperty().get(), "Space plays nothing");

        // when Back to simulator is clicked, the simulation comes back and the snapshot's panel goes
        robot.clickOn("#layout-back");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transport-bar").query().isVisible()
                        && !robot.lookup("#live-panel").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#read-only-layout-bar").query().isVisible());
        assertEquals(
                "{ counter: 1 }",
                robot.lookup("#setup-key").queryTextInputControl().getText());
        assertFalse(robot.lookup("#transport-play").query().isDisabled(), "Play works again");
    }

    @Test
    void the_connect_dialog_shows_an_inline_error_at_once_when_nothing_listens(FxRobot robot) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        robot.interact(() -> app.live().menu().openConnectDialog());
        WaitForAsyncUtils.waitForFxEvents();
        Window dialog = robot.lookup("#connect-uri").query().getScene().getWindow();
        double width = dialog.getWidth();
        robot.clickOn("#connect-uri").write("mongodb://127.0.0.1:" + port + "/");
        robot.clickOn("#connect-go");

        // a refusal is final: shown well before the 10 s timeout
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#connect-error")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false));
        String error = robot.lookup("#connect-error").queryAs(Label.class).getText();
        assertTrue(error.contains("127.0.0.1:" + port + " refused the connection"), error);
        assertFalse(error.contains("\n"), error);
        assertFalse(robot.lookup("#connect-progress").query().isVisible());
        // on more lines: on one it is wider than the dialog, which it widened to the screen's width
        WaitForAsyncUtils.waitForFxEvents();
        Label shown = robot.lookup("#connect-error").queryAs(Label.class);
        Text oneLine = new Text(error);
        oneLine.setFont(shown.getFont());
        assertTrue(oneLine.getLayoutBounds().getWidth() > width, "the message is short: the test needs a longer one");
        assertEquals(error, displayed(shown), "the whole message shows");
        assertEquals(width, dialog.getWidth(), 0.5, "the dialog keeps its width");
    }

    /** The text a label actually shows: its skin's Text node, which holds an ellipsis when the label is cut. */
    private static String displayed(Label label) {
        Node text = label.lookup(".text");
        return text instanceof Text t ? t.getText() : "";
    }

    @Test
    void the_connect_dialog_shows_its_labels_and_a_whole_error_in_its_own_words_and_says_when_nothing_is_recent(
            FxRobot robot) throws Exception {
        robot.interact(() -> app.live().menu().openConnectDialog());
        WaitForAsyncUtils.waitForFxEvents();
        for (String name : java.util.List.of("Connection string", "TLS", "Recent")) {
            Label label = robot.lookup(".connect-dialog .label")
                    .match((Node n) -> n instanceof Label l && l.getText().equals(name))
                    .queryAs(Label.class);
            assertEquals(name, displayed(label), "the label is not cut");
        }
        javafx.scene.control.ListView<?> recent =
                robot.lookup("#connect-recent").queryAs(javafx.scene.control.ListView.class);
        assertTrue(
                recent.getPlaceholder() instanceof Label p && p.getText().startsWith("No recent connections"),
                "an empty list says why it is empty");

        robot.clickOn("#connect-uri").write("db1.example.net:27017, db2.example.net:27017, db3.example.net:27017");
        robot.clickOn("#connect-go");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        Label error = robot.lookup("#connect-error").queryAs(Label.class);
        assertTrue(error.getText().startsWith("Connection string: "), error.getText());
        assertEquals(error.getText(), displayed(error), "the whole message shows");
    }
}

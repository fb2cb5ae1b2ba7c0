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
import javafx.stage.Stage;
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
        app = new ShardLabApp();
        app.start(stage);
    }

    @Test
    void an_opened_snapshot_file_shows_its_chunks_in_the_explorer_with_its_history(FxRobot robot) throws Exception {
        Path file = dir.resolve("users.shardlab");
        int chunks;
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
                LiveConnection connection = new LiveConnector().connect(LiveConnectionRequest.of(cluster.connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            ClusterMetadata read = new ClusterInspector(Clock.systemUTC()).inspect(source, new ClusterInspector.Scope(null, 0));
            SnapshotFile.write(file, LiveCapture.toSnapshotFile(read, ConfigFixture.USERS));
            chunks = read.layout(ConfigFixture.USERS).map().size();
        }

        robot.interact(() -> app.live().layout().openSnapshot(file));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#live-panel").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(robot.lookup("#explorer").query().isVisible());
        assertFalse(robot.lookup("#empty-state").query().isVisible());
        assertEquals(chunks + " chunks", robot.lookup("#status-chunks").queryAs(Label.class).getText());
        Slider history = robot.lookup("#live-history").queryAs(Slider.class);
        assertTrue(history.getMax() > 0, "the changelog came with the snapshot");

        robot.interact(() -> history.setValue(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1 chunk", robot.lookup("#status-chunks").queryAs(Label.class).getText(),
                "before the oldest recorded split");
    }

    @Test
    void the_connect_dialog_shows_an_inline_error_for_an_unreachable_port_within_the_timeout(FxRobot robot)
            throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        robot.interact(() -> app.live().menu().openConnectDialog());
        robot.clickOn("#connect-uri").write("mongodb://127.0.0.1:" + port + "/");
        robot.clickOn("#connect-go");
        assertTrue(robot.lookup("#connect-progress").query().isVisible(), "connecting, the dialog responsive");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#connect-error").tryQuery()
                .map(Node::isVisible).orElse(false));
        String error = robot.lookup("#connect-error").queryAs(Label.class).getText();
        assertFalse(error.isBlank());
        assertFalse(error.contains("\n"), error);
        assertFalse(robot.lookup("#connect-progress").query().isVisible());
    }
}

package io.shardlab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.ConfigFixture;
import io.shardlab.live.FakeCluster;
import io.shardlab.live.LiveConfigSource;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.RecentConnections;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The read-only layout panel's collection list is searchable (headless Monocle): typing part of a
 * namespace and Enter shows that collection of a connected cluster (mongo-java-server on 127.0.0.1).
 */
@ExtendWith(ApplicationExtension.class)
class LivePanelCollectionSearchTest {

    private static final Executor NOW = Runnable::run;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
    private LiveLayoutViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new LiveLayoutViewModel(
                NOW,
                NOW,
                scheduler,
                Clock.fixed(Instant.parse("2024-03-01T12:00:00Z"), ZoneOffset.UTC),
                (data, caption) -> {});
        stage.setScene(new Scene(
                new LivePanel(
                                vm,
                                fork -> {},
                                new SimpleObjectProperty<>(ShardColorOrder.of(List.of())),
                                new UiText(Language.ENGLISH))
                        .node(),
                900,
                400));
        stage.show();
    }

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
        cluster.close();
    }

    @Test
    void typing_part_of_a_namespace_and_enter_shows_that_collection(FxRobot robot) throws Exception {
        List<LiveConnection> opened = new ArrayList<>();
        ConnectViewModel connect = new ConnectViewModel(
                new LiveConnector(),
                NOW,
                NOW,
                new RecentConnections(
                        Files.createTempDirectory("shardlab-recent").resolve("recent")),
                opened::add);
        robot.interact(() -> {
            connect.connectionStringProperty().set(cluster.connectionString());
            connect.connect();
            vm.openLive(new LiveConfigSource(opened.get(0), true), "127.0.0.1");
        });
        assertTrue(vm.namespaces().size() > 1, vm.namespaces().toString());
        if (vm.namespaceProperty().get().equals(ConfigFixture.USERS)) {
            robot.interact(() -> vm.chooseCollection(vm.namespaces().stream()
                    .filter(ns -> !ns.equals(ConfigFixture.USERS))
                    .findFirst()
                    .orElseThrow()));
        }

        robot.clickOn("#live-collection");
        robot.write("users");
        robot.push(KeyCode.ENTER);

        io.shardlab.ui.FxWait.waitUntil(
                () -> ConfigFixture.USERS.equals(vm.namespaceProperty().get()));
        assertEquals(ConfigFixture.USERS, vm.namespaceProperty().get());
    }
}

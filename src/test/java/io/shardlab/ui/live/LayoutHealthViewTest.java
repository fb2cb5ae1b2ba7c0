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
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A recorded layout shows its health where a simulation shows its counters (headless Monocle): test.users of a
 * connected cluster (ConfigFixture: one jumbo chunk, shard04 draining, a balancing window of 23:00-06:00) read as
 * sh.status() would say it, with chunks per shard through config.changelog as a chart that follows the history.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutHealthViewTest {

    private static final Executor NOW = Runnable::run;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
    private final UiText text = new UiText(Language.ENGLISH);
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
                new LivePanel(vm, fork -> {}, new SimpleObjectProperty<>(ShardColorOrder.of(List.of())), text).node(),
                1100,
                500));
        stage.show();
    }

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
        cluster.close();
    }

    private void openUsers(FxRobot robot) throws Exception {
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
            vm.chooseCollection(ConfigFixture.USERS);
        });
    }

    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    void theLayoutOnShowSaysItsJumboChunksDrainingShardsBalancerAndRanges(FxRobot robot) throws Exception {
        // given test.users of a live cluster on show
        openUsers(robot);

        // then its health reads as the config database says it
        assertTrue(robot.lookup("#layout-health").query().isVisible());
        assertEquals("4 chunks", label(robot, "#health-chunks"));
        assertEquals("one jumbo chunk", label(robot, "#health-jumbo"));
        assertEquals("draining: shard04", label(robot, "#health-draining"));
        assertEquals("balancer enabled, balancing window 23:00\u201306:00", label(robot, "#health-balancer"));
        assertEquals(
                "Chunks per shard: shard01 2 · shard02 1 · shard03 1 · shard04 0", label(robot, "#health-per-shard"));
        // (no two neighbouring chunks share a shard: the first chunk is the densest "run")
        assertEquals(
                "Densest range: one chunk on shard01, [{ user_id: MinKey() }, { user_id: 100 })",
                label(robot, "#health-densest"));
    }

    @Test
    void theChartFollowsChunksPerShardFromTheOldestChangeToNowAndRewindingKeepsIt(FxRobot robot) throws Exception {
        // given test.users on show, its six changelog entries rewound
        openUsers(robot);
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#health-history").queryAs(LineChart.class);

        // then one line per shard from one chunk on shard01 before the oldest change to the layout now
        assertEquals(4, chart.getData().size());
        XYChart.Series<Number, Number> shard01 = chart.getData().get(0);
        assertEquals("shard01", shard01.getName());
        assertEquals(7, shard01.getData().size());
        assertEquals(1, shard01.getData().get(0).getYValue().intValue());
        assertEquals(2, shard01.getData().get(6).getYValue().intValue());

        // when the history is rewound to before the oldest change
        robot.interact(() -> vm.rewindTo(0));

        // then the figures are those of that moment, the chart still the whole history
        assertEquals("one chunk", label(robot, "#health-chunks"));
        assertEquals(7, chart.getData().get(0).getData().size());
    }

    @Test
    void inChineseTheFiguresAreSaidInChinese(FxRobot robot) throws Exception {
        // given test.users on show
        openUsers(robot);

        // when the window speaks Chinese
        robot.interact(() -> text.languageProperty().set(Language.SIMPLIFIED_CHINESE));

        // then
        assertEquals("4 个数据块", label(robot, "#health-chunks"));
        assertEquals("1 个巨型数据块", label(robot, "#health-jumbo"));
        assertEquals("正在排空：shard04", label(robot, "#health-draining"));
    }
}

package io.shardlab.ui.live;

import static io.shardlab.ui.FxWait.onFxThread;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.ShardColorOrder;
import io.shardlab.render.Theme;
import io.shardlab.ui.theme.PaletteSheet;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The health chart's lines take the lanes' colours for every shard, not only the first eight (LineChart's own
 * default-colorN classes repeat from the ninth series on): headless Monocle, a chart of twelve shards.
 */
@ExtendWith(ApplicationExtension.class)
class HealthChartColoursTest {

    private static final int SHARDS = 12;
    private LineChart<Number, Number> chart;
    private PaletteSheet palette;

    @Start
    void start(Stage stage) {
        chart = new LineChart<>(new NumberAxis(), new NumberAxis());
        // the window's palette, as Appearance gives every window: the light theme's
        palette = new PaletteSheet(chart, ".root");
        palette.show(false);
        stage.setScene(new Scene(chart, 800, 500));
        stage.show();
    }

    private static Paint fill(Node symbol) {
        return ((Region) symbol).getBackground().getFills().get(0).getFill();
    }

    @Test
    void every_shards_line_points_and_legend_take_its_lanes_colour(FxRobot robot) throws Exception {
        // given a line per shard, shard i at height i
        robot.interact(() -> {
            for (int i = 0; i < SHARDS; i++) {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName(String.format("shard%02d", i + 1));
                s.getData().addAll(List.of(new XYChart.Data<>(0, i), new XYChart.Data<>(1, i)));
                chart.getData().add(s);
            }
            // when it is coloured as the lanes are
            LayoutHealthView.colourAsLanes(chart, ShardColorOrder.of(List.of()));
            chart.applyCss();
            chart.layout();
        });

        // then each series' line and symbols (points and legend) have its lane's colour, the ninth on too
        Theme lanes = Theme.light();
        for (int i = 0; i < SHARDS; i++) {
            int index = i;
            Color expected = Color.web(lanes.shardColor(i));
            Path line = onFxThread(() -> (Path) chart.getData().get(index).getNode());
            assertEquals(expected, onFxThread(line::getStroke), "shard " + (i + 1) + "'s line");
            List<Node> symbols = onFxThread(() -> List.copyOf(chart.lookupAll(".chart-line-symbol.series" + index)));
            assertTrue(symbols.size() >= 3, "two points and a legend mark for shard " + (i + 1));
            for (Node symbol : symbols) {
                assertEquals(expected, onFxThread(() -> fill(symbol)), "shard " + (i + 1) + "'s symbol");
            }
        }
    }

    @Test
    void a_shard_that_joined_later_keeps_the_colour_its_lane_has_though_its_name_sorts_first(FxRobot robot)
            throws Exception {
        // given lanes that saw shard01 and shard02 first, and a chart whose first series is shard0003
        robot.interact(() -> {
            for (String shard : List.of("shard0003", "shard01", "shard02")) {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName(shard);
                s.getData().addAll(List.of(new XYChart.Data<>(0, 1), new XYChart.Data<>(1, 1)));
                chart.getData().add(s);
            }
            // when it is coloured as those lanes are
            LayoutHealthView.colourAsLanes(chart, ShardColorOrder.of(List.of("shard01", "shard02")));
            chart.applyCss();
            chart.layout();
        });

        // then shard01 and shard02 keep the first two colours and shard0003 takes the third, as on the lanes
        Theme lanes = Theme.light();
        List<Integer> expected = List.of(2, 0, 1);
        for (int i = 0; i < expected.size(); i++) {
            int index = i;
            Path line = onFxThread(() -> (Path) chart.getData().get(index).getNode());
            assertEquals(Color.web(lanes.shardColor(expected.get(i))), onFxThread(line::getStroke), "series " + i);
        }
    }

    @Test
    void in_the_dark_theme_the_lines_take_the_dark_palette_the_lanes_take_there(FxRobot robot) throws Exception {
        // given a line for each of two shards, coloured as the lanes are
        robot.interact(() -> {
            for (String shard : List.of("shard01", "shard02")) {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName(shard);
                s.getData().addAll(List.of(new XYChart.Data<>(0, 1), new XYChart.Data<>(1, 1)));
                chart.getData().add(s);
            }
            LayoutHealthView.colourAsLanes(chart, ShardColorOrder.of(List.of("shard01", "shard02")));
        });

        // when the window turns dark
        robot.interact(() -> {
            palette.show(true);
            chart.applyCss();
            chart.layout();
        });

        // then each line has its shard's colour in the dark palette
        for (int i = 0; i < 2; i++) {
            int index = i;
            Path line = onFxThread(() -> (Path) chart.getData().get(index).getNode());
            assertEquals(Color.web(Theme.dark().shardColor(i)), onFxThread(line::getStroke), "series " + i);
        }
    }
}

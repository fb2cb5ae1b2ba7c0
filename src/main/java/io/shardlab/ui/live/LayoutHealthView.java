package io.shardlab.ui.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveWindow;
import io.shardlab.key.ShardKey;
import io.shardlab.live.LayoutHealth;
import io.shardlab.render.DataSize;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.render.Theme;
import io.shardlab.ui.text.UiText;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What a recorded layout says about its health, where a simulation shows its counters: chunks, jumbo chunks,
 * draining shards and the balancer on one line; chunks per shard, the largest chunk and the densest run below; and
 * a small chart of chunks per shard through config.changelog ({@link LayoutHealth}).
 */
final class LayoutHealthView {

    // style classes of its nodes, as its stylesheet names them
    private static final String LAYOUT_HEALTH = "layout-health";
    private static final String HEALTH_FIGURE = "health-figure";
    private static final String HEALTH_WARNING = "health-warning";

    private final UiText text;
    private final HBox root;
    private final Label chunks = figure("health-chunks");
    private final Label jumbo = figure("health-jumbo");
    private final Label draining = figure("health-draining");
    private final Label balancer = figure("health-balancer");
    private final Label perShard = line("health-per-shard");
    private final Label largest = line("health-largest");
    private final Label densest = line("health-densest");
    private final LineChart<Number, Number> overHistory;
    private final ObservableValue<ShardColorOrder> colors;

    /**
     * @param health the figures of the layout on show
     * @param colors the order in which the lanes' shards took their colours: the chart's lines take the same
     */
    LayoutHealthView(ObservableValue<LayoutHealth> health, ObservableValue<ShardColorOrder> colors, UiText text) {
        this.text = text;
        this.colors = colors;
        FlowPane figures = new FlowPane(12, 4, chunks, jumbo, draining, balancer);
        VBox words = new VBox(4, figures, perShard, largest, densest);
        words.setMinWidth(240);
        HBox.setHgrow(words, Priority.ALWAYS);

        NumberAxis steps = new NumberAxis();
        steps.labelProperty().bind(text.text("live.health.history.axis"));
        steps.setForceZeroInRange(true);
        NumberAxis count = new NumberAxis();
        count.setForceZeroInRange(true);
        overHistory = new LineChart<>(steps, count);
        overHistory.setId("health-history");
        overHistory.titleProperty().bind(text.text("live.health.history"));
        overHistory.setCreateSymbols(false);
        overHistory.setAnimated(false);
        overHistory.setPrefSize(360, 150);
        overHistory.setMinSize(240, 120);

        root = new HBox(12, words, overHistory);
        root.setId("layout-health");
        root.getStyleClass().add(LAYOUT_HEALTH);
        root.visibleProperty().bind(health.map(h -> true).orElse(false));
        root.managedProperty().bind(root.visibleProperty());
        health.addListener((obs, was, now) -> show(now));
        colors.addListener((obs, was, now) -> colourAsLanes(overHistory, now));
        // the figures are said once per layout: a language switch says them again
        text.language().addListener((obs, was, now) -> show(health.getValue()));
        show(health.getValue());
    }

    private static Label figure(String id) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(HEALTH_FIGURE);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private static Label line(String id) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        return label;
    }

    private void show(LayoutHealth h) {
        if (h == null) {
            overHistory.getData().clear();
            return;
        }
        chunks.setText(text.now("live.health.chunks", h.chunks()));
        jumbo.setText(text.now("live.health.jumbo", h.jumboChunks()));
        jumbo.getStyleClass().remove(HEALTH_WARNING);
        if (h.jumboChunks() > 0) {
            jumbo.getStyleClass().add(HEALTH_WARNING);
        }
        draining.setText(
                h.drainingShards().isEmpty()
                        ? text.now("live.health.draining.none")
                        : text.now("live.health.draining", String.join(", ", h.drainingShards())));
        balancer.setText(balancerWords(h.balancer()));
        List<String> counts = new ArrayList<>();
        h.chunksPerShard().forEach((shard, n) -> counts.add(text.now("live.health.shardCount", shard, n)));
        perShard.setText(text.now("live.health.perShard", String.join(" · ", counts)));
        largest.setText(h.largest()
                .map(s -> text.now(
                        "live.health.largest",
                        range(h, s.chunk().min(), s.chunk().max()),
                        s.chunk().shard(),
                        DataSize.format(s.bytes()),
                        s.documents()))
                .orElseGet(() -> text.now("live.health.largest.unknown")));
        LayoutHealth.ChunkRun run = h.densest();
        densest.setText(text.now("live.health.densest", run.chunks(), run.shard(), range(h, run.min(), run.max())));
        chart(h);
    }

    private String balancerWords(LayoutHealth.Balancing b) {
        String state = switch (b.mode()) {
            case ENABLED -> text.now("live.health.balancer.enabled");
            case STOPPED -> text.now("live.health.balancer.stopped");
            case UNKNOWN -> text.now("live.health.balancer.unknown");
        };
        if (b.window().isPresent()) {
            ActiveWindow w = b.window().get();
            state += text.now(
                    "live.health.balancer.window",
                    w.start().toString(),
                    w.stop().toString());
        }
        if (b.collectionExcluded()) {
            state += text.now("live.health.balancer.excluded");
        }
        return state;
    }

    private static String range(LayoutHealth h, ShardKey min, ShardKey max) {
        return "[" + BsonPrinter.shell(min.toDocument(h.key())) + ", " + BsonPrinter.shell(max.toDocument(h.key()))
                + ")";
    }

    private void chart(LayoutHealth h) {
        List<XYChart.Series<Number, Number>> series = new ArrayList<>();
        for (String shard : h.chunksPerShard().keySet()) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(shard);
            for (LayoutHealth.ShardCounts point : h.overHistory()) {
                s.getData()
                        .add(new XYChart.Data<>(point.position(), point.chunks().getOrDefault(shard, 0)));
            }
            series.add(s);
        }
        overHistory.getData().setAll(series);
        colourAsLanes(overHistory, colors.getValue());
    }

    /**
     * Gives each of {@code chart}'s series, one per shard named as the shard, its lane's colour: line, points and
     * legend. (A stylesheet can colour only LineChart's eight default-colorN classes, which repeat from the ninth
     * series.) The colour is named, not written: the theme's looked-up {@code -sl-shard-N} that the window's PaletteSheet
     * sets, so the lines follow the window into the other theme's palette.
     *
     * @param colors the lanes' colour order; a shard it has not seen takes the next colour, as on the lanes
     */
    static void colourAsLanes(LineChart<?, ?> chart, ShardColorOrder colors) {
        // the legend's marks are made when the chart is next laid out: made now, they can be coloured now
        chart.applyCss();
        chart.layout();
        ShardColorOrder lanes = colors.joining(
                chart.getData().stream().map(XYChart.Series::getName).toList());
        for (int i = 0; i < chart.getData().size(); i++) {
            String colour = "-sl-shard-" + lanes.colorOf(chart.getData().get(i).getName()) % PALETTE_SIZE;
            for (Node node : chart.lookupAll(".series" + i)) {
                node.setStyle(
                        node.getStyleClass().contains("chart-series-line")
                                ? "-fx-stroke: " + colour + ";"
                                : "-fx-background-color: " + colour + ";");
            }
        }
    }

    /** How many colours the lanes' palette has before it repeats: as many in both looks (see {@link Theme}). */
    private static final int PALETTE_SIZE = Theme.light().shardPalette().size();

    Region node() {
        return root;
    }
}

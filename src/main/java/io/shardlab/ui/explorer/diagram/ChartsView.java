package io.shardlab.ui.explorer.diagram;

import io.shardlab.render.DiagramCharts;
import io.shardlab.render.ElapsedTime;
import io.shardlab.render.WritesChartPainter;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * The two live charts side by side: writes per shard over time, and the key-range × time heatmap of
 * writes (time on x, key range on y, brightness = writes), both as render's {@link DiagramCharts} composes
 * them for the exports.
 */
public final class ChartsView {

    // style classes of its nodes, as its stylesheet names them
    private static final String CHARTS_ROW = "charts-row";
    private static final String CHART_BODY = "chart-body";
    private static final String CHART_CARD = "chart-card";
    private static final String CHART_EMPTY = "chart-empty";

    private final NumberLineViewModel vm;
    private final RenderCanvas writes;
    private final RenderCanvas heat;
    private final HBox root;

    /**
     * The y labels' gutter a writes chart of {@code width × height} diagram pixels keeps at least: a
     * comparison gives its two stacked charts the wider of their two gutters, so their time axes line up.
     */
    public interface WritesGutter {
        double at(Graphics2D g, double width, double height);
    }

    private final WritesGutter gutter;
    private final UiText text;

    /** The explorer's charts: writes per shard and the heatmap. */
    public ChartsView(NumberLineViewModel vm, UiText text) {
        this(vm, true, (g, w, h) -> 0, text);
    }

    /** A comparison side's chart: writes per shard only, its plot starting {@code gutter} px in at least. */
    public ChartsView(NumberLineViewModel vm, WritesGutter gutter, UiText text) {
        this(vm, false, gutter, text);
    }

    private ChartsView(NumberLineViewModel vm, boolean withHeatmap, WritesGutter gutter, UiText text) {
        this.vm = vm;
        this.text = text;
        this.gutter = gutter;
        this.writes = new RenderCanvas(this::paintWrites);
        writes.setId("writes-chart");
        this.heat = new RenderCanvas(this::paintHeat);
        heat.setId("heatmap");
        Label writesCaption = new Label();
        Label heatCaption = text.label(new Label(), "explorer.charts.heat.caption");
        text.tip(heatCaption, "explorer.charts.heat.tip");
        VBox writesCard = card(
                "explorer.charts.writes.title",
                writesCaption,
                writes,
                "explorer.charts.writes.empty",
                MaterialDesignC.CHART_LINE);
        // "over time" is the chart's x axis, which says so: the shorter title stays whole in a narrow card
        VBox heatCard = card(
                "explorer.charts.heat.title", heatCaption, heat, "explorer.charts.heat.empty", MaterialDesignF.FIRE);
        root = withHeatmap ? new HBox(writesCard, heatCard) : new HBox(writesCard);
        root.getStyleClass().add(CHARTS_ROW);
        HBox.setHgrow(writesCard, Priority.ALWAYS);
        HBox.setHgrow(heatCard, Priority.ALWAYS);
        vm.pictureProperty().addListener((obs, was, now) -> {
            // the charts change only when a window completes (or the theme, or the layout's shards)
            if (was == null
                    || now == null
                    || was.data().writes() != now.data().writes()
                    || was.data().heatmap() != now.data().heatmap()
                    || was.options().theme() != now.options().theme()
                    || was.model().shards() != now.model().shards()) {
                writes.repaint();
                heat.repaint();
            }
        });
        // the axes' words are drawn: a new language paints them anew
        text.language().addListener((obs, was, now) -> {
            writes.repaint();
            heat.repaint();
        });
        writesCaption
                .textProperty()
                .bind(text.text(vm.pictureProperty()
                        .map(p -> p.data()
                                .writes()
                                .map(w -> Message.of(
                                        "explorer.charts.writes.caption", ElapsedTime.format(w.windowMillis())))
                                .orElse(null))));
    }

    private VBox card(String title, Label caption, RenderCanvas canvas, String empty, Ikon icon) {
        Label heading = text.label(new Label(null, new FontIcon(icon)), title);
        heading.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        caption.getStyleClass().add(ExplorerStyles.CARD_CAPTION);
        // whole words, never "…": the caption goes under the title when both do not fit on one row, and either
        // wraps in a card narrower than itself
        heading.setWrapText(true);
        caption.setWrapText(true);
        CardHeader header = new CardHeader(heading, heading, caption);
        header.getStyleClass().add(ExplorerStyles.CARD_HEADER);
        Label emptyLabel = text.label(new Label(), empty);
        emptyLabel.getStyleClass().add(CHART_EMPTY);
        emptyLabel.setWrapText(true);
        emptyLabel
                .visibleProperty()
                .bind(vm.pictureProperty().map(p -> p.data().writes().isEmpty()).orElse(true));
        canvas.visibleProperty().bind(emptyLabel.visibleProperty().not());
        StackPane body = new StackPane(canvas, emptyLabel);
        body.getStyleClass().add(CHART_BODY);
        VBox.setVgrow(body, Priority.ALWAYS);
        VBox card = new VBox(header, body);
        card.getStyleClass().addAll(ExplorerStyles.EXPLORER_CARD, CHART_CARD);
        card.setMinWidth(0);
        card.setPrefWidth(400);
        return card;
    }

    public Region node() {
        return root;
    }

    /** The writes chart's canvas (a comparison repaints it when the other side's gutter grows). */
    public RenderCanvas writesCanvas() {
        return writes;
    }

    /** The gutter {@code vm}'s writes chart needs at {@code width × height}; 0 before it has data. */
    public static double writesGutter(NumberLineViewModel vm, Graphics2D g, double width, double height) {
        DiagramPicture p = vm.pictureProperty().get();
        if (p == null || p.data().writes().isEmpty() || width < 80 || height < 60) {
            return 0;
        }
        return charts(p).writesAxis(g, width, height).orElseThrow().gutter();
    }

    /** The picture's chart sections as render composes them for the exports too. */
    private static DiagramCharts charts(DiagramPicture p) {
        return new DiagramCharts(p.data(), p.options(), p.model());
    }

    private void paintWrites(Graphics2D g, double width, double height, double density) {
        DiagramPicture p = vm.pictureProperty().get();
        if (p == null || p.data().writes().isEmpty() || width < 80 || height < 60) {
            return;
        }
        Rectangle2D area = DiagramCharts.onCanvas(width, height);
        // a comparison side's plot starts where the other side's does (the wider gutter); a span of 0 keeps
        // the chart's own time span
        double gutterAtLeast = gutter.at(g, area.getWidth(), area.getHeight());
        charts(p).paintWrites(g, area, Optional.of(new WritesChartPainter.SharedAxis(gutterAtLeast, 0)));
    }

    private void paintHeat(Graphics2D g, double width, double height, double density) {
        DiagramPicture p = vm.pictureProperty().get();
        if (p == null || p.data().heatmap().isEmpty() || width < 80 || height < 60) {
            return;
        }
        charts(p).paintHeatmap(g, DiagramCharts.onCanvas(width, height), density);
    }
}

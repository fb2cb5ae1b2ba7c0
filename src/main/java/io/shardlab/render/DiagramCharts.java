package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.Optional;

/**
 * The diagram's two chart sections — writes per shard over time and writes by key range over time — as one
 * picture composes them: which painter draws each, from which of the picture's data, with which of its
 * options (theme, stacked writes) and its number line model (the shards' order and colours). {@link
 * DiagramPainter} paints them under its headings in an export, and the explorer's chart cards paint them
 * on their own canvases, so a chart on screen and in a PNG, SVG or PDF is the same drawing.
 */
public final class DiagramCharts {

    /** Inside a chart card's canvas: the padding at the left, the right and the bottom, in logical pixels. */
    public static final double CANVAS_PAD = 12;

    private final DiagramData data;
    private final DiagramOptions options;
    private final NumberLineModel model;
    private final ThemeColors colors;
    private final Typography type;

    /**
     * @param data the picture's data; a chart without its data (no writes yet) is not painted
     * @param options the picture's options: theme and stacked writes
     * @param model the number line model of {@code data}, whose shards the writes chart colours
     */
    public DiagramCharts(DiagramData data, DiagramOptions options, NumberLineModel model) {
        this(data, options, model, new ThemeColors(options.theme()), Typography.standard());
    }

    DiagramCharts(
            DiagramData data, DiagramOptions options, NumberLineModel model, ThemeColors colors, Typography type) {
        this.data = data;
        this.options = options;
        this.model = model;
        this.colors = colors;
        this.type = type;
    }

    /** Where a chart goes on a card's canvas of {@code width × height}: {@link #CANVAS_PAD} in, flush at the top. */
    public static Rectangle2D onCanvas(double width, double height) {
        return new Rectangle2D.Double(CANVAS_PAD, 0, width - 2 * CANVAS_PAD, height - CANVAS_PAD);
    }

    /**
     * The axis the writes chart needs alone at {@code width × height}: its y labels' gutter and its time span;
     * empty before the stream has written.
     */
    public Optional<WritesChartPainter.SharedAxis> writesAxis(Graphics2D g, double width, double height) {
        return data.writes()
                .map(series -> new WritesChartPainter(colors, type)
                        .ownAxis(g, series, model, options.stackedWrites(), width, height));
    }

    /**
     * Paints writes per shard into {@code area} on {@code axis} (at least its gutter, at least its span; charts
     * stacked on one axis line up in time), or on its own axis when empty. Nothing before the stream has written.
     */
    public void paintWrites(Graphics2D g, Rectangle2D area, Optional<WritesChartPainter.SharedAxis> axis) {
        data.writes().ifPresent(series -> {
            WritesChartPainter writes = new WritesChartPainter(colors, type);
            WritesChartPainter.SharedAxis on = axis.orElseGet(
                    () -> writes.ownAxis(g, series, model, options.stackedWrites(), area.getWidth(), area.getHeight()));
            writes.paint(
                    g,
                    series,
                    model,
                    options.stackedWrites(),
                    area.getX(),
                    area.getY(),
                    area.getWidth(),
                    area.getHeight(),
                    on);
        });
    }

    /**
     * Paints the key range × time heatmap into {@code area}, aggregated per device pixel ({@code density} device
     * pixels per logical pixel). Nothing without heatmap data.
     */
    public void paintHeatmap(Graphics2D g, Rectangle2D area, double density) {
        data.heatmap()
                .ifPresent(heat -> new HeatmapPainter(colors, type)
                        .paint(g, heat, area.getX(), area.getY(), area.getWidth(), area.getHeight(), density));
    }
}

package io.shardlab.render;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;
import java.util.List;

/**
 * Paints the writes-per-shard chart ({@link WritesChart}) in a rectangle: y labels on the left, time labels
 * under the plot, round grid lines, one line (or stacked band) per shard in the shard's colour.
 */
public final class WritesChartPainter {

    static final double BOTTOM_LABELS = 24;

    private final ThemeColors colors;
    private final Typography type;

    public WritesChartPainter(ThemeColors colors, Typography type) {
        this.colors = colors;
        this.type = type;
    }

    /** Paints the chart of {@code series} into {@code [x, x + w] × [y, y + h]}. */
    public void paint(Graphics2D g, WriteSeries series, NumberLineModel model, boolean stacked, double x, double y,
            double w, double h) {
        paint(g, series, model, stacked, x, y, w, h, 0);
    }

    /**
     * As {@link #paint(Graphics2D, WriteSeries, NumberLineModel, boolean, double, double, double, double)},
     * with the y labels' gutter at least {@code minGutter} px wide: two charts stacked with the same x and
     * width and the same {@code minGutter} (the larger of their {@link #gutter}s) have the same time axis.
     */
    public void paint(Graphics2D g, WriteSeries series, NumberLineModel model, boolean stacked, double x, double y,
            double w, double h, double minGutter) {
        Pen pen = new Pen(g);
        double plotTop = y + 8;
        double plotH = h - 8 - BOTTOM_LABELS;
        int maxYTicks = Math.max(1, (int) (plotH / 36));
        double gutter = Math.max(minGutter, gutter(g, series, model, stacked, w, h));
        double plotX = x + gutter;
        double plotW = w - gutter - 4;
        WritesChart chart = WritesChart.compute(series, model, plotW, plotH, stacked, maxYTicks);

        pen.crisp(true);
        pen.fill(colors.surface(), plotX, plotTop, plotW, plotH);
        for (double v = 0; v <= chart.top() + chart.step() / 2; v += chart.step()) {
            double gy = plotTop + plotH - v / chart.top() * plotH;
            pen.fill(colors.grid(), plotX, Math.round(gy) - 0.5, plotW, 1);
            pen.crisp(false);
            pen.textRight(type.label(), colors.mutedText(), CompactCount.format(Math.round(v)), plotX - 8,
                    pen.baselineCentered(type.label(), gy));
            pen.crisp(true);
        }
        pen.crisp(false);
        List<WritesChart.Line> lines = chart.lines();
        if (stacked) {
            for (int k = lines.size() - 1; k >= 0; k--) {
                WritesChart.Line line = lines.get(k);
                Path2D.Double band = new Path2D.Double();
                band.moveTo(plotX + line.x()[0], plotTop + line.y()[0]);
                for (int i = 1; i < line.x().length; i++) {
                    band.lineTo(plotX + line.x()[i], plotTop + line.y()[i]);
                }
                for (int i = line.x().length - 1; i >= 0; i--) {
                    band.lineTo(plotX + line.x()[i], plotTop + line.base()[i]);
                }
                band.closePath();
                g.setColor(ThemeColors.mix(colors.shard(line.shardIndex()), colors.surface(), 0.78));
                g.fill(band);
            }
        }
        for (WritesChart.Line line : lines) {
            g.setColor(colors.shard(line.shardIndex()));
            g.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            if (line.x().length == 1) {
                g.draw(new java.awt.geom.Line2D.Double(plotX, plotTop + line.y()[0], plotX + plotW,
                        plotTop + line.y()[0]));
                continue;
            }
            Path2D.Double path = new Path2D.Double();
            path.moveTo(plotX + line.x()[0], plotTop + line.y()[0]);
            for (int i = 1; i < line.x().length; i++) {
                path.lineTo(plotX + line.x()[i], plotTop + line.y()[i]);
            }
            g.draw(path);
        }
        paintTimeAxis(pen, colors, type, series.windows() * series.windowMillis(), plotX, plotW, plotTop + plotH);
    }

    /** The width the y labels take left of the plot when the chart is {@code w × h}, in px. */
    public double gutter(Graphics2D g, WriteSeries series, NumberLineModel model, boolean stacked, double w,
            double h) {
        Pen pen = new Pen(g);
        double plotH = h - 8 - BOTTOM_LABELS;
        int maxYTicks = Math.max(1, (int) (plotH / 36));
        WritesChart probe = WritesChart.compute(series, model, Math.max(1, w), plotH, stacked, maxYTicks);
        double gutter = 0;
        for (double v = 0; v <= probe.top() + probe.step() / 2; v += probe.step()) {
            gutter = Math.max(gutter, pen.width(type.label(), CompactCount.format(Math.round(v))));
        }
        return gutter + 10;
    }

    /** Time ticks and labels under a plot whose x spans {@code durationMillis}. */
    static void paintTimeAxis(Pen pen, ThemeColors colors, Typography type, long durationMillis, double plotX,
            double plotW, double plotBottom) {
        int maxTicks = Math.max(1, (int) (plotW / 90));
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(durationMillis, maxTicks);
        double baseline = plotBottom + BOTTOM_LABELS - 6;
        for (TimeAxis.Tick t : ticks) {
            double tx = plotX + (double) t.millis() / durationMillis * plotW;
            pen.crisp(true);
            pen.fill(colors.grid(), Math.round(tx) - 0.5, plotBottom, 1, 5);
            pen.crisp(false);
            double lw = pen.width(type.label(), t.label());
            double left = Math.max(plotX, Math.min(plotX + plotW - lw, tx - lw / 2));
            pen.text(type.label(), colors.mutedText(), t.label(), left, baseline);
        }
    }
}

package io.shardlab.render;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
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

    /**
     * What charts stacked one above the other share so that their time axes line up: the y labels' gutter
     * (the widest of theirs) and the time the x axis spans (the longest of theirs). Painted with the same x,
     * width and shared axis, equal times since the start fall at equal x on every chart.
     *
     * @param gutter the least width of the y labels' gutter, in px, at least 0
     * @param spanMillis the least time the x axis spans, in ms, at least 0; a shorter series ends early
     */
    public record SharedAxis(double gutter, long spanMillis) {
        public SharedAxis {
            if (!(gutter >= 0) || spanMillis < 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "axis: the gutter and the span must not be negative, got %s px and %s ms", // untranslated: a developer's contract
                                gutter, spanMillis));
            }
        }

        /** The widest gutter and the longest span of {@code axes}. */
        public static SharedAxis widest(List<SharedAxis> axes) {
            double gutter = 0;
            long span = 0;
            for (SharedAxis a : axes) {
                gutter = Math.max(gutter, a.gutter());
                span = Math.max(span, a.spanMillis());
            }
            return new SharedAxis(gutter, span);
        }
    }

    /** The axis the chart of {@code series} needs alone at {@code w × h}: its gutter and its own duration. */
    public SharedAxis ownAxis(
            Graphics2D g, WriteSeries series, NumberLineModel model, boolean stacked, double w, double h) {
        return new SharedAxis(gutter(g, series, model, stacked, w, h), durationMillis(series));
    }

    /** The plot area (inside the y labels, above the time labels) of a chart at {@code x, y, w × h} with {@code gutter}. */
    public static Rectangle2D plotArea(double x, double y, double w, double h, double gutter) {
        return new Rectangle2D.Double(x + gutter, y + 8, w - gutter - 4, h - 8 - BOTTOM_LABELS);
    }

    private static long durationMillis(WriteSeries series) {
        return series.windows() * series.windowMillis();
    }

    /**
     * Paints the chart of {@code series} into {@code [x, x + w] × [y, y + h]} on {@code axis}: the y labels'
     * gutter at least its gutter, the x axis spanning at least its span. Charts stacked with the same x, width
     * and axis ({@link SharedAxis#widest}) have the same time axis.
     */
    public void paint(
            Graphics2D g,
            WriteSeries series,
            NumberLineModel model,
            boolean stacked,
            double x,
            double y,
            double w,
            double h,
            SharedAxis axis) {
        Pen pen = new Pen(g);
        double plotTop = y + 8;
        double plotH = h - 8 - BOTTOM_LABELS;
        double gutter = Math.max(axis.gutter(), gutter(g, series, model, stacked, w, h));
        double plotX = x + gutter;
        double plotW = w - gutter - 4;
        long own = durationMillis(series);
        long span = Math.max(own, axis.spanMillis());
        // a series shorter than the span takes its share of the plot from the left, on the same time scale
        double seriesW = own >= span ? plotW : plotW * own / span;
        WritesChart chart = chart(series, model, stacked, seriesW, h);

        pen.crisp(true);
        pen.fill(colors.surface(), plotX, plotTop, plotW, plotH);
        for (double v = 0; v <= chart.top() + chart.step() / 2; v += chart.step()) {
            double gy = plotTop + plotH - v / chart.top() * plotH;
            pen.fill(colors.grid(), plotX, Math.round(gy) - 0.5, plotW, 1);
            pen.crisp(false);
            pen.textRight(
                    type.label(),
                    colors.mutedText(),
                    CompactCount.format(Math.round(v)),
                    plotX - 8,
                    pen.baselineCentered(type.label(), gy));
            pen.crisp(true);
        }
        pen.crisp(false);
        List<WritesChart.Line> lines = chart.lines();
        if (stacked) {
            for (int k = lines.size() - 1; k >= 0; k--) {
                WritesChart.Line line = lines.get(k);
                Path2D.Double band = polyline(line, plotX, plotTop);
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
                g.draw(new Line2D.Double(plotX, plotTop + line.y()[0], plotX + seriesW, plotTop + line.y()[0]));
                continue;
            }
            g.draw(polyline(line, plotX, plotTop));
        }
        paintTimeAxis(pen, colors, type, span, plotX, plotW, plotTop + plotH);
    }

    /** The path through {@code line}'s points (its top edge), offset to the plot's corner. */
    private static Path2D.Double polyline(WritesChart.Line line, double plotX, double plotTop) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(plotX + line.x()[0], plotTop + line.y()[0]);
        for (int i = 1; i < line.x().length; i++) {
            path.lineTo(plotX + line.x()[i], plotTop + line.y()[i]);
        }
        return path;
    }

    /** The width the y labels take left of the plot when the chart is {@code w × h}, in px. */
    public double gutter(Graphics2D g, WriteSeries series, NumberLineModel model, boolean stacked, double w, double h) {
        Pen pen = new Pen(g);
        WritesChart probe = chart(series, model, stacked, Math.max(1, w), h);
        double gutter = 0;
        for (double v = 0; v <= probe.top() + probe.step() / 2; v += probe.step()) {
            gutter = Math.max(gutter, pen.width(type.label(), CompactCount.format(Math.round(v))));
        }
        return gutter + 10;
    }

    /** The chart's geometry in a plot {@code plotW} wide, of a chart {@code h} tall: y ticks at least 36 px apart. */
    private static WritesChart chart(
            WriteSeries series, NumberLineModel model, boolean stacked, double plotW, double h) {
        double plotH = h - 8 - BOTTOM_LABELS;
        return WritesChart.compute(series, model, plotW, plotH, stacked, Math.max(1, (int) (plotH / 36)));
    }

    /** Time ticks and labels under a plot whose x spans {@code durationMillis}. */
    static void paintTimeAxis(
            Pen pen,
            ThemeColors colors,
            Typography type,
            long durationMillis,
            double plotX,
            double plotW,
            double plotBottom) {
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

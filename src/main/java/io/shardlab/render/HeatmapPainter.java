package io.shardlab.render;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.List;

/**
 * Paints the key range × time heatmap ({@link HeatmapGrid}): time on x, key ranges on y (MinKey at the
 * bottom), brightness by writes; {@link HeatmapKeyAxis} labels the y axis, elapsed time the x axis, and a colour
 * bar on the right shows the scale from 0 to the largest cell.
 */
public final class HeatmapPainter {

    static final double BAR_WIDTH = 12;
    static final int BAR_STEPS = 48;

    private final ThemeColors colors;
    private final Typography type;
    private final KeyLabelFormat format = new KeyLabelFormat(16);

    public HeatmapPainter(ThemeColors colors, Typography type) {
        this.colors = colors;
        this.type = type;
    }

    /**
     * Paints {@code data} into {@code [x, x + w] × [y, y + h]}, merging cells finer than {@code density}
     * device pixels per logical pixel.
     */
    public void paint(Graphics2D g, HeatmapData data, double x, double y, double w, double h, double density) {
        Pen pen = new Pen(g);
        double plotTop = y + 8;
        double plotH = h - 8 - WritesChartPainter.BOTTOM_LABELS;
        int ranges = data.ranges();
        double rowPitch = plotH / ranges;
        List<HeatmapKeyAxis.Label> labels = HeatmapKeyAxis.labels(data.bounds(), plotH, format);
        double gutter = 0;
        for (HeatmapKeyAxis.Label label : labels) {
            gutter = Math.max(gutter, pen.width(type.label(), label.text()));
        }
        gutter += 10;
        String maxText = CompactCount.format(data.max());
        double barGutter =
                10 + BAR_WIDTH + 6 + Math.max(pen.width(type.label(), maxText), pen.width(type.label(), "0"));
        double plotX = x + gutter;
        double plotW = w - gutter - barGutter;

        HeatmapGrid grid =
                HeatmapGrid.compute(data, (int) Math.max(1, plotW * density), (int) Math.max(1, plotH * density));
        pen.crisp(true);
        for (int r = 0; r < grid.rows(); r++) {
            double y0 = plotTop + plotH - (double) (r + 1) / grid.rows() * plotH;
            double y1 = plotTop + plotH - (double) r / grid.rows() * plotH;
            int runStart = 0;
            int runLevel = level(grid.intensity(0, r));
            for (int c = 1; c <= grid.columns(); c++) {
                int lv = c == grid.columns() ? -1 : level(grid.intensity(c, r));
                if (lv != runLevel) {
                    double x0 = plotX + (double) runStart / grid.columns() * plotW;
                    double x1 = plotX + (double) c / grid.columns() * plotW;
                    pen.fill(colors.heat(runLevel / 63.0), x0, y0, x1 - x0, y1 - y0);
                    runStart = c;
                    runLevel = lv;
                }
            }
        }
        pen.crisp(false);
        for (HeatmapKeyAxis.Label label : labels) {
            double ly = plotTop + plotH - label.row() * rowPitch;
            pen.crisp(true);
            pen.fill(colors.grid(), plotX - 5, Math.round(ly) - 0.5, 5, 1);
            pen.crisp(false);
            FontMetrics m = pen.metrics(type.label());
            double baseline = labelBaseline(ly, y, plotTop + plotH, m.getAscent(), m.getDescent());
            pen.textRight(type.label(), colors.mutedText(), label.text(), plotX - 8, baseline);
        }
        WritesChartPainter.paintTimeAxis(
                pen, colors, type, data.windows() * data.windowMillis(), plotX, plotW, plotTop + plotH);
        double barX = plotX + plotW + 10;
        pen.crisp(true);
        for (int i = 0; i < BAR_STEPS; i++) {
            double y0 = plotTop + plotH - (double) (i + 1) / BAR_STEPS * plotH;
            double y1 = plotTop + plotH - (double) i / BAR_STEPS * plotH;
            pen.fill(colors.heat((i + 0.5) / BAR_STEPS), barX, y0, BAR_WIDTH, y1 - y0);
        }
        pen.crisp(false);
        FontMetrics labelMetrics = pen.metrics(type.label());
        for (BarLabel label : barLabels(maxText, plotTop, plotH, labelMetrics.getHeight())) {
            pen.text(
                    type.label(),
                    colors.mutedText(),
                    label.text(),
                    barX + BAR_WIDTH + 6,
                    pen.baselineCentered(type.label(), label.centreY()));
        }
    }

    /** A label beside the colour bar: its text and the y its line is centred on, diagram pixels. */
    record BarLabel(String text, double centreY) {}

    /**
     * The colour bar's labels: the largest cell's count 5 px below the bar's top and "0" 5 px above its bottom.
     * When the two lines would touch (a short heatmap, presenter mode's large type) only the largest count stays:
     * "0" is the ramp's darkest colour, which the plot itself shows.
     *
     * @param plotTop the bar's top, diagram pixels
     * @param plotH the bar's height, diagram pixels
     * @param lineHeight the label font's line height, diagram pixels
     */
    static List<BarLabel> barLabels(String maxText, double plotTop, double plotH, double lineHeight) {
        BarLabel max = new BarLabel(maxText, plotTop + 5);
        BarLabel zero = new BarLabel("0", plotTop + plotH - 5);
        boolean apart = zero.centreY() - max.centreY() >= lineHeight + 2;
        return apart ? List.of(max, zero) : List.of(max);
    }

    /**
     * The baseline of a y label centred on {@code centreY}, moved only as far as its font needs to stay readable:
     * its top no higher than the heatmap's area, its bottom above the time axis's labels under the plot (at
     * {@link WritesChartPainter#paintTimeAxis}'s baseline). Derived from the label font's metrics, so it holds at
     * any type size.
     *
     * @param areaTop the top of the heatmap's area (above the plot's top margin)
     * @param plotBottom the plot's bottom edge
     * @param ascent the label font's ascent, diagram pixels
     * @param descent the label font's descent, diagram pixels
     */
    static double labelBaseline(double centreY, double areaTop, double plotBottom, double ascent, double descent) {
        double centred = centreY + (ascent - descent) / 2.0 - 0.5;
        double timeLabelsTop = plotBottom + WritesChartPainter.BOTTOM_LABELS - 6 - ascent;
        double lowest = Math.min(plotBottom + (ascent - descent) / 2.0, timeLabelsTop - 1 - descent);
        double highest = areaTop + ascent;
        return Math.max(highest, Math.min(lowest, centred));
    }

    /** Intensity quantised to 64 levels, so that neighbouring cells of one level merge into one rectangle. */
    static int level(double intensity) {
        return (int) Math.round(Math.max(0, Math.min(1, intensity)) * 63);
    }
}

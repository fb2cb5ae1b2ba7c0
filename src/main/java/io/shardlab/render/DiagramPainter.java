package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Paints a whole diagram (title, number line, lanes, writes chart, heatmap, legend, as the {@link View}
 * asks) onto any Graphics2D: the export targets and, section by section, the app's canvases.
 *
 * <p>Layout, top to bottom, with {@value #MARGIN} px margins: the title and a line of facts; the number line;
 * the lanes; the charts row (writes chart and heatmap side by side when both exist); the legend. The number
 * line and the lanes share one x range, so a chunk sits at the same x in both; the left gutter holds shard
 * names and the right gutter the lanes' table. Extra height goes to the charts, or else to the bar (up to
 * {@value #MAX_BAR} px); a height below {@link #preferredHeight} is met by dropping detail ({@link Fit}),
 * and refused only below what the title, the number line and the lanes need.
 *
 * <p>Not thread-safe: it keeps the last number line frame, so that measuring and then painting at the same
 * width aggregates the chunks once. Use one painter per thread.
 */
public final class DiagramPainter implements Picture {

    static final double MARGIN = 40;
    static final double SECTION_GAP = 30;
    static final double HEADING = 30;
    static final double TITLE_BLOCK = 80;
    static final double TITLE_ONLY = 46;
    static final double BAR = 72;
    static final double MAX_BAR = 160;
    static final double MIN_BAR = 24;
    static final double CHART = 240;
    static final double MIN_CHART = 140;
    static final double CHART_GAP = 48;

    /**
     * Where the sections landed; rectangles are empty (zero size) for sections the view does not show.
     *
     * @param bar the number line's bar
     * @param lanes the lanes block
     * @param writesChart the writes chart's block
     * @param heatmap the heatmap's block
     * @param legend the legend block
     * @param lineX left x of the number line (and lanes)
     * @param lineWidth width of the number line
     * @param height the diagram's height
     */
    public record Layout(Rectangle2D bar, Rectangle2D lanes, Rectangle2D writesChart, Rectangle2D heatmap,
            Rectangle2D legend, double lineX, double lineWidth, double height) {
    }

    private final DiagramData data;
    private final DiagramOptions options;
    private final NumberLineModel model;
    private final ThemeColors colors;
    private final Typography type;
    private final List<ShardSummary> summaries;
    private NumberLineFrame lastFrame;

    /** A painter that builds its number line model from {@code data} and the options' scale. */
    public DiagramPainter(DiagramData data, DiagramOptions options) {
        this(data, options, NumberLineModel.of(data.layout(), options.scale()));
    }

    /**
     * A painter over an existing model (the app keeps one per layout and scale).
     *
     * @throws IllegalArgumentException when the view needs data that is missing (the heatmap view without
     *         heatmap data)
     */
    public DiagramPainter(DiagramData data, DiagramOptions options, NumberLineModel model) {
        if (options.view() == View.HEATMAP && data.heatmap().isEmpty()) {
            throw new IllegalArgumentException("view: the heatmap needs writes by key range over time, and "
                    + data.layout().snapshot().namespace() + " has no write data");
        }
        this.data = data;
        this.options = options;
        this.model = model;
        this.colors = new ThemeColors(options.theme());
        this.type = Typography.standard();
        int window = data.writes().map(w -> w.windows() - 1).orElse(0);
        this.summaries = ShardSummary.of(model, data.layout().sizes(), data.writes(), window);
    }

    public NumberLineModel model() {
        return model;
    }

    /** The lanes' rows. */
    public List<ShardSummary> summaries() {
        return summaries;
    }

    private boolean showsLine() {
        return options.view() != View.HEATMAP;
    }

    private boolean showsLanes() {
        return options.view() == View.LANES || options.view() == View.ALL;
    }

    private boolean showsWrites() {
        return options.view() == View.ALL && data.writes().isPresent();
    }

    private boolean showsHeatmap() {
        return options.view() == View.HEATMAP || (options.view() == View.ALL && data.heatmap().isPresent());
    }

    private boolean showsLegend() {
        return options.view() != View.HEATMAP;
    }

    private double barHeight() {
        return options.view() == View.NUMBER_LINE ? 96 : BAR;
    }

    /** The height the view wants at {@code width}. */
    public double preferredHeight(Graphics2D g, double width) {
        return preferredHeight(g, width, 1);
    }

    /** The height the view wants at {@code width} when painted at {@code density} device pixels per pixel. */
    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        prepare(g);
        return measure(g, width, 0, density).layout().height();
    }

    /**
     * Where the sections will land when painting at this size, without painting (hit-testing, tests).
     *
     * @throws IllegalArgumentException when the size cannot hold the view
     */
    public Layout layout(Graphics2D g, double width, double height, double density) {
        prepare(g);
        return measure(g, width, height, density).layout();
    }

    /** Title: the option's, or "Chunks of &lt;namespace&gt;". */
    @Override
    public String title() {
        return options.title().isEmpty() ? "Chunks of " + data.layout().snapshot().namespace() : options.title();
    }

    /** The line of facts under the title. */
    public String subtitle() {
        ClusterSnapshot s = data.layout().snapshot();
        StringBuilder b = new StringBuilder();
        if (!options.title().isEmpty()) {
            b.append(s.namespace()).append("  ·  ");
        }
        b.append("shard key ").append(s.key());
        int n = model.chunkCount();
        b.append("  ·  ").append(String.format(Locale.ROOT, "%,d", n)).append(n == 1 ? " chunk" : " chunks")
                .append(" on ").append(model.shards().size()).append(model.shards().size() == 1 ? " shard" : " shards");
        if (model.jumboCount() > 0) {
            b.append("  ·  ").append(model.jumboCount()).append(" jumbo");
        }
        if (!s.zones().isEmpty()) {
            b.append("  ·  ").append(s.zones().size()).append(s.zones().size() == 1 ? " zone range" : " zone ranges");
        }
        return b.toString();
    }

    /**
     * What a diagram keeps at a given height, from all of it down to the least: a height below the
     * preferred one first shrinks the charts to {@value #MIN_CHART} px, then the number line's bar to
     * {@value #MIN_BAR} px, then drops the subtitle, then the legend (when the lanes name the shards), then
     * the charts (unless they are the view), as the lanes drop their table's columns for width.
     */
    private record Fit(boolean shrinkBar, boolean subtitle, boolean legend, boolean charts) {
        static final List<Fit> LADDER = List.of(new Fit(false, true, true, true), new Fit(true, true, true, true),
                new Fit(true, false, true, true), new Fit(true, false, false, true), new Fit(true, false, false, false));
    }

    private record Measured(Layout layout, NumberLineFrame frame, List<LegendPainter.Item> legend, boolean subtitle) {
    }

    private Measured measure(Graphics2D g, double width, double height, double density) {
        Measured fitted = null;
        for (Fit fit : Fit.LADDER) {
            fitted = measure(g, width, height, density, fit);
            if (height <= 0 || fitted.layout().height() <= height + 0.5) {
                return fitted;
            }
        }
        throw tooSmall(height, fitted.layout().height());
    }

    /** The layout at {@code fit}; its height is what the sections need when that is more than {@code height}. */
    private Measured measure(Graphics2D g, double width, double height, double density, Fit fit) {
        double left = MARGIN;
        double right = width - MARGIN;
        double lineX = left;
        double lineRight = right;
        ShardLanesPainter lanes = new ShardLanesPainter(colors, type);
        if (showsLanes()) {
            lineX = left + lanes.leftGutter(g, summaries);
            lineRight = right - lanes.rightGutter(g, summaries);
        }
        double lineWidth = lineRight - lineX;
        if (lineWidth < 100) {
            throw new IllegalArgumentException("width: " + Math.round(width) + " px leaves " + Math.round(lineWidth)
                    + " px for the number line; use a width of at least " + Math.round(width - lineWidth + 100));
        }
        double y = MARGIN + (fit.subtitle() ? TITLE_BLOCK : TITLE_ONLY);
        double bar = barHeight();
        double lineBlock = showsLine() ? HEADING + NumberLinePainter.height(model, bar) + SECTION_GAP : 0;
        double lanesBlock = showsLanes() ? HEADING + ShardLanesPainter.height(summaries.size()) + SECTION_GAP : 0;
        boolean charts = (showsWrites() || showsHeatmap()) && (fit.charts() || options.view() == View.HEATMAP);
        double chart = CHART;
        NumberLineFrame frame = null;
        if (showsLine()) {
            int columns = Math.max(1, (int) Math.round(lineWidth * density));
            frame = lastFrame;
            if (frame == null || frame.columns() != columns || frame.widthPx() != lineWidth) {
                frame = NumberLineFrame.compute(model, options.viewport(), lineWidth, columns,
                        new Pen(g).measure(type.label()), KeyLabelFormat.standard());
                lastFrame = frame;
            }
        }
        double legendH = 0;
        List<LegendPainter.Item> items = List.of();
        if (showsLegend() && (fit.legend() || !showsLanes())) {
            boolean dense = frame != null && NumberLinePainter.showsDensity(model) && frame.anyDense();
            items = LegendPainter.items(model, frame != null && frame.anyMixed(), dense,
                    showsLanes() && summaries.stream().anyMatch(ShardSummary::hot), options.highlight());
            legendH = new LegendPainter(colors, type).height(g, items, right - left);
        }
        double fixed = y + lineBlock + lanesBlock + (charts ? HEADING + SECTION_GAP : 0) + legendH + MARGIN;
        double preferred = fixed + (charts ? chart : 0);
        if (height > 0) {
            double extra = height - preferred;
            if (charts) {
                chart = Math.max(chart + extra, MIN_CHART);
                extra = height - (fixed + chart);
            }
            if (extra < 0 && fit.shrinkBar() && showsLine()) {
                double shrink = Math.min(-extra, bar - MIN_BAR);
                bar -= shrink;
                lineBlock -= shrink;
                fixed -= shrink;
            } else if (extra > 0 && !charts && showsLine()) {
                // what a dropped subtitle or legend frees goes back to the bar up to its usual height; without
                // the charts the bar grows as in a view without charts
                double grow = Math.min(extra, (fit.shrinkBar() && fit.charts() ? barHeight() : MAX_BAR) - bar);
                bar += grow;
                lineBlock += grow;
            }
            if (fixed + (charts ? chart : 0) > height + 0.5) {
                return new Measured(new Layout(new Rectangle2D.Double(), new Rectangle2D.Double(),
                        new Rectangle2D.Double(), new Rectangle2D.Double(), new Rectangle2D.Double(), lineX, lineWidth,
                        fixed + (charts ? chart : 0)), frame, items, fit.subtitle());
            }
        }
        Rectangle2D barRect = new Rectangle2D.Double();
        if (showsLine()) {
            barRect = new Rectangle2D.Double(lineX, y + HEADING + NumberLinePainter.bandAboveBar(model), lineWidth, bar);
            y += lineBlock;
        }
        Rectangle2D lanesRect = new Rectangle2D.Double();
        if (showsLanes()) {
            lanesRect = new Rectangle2D.Double(left, y + HEADING, right - left, ShardLanesPainter.height(summaries.size()));
            y += lanesBlock;
        }
        Rectangle2D writesRect = new Rectangle2D.Double();
        Rectangle2D heatRect = new Rectangle2D.Double();
        if (charts) {
            double top = y + HEADING;
            if (showsWrites() && showsHeatmap()) {
                double half = (right - left - CHART_GAP) / 2;
                writesRect = new Rectangle2D.Double(left, top, half, chart);
                heatRect = new Rectangle2D.Double(left + half + CHART_GAP, top, half, chart);
            } else if (showsWrites()) {
                writesRect = new Rectangle2D.Double(left, top, right - left, chart);
            } else {
                heatRect = new Rectangle2D.Double(left, top, right - left, chart);
            }
            y = top + chart + SECTION_GAP;
        }
        Rectangle2D legendRect = new Rectangle2D.Double(left, y, right - left, legendH);
        double total = height > 0 ? height : y + legendH + MARGIN;
        return new Measured(new Layout(barRect, lanesRect, writesRect, heatRect, legendRect, lineX, lineWidth, total),
                frame, items, fit.subtitle());
    }

    private IllegalArgumentException tooSmall(double height, double needed) {
        return new IllegalArgumentException("height: " + Math.round(height) + " px is too small for the "
                + options.view().cliName() + " view of " + data.layout().snapshot().namespace()
                + "; it needs at least " + (long) Math.ceil(needed) + " px");
    }

    /**
     * Paints the diagram into {@code [0, width] × [0, height]} (logical pixels).
     *
     * @param density device pixels per logical pixel (2 on a HiDPI PNG); the number line aggregates per device
     *        pixel column
     * @return where the sections landed
     */
    public Layout paint(Graphics2D g, double width, double height, double density) {
        return paint(g, width, height, density, Optional.empty());
    }

    /**
     * The axis the writes chart needs alone when the diagram is painted at this size (its y labels' gutter,
     * its time span); empty when the chart is not drawn. Diagrams stacked in one picture paint on the
     * {@link WritesChartPainter.SharedAxis#widest widest} of theirs, so their time axes line up.
     */
    public Optional<WritesChartPainter.SharedAxis> writesAxis(Graphics2D g, double width, double height,
            double density) {
        prepare(g);
        Rectangle2D r = measure(g, width, height, density).layout().writesChart();
        if (!showsWrites() || r.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new WritesChartPainter(colors, type).ownAxis(g, data.writes().orElseThrow(), model,
                options.stackedWrites(), r.getWidth(), r.getHeight()));
    }

    /**
     * As {@link #paint(Graphics2D, double, double, double)}, the writes chart on {@code writesAxis} when
     * given (at least its gutter, at least its time span).
     */
    public Layout paint(Graphics2D g, double width, double height, double density,
            Optional<WritesChartPainter.SharedAxis> writesAxis) {
        prepare(g);
        Measured measured = measure(g, width, height, density);
        Layout layout = measured.layout();
        Pen pen = new Pen(g);
        pen.crisp(true);
        pen.fill(colors.background(), 0, 0, width, layout.height());
        pen.crisp(false);
        double left = MARGIN;
        double right = width - MARGIN;

        pen.text(type.title(), colors.text(), pen.fit(type.title(), title(), right - left), left, MARGIN + 26);
        if (measured.subtitle()) {
            pen.text(type.subtitle(), colors.mutedText(), pen.fit(type.subtitle(), subtitle(), right - left), left,
                    MARGIN + 54);
        }

        NumberLineFrame frame = measured.frame();
        if (showsLine()) {
            double top = layout.bar().getY() - NumberLinePainter.bandAboveBar(model) - HEADING;
            heading(pen, lineHeading(), lineCaption(), left, right, top);
            new NumberLinePainter(colors, type).paint(g, frame, options.highlight(), layout.lineX(),
                    top + HEADING, layout.bar().getHeight());
        }
        if (showsLanes()) {
            double top = layout.lanes().getY() - HEADING;
            heading(pen, "Shards", lanesCaption(), left, right, top);
            new ShardLanesPainter(colors, type).paint(g, summaries, frame, options.highlight(), left,
                    layout.lineX(), layout.lanes().getY());
        }
        if (showsWrites() && !layout.writesChart().isEmpty()) {
            Rectangle2D r = layout.writesChart();
            WriteSeries series = data.writes().orElseThrow();
            heading(pen, "Writes per shard", "per " + ElapsedTime.format(series.windowMillis()) + " window"
                    + (options.stackedWrites() ? ", stacked" : ""), r.getX(), r.getMaxX(), r.getY() - HEADING);
            WritesChartPainter writes = new WritesChartPainter(colors, type);
            WritesChartPainter.SharedAxis axis = writesAxis.orElseGet(() -> writes.ownAxis(g, series, model,
                    options.stackedWrites(), r.getWidth(), r.getHeight()));
            writes.paint(g, series, model, options.stackedWrites(), r.getX(), r.getY(), r.getWidth(), r.getHeight(),
                    axis);
        }
        if (showsHeatmap() && !layout.heatmap().isEmpty()) {
            Rectangle2D r = layout.heatmap();
            HeatmapData heat = data.heatmap().orElseThrow();
            heading(pen, "Writes by key range over time", "brighter = more writes (log scale)", r.getX(), r.getMaxX(),
                    r.getY() - HEADING);
            new HeatmapPainter(colors, type).paint(g, heat, r.getX(), r.getY(), r.getWidth(), r.getHeight(), density);
        }
        if (showsLegend() && !measured.legend().isEmpty()) {
            new LegendPainter(colors, type).paint(g, measured.legend(), left, layout.legend().getY(), right - left);
        }
        return layout;
    }

    /** As {@link #paint}, for exporters that need no layout back. */
    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        paint(g, width, height, density);
    }

    private static void prepare(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    private String lineHeading() {
        return model.key().hasHashedPrefix() ? "Chunks in hash space" : "Chunks from MinKey to MaxKey";
    }

    private String lineCaption() {
        StringBuilder b = new StringBuilder();
        if (model.key().hasHashedPrefix()) {
            b.append("bounds are hashes of ").append(model.key().fields().get(0).path()).append("  ·  ");
        }
        b.append(model.key().hasHashedPrefix() && options.scale() == Scale.KEY_VALUE ? "width by hash value"
                : options.scale().caption());
        Viewport v = options.viewport();
        if (!v.equals(Viewport.FULL)) {
            b.append("  ·  showing ").append(percent(v.start())).append("–").append(percent(v.end()))
                    .append(" of the line");
        }
        return b.toString();
    }

    private static String percent(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.3g", p)) + "%";
    }

    private String lanesCaption() {
        Optional<WriteSeries> writes = data.writes();
        if (writes.isEmpty()) {
            return "";
        }
        WriteSeries w = writes.get();
        long from = (long) (w.windows() - 1) * w.windowMillis();
        return "writes in the last window, " + ElapsedTime.format(from) + "–" + ElapsedTime.format(from + w.windowMillis());
    }

    private void heading(Pen pen, String text, String caption, double left, double right, double top) {
        double baseline = top + 17;
        pen.text(type.heading(), colors.text(), text, left, baseline);
        if (!caption.isEmpty()) {
            double room = right - left - pen.width(type.heading(), text) - 24;
            String fitted = pen.fit(type.body(), caption, room);
            pen.textRight(type.body(), colors.mutedText(), fitted, right, baseline);
        }
    }
}

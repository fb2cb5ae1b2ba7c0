package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Paints a whole diagram (title, value line, number line, lanes, writes chart, heatmap, legend, as the
 * {@link View} asks) onto any Graphics2D: the export targets and the explorer's canvas. It is the one
 * composition of the diagram: the window paints it with {@link Framing#canvas} (no title, no headings, tighter
 * margins, lanes that give up their figures for the line) and draws only its hover and animation layers on
 * top, so an export shows what the window shows.
 *
 * <p>Layout, top to bottom, with {@value #MARGIN} px margins: the title and a line of facts; for a hashed key
 * the value line (the stream's values before hashing, {@value #VALUE_BAR} px) above the number line; the
 * lanes; the charts row (writes chart and heatmap side by side when both exist); the legend. The number
 * line and the lanes share one x range, so a chunk sits at the same x in both; the left gutter holds shard
 * names and the right gutter the lanes' table. Extra height goes to the charts, or else to the bar (up to
 * {@value #MAX_BAR} px); a height below {@link #preferredHeight} is met by dropping detail ({@link Fit}),
 * and refused only below what the title, the number line and the lanes need.
 *
 * <p>Not thread-safe: it keeps the last number line frame, so that measuring and then painting at the same
 * width aggregates the chunks once, and the lanes' measured texts. Use one painter per thread.
 */
public final class DiagramPainter implements Picture {

    static final double MARGIN = TitleBlock.MARGIN;
    static final double SECTION_GAP = 30;
    static final double HEADING = 30;
    static final double TITLE_BLOCK = TitleBlock.HEIGHT;
    static final double TITLE_ONLY = 46;
    static final double BAR = 72;
    static final double MAX_BAR = 160;
    static final double MIN_BAR = 24;
    static final double CHART = 240;
    static final double MIN_CHART = 140;
    static final double CHART_GAP = 48;
    /** The value line bar's height. */
    public static final double VALUE_BAR = 34;

    static final double VALUE_GAP = 44;
    /** On the canvas: the padding around the diagram, the bar's height and the gap between sections. */
    public static final double CANVAS_PAD = 18;

    static final double CANVAS_BAR = 64;
    static final double CANVAS_GAP = 26;

    /** In a small multiple: the padding, the bar's height, the gap between sections, the writes chart's height. */
    static final double TILE_PAD = 6;

    static final double TILE_BAR = 24;
    static final double TILE_GAP = 8;
    static final double TILE_CHART = 56;
    static final double TILE_MIN_CHART = 36;

    /** The sections a diagram can have, top to bottom. */
    public enum Section {
        TITLE,
        VALUE_LINE,
        NUMBER_LINE,
        LANES,
        WRITES_CHART,
        HEATMAP,
        LEGEND
    }

    /**
     * How the diagram sits on its surface: as a document (an export: title, headings over the sections,
     * {@value #MARGIN} px margins, its own background, every lane figure), on the explorer's canvas (no title
     * and no headings, {@value #CANVAS_PAD} px padding, the card's background, lanes that give up their figures
     * and names before the line gets narrower than {@code minLineShare} of the width), or as one of many small
     * multiples (the class board's tiles: the canvas's framing tightened to {@value #TILE_PAD} px padding, a
     * {@value #TILE_BAR} px bar, a {@value #TILE_CHART} px writes chart without its heading, and no legend, the
     * lanes naming the shards).
     *
     * @param document true for a document, false for the canvas and a small multiple
     * @param minLineShare on the canvas, the share of the width the line keeps while the lanes can give up detail
     * @param tile true for a small multiple
     * @param leastType the least font size, in diagram pixels, that any text is drawn at ({@link Typography#atLeast});
     *     0 for the standard sizes
     */
    public record Framing(boolean document, double minLineShare, boolean tile, double leastType) {

        /** An export's framing. */
        public static final Framing DOCUMENT = new Framing(true, 0, false, 0);

        /** The explorer canvas's framing. */
        public static Framing canvas(double minLineShare) {
            return new Framing(false, minLineShare, false, 0);
        }

        /** A small multiple's framing: the line keeps {@code minLineShare} of the tile's width. */
        public static Framing tile(double minLineShare) {
            return new Framing(false, minLineShare, true, 0);
        }

        /**
         * This framing with no text smaller than {@code px} diagram pixels: a canvas painted below its type's size
         * (fitted into a short height) asks for the size that reads on the screen.
         */
        public Framing withLeastType(double px) {
            return new Framing(document, minLineShare, tile, px);
        }

        double margin() {
            return document ? MARGIN : tile ? TILE_PAD : CANVAS_PAD;
        }

        /**
         * The gap under the number line, and between the other sections; in the tightest fit on a canvas (not in
         * a document) at most {@value #TIGHT_CANVAS_GAP} px.
         */
        double gap(boolean tightest) {
            double gap = document ? SECTION_GAP : tile ? TILE_GAP : CANVAS_GAP;
            return tightest && !document ? Math.min(gap, TIGHT_CANVAS_GAP) : gap;
        }

        /** The gap under the value line: in the tightest fit on a canvas {@value #TIGHT_VALUE_GAP} px. */
        double valueGap(boolean tightest) {
            return tightest && !document ? TIGHT_VALUE_GAP : VALUE_GAP;
        }

        /** The room for the charts row's headings: none in a small multiple. */
        double chartsHeading() {
            return tile ? 0 : HEADING;
        }

        /** The gap over and under the charts row. */
        double chartsGap() {
            return tile ? TILE_GAP : SECTION_GAP;
        }

        double heading() {
            return document ? HEADING : 0;
        }
    }

    /**
     * What a painter is made of beside the data: the number line model, the value line's model (a hashed key's
     * values before hashing, on the equal scale) and the lanes' rows. Each is a pass over every chunk, so the
     * window keeps them across zooms and pans.
     */
    public record Parts(NumberLineModel line, Optional<NumberLineModel> values, List<ShardSummary> summaries) {

        public Parts {
            values = values == null ? Optional.empty() : values;
            summaries = List.copyOf(summaries);
        }

        /** The parts of {@code data} on {@code scale}. */
        public static Parts of(DiagramData data, Scale scale) {
            return of(data, NumberLineModel.of(data.layout(), scale));
        }

        /** The parts of {@code data} over an existing number line model. */
        public static Parts of(DiagramData data, NumberLineModel line) {
            return new Parts(
                    line,
                    data.valueLine().map(v -> NumberLineModel.of(LayoutData.of(v), Scale.EQUAL)),
                    summaries(data, line));
        }

        /** The lanes' rows of {@code data} over {@code line}. */
        public static List<ShardSummary> summaries(DiagramData data, NumberLineModel line) {
            int window = data.writes().map(w -> w.windows() - 1).orElse(0);
            return ShardSummary.of(line, data.layout().sizes(), data.writes(), window, data.drainsLeft());
        }
    }

    /**
     * Where the sections landed; rectangles are empty (zero size) for sections the view does not show.
     *
     * @param bar the number line's bar
     * @param lanes the lanes block
     * @param writesChart the writes chart's block
     * @param heatmap the heatmap's block
     * @param legend the legend block
     * @param valueLine the value line's block, its labels included (empty without a value line)
     * @param valueBar the value line's bar (empty without a value line)
     * @param lineX left x of the number line (and lanes)
     * @param lineWidth width of the number line
     * @param height the diagram's height
     * @param laneDetail what the lanes show beside them
     * @param frame the number line's frame as painted (null when the view has no number line)
     * @param valueFrame the value line's frame as painted (null without a value line)
     */
    public record Layout(
            Rectangle2D bar,
            Rectangle2D lanes,
            Rectangle2D writesChart,
            Rectangle2D heatmap,
            Rectangle2D legend,
            Rectangle2D valueLine,
            Rectangle2D valueBar,
            double lineX,
            double lineWidth,
            double height,
            LaneDetail laneDetail,
            NumberLineFrame frame,
            NumberLineFrame valueFrame) {}

    private final DiagramData data;
    private final DiagramOptions options;
    private final Framing framing;
    private final NumberLineModel model;
    private final Optional<NumberLineModel> values;
    private final ThemeColors colors;
    private final Typography type;
    private final List<ShardSummary> summaries;
    private final DiagramCharts charts;
    private final DiagramHeadings headings;
    /** One lanes painter for every fit tried and the paint: it measures each text of the lanes once. */
    private final ShardLanesPainter lanes;

    private NumberLineFrame lastFrame;
    private NumberLineFrame lastValueFrame;

    /** A document painter that builds its models from {@code data} and the options' scale. */
    public DiagramPainter(DiagramData data, DiagramOptions options) {
        this(data, options, NumberLineModel.of(data.layout(), options.scale()));
    }

    /** A document painter over an existing number line model. */
    public DiagramPainter(DiagramData data, DiagramOptions options, NumberLineModel model) {
        this(data, options, Framing.DOCUMENT, Parts.of(data, model));
    }

    /**
     * A painter over existing parts (the window keeps them per layout and scale).
     *
     * @throws IllegalArgumentException when the view needs data that is missing (the heatmap view without
     *         heatmap data)
     */
    public DiagramPainter(DiagramData data, DiagramOptions options, Framing framing, Parts parts) {
        if (options.view() == View.HEATMAP && data.heatmap().isEmpty()) {
            throw options.heatmapWithoutWrites(data.layout().snapshot().namespace());
        }
        this.data = data;
        this.options = options;
        this.framing = framing;
        this.model = parts.line();
        this.values = parts.values();
        this.colors = new ThemeColors(options.theme());
        this.type = Typography.standard().atLeast(framing.leastType());
        this.summaries = parts.summaries();
        this.charts = new DiagramCharts(data, options, model, colors, type);
        this.headings = new DiagramHeadings(data, options, model, colors, type);
        this.lanes = new ShardLanesPainter(colors, type, framing.tile(), headings.words());
    }

    /** The sections this painter shows, top to bottom (before a height too small drops some). */
    public List<Section> sections() {
        List<Section> out = new ArrayList<>();
        if (framing.document()) {
            out.add(Section.TITLE);
        }
        if (showsValueLine()) {
            out.add(Section.VALUE_LINE);
        }
        if (showsLine()) {
            out.add(Section.NUMBER_LINE);
        }
        if (showsLanes()) {
            out.add(Section.LANES);
        }
        if (showsWrites()) {
            out.add(Section.WRITES_CHART);
        }
        if (showsHeatmap()) {
            out.add(Section.HEATMAP);
        }
        if (showsLegend()) {
            out.add(Section.LEGEND);
        }
        return List.copyOf(out);
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

    private boolean showsValueLine() {
        return showsLine() && values.isPresent();
    }

    private boolean showsLanes() {
        return options.view() == View.LANES || options.view() == View.ALL;
    }

    private boolean showsWrites() {
        return options.view() == View.ALL && data.writes().isPresent();
    }

    private boolean showsHeatmap() {
        return options.view() == View.HEATMAP
                || (options.view() == View.ALL && data.heatmap().isPresent());
    }

    private boolean showsLegend() {
        return options.view() != View.HEATMAP && !framing.tile();
    }

    private double barHeight() {
        if (framing.tile()) {
            return TILE_BAR;
        }
        if (!framing.document()) {
            return CANVAS_BAR;
        }
        return options.view() == View.NUMBER_LINE ? 96 : BAR;
    }

    /** The height the view wants at {@code width}. */
    public double preferredHeight(Graphics2D g, double width) {
        return preferredHeight(g, width, 1);
    }

    /** The height the view wants at {@code width} when painted at {@code density} device pixels per pixel. */
    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        Pen.prepare(g);
        return measure(g, width, 0, density).layout().height();
    }

    /**
     * The least height the view can be painted in at {@code width}: the bar at {@value #MIN_BAR} px, no subtitle,
     * the legend left to the lanes' names, the charts dropped unless they are the view.
     */
    public double leastHeight(Graphics2D g, double width, double density) {
        Pen.prepare(g);
        return measure(g, width, 1, density, Fit.LADDER.get(Fit.LADDER.size() - 1))
                .layout()
                .height();
    }

    /**
     * The least height the view can be painted in at {@code width} and keep its charts: the bar at {@value #MIN_BAR}
     * px, the charts at their least (a tile's {@value #TILE_MIN_CHART} px), no subtitle, the legend left to the
     * lanes' names. A view without charts needs {@link #leastHeight}.
     */
    public double leastHeightWithCharts(Graphics2D g, double width, double density) {
        Pen.prepare(g);
        return measure(g, width, 1, density, Fit.LADDER.get(Fit.WITH_CHARTS_AT_LEAST))
                .layout()
                .height();
    }

    /**
     * Where the sections will land when painting at this size, without painting (hit-testing, tests).
     *
     * @throws IllegalArgumentException when the size cannot hold the view
     */
    public Layout layout(Graphics2D g, double width, double height, double density) {
        Pen.prepare(g);
        return measure(g, width, height, density).layout();
    }

    /** Title: the option's, or "Chunks of &lt;namespace&gt;". */
    @Override
    public String title() {
        return headings.title();
    }

    /** The line of facts under the title. */
    public String subtitle() {
        return headings.subtitle();
    }

    /**
     * What a diagram keeps at a given height, from all of it down to the least: a height below the
     * preferred one first shrinks the charts to {@value #MIN_CHART} px, then the number line's bar to
     * {@value #MIN_BAR} px, then drops the subtitle, then the legend (when the lanes name the shards), then
     * the charts (unless they are the view), as the lanes drop their table's columns for width; last, on a
     * canvas (never in a document), the gaps between the value line, the number line and the lanes close to
     * {@value #TIGHT_VALUE_GAP} and {@value #TIGHT_CANVAS_GAP} px (a comparison's side, presenter mode at 720 px).
     */
    private record Fit(boolean shrinkBar, boolean subtitle, boolean legend, boolean charts, boolean tight) {
        static final List<Fit> LADDER = List.of(
                new Fit(false, true, true, true, false),
                new Fit(true, true, true, true, false),
                new Fit(true, false, true, true, false),
                new Fit(true, false, false, true, false),
                new Fit(true, false, false, false, false),
                new Fit(true, false, false, false, true));

        /** The last rung of {@link #LADDER} that keeps the charts. */
        static final int WITH_CHARTS_AT_LEAST = 3;
    }

    /** The gap under the value line in the tightest fit: room for its labels, little more. */
    static final double TIGHT_VALUE_GAP = 20;

    /** The gap between the number line and the lanes in the tightest fit. */
    static final double TIGHT_CANVAS_GAP = 14;

    private record Measured(Layout layout, List<LegendPainter.Item> legend, boolean subtitle) {}

    private Measured measure(Graphics2D g, double width, double height, double density) {
        Measured fitted = null;
        for (Fit fit : Fit.LADDER) {
            fitted = measure(g, width, height, density, fit);
            if (height <= 0 || fitted.layout().height() <= height + 0.5) {
                return fitted;
            }
        }
        throw options.tooLow(
                height, fitted.layout().height(), data.layout().snapshot().namespace());
    }

    /** The layout at {@code fit}; its height is what the sections need when that is more than {@code height}. */
    private Measured measure(Graphics2D g, double width, double height, double density, Fit fit) {
        double left = framing.margin();
        double right = width - framing.margin();
        double lineX = left;
        double lineRight = right;
        double heading = framing.heading();
        LaneDetail detail = LaneDetail.FULL;
        if (showsLanes()) {
            if (!framing.document()) {
                // a narrow canvas gives up the lanes' figures, then their names, before the line gives up its
                // width (every figure stays a hover away in the window)
                detail = lanes.fitting(g, summaries, right - left, framing.minLineShare() * width);
            }
            lineX = left + lanes.leftGutter(g, summaries, detail);
            lineRight = right - lanes.rightGutter(g, summaries, detail);
        }
        double lineWidth = lineRight - lineX;
        double narrowest = framing.document() ? 100 : 1;
        if (lineWidth < narrowest) {
            throw DiagramOptions.tooNarrow(width, lineWidth, narrowest);
        }
        double y = framing.document() ? MARGIN + (fit.subtitle() ? TITLE_BLOCK : TITLE_ONLY) : framing.margin();
        double bar = barHeight();
        double lineGap = framing.gap(fit.tight());
        double valueBlock = showsValueLine()
                ? NumberLinePainter.height(values.get(), VALUE_BAR) + framing.valueGap(fit.tight())
                : 0;
        double lineBlock = showsLine() ? heading + valueBlock + NumberLinePainter.height(model, bar) + lineGap : 0;
        double lanesBlock = showsLanes()
                ? heading + lanes.blockHeight(summaries.size()) + (framing.document() ? SECTION_GAP : lineGap - 6)
                : 0;
        boolean charts = (showsWrites() || showsHeatmap()) && (fit.charts() || options.view() == View.HEATMAP);
        double chart = framing.tile() ? TILE_CHART : CHART;
        double minChart = framing.tile() ? TILE_MIN_CHART : MIN_CHART;
        NumberLineFrame frame = null;
        NumberLineFrame valueFrame = null;
        if (showsLine()) {
            int columns = Math.max(1, (int) Math.round(lineWidth * density));
            frame = lastFrame;
            if (frame == null || frame.columns() != columns || frame.widthPx() != lineWidth) {
                frame = NumberLineFrame.compute(
                        model,
                        options.viewport(),
                        lineWidth,
                        columns,
                        new Pen(g).measure(type.label()),
                        KeyLabelFormat.standard());
                lastFrame = frame;
            }
            if (showsValueLine()) {
                valueFrame = lastValueFrame;
                if (valueFrame == null || valueFrame.columns() != columns || valueFrame.widthPx() != lineWidth) {
                    valueFrame = NumberLineFrame.compute(
                            values.get(),
                            Viewport.FULL,
                            lineWidth,
                            columns,
                            new Pen(g).measure(type.label()),
                            KeyLabelFormat.standard());
                    lastValueFrame = valueFrame;
                }
            }
        }
        double legendH = 0;
        List<LegendPainter.Item> items = List.of();
        if (showsLegend() && (fit.legend() || !showsLanes())) {
            boolean dense = frame != null && NumberLinePainter.showsDensity(model) && frame.anyDense();
            items = LegendPainter.items(
                    headings.words(),
                    model,
                    frame != null && frame.anyMixed(),
                    dense,
                    showsLanes() && summaries.stream().anyMatch(ShardSummary::hot),
                    options.highlight(),
                    // the marks drawn: the plan on the line, the orphan ghosts on the lanes
                    !showsLine()
                            ? MigrationMarks.NONE
                            : showsLanes()
                                    ? data.migrations()
                                    : data.migrations().withoutOrphans());
            legendH = new LegendPainter(colors, type).height(g, items, right - left);
        }
        double bottom = framing.document() ? MARGIN : framing.margin() / 2;
        double fixed = y
                + lineBlock
                + lanesBlock
                + (charts ? framing.chartsHeading() + framing.chartsGap() : 0)
                + legendH
                + bottom;
        double preferred = fixed + (charts ? chart : 0);
        if (height > 0) {
            double extra = height - preferred;
            if (charts) {
                chart = Math.max(chart + extra, minChart);
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
                return new Measured(
                        new Layout(
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                new Rectangle2D.Double(),
                                lineX,
                                lineWidth,
                                fixed + (charts ? chart : 0),
                                detail,
                                frame,
                                valueFrame),
                        items,
                        fit.subtitle());
            }
        }
        Rectangle2D barRect = new Rectangle2D.Double();
        Rectangle2D valueRect = new Rectangle2D.Double();
        Rectangle2D valueBarRect = new Rectangle2D.Double();
        if (showsLine()) {
            double top = y + heading;
            if (showsValueLine()) {
                NumberLineModel v = values.get();
                valueRect = new Rectangle2D.Double(lineX, top, lineWidth, NumberLinePainter.height(v, VALUE_BAR));
                valueBarRect =
                        new Rectangle2D.Double(lineX, top + NumberLinePainter.bandAboveBar(v), lineWidth, VALUE_BAR);
                top += valueBlock;
            }
            barRect = new Rectangle2D.Double(lineX, top + NumberLinePainter.bandAboveBar(model), lineWidth, bar);
            y += lineBlock;
        }
        Rectangle2D lanesRect = new Rectangle2D.Double();
        if (showsLanes()) {
            lanesRect = new Rectangle2D.Double(left, y + heading, right - left, lanes.blockHeight(summaries.size()));
            y += lanesBlock;
        }
        Rectangle2D writesRect = new Rectangle2D.Double();
        Rectangle2D heatRect = new Rectangle2D.Double();
        if (charts) {
            double top = y + framing.chartsHeading();
            if (showsWrites() && showsHeatmap()) {
                double half = (right - left - CHART_GAP) / 2;
                writesRect = new Rectangle2D.Double(left, top, half, chart);
                heatRect = new Rectangle2D.Double(left + half + CHART_GAP, top, half, chart);
            } else if (showsWrites()) {
                writesRect = new Rectangle2D.Double(left, top, right - left, chart);
            } else {
                heatRect = new Rectangle2D.Double(left, top, right - left, chart);
            }
            y = top + chart + framing.chartsGap();
        }
        Rectangle2D legendRect = new Rectangle2D.Double(left, y, right - left, legendH);
        double total = height > 0 ? height : y + legendH + bottom;
        return new Measured(
                new Layout(
                        barRect,
                        lanesRect,
                        writesRect,
                        heatRect,
                        legendRect,
                        valueRect,
                        valueBarRect,
                        lineX,
                        lineWidth,
                        total,
                        detail,
                        frame,
                        valueFrame),
                items,
                fit.subtitle());
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
    public Optional<WritesChartPainter.SharedAxis> writesAxis(
            Graphics2D g, double width, double height, double density) {
        Pen.prepare(g);
        Rectangle2D r = measure(g, width, height, density).layout().writesChart();
        if (!showsWrites() || r.isEmpty()) {
            return Optional.empty();
        }
        return charts.writesAxis(g, r.getWidth(), r.getHeight());
    }

    /**
     * As {@link #paint(Graphics2D, double, double, double)}, the writes chart on {@code writesAxis} when
     * given (at least its gutter, at least its time span).
     */
    public Layout paint(
            Graphics2D g,
            double width,
            double height,
            double density,
            Optional<WritesChartPainter.SharedAxis> writesAxis) {
        Pen.prepare(g);
        Measured measured = measure(g, width, height, density);
        Layout layout = measured.layout();
        Pen pen = new Pen(g);
        double left = framing.margin();
        double right = width - framing.margin();
        if (framing.document()) {
            // on the canvas the card behind it has the theme's background: nothing to fill there
            pen.crisp(true);
            pen.fill(colors.background(), 0, 0, width, layout.height());
            pen.crisp(false);
            TitleBlock.paintTitle(pen, type, colors, title(), left, right);
            if (measured.subtitle()) {
                TitleBlock.paintSubtitle(pen, type, colors, subtitle(), left, right);
            }
        }

        NumberLineFrame frame = layout.frame();
        LaneDetail detail = layout.laneDetail();
        double heading = framing.heading();
        if (showsLine()) {
            NumberLinePainter linePainter = new NumberLinePainter(colors, type);
            double top = (showsValueLine()
                            ? layout.valueLine().getY()
                            : layout.bar().getY() - NumberLinePainter.bandAboveBar(model))
                    - heading;
            if (framing.document()) {
                headings.section(pen, headings.line(), headings.lineCaption(showsValueLine()), left, right, top);
            }
            if (showsValueLine()) {
                linePainter.paint(
                        g,
                        layout.valueFrame(),
                        Highlight.none(),
                        layout.lineX(),
                        layout.valueLine().getY(),
                        VALUE_BAR);
            }
            linePainter.paint(
                    g,
                    frame,
                    options.highlight(),
                    layout.lineX(),
                    layout.bar().getY() - NumberLinePainter.bandAboveBar(model),
                    layout.bar().getHeight());
            if (showsValueLine() && layout.laneDetail().names() && showsLanes()) {
                // the two lines' names sit in the names' gutter: without names there is no room for them
                lineName(pen, headings.lineName(true), left, layout.valueBar());
                lineName(pen, headings.lineName(false), left, layout.bar());
            }
        }
        double lanesTop = layout.lanes().getY();
        if (showsLanes()) {
            if (framing.document()) {
                headings.section(pen, headings.lanes(), headings.lanesCaption(), left, right, lanesTop - heading);
            }
            lanes.paint(g, summaries, frame, options.highlight(), left, layout.lineX(), lanesTop, detail);
        }
        if (showsLine()) {
            List<ShardSummary> rows = showsLanes() ? summaries : List.of();
            new MigrationMarksPainter(colors, type, lanes, headings.words())
                    .paint(g, data.migrations(), frame, layout.bar(), rows, lanesTop);
        }
        if (showsWrites() && !layout.writesChart().isEmpty()) {
            Rectangle2D r = layout.writesChart();
            WriteSeries series = data.writes().orElseThrow();
            if (!framing.tile()) {
                headings.section(
                        pen,
                        headings.writes(),
                        headings.writesCaption(series.windowMillis()),
                        r.getX(),
                        r.getMaxX(),
                        r.getY() - HEADING);
            }
            charts.paintWrites(g, r, writesAxis);
        }
        if (showsHeatmap() && !layout.heatmap().isEmpty()) {
            Rectangle2D r = layout.heatmap();
            headings.section(
                    pen, headings.heatmap(), headings.heatmapCaption(), r.getX(), r.getMaxX(), r.getY() - HEADING);
            charts.paintHeatmap(g, r, density);
        }
        if (showsLegend() && !measured.legend().isEmpty()) {
            new LegendPainter(colors, type)
                    .paint(g, measured.legend(), left, layout.legend().getY(), right - left);
        }
        return layout;
    }

    private void lineName(Pen pen, String name, double left, Rectangle2D bar) {
        pen.text(type.small(), colors.mutedText(), name, left, bar.getCenterY() + 4);
    }

    /** As {@link #paint}, for exporters that need no layout back. */
    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        paint(g, width, height, density);
    }
}

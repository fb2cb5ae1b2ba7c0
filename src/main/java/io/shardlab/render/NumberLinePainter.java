package io.shardlab.render;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.Set;

/**
 * Paints one {@link NumberLineFrame}: zone brackets, jumbo marks, the chunk bar (one run of columns per
 * colour change), marks under columns that hide other shards' chunks, chunk boundaries, the highlight, and
 * the axis with its bound labels. Pure Graphics2D, so the same code draws the Canvas and every export.
 *
 * <p>Vertical bands, top to bottom: zones ({@value #ZONE_BAND} px, only when the collection has zone
 * ranges), jumbo marks ({@value #JUMBO_BAND} px, only when it has jumbo chunks), chunk density
 * ({@value #DENSITY_BAND} px, only when chunk widths follow data size or key values: there, columns whose chunks
 * are too narrow for boundary lines get a grey mark, darker the more hidden bounds per pixel, on a log scale), the bar,
 * the mixed-column strip and ticks ({@value #UNDER_BAR} px), labels ({@value #LABEL_BAND} px).
 */
public final class NumberLinePainter {

    static final double ZONE_BAND = 26;
    static final double JUMBO_BAND = 9;
    static final double UNDER_BAR = 12;
    static final double LABEL_BAND = 18;
    static final double MIXED_STRIP = 3;
    static final double DENSITY_BAND = 8;
    /** Bounds per pixel at which the density mark is darkest. */
    static final double DENSEST = 256;

    private final ThemeColors colors;
    private final Typography type;

    public NumberLinePainter(ThemeColors colors, Typography type) {
        this.colors = colors;
        this.type = type;
    }

    /** Height of the whole number line block for a bar of {@code barHeight}. */
    public static double height(NumberLineModel model, double barHeight) {
        return bandAboveBar(model) + barHeight + UNDER_BAR + LABEL_BAND;
    }

    /** Space above the bar: zone, jumbo and density bands. */
    public static double bandAboveBar(NumberLineModel model) {
        return (model.zones().isEmpty() ? 0 : ZONE_BAND)
                + (hasSizeMarks(model) ? JUMBO_BAND : 0)
                + (showsDensity(model) ? DENSITY_BAND : 0);
    }

    /** Whether the line has jumbo or oversized-cannot-split marks (they share the band above the bar). */
    private static boolean hasSizeMarks(NumberLineModel model) {
        return model.jumboCount() > 0 || !model.oversizedCannotSplit().isEmpty();
    }

    /**
     * From how many chunks a line of equal widths gets the density band: fewer are at least
     * {@link NumberLineFrame#BOUNDARY_MIN_PX} wide each on any line of 400 px, the narrowest an export draws.
     */
    static final int EQUAL_WIDTHS_DENSE_FROM = 100;

    /**
     * Whether the line has the density band: with key-value or size widths always (widths vary), with equal widths
     * once it has {@link #EQUAL_WIDTHS_DENSE_FROM} chunks, where thousands of chunks on one shard would otherwise draw
     * as one solid bar, as one chunk would.
     */
    public static boolean showsDensity(NumberLineModel model) {
        return model.scale() != Scale.EQUAL || model.chunkCount() >= EQUAL_WIDTHS_DENSE_FROM;
    }

    /**
     * Paints {@code frame} with its left edge at {@code x} and the top of its block at {@code y}.
     *
     * @return the bar's rectangle
     */
    public Rectangle2D paint(
            Graphics2D g, NumberLineFrame frame, Highlight highlight, double x, double y, double barHeight) {
        Pen pen = new Pen(g);
        NumberLineModel model = frame.model();
        double width = frame.widthPx();
        double top = y;
        if (!model.zones().isEmpty()) {
            paintZones(pen, frame, x, top);
            top += ZONE_BAND;
        }
        double jumboTop = top;
        if (hasSizeMarks(model)) {
            top += JUMBO_BAND;
        }
        if (showsDensity(model)) {
            paintDensity(pen, frame, x, top + 1, DENSITY_BAND - 3);
            top += DENSITY_BAND;
        }
        double barTop = top;
        double barBottom = barTop + barHeight;
        boolean[] dim = dimmed(frame, highlight);

        pen.crisp(true);
        pen.fill(colors.surface(), x, barTop, width, barHeight);
        paintColumns(pen, frame, dim, x, barTop, barHeight);
        for (double b : frame.boundaries()) {
            pen.fill(colors.chunkBoundary(), x + b - 0.5, barTop, 1, barHeight);
        }
        paintRuns(pen, frame, x, barBottom + 2, MIXED_STRIP, colors.mixed(), true);
        if (model.jumboCount() > 0) {
            paintRuns(pen, frame, x, jumboTop + 2, JUMBO_BAND - 4, colors.jumbo(), false);
            paintJumboStripes(pen, frame, x, barTop, barBottom);
        }
        paintOversized(pen, frame, x, jumboTop, barTop, barBottom);
        paintHighlight(pen, frame, highlight, x, barTop, barHeight);
        paintAxis(pen, frame, x, barBottom);
        pen.crisp(false);
        return new Rectangle2D.Double(x, barTop, width, barHeight);
    }

    /** Which columns are drawn dimmed: outside a highlighted range or chunk, or of a shard not highlighted. */
    static boolean[] dimmed(NumberLineFrame frame, Highlight highlight) {
        boolean[] dim = new boolean[frame.columns()];
        if (highlight instanceof Highlight.Shards s) {
            Set<String> set = s.shards();
            for (int c = 0; c < dim.length; c++) {
                dim[c] = !set.contains(frame.model().shards().get(frame.shard(c)));
            }
        } else {
            double[] span = highlightSpan(frame, highlight);
            if (span != null) {
                for (int c = 0; c < dim.length; c++) {
                    double mid = (frame.columnX(c) + frame.columnX(c + 1)) / 2;
                    dim[c] = mid < span[0] || mid > span[1];
                }
            }
        }
        return dim;
    }

    /** x range (line-relative pixels) of a key-range or chunk highlight, at least 3 px wide; null otherwise. */
    static double[] highlightSpan(NumberLineFrame frame, Highlight highlight) {
        NumberLineModel model = frame.model();
        double from;
        double to;
        if (highlight instanceof Highlight.KeyRange r) {
            from = model.positionOf(r.min());
            to = model.positionOf(r.max());
        } else if (highlight instanceof Highlight.Chunk c) {
            if (c.index() >= model.chunkCount()) {
                throw new RefusedInput(Message.of("render.refused.highlightChunk", c.index(), model.chunkCount()));
            }
            from = model.edge(c.index());
            to = model.edge(c.index() + 1);
        } else {
            return null;
        }
        double x0 = frame.xOf(from);
        double x1 = frame.xOf(to);
        if (x1 - x0 < 3) {
            double mid = (x0 + x1) / 2;
            x0 = mid - 1.5;
            x1 = mid + 1.5;
        }
        return new double[] {x0, x1};
    }

    /** One grey per run of dense columns of equal level: 16 levels from 1/4 to {@value #DENSEST} bounds per pixel. */
    private void paintDensity(Pen pen, NumberLineFrame frame, double x, double top, double h) {
        int columns = frame.columns();
        int c = 0;
        while (c < columns) {
            int level = densityLevel(frame, c);
            int end = c + 1;
            while (end < columns && densityLevel(frame, end) == level) {
                end++;
            }
            if (level > 0) {
                pen.fill(densityColor(level), x + frame.columnX(c), top, frame.columnX(end) - frame.columnX(c), h);
            }
            c = end;
        }
    }

    /**
     * 0 for a column whose bounds all show as boundary lines, else 1 (one hidden bound per
     * {@link NumberLineFrame#BOUNDARY_MIN_PX} px) to 16 ({@value #DENSEST} per px).
     */
    static int densityLevel(NumberLineFrame frame, int c) {
        if (!frame.dense(c)) {
            return 0;
        }
        double t = Math.log(frame.hiddenBoundsPerPixel(c) * NumberLineFrame.BOUNDARY_MIN_PX)
                / Math.log(DENSEST * NumberLineFrame.BOUNDARY_MIN_PX);
        return 1 + (int) Math.round(15 * Math.max(0, Math.min(1, t)));
    }

    Color densityColor(int level) {
        return ThemeColors.mix(colors.text(), colors.surface(), 0.25 + 0.75 * (level - 1) / 15.0);
    }

    private void paintColumns(Pen pen, NumberLineFrame frame, boolean[] dim, double x, double top, double h) {
        int columns = frame.columns();
        int runStart = 0;
        for (int c = 1; c <= columns; c++) {
            if (c == columns || frame.shard(c) != frame.shard(runStart) || dim[c] != dim[runStart]) {
                int s = frame.shard(runStart);
                int shard = frame.model().colorOf(s);
                Color color = dim[runStart] ? colors.dimmedShard(shard) : colors.shard(shard);
                pen.fill(color, x + frame.columnX(runStart), top, frame.columnX(c) - frame.columnX(runStart), h);
                runStart = c;
            }
        }
    }

    private static void paintRuns(
            Pen pen, NumberLineFrame frame, double x, double top, double h, Color color, boolean mixed) {
        int columns = frame.columns();
        int c = 0;
        while (c < columns) {
            if (mixed ? frame.mixed(c) : frame.jumbo(c)) {
                int start = c;
                while (c < columns && (mixed ? frame.mixed(c) : frame.jumbo(c))) {
                    c++;
                }
                double x0 = frame.columnX(start);
                double x1 = frame.columnX(c);
                if (!mixed && x1 - x0 < 2) {
                    double mid = (x0 + x1) / 2;
                    x0 = mid - 1;
                    x1 = mid + 1;
                }
                pen.fill(color, x + x0, top, x1 - x0, h);
            } else {
                c++;
            }
        }
    }

    private void paintJumboStripes(Pen pen, NumberLineFrame frame, double x, double top, double bottom) {
        pen.crisp(false);
        int columns = frame.columns();
        int c = 0;
        while (c < columns) {
            if (frame.jumbo(c)) {
                int start = c;
                while (c < columns && frame.jumbo(c)) {
                    c++;
                }
                double x0 = x + frame.columnX(start);
                double x1 = x + frame.columnX(c);
                if (x1 - x0 >= 6) {
                    pen.stripes(colors.jumbo(), 1.6, x0, x1, top, bottom, 8);
                }
            } else {
                c++;
            }
        }
        pen.crisp(true);
    }

    /**
     * Oversized chunks that cannot split and are not marked jumbo: an outlined mark in the jumbo band (jumbo
     * marks are filled) and a dashed outline round the chunk on the bar, at least 4 px wide.
     */
    private void paintOversized(
            Pen pen, NumberLineFrame frame, double x, double bandTop, double barTop, double barBottom) {
        NumberLineModel model = frame.model();
        pen.crisp(false);
        for (int i : model.oversizedCannotSplit()) {
            double x0 = frame.xOf(model.edge(i));
            double x1 = frame.xOf(model.edge(i + 1));
            if (x1 < 0 || x0 > frame.widthPx()) {
                continue;
            }
            x0 = Math.max(0, x0);
            x1 = Math.min(frame.widthPx(), x1);
            if (x1 - x0 < 4) {
                double mid = (x0 + x1) / 2;
                x0 = mid - 2;
                x1 = mid + 2;
            }
            pen.strokeRect(colors.jumbo(), 1.5, x + x0 + 0.75, bandTop + 1.25, x1 - x0 - 1.5, JUMBO_BAND - 2.5);
            pen.dashedRect(colors.jumbo(), 1.5, x + x0 + 0.75, barTop + 0.75, x1 - x0 - 1.5, barBottom - barTop - 1.5);
        }
        pen.crisp(true);
    }

    private void paintHighlight(Pen pen, NumberLineFrame frame, Highlight highlight, double x, double top, double h) {
        double[] span = highlightSpan(frame, highlight);
        if (span == null) {
            return;
        }
        double x0 = Math.max(-2, span[0]);
        double x1 = Math.min(frame.widthPx() + 2, span[1]);
        if (x1 <= x0) {
            return;
        }
        pen.crisp(false);
        pen.strokeRect(colors.highlight(), 2.5, x + x0 - 1, top - 3, x1 - x0 + 2, h + 6);
        pen.crisp(true);
    }

    private void paintAxis(Pen pen, NumberLineFrame frame, double x, double barBottom) {
        double tickTop = barBottom + MIXED_STRIP + 3;
        double tickBottom = barBottom + UNDER_BAR;
        double baseline = tickBottom + LABEL_BAND - 4;
        for (AxisLabel label : frame.labels()) {
            double tx = x + Math.max(0.5, Math.min(frame.widthPx() - 0.5, label.x()));
            pen.fill(colors.grid(), tx - 0.5, tickTop, 1, tickBottom - tickTop);
            pen.crisp(false);
            pen.text(type.label(), colors.mutedText(), label.text(), x + label.left(), baseline);
            pen.crisp(true);
        }
    }

    private void paintZones(Pen pen, NumberLineFrame frame, double x, double top) {
        double lineY = top + ZONE_BAND - 6;
        for (NumberLineModel.ZoneSpan zone : frame.model().zones()) {
            double x0 = Math.max(0, frame.xOf(zone.start()));
            double x1 = Math.min(frame.widthPx(), frame.xOf(zone.end()));
            if (x1 <= x0) {
                continue;
            }
            double l = x + x0 + 1;
            double r = x + Math.max(x0 + 2, x1) - 1;
            pen.crisp(true);
            pen.fill(colors.zone(), l, lineY, r - l, 2);
            pen.fill(colors.zone(), l, lineY, 2, 6);
            pen.fill(colors.zone(), r - 2, lineY, 2, 6);
            pen.crisp(false);
            String name = pen.fit(type.small(), zone.zone(), r - l - 6);
            if (!name.isEmpty()) {
                pen.textCentered(type.small(), colors.zone(), name, (l + r) / 2, lineY - 5);
            }
        }
    }
}

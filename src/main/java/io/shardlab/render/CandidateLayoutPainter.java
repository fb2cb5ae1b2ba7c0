package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.stream.Stream;

/**
 * Paints a candidate shard key's row picture ({@link CandidateLayout}), the one painter of it for the
 * advisor's window (its table rows and details) and the comparison export ({@link CandidateComparisonPainter}):
 * the replayed layout as a number line scaled by data size (chunks coloured by shard, jumbo chunks marked),
 * and under it the reads and then the writes per range of the key as heat strips. The ranges hold about equal
 * numbers of documents, so they line up with a line scaled by data.
 *
 * <p>Geometry: a strip is half the bar high (at least 4 px) and {@value #STRIP_GAP} px below what is above it;
 * its outline stays inside the line's width. With a gutter, the line and strips start that far right and the
 * words "layout", "reads" and "writes" stand in the gutter beside what they name.
 *
 * <p>Not thread-safe: one painter per thread.
 */
public final class CandidateLayoutPainter {

    /** Space between the line and a strip, and between strips, in pixels. */
    static final double STRIP_GAP = 2;

    private final ThemeColors colors;
    private final Typography type;
    private final double barHeight;
    private final double gutter;

    /**
     * @param barHeight the number line's bar, in pixels
     * @param gutter the space left of the line for the words naming its parts; 0 for none
     */
    public CandidateLayoutPainter(ThemeColors colors, Typography type, double barHeight, double gutter) {
        this.colors = colors;
        this.type = type;
        this.barHeight = barHeight;
        this.gutter = gutter;
    }

    /** The height {@link #paint} needs for {@code layout}. */
    public double height(CandidateLayout layout) {
        return NumberLinePainter.height(layout.model(), barHeight)
                + strips(layout).size() * (STRIP_GAP + stripHeight());
    }

    /**
     * Paints {@code layout} into {@code [x, x + width]} from {@code y} down, {@link #height} high.
     *
     * @param measure measures the bound labels in the font they are drawn in
     * @param density device pixels per logical pixel: the line and strips get one column per device pixel
     */
    public void paint(
            Graphics2D g,
            CandidateLayout layout,
            TextMeasure measure,
            double x,
            double y,
            double width,
            double density) {
        double lineX = x + gutter;
        double lineWidth = Math.max(4, width - gutter);
        int columns = (int) Math.max(1, Math.round(lineWidth * density));
        NumberLineModel model = layout.model();
        NumberLineFrame frame =
                NumberLineFrame.compute(model, Viewport.FULL, lineWidth, columns, measure, KeyLabelFormat.standard());
        Rectangle2D bar = new NumberLinePainter(colors, type).paint(g, frame, Highlight.none(), lineX, y, barHeight);
        label(g, "layout", x, bar.getCenterY());
        double top = y + NumberLinePainter.height(model, barHeight);
        RangeHeatPainter heat = new RangeHeatPainter(colors);
        for (Strip strip : strips(layout)) {
            top += STRIP_GAP;
            heat.paint(
                    g,
                    RangeHeatStrip.of(
                            strip.counts(), Math.min(columns, strip.counts().size())),
                    lineX,
                    top,
                    lineWidth - 1,
                    stripHeight());
            label(g, strip.name(), x, top + stripHeight() / 2);
            top += stripHeight();
        }
    }

    private double stripHeight() {
        return Math.max(4, Math.round(barHeight / 2));
    }

    private void label(Graphics2D g, String word, double x, double centerY) {
        if (gutter > 0) {
            Pen pen = new Pen(g);
            pen.text(type.small(), colors.mutedText(), word, x, pen.baselineCentered(type.small(), centerY));
        }
    }

    /** A strip under the line: the word naming it and its counts per range. */
    private record Strip(String name, List<Long> counts) {}

    private static List<Strip> strips(CandidateLayout layout) {
        return Stream.of(new Strip("reads", layout.numReadsByRange()), new Strip("writes", layout.numWritesByRange()))
                .filter(s -> !s.counts().isEmpty())
                .toList();
    }
}

package io.shardlab.render;

import io.shardlab.cluster.OrphanedRange;
import io.shardlab.key.ShardKey;
import io.shardlab.text.Messages;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Optional;

/**
 * Paints {@link MigrationMarks} over the number line and the lanes, after both are painted:
 *
 * <ul>
 *   <li>each orphaned range as a ghost on its donor's lane: the donor's colour in faint stripes inside a dashed
 *       outline, with the time left until the range deleter removes it where the range is wide enough;</li>
 *   <li>the balancer's next migration as a plan preview: the range outlined in dashes on the line, outlined on
 *       the donor's lane, dashed where it lands on the recipient's, and an arrow from the donor's lane to the
 *       recipient's at the range's middle, named "next move".</li>
 * </ul>
 *
 * <p>A range narrower than {@value #LEAST_WIDTH} px is drawn {@value #LEAST_WIDTH} px wide around its middle; a
 * range outside the viewport is not drawn. Without lanes (the number line view) only the outline on the line is
 * drawn.
 */
public final class MigrationMarksPainter {

    /** The least width a mark is drawn at, in pixels. */
    static final double LEAST_WIDTH = 4;

    private final ThemeColors colors;
    private final Typography type;
    private final ShardLanesPainter lanes;
    private final Messages words;

    /**
     * @param lanes the painter that painted the lanes (their geometry)
     * @param words the language of the marks' words
     */
    public MigrationMarksPainter(ThemeColors colors, Typography type, ShardLanesPainter lanes, Messages words) {
        this.colors = colors;
        this.type = type;
        this.lanes = lanes;
        this.words = words;
    }

    /**
     * Paints {@code marks}.
     *
     * @param frame the number line's frame as painted
     * @param bar the number line's bar
     * @param rows the lanes' rows, in lane order; empty when the lanes are not drawn
     * @param lanesTop the top of the lanes block (ignored without rows)
     */
    public void paint(
            Graphics2D g,
            MigrationMarks marks,
            NumberLineFrame frame,
            Rectangle2D bar,
            List<ShardSummary> rows,
            double lanesTop) {
        if (marks.isEmpty() || frame == null) {
            return;
        }
        Pen pen = new Pen(g);
        pen.crisp(false);
        for (OrphanedRange orphan : marks.orphans()) {
            Optional<double[]> span = span(frame, orphan.min(), orphan.max());
            int row = row(rows, orphan.donor());
            if (span.isPresent() && row >= 0) {
                ghost(
                        pen,
                        orphan,
                        marks.atMillis(),
                        laneBar(rows, row, bar, lanesTop),
                        frame.model().colorOf(rows.get(row).shardIndex()),
                        span.get());
            }
        }
        marks.next().ifPresent(move -> plan(pen, move, frame, bar, rows, lanesTop));
        pen.crisp(true);
    }

    private Rectangle2D laneBar(List<ShardSummary> rows, int row, Rectangle2D bar, double lanesTop) {
        return lanes.laneBar(row, rows.size(), bar.getX(), bar.getWidth(), lanesTop);
    }

    private void ghost(Pen pen, OrphanedRange orphan, long atMillis, Rectangle2D lane, int donorColor, double[] x) {
        Color donor = colors.shard(donorColor);
        double x0 = lane.getX() + x[0];
        double x1 = lane.getX() + x[1];
        pen.fill(colors.surface(), x0, lane.getY(), x1 - x0, lane.getHeight());
        pen.stripes(ThemeColors.mix(donor, colors.surface(), 0.45), 1.2, x0, x1, lane.getY(), lane.getMaxY(), 6);
        pen.dashedRect(donor, 1.2, x0 + 0.6, lane.getY() + 0.6, x1 - x0 - 1.2, lane.getHeight() - 1.2);
        // the whole sentence where the range is wide enough, else the time left, else its whole minutes (rounded up)
        long seconds = orphan.secondsLeftAt(atMillis);
        String left = ElapsedTime.format(1000 * seconds);
        String minutes = ElapsedTime.format(60_000 * ((seconds + 59) / 60));
        double room = x1 - x0 - 6;
        String shown = "";
        for (String s : new String[] {words.text("render.orphans.left", left), left, minutes}) {
            if (shown.isEmpty() && pen.width(type.small(), s) <= room) {
                shown = s;
            }
        }
        if (!shown.isEmpty()) {
            double baseline = pen.baselineCentered(type.small(), lane.getCenterY());
            pen.textCentered(type.small(), colors.text(), shown, (x0 + x1) / 2, baseline);
        }
    }

    private void plan(
            Pen pen,
            MigrationMarks.PlannedMove move,
            NumberLineFrame frame,
            Rectangle2D bar,
            List<ShardSummary> rows,
            double lanesTop) {
        Optional<double[]> span = span(frame, move.min(), move.max());
        if (span.isEmpty()) {
            return;
        }
        Color mark = colors.highlight();
        double x0 = bar.getX() + span.get()[0];
        double x1 = bar.getX() + span.get()[1];
        pen.dashedRect(mark, 2.5, x0 - 1, bar.getY() - 3, x1 - x0 + 2, bar.getHeight() + 6);
        int from = row(rows, move.from());
        int to = row(rows, move.to());
        if (from < 0 || to < 0) {
            return;
        }
        Rectangle2D donor = laneBar(rows, from, bar, lanesTop);
        Rectangle2D recipient = laneBar(rows, to, bar, lanesTop);
        pen.strokeRect(mark, 2.5, x0 - 1, donor.getY() - 1, x1 - x0 + 2, donor.getHeight() + 2);
        pen.fill(
                ThemeColors.mix(
                        colors.shard(frame.model().colorOf(rows.get(from).shardIndex())), colors.surface(), 0.5),
                x0,
                recipient.getY(),
                x1 - x0,
                recipient.getHeight());
        pen.dashedRect(mark, 2, x0 - 1, recipient.getY() - 1, x1 - x0 + 2, recipient.getHeight() + 2);
        double mid = (x0 + x1) / 2;
        boolean down = to > from;
        double y1 = down ? donor.getMaxY() + 2 : donor.getY() - 2;
        double y2 = down ? recipient.getY() - 3 : recipient.getMaxY() + 3;
        pen.arrow(mark, 2.5, mid, y1, mid, y2, 8);
        String next = words.text("render.plan.next");
        double w = pen.width(type.small(), next);
        double labelX = mid + 8 + w > bar.getMaxX() ? mid - 8 - w : mid + 8;
        double labelY = (y1 + y2) / 2;
        // on a pill of the background: the label may cross another lane's chunks
        pen.fillRound(colors.background(), labelX - 4, labelY - 8, w + 8, 16, 8);
        pen.text(type.small(), mark, next, labelX, pen.baselineCentered(type.small(), labelY));
    }

    /** The range's x span relative to the line, at least {@value #LEAST_WIDTH} px; empty when out of view. */
    static Optional<double[]> span(NumberLineFrame frame, ShardKey min, ShardKey max) {
        NumberLineModel model = frame.model();
        double x0 = frame.xOf(model.positionOf(min));
        double x1 = frame.xOf(model.positionOf(max));
        if (x1 < 0 || x0 > frame.widthPx()) {
            return Optional.empty();
        }
        x0 = Math.max(0, x0);
        x1 = Math.min(frame.widthPx(), x1);
        if (x1 - x0 < LEAST_WIDTH) {
            double mid = (x0 + x1) / 2;
            x0 = mid - LEAST_WIDTH / 2;
            x1 = mid + LEAST_WIDTH / 2;
        }
        return Optional.of(new double[] {x0, x1});
    }

    private static int row(List<ShardSummary> rows, String shard) {
        for (int r = 0; r < rows.size(); r++) {
            if (rows.get(r).shard().equals(shard)) {
                return r;
            }
        }
        return -1;
    }
}

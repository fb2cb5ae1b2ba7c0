package io.shardlab.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Paints one lane per shard under the number line: the shard's name (and a HOT badge for the hot shard) in
 * the left gutter, its chunks at the same x as the number line, and a table of its chunks, documents, data
 * size and writes in the right gutter.
 *
 * <p>A lane column's tint is the shard's share of that pixel column ({@link NumberLineFrame#share}): full
 * colour when the shard owns the whole column, fading towards the trough for small shares, never below 30%
 * so that a lone small chunk stays visible. Table columns without data (no sizes, no writes) are left out.
 */
public final class ShardLanesPainter {

    static final double HEADER = 20;
    static final double COLUMN_GAP = 22;
    static final double SWATCH = 10;

    private final ThemeColors colors;
    private final Typography type;

    public ShardLanesPainter(ThemeColors colors, Typography type) {
        this.colors = colors;
        this.type = type;
    }

    /** Distance between lane tops for {@code shards} lanes. */
    public static double pitch(int shards) {
        return shards <= 8 ? 30 : shards <= 16 ? 24 : 18;
    }

    /** Height of the lanes block: the table header and one pitch per lane. */
    public static double height(int shards) {
        return HEADER + shards * pitch(shards);
    }

    /** Width the left gutter needs: swatch, longest name, badge. */
    public double leftGutter(Graphics2D g, List<ShardSummary> rows) {
        Pen pen = new Pen(g);
        Font font = nameFont(rows.size());
        double name = 0;
        for (ShardSummary r : rows) {
            name = Math.max(name, pen.width(font, r.shard()));
        }
        boolean hot = rows.stream().anyMatch(ShardSummary::hot);
        return SWATCH + 8 + name + (hot ? 8 + badgeWidth(pen) : 0) + 16;
    }

    /** Width the right table needs. */
    public double rightGutter(Graphics2D g, List<ShardSummary> rows) {
        double w = 0;
        for (double c : columnWidths(new Pen(g), rows)) {
            w += COLUMN_GAP + c;
        }
        return w;
    }

    private Font nameFont(int shards) {
        return shards <= 16 ? type.bodyBold() : type.small();
    }

    private double badgeWidth(Pen pen) {
        return pen.width(type.small(), "HOT") + 12;
    }

    private List<String> headers(List<ShardSummary> rows) {
        List<String> h = new ArrayList<>();
        h.add("chunks");
        if (!rows.isEmpty() && rows.get(0).documents().isPresent()) {
            h.add("docs");
            h.add("data");
        }
        if (!rows.isEmpty() && rows.get(0).writes().isPresent()) {
            h.add("writes");
        }
        return h;
    }

    private static List<String> cells(ShardSummary r) {
        List<String> c = new ArrayList<>();
        c.add(String.format(Locale.ROOT, "%,d", r.chunks()));
        if (r.documents().isPresent()) {
            c.add(CompactCount.format(r.documents().getAsLong()));
            c.add(DataSize.format(r.bytes().orElseThrow()));
        }
        if (r.writes().isPresent()) {
            c.add(CompactCount.format(r.writes().getAsLong()));
        }
        return c;
    }

    private double[] columnWidths(Pen pen, List<ShardSummary> rows) {
        List<String> headers = headers(rows);
        double[] w = new double[headers.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = pen.width(type.small(), headers.get(i));
        }
        Font font = type.body();
        for (ShardSummary r : rows) {
            List<String> cells = cells(r);
            for (int i = 0; i < w.length; i++) {
                w[i] = Math.max(w[i], pen.width(r.hot() ? type.bodyBold() : font, cells.get(i)));
            }
        }
        return w;
    }

    /**
     * Paints the lanes.
     *
     * @param left the diagram's left margin (where names start)
     * @param frame the number line frame (its x range is the lanes' x range)
     * @param lineX the number line's left x
     * @param top the top of the block
     */
    public void paint(Graphics2D g, List<ShardSummary> rows, NumberLineFrame frame, Highlight highlight, double left,
            double lineX, double top) {
        Pen pen = new Pen(g);
        int n = rows.size();
        double pitch = pitch(n);
        double barH = Math.round(pitch * 0.72);
        Font nameFont = nameFont(n);
        double[] widths = columnWidths(pen, rows);
        List<String> headers = headers(rows);
        double tableLeft = lineX + frame.widthPx();
        double headerBaseline = top + HEADER - 7;
        double cx = tableLeft;
        for (int i = 0; i < headers.size(); i++) {
            cx += COLUMN_GAP + widths[i];
            pen.textRight(type.small(), colors.mutedText(), headers.get(i), cx, headerBaseline);
        }
        Set<String> lit = highlight instanceof Highlight.Shards s ? s.shards() : null;
        for (int r = 0; r < n; r++) {
            ShardSummary row = rows.get(r);
            boolean dim = lit != null && !lit.contains(row.shard());
            double laneTop = top + HEADER + r * pitch + (pitch - barH) / 2;
            double mid = laneTop + barH / 2;
            pen.crisp(false);
            Color swatch = dim ? colors.dimmedShard(row.shardIndex()) : colors.shard(row.shardIndex());
            pen.fillRound(swatch, left, mid - SWATCH / 2, SWATCH, SWATCH, 3);
            double nameX = left + SWATCH + 8;
            pen.text(nameFont, dim ? colors.mutedText() : colors.text(), row.shard(), nameX,
                    pen.baselineCentered(nameFont, mid));
            if (row.hot()) {
                double bx = nameX + pen.width(nameFont, row.shard()) + 8;
                double bw = badgeWidth(pen);
                pen.fillRound(colors.hot(), bx, mid - 8, bw, 16, 8);
                pen.textCentered(type.small(), colors.background(), "HOT", bx + bw / 2,
                        pen.baselineCentered(type.small(), mid));
            }
            pen.crisp(true);
            pen.fill(colors.surface(), lineX, laneTop, frame.widthPx(), barH);
            paintLane(pen, frame, row.shardIndex(), dim, lineX, laneTop, barH);
            if (row.hot()) {
                pen.crisp(false);
                pen.strokeRect(colors.hot(), 2, lineX - 1, laneTop - 1, frame.widthPx() + 2, barH + 2);
            }
            pen.crisp(false);
            List<String> cells = cells(row);
            double x = tableLeft;
            for (int i = 0; i < cells.size(); i++) {
                x += COLUMN_GAP + widths[i];
                boolean writesCell = row.hot() && i == cells.size() - 1 && row.writes().isPresent();
                Font f = writesCell ? type.bodyBold() : type.body();
                pen.textRight(f, writesCell ? colors.hot() : colors.text(), cells.get(i), x,
                        pen.baselineCentered(f, mid));
            }
        }
    }

    private void paintLane(Pen pen, NumberLineFrame frame, int shard, boolean dim, double x, double top, double h) {
        Color full = dim ? colors.dimmedShard(shard) : colors.shard(shard);
        int columns = frame.columns();
        int runStart = -1;
        int runLevel = 0;
        for (int c = 0; c <= columns; c++) {
            int level = c == columns ? 0 : level(frame.share(shard, c));
            if (runStart >= 0 && level != runLevel) {
                Color color = ThemeColors.mix(full, colors.surface(), 0.3 + 0.7 * runLevel / 16.0);
                pen.fill(color, x + frame.columnX(runStart), top, frame.columnX(c) - frame.columnX(runStart), h);
                runStart = -1;
            }
            if (runStart < 0 && level > 0) {
                runStart = c;
                runLevel = level;
            }
        }
    }

    /** A share quantised to 0 (none) or 1..16, so that runs of similar columns merge into one rectangle. */
    static int level(double share) {
        if (share <= 0) {
            return 0;
        }
        return Math.max(1, (int) Math.round(share * 16));
    }
}

package io.shardlab.render;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Paints one lane per shard under the number line: the shard's name (and a HOT badge for the hot shard) in
 * the left gutter, its chunks at the same x as the number line, and a table of its chunks, documents, data
 * size and writes in the right gutter.
 *
 * <p>A lane column's tint is the shard's share of that pixel column ({@link NumberLineFrame#share}): full
 * colour when the shard owns the whole column, fading towards the trough for small shares, never below 30%
 * so that a lone small chunk stays visible. Table columns without data (no sizes, no writes) are left out.
 *
 * <p>A {@link LaneDetail} says how much shows beside the lanes: exports show it all; a narrow window drops table
 * columns, then the names, so that the lanes and the number line above them keep their width ({@link #fitting}).
 *
 * <p>A painter remembers the widths of the texts it measured ({@link TextWidths}) and its table's column widths for
 * the last rows, so that the fit ladder's tries and the paint after them measure each text once: keep one painter
 * for one picture's layout and paint. Not thread-safe.
 */
public final class ShardLanesPainter {

    /** The badge beside a draining shard's name (config.shards {@code draining: true}, removeShard under way). */
    static final String DRAINING = "DRAINING";

    /** What joins the badge's parts: {@code DRAINING · 3 chunks · 2 collections left}. */
    static final String PART = " · ";

    /**
     * The widest a DRAINING badge grows, in pixels: past it the words of what is left are cut at a {@link #PART}, last
     * part first, so a badge never crowds the lanes nor shows half a word.
     */
    static final double DRAINING_MAX = 280;

    static final double HEADER = 20;
    static final double COLUMN_GAP = 22;
    static final double SWATCH = 10;

    /** In a small multiple: the most a lane's top is below the one before, and the table header's height. */
    static final double COMPACT_PITCH = 20;

    static final double COMPACT_HEADER = 14;

    private final ThemeColors colors;
    private final Typography type;
    private final boolean compact;
    private final Messages words;
    private final TextWidths widths;

    /** The rows, graphics and rendering context {@link #fullColumnWidths} were measured for; the widths by column. */
    private List<ShardSummary> measuredRows;

    private Graphics2D measuredOn;
    private FontRenderContext measuredIn;
    private Map<String, Double> measuredColumns = Map.of();

    public ShardLanesPainter(ThemeColors colors, Typography type) {
        this(colors, type, false);
    }

    /** As {@link #ShardLanesPainter(ThemeColors, Typography, boolean, Messages)}, its table headers in English. */
    public ShardLanesPainter(ThemeColors colors, Typography type, boolean compact) {
        this(colors, type, compact, Messages.of(Language.ENGLISH));
    }

    /**
     * @param compact lanes for a small multiple (the class board's tiles): at most {@value #COMPACT_PITCH} px
     *     apart under a {@value #COMPACT_HEADER} px header
     * @param words the language of the table's headers
     */
    public ShardLanesPainter(ThemeColors colors, Typography type, boolean compact, Messages words) {
        this(colors, type, compact, words, new TextWidths());
    }

    /** As {@link #ShardLanesPainter(ThemeColors, Typography, boolean, Messages)}, measuring through {@code widths}. */
    ShardLanesPainter(ThemeColors colors, Typography type, boolean compact, Messages words, TextWidths widths) {
        this.colors = colors;
        this.type = type;
        this.compact = compact;
        this.words = words;
        this.widths = widths;
    }

    /**
     * Distance between lane tops for {@code shards} lanes: rows tighten from six lanes on, so that a lesson's eight
     * shards leave the writes charts their room in a 1000 px window.
     */
    public static double pitch(int shards) {
        return shards <= 5 ? 30 : shards <= 16 ? 24 : 18;
    }

    /** Height of the lanes block: the table header and one pitch per lane. */
    public static double height(int shards) {
        return HEADER + shards * pitch(shards);
    }

    /** This painter's distance between lane tops: {@link #pitch}, or at most {@value #COMPACT_PITCH} when compact. */
    public double rowPitch(int shards) {
        return compact ? Math.min(COMPACT_PITCH, pitch(shards)) : pitch(shards);
    }

    /** This painter's lanes block height: {@link #height}, or the compact header and pitch. */
    public double blockHeight(int shards) {
        return header() + shards * rowPitch(shards);
    }

    private double header() {
        return compact ? COMPACT_HEADER : HEADER;
    }

    /** Width the left gutter needs with every detail: swatch, longest name, badge. */
    public double leftGutter(Graphics2D g, List<ShardSummary> rows) {
        return leftGutter(g, rows, LaneDetail.FULL);
    }

    /** Width the left gutter needs at {@code detail}: the swatch, and the longest name and the badge if shown. */
    public double leftGutter(Graphics2D g, List<ShardSummary> rows, LaneDetail detail) {
        if (!detail.names()) {
            return SWATCH + 8;
        }
        Pen pen = new Pen(g, widths);
        Font font = nameFont(rows.size());
        double name = 0;
        for (ShardSummary r : rows) {
            name = Math.max(name, pen.width(font, r.shard()));
        }
        boolean hot = rows.stream().anyMatch(ShardSummary::hot);
        double draining = 0;
        for (ShardSummary r : rows) {
            draining = r.draining() ? Math.max(draining, 8 + drainingWidth(pen, drainingText(pen, r))) : draining;
        }
        return SWATCH + 8 + name + (hot ? 8 + badgeWidth(pen) : 0) + draining + 16;
    }

    /** Width the right table needs with every column. */
    public double rightGutter(Graphics2D g, List<ShardSummary> rows) {
        return rightGutter(g, rows, LaneDetail.FULL);
    }

    /** Width the right table needs at {@code detail}; 0 without columns. */
    public double rightGutter(Graphics2D g, List<ShardSummary> rows, LaneDetail detail) {
        double w = 0;
        for (double c : columnWidths(new Pen(g, widths), rows, detail)) {
            w += COLUMN_GAP + c;
        }
        return w;
    }

    /**
     * The most detailed level whose gutters leave the lanes (and the number line over them) at least
     * {@code minLaneWidth} of {@code width}; {@link LaneDetail#SWATCHES} when none does.
     *
     * @param width the width from the names' left edge to the table's right edge, in pixels
     * @param minLaneWidth the width the lanes must keep, in pixels
     */
    public LaneDetail fitting(Graphics2D g, List<ShardSummary> rows, double width, double minLaneWidth) {
        for (LaneDetail d : LaneDetail.values()) {
            if (width - leftGutter(g, rows, d) - rightGutter(g, rows, d) >= minLaneWidth) {
                return d;
            }
        }
        return LaneDetail.SWATCHES;
    }

    /**
     * The bar of lane {@code row} of {@code rows}, where its chunks are painted, in a block whose top is {@code top}
     * and whose lanes start at {@code lineX} and are {@code width} wide.
     */
    public Rectangle2D laneBar(int row, int rows, double lineX, double width, double top) {
        double pitch = rowPitch(rows);
        double barH = Math.round(pitch * 0.72);
        return new Rectangle2D.Double(lineX, top + header() + row * pitch + (pitch - barH) / 2, width, barH);
    }

    private Font nameFont(int shards) {
        return shards <= 16 ? type.bodyBold() : type.small();
    }

    /** The width of a DRAINING badge saying {@code text}. */
    private double drainingWidth(Pen pen, String text) {
        return drainingWidth(pen, type.small(), text);
    }

    /** The width of a DRAINING badge saying {@code text} in {@code font}: the words and 6 px each side. */
    static double drainingWidth(Pen pen, Font font, String text) {
        return pen.width(font, text) + 12;
    }

    /** The words of {@code row}'s DRAINING badge, cut as {@link #drainingText(Pen, Font, Messages, Optional)} cuts. */
    String drainingText(Pen pen, ShardSummary row) {
        return drainingText(pen, type.small(), words, row.drainLeft());
    }

    /**
     * Paints an outlined badge saying {@code badge} (DRAINING, the placement board's config shard), its left edge at
     * {@code x}, centred on {@code mid}: outlined, not filled, as a draining shard still serves its chunks while they
     * move off.
     */
    static void paintBadge(Pen pen, ThemeColors colors, Font font, String badge, double x, double mid) {
        double bw = drainingWidth(pen, font, badge);
        pen.fillRound(colors.mutedText(), x, mid - 8, bw, 16, 8);
        pen.fillRound(colors.background(), x + 1.5, mid - 6.5, bw - 3, 13, 6.5);
        pen.textCentered(font, colors.mutedText(), badge, x + bw / 2, pen.baselineCentered(font, mid));
    }

    /**
     * The whole words of a DRAINING badge: {@code DRAINING · 3 chunks · 2 collections left}, or DRAINING alone when
     * nothing was counted. Every badge says these: the explorer's lanes, the placement board and their pictures.
     */
    public static String drainingWords(Messages words, Optional<Message> left) {
        return left.map(l -> DRAINING + PART + words.text(l)).orElse(DRAINING);
    }

    /**
     * The words of a DRAINING badge in {@code font}: DRAINING, then as many parts of what is left of the drain as fit
     * in {@link #DRAINING_MAX} (whole parts only).
     */
    static String drainingText(Pen pen, Font font, Messages words, Optional<Message> left) {
        if (left.isEmpty()) {
            return DRAINING;
        }
        List<String> parts = List.of(words.text(left.get()).split(PART));
        for (int keep = parts.size(); keep > 0; keep--) {
            String text = DRAINING + PART + String.join(PART, parts.subList(0, keep));
            if (drainingWidth(pen, font, text) <= DRAINING_MAX) {
                return text;
            }
        }
        return DRAINING;
    }

    private double badgeWidth(Pen pen) {
        return pen.width(type.small(), words.text("render.badge.hot")) + 12;
    }

    /** One column of the table: its header's message key and words, and its cell for a row. */
    private record Column(String key, String header, Function<ShardSummary, String> cell, boolean writes) {}

    private Column column(String key, Function<ShardSummary, String> cell, boolean writes) {
        return new Column(key, words.text(key), cell, writes);
    }

    private List<Column> columns(List<ShardSummary> rows, LaneDetail detail) {
        List<Column> c = new ArrayList<>();
        if (detail.chunks()) {
            c.add(column("render.lanes.chunks", r -> String.format(Locale.ROOT, "%,d", r.chunks()), false));
        }
        // sizes the source did not tell read "unknown", never 0
        if (!rows.isEmpty() && detail.documents()) {
            c.add(column(
                    "render.lanes.documents",
                    r -> r.documents().isPresent()
                            ? CompactCount.format(r.documents().getAsLong())
                            : DataSize.UNKNOWN,
                    false));
        }
        if (!rows.isEmpty() && detail.dataSize()) {
            c.add(column(
                    "render.lanes.data",
                    r -> r.bytes().isPresent() ? DataSize.format(r.bytes().getAsLong()) : DataSize.UNKNOWN,
                    false));
        }
        if (!rows.isEmpty() && rows.get(0).writes().isPresent() && detail.writes()) {
            c.add(column(
                    "render.lanes.writes", r -> CompactCount.format(r.writes().getAsLong()), true));
        }
        return c;
    }

    /**
     * The widths of the table's columns at {@code detail}: a column is as wide at every level, so the widths of all
     * columns are measured once for the rows (and the rendering context) and each level takes its own.
     */
    private double[] columnWidths(Pen pen, List<ShardSummary> rows, LaneDetail detail) {
        FontRenderContext context = pen.graphics().getFontRenderContext();
        if (!rows.equals(measuredRows) || pen.graphics() != measuredOn || !context.equals(measuredIn)) {
            List<Column> all = columns(rows, LaneDetail.FULL);
            double[] full = fullColumnWidths(pen, rows, all);
            Map<String, Double> byKey = new HashMap<>();
            for (int i = 0; i < full.length; i++) {
                byKey.put(all.get(i).key(), full[i]);
            }
            measuredColumns = byKey;
            measuredRows = List.copyOf(rows);
            measuredOn = pen.graphics();
            measuredIn = context;
        }
        List<Column> columns = columns(rows, detail);
        double[] w = new double[columns.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = measuredColumns.get(columns.get(i).key());
        }
        return w;
    }

    /** Each column's width: its widest header or cell. */
    private double[] fullColumnWidths(Pen pen, List<ShardSummary> rows, List<Column> columns) {
        double[] w = new double[columns.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = pen.width(type.small(), columns.get(i).header());
        }
        Font font = type.body();
        for (ShardSummary r : rows) {
            for (int i = 0; i < w.length; i++) {
                w[i] = Math.max(
                        w[i],
                        pen.width(
                                r.hot() ? type.bodyBold() : font,
                                columns.get(i).cell().apply(r)));
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
    public void paint(
            Graphics2D g,
            List<ShardSummary> rows,
            NumberLineFrame frame,
            Highlight highlight,
            double left,
            double lineX,
            double top) {
        paint(g, rows, frame, highlight, left, lineX, top, LaneDetail.FULL);
    }

    /**
     * Paints the lanes with what {@code detail} shows beside them.
     *
     * @param left the diagram's left margin (where the swatches start)
     * @param frame the number line frame (its x range is the lanes' x range)
     * @param lineX the number line's left x: {@code left} plus {@link #leftGutter(Graphics2D, List, LaneDetail)}
     * @param top the top of the block
     */
    public void paint(
            Graphics2D g,
            List<ShardSummary> rows,
            NumberLineFrame frame,
            Highlight highlight,
            double left,
            double lineX,
            double top,
            LaneDetail detail) {
        Pen pen = new Pen(g, widths);
        int n = rows.size();
        double pitch = rowPitch(n);
        double barH = Math.round(pitch * 0.72);
        Font nameFont = nameFont(n);
        double[] widths = columnWidths(pen, rows, detail);
        List<Column> columns = columns(rows, detail);
        double tableLeft = lineX + frame.widthPx();
        double headerBaseline = top + header() - (compact ? 3 : 7);
        double cx = tableLeft;
        for (int i = 0; i < columns.size(); i++) {
            cx += COLUMN_GAP + widths[i];
            pen.textRight(type.small(), colors.mutedText(), columns.get(i).header(), cx, headerBaseline);
        }
        Set<String> lit = highlight instanceof Highlight.Shards s ? s.shards() : null;
        for (int r = 0; r < n; r++) {
            ShardSummary row = rows.get(r);
            boolean dim = lit != null && !lit.contains(row.shard());
            double laneTop = laneBar(r, n, lineX, frame.widthPx(), top).getY();
            double mid = laneTop + barH / 2;
            pen.crisp(false);
            int color = frame.model().colorOf(row.shardIndex());
            Color swatch = dim ? colors.dimmedShard(color) : colors.shard(color);
            pen.fillRound(swatch, left, mid - SWATCH / 2, SWATCH, SWATCH, 3);
            double nameX = left + SWATCH + 8;
            if (detail.names()) {
                pen.text(
                        nameFont,
                        dim ? colors.mutedText() : colors.text(),
                        row.shard(),
                        nameX,
                        pen.baselineCentered(nameFont, mid));
            }
            double badgeX = nameX + pen.width(nameFont, row.shard()) + 8;
            if (row.hot() && detail.names()) {
                double bw = badgeWidth(pen);
                pen.fillRound(colors.hot(), badgeX, mid - 8, bw, 16, 8);
                pen.textCentered(
                        type.small(),
                        colors.background(),
                        words.text("render.badge.hot"),
                        badgeX + bw / 2,
                        pen.baselineCentered(type.small(), mid));
                badgeX += bw + 8;
            }
            if (row.draining() && detail.names()) {
                paintBadge(pen, colors, type.small(), drainingText(pen, row), badgeX, mid);
            }
            pen.crisp(true);
            pen.fill(colors.surface(), lineX, laneTop, frame.widthPx(), barH);
            paintLane(pen, frame, row.shardIndex(), dim, lineX, laneTop, barH);
            if (row.hot()) {
                pen.crisp(false);
                pen.strokeRect(colors.hot(), 2, lineX - 1, laneTop - 1, frame.widthPx() + 2, barH + 2);
            }
            pen.crisp(false);
            double x = tableLeft;
            for (int i = 0; i < columns.size(); i++) {
                x += COLUMN_GAP + widths[i];
                boolean writesCell = row.hot() && columns.get(i).writes();
                Font f = writesCell ? type.bodyBold() : type.body();
                pen.textRight(
                        f,
                        writesCell ? colors.hot() : colors.text(),
                        columns.get(i).cell().apply(row),
                        x,
                        pen.baselineCentered(f, mid));
            }
        }
    }

    private void paintLane(Pen pen, NumberLineFrame frame, int shard, boolean dim, double x, double top, double h) {
        int palette = frame.model().colorOf(shard);
        Color full = dim ? colors.dimmedShard(palette) : colors.shard(palette);
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

package io.shardlab.render;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.awt.Font;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The placement board ({@link PlacementBoard}) as one picture, for the exporters: a title and the cluster's release
 * and counts; each shard's lane (its name in its colour, the config shard's and a drain's badges — the drain's words
 * are every DRAINING badge's, {@link ShardLanesPainter#drainingWords} —, the databases whose primary it is, its data
 * and indexes, its disk's free space) with its unsharded collections as tiles sized by their data ({@link
 * PlacementBoard#tileWidth}, the window's rule); then each sharded collection's key line, painted by {@link
 * DiagramPainter} as the window's board paints it. The same board gives the same picture.
 *
 * <p>Not thread-safe: one painter per thread.
 */
public final class PlacementBoardPainter implements Picture {

    static final double MARGIN = TitleBlock.MARGIN;
    /** A section's heading above its lanes or key lines. */
    static final double SECTION = 30;
    /** The lane's header column: the shard's name, badges and figures. */
    static final double HEADER_WIDTH = 210;

    static final double LINE = 16;
    static final double PAD = 8;
    static final double LANE_GAP = 6;
    static final double TILE_HEIGHT = 40;
    static final double TILE_GAP = 6;
    /** A tile's width for the smallest and the largest collection, as on screen. */
    public static final double MIN_TILE_WIDTH = 120;

    public static final double MAX_TILE_WIDTH = 320;
    /** The height a key line's bar and axis take above its lanes, as on screen. */
    public static final double KEY_LINE_BAR = 70;

    static final double CAPTION = 22;
    static final double KEY_LINE_GAP = 12;

    private final PlacementBoard board;
    private final Theme theme;
    private final ThemeColors colors;
    private final Typography type = Typography.standard();
    private final Language language;
    private final Messages words;
    private final String title;

    /**
     * @param title the picture's title; blank for "Where every collection lives"
     * @param language the language of the words ShardLab writes on the picture
     */
    public PlacementBoardPainter(PlacementBoard board, Theme theme, String title, Language language) {
        this.board = board;
        this.theme = theme;
        this.colors = new ThemeColors(theme);
        this.language = language;
        this.words = Messages.of(language);
        this.title = title == null || title.isBlank() ? words.text("render.placement.title") : title;
    }

    @Override
    public String title() {
        return title;
    }

    /** The line under the title: the release, the counts, and where a recorded placement was read. */
    public String subtitle() {
        String counts = words.text(
                "render.placement.subtitle",
                board.release(),
                board.lanes().size(),
                board.tiles().size(),
                board.keyLines().size());
        return board.source().map(s -> counts + " · " + s).orElse(counts);
    }

    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        Pen pen = new Pen(g);
        double h = MARGIN + TitleBlock.HEIGHT + SECTION;
        for (PlacementBoard.Lane lane : board.lanes()) {
            h += laneHeight(pen, lane, width - 2 * MARGIN) + LANE_GAP;
        }
        h += SECTION + (board.keyLines().isEmpty() ? CAPTION : 0);
        for (PlacementBoard.KeyLine line : board.keyLines()) {
            h += CAPTION + keyLineHeight(line) + KEY_LINE_GAP;
        }
        return Math.ceil(h + MARGIN);
    }

    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        Pen pen = TitleBlock.paintPage(g, type, colors, title, subtitle(), width, height);
        double left = MARGIN;
        double right = width - MARGIN;

        double y = MARGIN + TitleBlock.HEIGHT;
        pen.text(type.heading(), colors.text(), words.text("placement.shards"), left, y + 18);
        y += SECTION;
        long largest = board.largestTileBytes();
        for (PlacementBoard.Lane lane : board.lanes()) {
            double h = laneHeight(pen, lane, right - left);
            paintLane(pen, lane, largest, left, y, right - left, h);
            y += h + LANE_GAP;
        }
        pen.text(type.heading(), colors.text(), words.text("placement.sharded"), left, y + 18);
        y += SECTION;
        if (board.keyLines().isEmpty()) {
            pen.text(type.body(), colors.mutedText(), words.text("placement.noSharded"), left, y + 15);
        }
        for (PlacementBoard.KeyLine line : board.keyLines()) {
            String caption = line.namespace() + " · " + line.key()
                    + (line.bytes() == PlacementBoard.UNKNOWN_BYTES ? "" : " · " + DataSize.format(line.bytes()));
            pen.text(type.bodyBold(), colors.text(), pen.fit(type.bodyBold(), caption, right - left), left, y + 15);
            y += CAPTION;
            double h = keyLineHeight(line);
            Graphics2D lineG = (Graphics2D) g.create();
            try {
                lineG.translate(left, y);
                lineG.clipRect(0, 0, (int) Math.ceil(right - left), (int) Math.ceil(h));
                keyLinePainter(line).paint(lineG, right - left, h, density);
            } catch (IllegalArgumentException tooNarrow) {
                // a picture too narrow for the line: its caption still names the collection
            } finally {
                lineG.dispose();
            }
            y += h + KEY_LINE_GAP;
        }
    }

    /** The key line's diagram: its lanes under its number line, each draining lane's badge saying what is left. */
    private DiagramPainter keyLinePainter(PlacementBoard.KeyLine line) {
        Map<String, Message> left = new HashMap<>();
        board.lanes().forEach(l -> l.drainLeft().ifPresent(m -> left.put(l.shard(), m)));
        DiagramData data = DiagramData.of(line.layout()).withDrainsLeft(left);
        DiagramOptions options =
                DiagramOptions.defaults(View.LANES).withTheme(theme).withLanguage(language);
        return new DiagramPainter(
                data, options, DiagramPainter.Framing.tile(0.45), DiagramPainter.Parts.of(data, Scale.EQUAL));
    }

    private static double keyLineHeight(PlacementBoard.KeyLine line) {
        return ShardLanesPainter.height(line.layout().snapshot().shardIds().size()) + KEY_LINE_BAR;
    }

    /** The lines of a lane's header: badges apart, its primary databases (wrapped), its data, its free space. */
    private List<String> headerLines(Pen pen, PlacementBoard.Lane lane) {
        List<String> lines = new ArrayList<>();
        if (!lane.primaryOf().isEmpty()) {
            lines.addAll(pen.wrap(
                    type.small(),
                    words.text("placement.primaryOf", String.join(", ", lane.primaryOf())),
                    HEADER_WIDTH - PAD));
        }
        lines.add(sizes(lane));
        if (lane.capacityBytes() != PlacementBoard.UNKNOWN_BYTES) {
            lines.add(words.text(
                    "placement.lane.free", DataSize.format(lane.freeBytes()), DataSize.format(lane.capacityBytes())));
        }
        return lines;
    }

    /** A lane's data and indexes, or what of them the source did not tell. */
    private String sizes(PlacementBoard.Lane lane) {
        if (lane.bytes() == PlacementBoard.UNKNOWN_BYTES) {
            return words.text("placement.lane.sizesUnknown");
        }
        return lane.indexesKnown()
                ? words.text("render.placement.used", DataSize.format(lane.bytes()), DataSize.format(lane.indexBytes()))
                : words.text("placement.lane.indexesUnknown", DataSize.format(lane.bytes()));
    }

    /** The badges under a lane's name: the config shard's, a drain's with what is left. */
    private List<String> badges(Pen pen, PlacementBoard.Lane lane) {
        List<String> badges = new ArrayList<>();
        if (lane.configShard()) {
            badges.add(words.text("placement.configShard"));
        }
        if (lane.draining()) {
            badges.add(ShardLanesPainter.drainingText(pen, type.small(), words, lane.drainLeft()));
        }
        return badges;
    }

    private double laneHeight(Pen pen, PlacementBoard.Lane lane, double width) {
        double header = LINE
                + 4
                + badges(pen, lane).size() * 20
                + headerLines(pen, lane).size() * LINE;
        int rows = tileRows(lane, width - HEADER_WIDTH - 2 * PAD);
        double tiles = rows == 0 ? 0 : rows * TILE_HEIGHT + (rows - 1) * TILE_GAP;
        return Math.max(TILE_HEIGHT, Math.max(header, tiles)) + 2 * PAD;
    }

    /** The rows a lane's tiles take in {@code width}, flowed left to right. */
    private int tileRows(PlacementBoard.Lane lane, double width) {
        List<PlacementBoard.Tile> tiles = board.tilesOn(lane.shard());
        if (tiles.isEmpty()) {
            return 0;
        }
        int rows = 1;
        double x = 0;
        long largest = board.largestTileBytes();
        for (PlacementBoard.Tile t : tiles) {
            double w = tileWidth(t, largest);
            if (x > 0 && x + w > width) {
                rows++;
                x = 0;
            }
            x += w + TILE_GAP;
        }
        return rows;
    }

    private static double tileWidth(PlacementBoard.Tile t, long largest) {
        return PlacementBoard.tileWidth(t.bytes(), largest, MIN_TILE_WIDTH, MAX_TILE_WIDTH);
    }

    private void paintLane(Pen pen, PlacementBoard.Lane lane, long largest, double x, double y, double w, double h) {
        pen.fillRound(colors.surface(), x, y, w, h, 6);
        pen.fillRound(colors.shard(board.colorOf(lane.shard())), x, y, 4, h, 2);
        double hx = x + PAD + 4;
        double hy = y + PAD;
        Font name = type.bodyBold();
        pen.text(name, colors.text(), pen.fit(name, lane.shard(), HEADER_WIDTH - PAD), hx, hy + 12);
        hy += LINE + 4;
        for (String badge : badges(pen, lane)) {
            ShardLanesPainter.paintBadge(pen, colors, type.small(), badge, hx, hy + 8);
            hy += 20;
        }
        for (String line : headerLines(pen, lane)) {
            pen.text(type.small(), colors.mutedText(), pen.fit(type.small(), line, HEADER_WIDTH - PAD), hx, hy + 12);
            hy += LINE;
        }
        double tilesLeft = x + HEADER_WIDTH + PAD;
        double tilesRight = x + w - PAD;
        double tx = tilesLeft;
        double ty = y + PAD;
        for (PlacementBoard.Tile t : board.tilesOn(lane.shard())) {
            double tw = tileWidth(t, largest);
            if (tx > tilesLeft && tx + tw > tilesRight) {
                tx = tilesLeft;
                ty += TILE_HEIGHT + TILE_GAP;
            }
            double shown = Math.min(tw, tilesRight - tilesLeft);
            pen.fillRound(colors.shard(board.colorOf(lane.shard())), tx, ty, shown, TILE_HEIGHT, 6);
            pen.fillRound(colors.background(), tx + 2, ty + 2, shown - 4, TILE_HEIGHT - 4, 5);
            String size = t.bytes() == PlacementBoard.UNKNOWN_BYTES
                    ? words.text("placement.tile.sizeUnknown")
                    : DataSize.format(t.bytes());
            pen.text(type.small(), colors.text(), pen.fit(type.small(), t.namespace(), shown - 12), tx + 6, ty + 16);
            pen.text(type.small(), colors.mutedText(), pen.fit(type.small(), size, shown - 12), tx + 6, ty + 31);
            tx += tw + TILE_GAP;
        }
    }
}

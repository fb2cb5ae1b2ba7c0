package io.shardlab.render;

import io.shardlab.cluster.Shard;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Paints the legend: one swatch per shard with its id, then a key for every mark the picture uses (jumbo
 * chunks, zone ranges, columns hiding other shards' chunks, the hot shard, the highlight). Entries flow left
 * to right and wrap to new rows within the given width.
 */
public final class LegendPainter {

    static final double ROW = 24;
    static final double SWATCH = 14;
    static final double ITEM_GAP = 22;

    /**
     * One legend entry.
     *
     * @param kind what the swatch shows
     * @param shardIndex the shard's colour index, for {@link Kind#SHARD}
     * @param text the label
     * @param badge the word in the swatch, for {@link Kind#HOT}; empty for the others
     */
    public record Item(Kind kind, int shardIndex, String text, String badge) {

        /** An item whose swatch has no word. */
        public Item(Kind kind, int shardIndex, String text) {
            this(kind, shardIndex, text, "");
        }
    }

    /** The kinds of swatch. */
    /** Width of the legend's DRAINING badge (the lanes size theirs to the text). */
    static final double DRAINING_BADGE = 74;

    public enum Kind {
        SHARD,
        JUMBO,
        OVERSIZED,
        ZONE,
        MIXED,
        DENSE,
        HOT,
        DRAINING,
        ORPHANS,
        PLANNED_MOVE,
        HIGHLIGHT,
        DIMMED
    }

    private final ThemeColors colors;
    private final Typography type;

    public LegendPainter(ThemeColors colors, Typography type) {
        this.colors = colors;
        this.type = type;
    }

    /** The entries for a picture, in English: every shard of the model, then the marks in use (no density mark). */
    public static List<Item> items(NumberLineModel model, boolean mixedShown, boolean hotShown, Highlight highlight) {
        return items(Messages.of(Language.ENGLISH), model, mixedShown, false, hotShown, highlight, MigrationMarks.NONE);
    }

    /**
     * The entries for a picture: every shard of the model (by its name), then the marks in use, said in
     * {@code words}' language.
     *
     * @param marks the migration marks the picture draws: an orphan ghost and the balancer's next migration get
     *     an entry each when drawn
     */
    public static List<Item> items(
            Messages words,
            NumberLineModel model,
            boolean mixedShown,
            boolean denseShown,
            boolean hotShown,
            Highlight highlight,
            MigrationMarks marks) {
        List<Item> items = new ArrayList<>();
        for (int s = 0; s < model.shards().size(); s++) {
            items.add(new Item(Kind.SHARD, model.colorOf(s), model.shards().get(s)));
        }
        if (model.jumboCount() > 0) {
            items.add(new Item(Kind.JUMBO, -1, words.text("render.legend.jumbo")));
        }
        if (!model.oversizedCannotSplit().isEmpty()) {
            items.add(new Item(Kind.OVERSIZED, -1, words.text("render.legend.oversized")));
        }
        if (!model.zones().isEmpty()) {
            items.add(new Item(Kind.ZONE, -1, words.text("render.legend.zone")));
        }
        if (mixedShown) {
            items.add(new Item(Kind.MIXED, -1, words.text("render.legend.mixed")));
        }
        if (denseShown) {
            items.add(
                    new Item(Kind.DENSE, -1, words.text("render.legend.dense", (int) NumberLineFrame.BOUNDARY_MIN_PX)));
        }
        if (hotShown) {
            items.add(new Item(Kind.HOT, -1, words.text("render.legend.hot"), words.text("render.badge.hot")));
        }
        if (model.snapshot().shards().stream().anyMatch(Shard::draining)) {
            items.add(new Item(Kind.DRAINING, -1, words.text("render.legend.draining")));
        }
        if (!marks.orphans().isEmpty()) {
            items.add(new Item(Kind.ORPHANS, -1, words.text("render.legend.orphans")));
        }
        if (marks.next().isPresent()) {
            items.add(new Item(Kind.PLANNED_MOVE, -1, words.text("render.legend.plannedMove")));
        }
        if (highlight instanceof Highlight.KeyRange) {
            items.add(new Item(Kind.HIGHLIGHT, -1, words.text("render.legend.highlightedRange")));
        } else if (highlight instanceof Highlight.Chunk) {
            items.add(new Item(Kind.HIGHLIGHT, -1, words.text("render.legend.highlightedChunk")));
        } else if (highlight instanceof Highlight.Shards) {
            items.add(new Item(Kind.DIMMED, -1, words.text("render.legend.dimmed")));
        }
        return items;
    }

    /** Height of the legend for {@code items} within {@code width}. */
    public double height(Graphics2D g, List<Item> items, double width) {
        List<Placed> placed = flow(new Pen(g), items, width);
        return placed.isEmpty() ? 0 : (placed.get(placed.size() - 1).row() + 1) * ROW;
    }

    /**
     * An item where the legend's flow puts it.
     *
     * @param x its left, from the legend's left
     * @param row its row, 0 first
     */
    private record Placed(Item item, double x, int row) {}

    /**
     * {@code items} in reading order, each on the row it fits in within {@code width}: an item that would cross the
     * right edge starts a new row (an item wider than the row has one to itself).
     */
    private List<Placed> flow(Pen pen, List<Item> items, double width) {
        List<Placed> placed = new ArrayList<>();
        double x = 0;
        int row = 0;
        for (Item item : items) {
            double w = itemWidth(pen, item);
            if (x > 0 && x + w > width) {
                row++;
                x = 0;
            }
            placed.add(new Placed(item, x, row));
            x += w + ITEM_GAP;
        }
        return placed;
    }

    private double itemWidth(Pen pen, Item item) {
        return swatchWidth(item) + 7 + pen.width(type.body(), item.text());
    }

    private double swatchWidth(Item item) {
        return item.kind() == Kind.HOT ? 30 : item.kind() == Kind.DRAINING ? DRAINING_BADGE : SWATCH;
    }

    /** Paints {@code items} from ({@code x}, {@code y}) within {@code width}. */
    public void paint(Graphics2D g, List<Item> items, double x, double y, double width) {
        Pen pen = new Pen(g);
        for (Placed p : flow(pen, items, width)) {
            Item item = p.item();
            double left = x + p.x();
            double mid = y + p.row() * ROW + ROW / 2;
            paintSwatch(pen, item, left, mid);
            pen.text(
                    type.body(),
                    colors.text(),
                    item.text(),
                    left + swatchWidth(item) + 7,
                    pen.baselineCentered(type.body(), mid));
        }
    }

    private void paintSwatch(Pen pen, Item item, double x, double mid) {
        double top = mid - SWATCH / 2;
        switch (item.kind()) {
            case SHARD -> {
                pen.crisp(false);
                pen.fillRound(colors.shard(item.shardIndex()), x, top, SWATCH, SWATCH, 4);
            }
            case JUMBO -> {
                pen.crisp(true);
                pen.fill(colors.surface(), x, top, SWATCH, SWATCH);
                pen.fill(colors.jumbo(), x, top, SWATCH, 3);
                pen.crisp(false);
                pen.stripes(colors.jumbo(), 1.6, x, x + SWATCH, top + 3, top + SWATCH, 5);
            }
            case OVERSIZED -> {
                pen.crisp(true);
                pen.fill(colors.surface(), x, top, SWATCH, SWATCH);
                pen.crisp(false);
                pen.strokeRect(colors.jumbo(), 1.5, x + 0.75, top + 0.75, SWATCH - 1.5, 4);
                pen.dashedRect(colors.jumbo(), 1.5, x + 0.75, top + 6, SWATCH - 1.5, SWATCH - 6.75);
            }
            case ZONE -> {
                pen.crisp(true);
                pen.fill(colors.zone(), x, mid - 2, SWATCH, 2);
                pen.fill(colors.zone(), x, mid - 2, 2, 7);
                pen.fill(colors.zone(), x + SWATCH - 2, mid - 2, 2, 7);
            }
            case MIXED -> {
                pen.crisp(true);
                pen.fill(colors.surface(), x, top, SWATCH, SWATCH - 5);
                pen.fill(colors.mixed(), x, top + SWATCH - 3, SWATCH, 3);
            }
            case DENSE -> {
                pen.crisp(true);
                NumberLinePainter line = new NumberLinePainter(colors, type);
                for (int i = 0; i < 4; i++) {
                    pen.fill(line.densityColor(1 + i * 5), x + i * SWATCH / 4.0, top + 4, SWATCH / 4.0, SWATCH - 8);
                }
            }
            case HOT -> {
                pen.crisp(false);
                pen.fillRound(colors.hot(), x, mid - 8, 30, 16, 8);
                pen.textCentered(
                        type.small(),
                        colors.background(),
                        item.badge(),
                        x + 15,
                        pen.baselineCentered(type.small(), mid));
            }
            case DRAINING -> {
                pen.crisp(false);
                double bw = DRAINING_BADGE;
                pen.fillRound(colors.mutedText(), x, mid - 8, bw, 16, 8);
                pen.fillRound(colors.background(), x + 1.5, mid - 6.5, bw - 3, 13, 6.5);
                pen.textCentered(
                        type.small(),
                        colors.mutedText(),
                        ShardLanesPainter.DRAINING,
                        x + bw / 2,
                        pen.baselineCentered(type.small(), mid));
            }
            case ORPHANS -> {
                // as MigrationMarksPainter draws the ghost: the donor's colour striped, dashed around
                Color donor = colors.shard(0);
                pen.crisp(true);
                pen.fill(colors.surface(), x, top, SWATCH, SWATCH);
                pen.crisp(false);
                pen.stripes(ThemeColors.mix(donor, colors.surface(), 0.45), 1.2, x, x + SWATCH, top, top + SWATCH, 6);
                pen.dashedRect(donor, 1.2, x + 0.6, top + 0.6, SWATCH - 1.2, SWATCH - 1.2);
            }
            case PLANNED_MOVE -> {
                // as MigrationMarksPainter draws the plan: the highlight's arrow from donor to recipient
                pen.crisp(false);
                pen.arrow(colors.highlight(), 2.5, x, mid, x + SWATCH, mid, 6);
            }
            case DIMMED -> {
                pen.crisp(false);
                pen.fillRound(colors.dimmedShard(0), x, top, SWATCH, SWATCH, 4);
            }
            case HIGHLIGHT -> {
                pen.crisp(false);
                pen.strokeRect(colors.highlight(), 2.5, x + 1, top + 1, SWATCH - 2, SWATCH - 2);
            }
        }
        pen.crisp(false);
    }
}

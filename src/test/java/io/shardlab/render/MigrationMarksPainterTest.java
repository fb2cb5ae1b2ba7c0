package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.OrphanedRange;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The balancer's next migration (Why no move?'s plan preview) and the orphans earlier migrations left, painted on
 * the lanes of an export ({@link MigrationMarksPainter} through {@link DiagramPainter}). Given the twelve chunks of
 * {@code {x: 1}} cut every 100 on four shards ({@link Diagrams#twelveChunks}): chunk [100, 200) is shard02's, and
 * shard01 owns nothing in [300, 400).
 */
class MigrationMarksPainterTest {

    private static final int WIDTH = 1400;
    private static final ThemeColors COLORS = new ThemeColors(Theme.light());
    private static final MigrationMarks.PlannedMove NEXT =
            new MigrationMarks.PlannedMove(Layouts.key(100), Layouts.key(200), "shard02", "shard03");
    private static final OrphanedRange ORPHANS =
            new OrphanedRange("shard01", Layouts.key(300), Layouts.key(400), 1000, 512_000, 0, 900_000);

    /** The picture of the lanes view with {@code marks}, and where its sections landed. */
    private record Painted(BufferedImage image, DiagramPainter.Layout layout) {

        int rgb(double x, double y) {
            return image.getRGB((int) Math.floor(x), (int) Math.floor(y)) & 0xffffff;
        }

        /** Lane {@code row}'s bar. */
        Rectangle2D lane(int row) {
            return new ShardLanesPainter(COLORS, Typography.standard())
                    .laneBar(
                            row,
                            4,
                            layout.lineX(),
                            layout.lineWidth(),
                            layout.lanes().getY());
        }

        /** The x of key {@code value} on the line and the lanes. */
        double x(long value) {
            return layout.lineX() + layout.frame().xOf(layout.frame().model().positionOf(Layouts.key(value)));
        }

        /** How many pixels of lane {@code row} between keys {@code from} and {@code to} are {@code color}. */
        int count(int row, long from, long to, Color color) {
            Rectangle2D lane = lane(row);
            return count(x(from), x(to), lane.getY(), lane.getMaxY(), color);
        }

        /** How many pixels of {@code [x0, x1) × [y0, y1)} are {@code color}. */
        int count(double x0, double x1, double y0, double y1, Color color) {
            int n = 0;
            for (int x = (int) x0; x < (int) x1; x++) {
                for (int y = (int) y0; y < (int) y1; y++) {
                    n += (image.getRGB(x, y) & 0xffffff) == (color.getRGB() & 0xffffff) ? 1 : 0;
                }
            }
            return n;
        }
    }

    private static Painted paint(MigrationMarks marks) {
        DiagramData data = Diagrams.twelveChunks().withMigrations(marks);
        DiagramPainter painter = new DiagramPainter(data, DiagramOptions.defaults(View.LANES));
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D measure = scratch.createGraphics();
        int height = (int) Math.ceil(painter.preferredHeight(measure, WIDTH));
        measure.dispose();
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        DiagramPainter.Layout layout = painter.paint(g, WIDTH, height, 1);
        g.dispose();
        return new Painted(image, layout);
    }

    private static MigrationMarks next(MigrationMarks.PlannedMove move) {
        return new MigrationMarks(Optional.of(move), List.of(), 0);
    }

    @Test
    void the_next_migration_lands_on_the_recipients_lane_in_the_donors_colour() {
        // given the balancer's next migration: [100, 200) from shard02 (lane 1) to shard03 (lane 2)
        // when the lanes are painted with it and without it
        Painted with = paint(next(NEXT));
        Painted without = paint(MigrationMarks.NONE);

        // then inside the range on shard03's lane, where it holds nothing now, the range shows in shard02's colour
        // lightened, and the lane is bare elsewhere
        double x = with.x(100) + (with.x(200) - with.x(100)) / 4;
        double y = with.lane(2).getCenterY();
        assertEquals(COLORS.surface().getRGB() & 0xffffff, without.rgb(x, y));
        assertEquals(ThemeColors.mix(COLORS.shard(1), COLORS.surface(), 0.5).getRGB() & 0xffffff, with.rgb(x, y));
        assertEquals(without.rgb(with.x(700), y), with.rgb(with.x(700), y));
    }

    @Test
    void an_arrow_runs_from_the_donors_lane_to_the_recipients_at_the_ranges_middle() {
        // given [100, 200) moving from shard02 (lane 1) to shard04 (lane 3), past shard03's lane
        Painted with = paint(next(new MigrationMarks.PlannedMove(NEXT.min(), NEXT.max(), "shard02", "shard04")));
        Painted without = paint(MigrationMarks.NONE);

        // then from the donor's lane down to the recipient's, at the range's middle, a line in the highlight's
        // colour is drawn where none was
        double mid = (with.x(100) + with.x(200)) / 2;
        double top = with.lane(1).getMaxY() + 3;
        double bottom = with.lane(3).getY() - 10;
        assertTrue(with.count(mid - 2, mid + 2, top, bottom, COLORS.highlight()) >= bottom - top - 1);
        assertEquals(0, without.count(mid - 2, mid + 2, top, bottom, COLORS.highlight()));
    }

    @Test
    void the_line_outlines_the_range_to_move_without_dimming_the_rest() {
        // given the same migration
        Painted with = paint(next(NEXT));
        Painted without = paint(MigrationMarks.NONE);

        // then the line's bar keeps its colours away from the range (a preview is no highlight)
        Rectangle2D bar = with.layout().bar();
        assertEquals(without.rgb(with.x(750), bar.getCenterY()), with.rgb(with.x(750), bar.getCenterY()));
        // and just above the bar, over the range, the outline's dashes are drawn
        assertTrue(with.count(with.x(100), with.x(200), bar.getY() - 5, bar.getY(), COLORS.highlight()) > 20);
        assertEquals(0, without.count(with.x(100), with.x(200), bar.getY() - 5, bar.getY(), COLORS.highlight()));
    }

    @Test
    void orphans_are_a_ghost_on_the_donors_lane_until_the_range_deleter_removes_them() {
        // given shard01 keeps [300, 400)'s documents as orphans, 900 s after the migration committed at 0
        MigrationMarks pending = new MigrationMarks(Optional.empty(), List.of(ORPHANS), 60_000);

        // when the lanes are painted with them
        Painted ghost = paint(pending);
        Painted bare = paint(MigrationMarks.NONE);

        // then shard01's lane shows its colour (the dashed outline) over the range, where it was bare
        assertEquals(0, bare.count(0, 300, 400, COLORS.shard(0)));
        assertTrue(ghost.count(0, 300, 400, COLORS.shard(0)) > 20, "the ghost's outline in shard01's colour");
        // and nothing else of the lane changed
        assertEquals(bare.count(0, 500, 600, COLORS.shard(0)), ghost.count(0, 500, 600, COLORS.shard(0)));
    }

    @Test
    void a_mark_out_of_the_viewport_is_not_drawn() {
        // given the line zoomed to its second half
        DiagramData data = Diagrams.twelveChunks().withMigrations(next(NEXT));
        BufferedImage image = new BufferedImage(WIDTH, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        NumberLineFrame frame = new DiagramPainter(
                        data, DiagramOptions.defaults(View.LANES).withViewport(new Viewport(0.5, 1)))
                .paint(g, WIDTH, 600, 1)
                .frame();
        g.dispose();

        // then [100, 200) has no span there
        assertEquals(Optional.empty(), MigrationMarksPainter.span(frame, Layouts.key(100), Layouts.key(200)));
    }

    @Test
    void the_marks_words_read_in_both_languages() {
        assertEquals("orphans · 14m", Messages.of(Language.ENGLISH).text("render.orphans.left", "14m"));
        assertEquals("孤立文档 · 14m", Messages.of(Language.SIMPLIFIED_CHINESE).text("render.orphans.left", "14m"));
        assertEquals("下一次迁移", Messages.of(Language.SIMPLIFIED_CHINESE).text("render.plan.next"));
    }

    @Test
    void a_planned_move_needs_a_range_and_two_shards() {
        IllegalArgumentException same = assertThrows(
                IllegalArgumentException.class,
                () -> new MigrationMarks.PlannedMove(Layouts.key(1), Layouts.key(2), "a", "a"));
        assertTrue(same.getMessage().contains("two shards"), same.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new MigrationMarks.PlannedMove(Layouts.key(2), Layouts.key(1), "a", "b"));
    }

    @Test
    void the_legend_names_the_orphan_ghost_and_the_plan_arrow_when_they_are_drawn_in_both_languages() {
        // given the twelve chunks with a pending orphaned range and the balancer's next migration
        NumberLineModel model = NumberLineModel.of(Diagrams.twelveChunks().layout(), Scale.EQUAL);
        MigrationMarks marks = new MigrationMarks(Optional.of(NEXT), List.of(ORPHANS), 60_000);

        // when the legend's entries are made in English and in Chinese, with and without the marks
        List<String> english =
                LegendPainter.items(Messages.of(Language.ENGLISH), model, false, false, false, Highlight.none(), marks)
                        .stream()
                        .map(LegendPainter.Item::text)
                        .toList();
        List<String> chinese = LegendPainter.items(
                        Messages.of(Language.SIMPLIFIED_CHINESE), model, false, false, false, Highlight.none(), marks)
                .stream()
                .map(LegendPainter.Item::text)
                .toList();

        // then after the shards come the ghost's entry and the arrow's, and none without the marks
        assertEquals(
                List.of(
                        "orphaned documents: a migrated range left on its donor until the range deleter removes it",
                        "the balancer's next migration (plan preview)"),
                english.subList(4, english.size()));
        assertEquals(List.of("孤立文档：迁移后留在源分片上的范围，等待范围删除器将其删除", "负载均衡器的下一次迁移（计划预览）"), chinese.subList(4, chinese.size()));
        assertEquals(
                4,
                LegendPainter.items(
                                Messages.of(Language.ENGLISH),
                                model,
                                false,
                                false,
                                false,
                                Highlight.none(),
                                MigrationMarks.NONE)
                        .size());
        // and a picture without lanes draws no ghost, so names none
        assertEquals(Optional.empty(), marks.withoutOrphans().orphans().stream().findFirst());
    }
}

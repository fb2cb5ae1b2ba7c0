package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The lane's DRAINING badge says how far the drain has come, cut at whole parts when it would grow too wide. */
class DrainingBadgeTest {

    /** The twelve-chunk layout with shard03 draining. */
    private static LayoutData shard03Draining() {
        ClusterSnapshot base = Diagrams.twelveChunks().layout().snapshot();
        List<Shard> shards = base.shards().stream()
                .map(s -> s.id().equals("shard03") ? new Shard(s.id(), s.host(), s.zones(), true) : s)
                .toList();
        return LayoutData.of(
                new ClusterSnapshot(base.namespace(), base.key(), base.unique(), shards, base.chunks(), base.zones()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "en,    DRAINING · 3 chunks · 2 collections left",
        "zh-CN, DRAINING · 剩余 3 个数据块 · 2 个集合",
    })
    void the_badge_says_the_chunks_and_collections_left_in_the_diagrams_language(String tag, String badge)
            throws Exception {
        // given shard03 draining with 3 chunks in 2 collections left over the catalog
        DiagramData data = DiagramData.of(shard03Draining())
                .withDrainsLeft(Map.of("shard03", Message.of("balancer.drain.left", 3L, 2)));
        // when the lanes are painted
        List<String> texts = SvgTexts.of(
                new DiagramPainter(data, DiagramOptions.defaults(View.LANES).withLanguage(Language.ofTag(tag))));
        // then its badge says so, and no other lane has one
        assertEquals(1, texts.stream().filter(t -> t.startsWith("DRAINING · ")).count(), texts.toString());
        // (Chinese text is painted in runs, its CJK glyphs in a font of their own)
        assertTrue(String.join("", texts).contains(badge), texts.toString());
    }

    @Test
    void without_a_count_the_badge_stays_bare() throws Exception {
        List<String> texts =
                SvgTexts.of(new DiagramPainter(DiagramData.of(shard03Draining()), DiagramOptions.defaults(View.LANES)));
        assertTrue(texts.contains("DRAINING"), texts.toString());
        assertTrue(texts.stream().noneMatch(t -> t.startsWith("DRAINING · ")), texts.toString());
    }

    @ParameterizedTest(name = "{0}: {1} chunks, {2} collections, cut {3}")
    @CsvSource({
        "en,    3,               2,       false",
        "en,    1,               1,       false",
        "en,    123456789012345, 9876543, true",
        "zh-CN, 3,               2,       false",
        "zh-CN, 123456789012345, 9876543, true",
    })
    void the_badge_keeps_whole_parts_only_and_never_outgrows_its_limit(
            String tag, long chunks, int collections, boolean cut) {
        Messages words = Messages.of(Language.ofTag(tag));
        ShardLanesPainter painter =
                new ShardLanesPainter(new ThemeColors(Theme.light()), Typography.standard(), false, words);
        Message left = Message.of("balancer.drain.left", chunks, collections);
        ShardSummary row = new ShardSummary(
                2,
                "shard03",
                3,
                0,
                OptionalLong.empty(),
                OptionalLong.empty(),
                OptionalLong.empty(),
                false,
                true,
                Optional.of(left));
        Pen pen = new Pen(SvgExporter.newGraphics());

        String badge = painter.drainingText(pen, row);

        String full = ShardLanesPainter.DRAINING + ShardLanesPainter.PART + words.text(left);
        assertTrue(full.startsWith(badge), badge + " is not a start of " + full);
        String rest = full.substring(badge.length());
        assertEquals(cut, !rest.isEmpty(), badge);
        assertTrue(rest.isEmpty() || rest.startsWith(ShardLanesPainter.PART), "cut mid-part: " + badge);
        assertTrue(pen.width(Typography.standard().small(), badge) + 12 <= ShardLanesPainter.DRAINING_MAX, badge);
        assertTrue(
                painter.leftGutter(SvgExporter.newGraphics(), List.of(row))
                        >= ShardLanesPainter.SWATCH
                                + pen.width(Typography.standard().small(), badge)
                                + 12,
                "the names' gutter holds the badge, so it never reaches the lane");
    }
}

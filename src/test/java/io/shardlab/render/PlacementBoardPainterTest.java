package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The placement board's picture ({@link PlacementBoardPainter}): each shard's lane with its badges, figures and tiles,
 * then each sharded collection's key line, in the exporters' formats. Given the lanes shard01–shard03 (shard03
 * draining, 3 chunks in 2 collections left), app.logs (3 MiB) and app.audit (12 KiB) on shard01, app's primary, 1 GiB
 * disks, and the twelve-chunk layout of test.c as the one key line.
 */
class PlacementBoardPainterTest {

    private static PlacementBoard board() {
        ClusterSnapshot base = Diagrams.twelveChunks().layout().snapshot();
        List<Shard> shards = base.shards().stream()
                .map(s -> s.id().equals("shard03") ? new Shard(s.id(), s.host(), s.zones(), true) : s)
                .toList();
        ClusterSnapshot events =
                new ClusterSnapshot(base.namespace(), base.key(), base.unique(), shards, base.chunks(), base.zones());
        long gib = 1L << 30;
        return new PlacementBoard(
                "8.0",
                List.of(
                        new PlacementBoard.Lane(
                                "shard01", false, false, Optional.empty(), 3 << 20, 64 << 10, gib, List.of("app")),
                        new PlacementBoard.Lane("shard02", false, false, Optional.empty(), 0, 0, gib, List.of()),
                        new PlacementBoard.Lane(
                                "shard03",
                                false,
                                true,
                                Optional.of(Message.of("balancer.drain.left", 3, 2)),
                                1 << 20,
                                8 << 10,
                                gib,
                                List.of())),
                List.of(
                        new PlacementBoard.Tile("app.audit", "shard01", 12 << 10),
                        new PlacementBoard.Tile("app.logs", "shard01", 3 << 20)),
                List.of(new PlacementBoard.KeyLine(
                        events.namespace(),
                        events.key().toString(),
                        PlacementBoard.UNKNOWN_BYTES,
                        LayoutData.of(events))),
                Optional.empty());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # language | a text the picture holds
            en         | Where every collection lives
            en         | MongoDB 8.0 · 3 shards · 2 unsharded collections · one sharded collection
            en         | app.logs
            en         | app.audit
            en         | 3MiB
            en         | primary shard of app
            en         | 3MiB data + 64KiB indexes
            en         | 1020.93MiB free of 1GiB
            en         | DRAINING · 3 chunks · 2 collections left
            en         | Sharded collections
            zh-CN      | 每个集合所在的位置
            zh-CN      | DRAINING · 剩余 3 个数据块 · 2 个集合
            zh-CN      | 数据 3MiB + 索引 64KiB
            """)
    void the_picture_says_every_lane_tile_and_drain_in_its_language(String tag, String expected) throws Exception {
        List<String> texts = SvgTexts.of(new PlacementBoardPainter(board(), Theme.light(), "", Language.ofTag(tag)));

        // a Chinese line is drawn in runs, one per font (the CJK font, the Latin one)
        assertTrue(String.join("", texts).contains(expected), expected + " in " + texts);
    }

    @Test
    void the_key_lines_draining_lane_says_the_same_words_as_the_board() throws Exception {
        List<String> texts = SvgTexts.of(new PlacementBoardPainter(board(), Theme.light(), "", Language.ENGLISH));

        assertEquals(
                2,
                texts.stream()
                        .filter("DRAINING · 3 chunks · 2 collections left"::equals)
                        .count(),
                "the lane's badge and the key line's lane: " + texts);
    }

    @Test
    void the_same_board_gives_the_same_png_and_svg_bytes() throws Exception {
        PlacementBoardPainter painter = new PlacementBoardPainter(board(), Theme.dark(), "Shop", Language.ENGLISH);
        ExportSize size = new ExportSize(1200, 0, 1);
        for (ExportFormat format : List.of(ExportFormat.PNG, ExportFormat.SVG)) {
            ByteArrayOutputStream first = new ByteArrayOutputStream();
            ByteArrayOutputStream second = new ByteArrayOutputStream();
            DiagramExporter.of(format).write(painter, size, first);
            DiagramExporter.of(format).write(painter, size, second);
            assertTrue(first.size() > 1000, format + " wrote " + first.size() + " bytes");
            assertEquals(first.toString(StandardCharsets.ISO_8859_1), second.toString(StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void a_shard_keeps_the_colour_the_explorer_gave_it_on_the_lanes_and_the_key_line() {
        // given the explorer's order, in which shard03 joined first and shard02 last
        ShardColorOrder explorers = ShardColorOrder.of(List.of("shard03", "shard01"));

        // when the board is coloured in that order
        PlacementBoard coloured = board().withColors(explorers);

        // then each shard has its place in that order, the one the order has not seen the next, on lanes and line alike
        assertEquals(
                List.of(0, 1, 2),
                List.of(coloured.colorOf("shard03"), coloured.colorOf("shard01"), coloured.colorOf("shard02")));
        assertEquals(
                List.of("shard03", "shard01", "shard02"),
                coloured.keyLines().get(0).layout().colors().shards());
        assertEquals(
                List.of("shard01", "shard02", "shard03"),
                board().keyLines().get(0).layout().colors().shards(),
                "without an order, the lanes' own");
    }

    @ParameterizedTest(name = "{0} bytes of {1}: {2} px")
    @CsvSource(delimiter = '|', textBlock = """
            # bytes | largest | width
            100     | 100     | 320
            25      | 100     | 220
            1       | 100     | 140
            0       | 100     | 120
            -1      | 100     | 120
            5       | 0       | 120
            """)
    void a_tile_is_as_wide_as_the_square_root_of_its_share_of_the_largest(long bytes, long largest, double width) {
        assertEquals(width, PlacementBoard.tileWidth(bytes, largest, 120, 320), 1e-9);
    }
}

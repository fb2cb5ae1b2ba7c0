package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Font;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.batik.svggen.SVGGraphics2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShardLanesPainterTest {

    private static final DiagramData DATA = Diagrams.twelveChunks();
    private static final NumberLineModel MODEL = NumberLineModel.of(DATA.layout(), Scale.EQUAL);
    private static final List<ShardSummary> ROWS = ShardSummary.of(
            MODEL,
            DATA.layout().sizes(),
            DATA.writes(),
            DATA.writes().orElseThrow().windows() - 1);

    private final ShardLanesPainter painter =
            new ShardLanesPainter(new ThemeColors(Theme.light()), Typography.standard());

    /** The words the lanes paint at {@code detail} beside a 300 px line, as SVG text elements. */
    private Set<String> paintedWords(LaneDetail detail) {
        SVGGraphics2D g = SvgExporter.newGraphics();
        double left = 18;
        double lineX = left + painter.leftGutter(g, ROWS, detail);
        NumberLineFrame frame = NumberLineFrame.compute(
                MODEL,
                Viewport.FULL,
                300,
                300,
                new Pen(g).measure(Typography.standard().label()),
                KeyLabelFormat.standard());
        painter.paint(g, ROWS, frame, Highlight.none(), left, lineX, 0, detail);
        Set<String> words = new TreeSet<>();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile(">([^<>]+)</text>").matcher(SvgExporter.document(g, 1600, 400, 1));
        while (m.find()) {
            words.add(m.group(1));
        }
        return words;
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(textBlock = """
            # detail      table headers                  names
            FULL,         chunks docs data writes,       true
            NO_DATA_SIZE, chunks docs writes,            true
            COUNTS,       chunks docs,                   true
            CHUNKS,       chunks,                        true
            NAMES,        '',                            true
            SWATCHES,     '',                            false
            """)
    void a_narrower_level_drops_the_data_size_then_writes_documents_chunks_and_last_the_names(
            LaneDetail detail, String headers, boolean names) {
        Set<String> words = paintedWords(detail);

        for (String h : List.of("chunks", "docs", "data", "writes")) {
            assertEquals(
                    Arrays.asList(headers.split(" ")).contains(h),
                    words.contains(h),
                    detail + " header " + h + " in " + words);
        }
        for (ShardSummary row : ROWS) {
            assertEquals(names, words.contains(row.shard()), detail + " names " + row.shard() + " in " + words);
        }
        assertEquals(names, words.contains("HOT"), detail + " the HOT badge in " + words);
    }

    @ParameterizedTest(name = "{0} lanes: {1} px apart")
    @CsvSource(textBlock = """
            # shards, pitch
            1,        30
            5,        30
            6,        24
            8,        24
            16,       24
            17,       18
            """)
    void lanes_tighten_as_shards_are_added_so_eight_leave_the_charts_room(int shards, double pitch) {
        assertEquals(pitch, ShardLanesPainter.pitch(shards));
        assertEquals(ShardLanesPainter.height(1) - 30 + shards * pitch, ShardLanesPainter.height(shards));
    }

    @Test
    void each_level_needs_no_more_room_than_the_one_before() {
        Graphics2D g = Diagrams.scratch();
        LaneDetail[] levels = LaneDetail.values();
        for (int i = 1; i < levels.length; i++) {
            assertTrue(
                    painter.leftGutter(g, ROWS, levels[i]) <= painter.leftGutter(g, ROWS, levels[i - 1]),
                    levels[i] + "'s names gutter");
            assertTrue(
                    painter.rightGutter(g, ROWS, levels[i]) <= painter.rightGutter(g, ROWS, levels[i - 1]),
                    levels[i] + "'s table");
        }
        assertEquals(0, painter.rightGutter(g, ROWS, LaneDetail.NAMES));
        assertEquals(ShardLanesPainter.SWATCH + 8, painter.leftGutter(g, ROWS, LaneDetail.SWATCHES));
    }

    @Test
    void fitting_picks_the_most_detailed_level_that_leaves_the_lanes_their_width() {
        Graphics2D g = Diagrams.scratch();
        for (double width = 40; width <= 2000; width += 7) {
            double min = 0.45 * width;
            LaneDetail d = painter.fitting(g, ROWS, width, min);
            double lanes = width - painter.leftGutter(g, ROWS, d) - painter.rightGutter(g, ROWS, d);
            assertTrue(lanes >= min || d == LaneDetail.SWATCHES, width + " px: " + d + " leaves " + lanes);
            if (d.ordinal() > 0) {
                LaneDetail richer = LaneDetail.values()[d.ordinal() - 1];
                double richerLanes = width - painter.leftGutter(g, ROWS, richer) - painter.rightGutter(g, ROWS, richer);
                assertTrue(richerLanes < min, width + " px: " + richer + " would have fitted with " + richerLanes);
            }
        }
        assertEquals(LaneDetail.FULL, painter.fitting(g, ROWS, 1600, 0.45 * 1600));
    }

    @Test
    void without_a_level_the_painter_shows_everything_as_exports_always_did() {
        SVGGraphics2D full = SvgExporter.newGraphics();
        SVGGraphics2D unspecified = SvgExporter.newGraphics();
        for (SVGGraphics2D g : List.of(full, unspecified)) {
            double lineX = 18 + painter.leftGutter(g, ROWS);
            NumberLineFrame frame = NumberLineFrame.compute(
                    MODEL,
                    Viewport.FULL,
                    900,
                    900,
                    new Pen(g).measure(Typography.standard().label()),
                    KeyLabelFormat.standard());
            if (g == full) {
                painter.paint(g, ROWS, frame, Highlight.none(), 18, lineX, 0, LaneDetail.FULL);
            } else {
                painter.paint(g, ROWS, frame, Highlight.none(), 18, lineX, 0);
            }
        }
        Graphics2D g = Diagrams.scratch();
        assertEquals(painter.leftGutter(g, ROWS, LaneDetail.FULL), painter.leftGutter(g, ROWS));
        assertEquals(painter.rightGutter(g, ROWS, LaneDetail.FULL), painter.rightGutter(g, ROWS));
        String fullSvg = SvgExporter.document(full, 1600, 400, 1);
        assertEquals(fullSvg, SvgExporter.document(unspecified, 1600, 400, 1));
        assertTrue(Optional.of(fullSvg).filter(s -> s.contains(">data<")).isPresent());
    }

    /** A lanes painter measuring through {@code measurer}, remembering up to {@code capacity} widths. */
    private static ShardLanesPainter measuringWith(int capacity, TextWidths.Measurer measurer) {
        return new ShardLanesPainter(
                new ThemeColors(Theme.light()),
                Typography.standard(),
                false,
                Messages.of(Language.ENGLISH),
                new TextWidths(capacity, measurer));
    }

    private static TextWidths.Measurer measured() {
        return (g, font, text) -> Pen.advance(g, CjkFont.bundled(), font, text);
    }

    private record Measured(Font font, String text) {}

    @Test
    void the_fit_ladder_and_the_paint_after_it_measure_each_text_once() {
        // given a painter whose measurer counts what it measures
        Map<Measured, Integer> counts = new HashMap<>();
        ShardLanesPainter counted = measuringWith(TextWidths.CAPACITY, (g, font, text) -> {
            counts.merge(new Measured(font, text), 1, Integer::sum);
            return Pen.advance(g, CjkFont.bundled(), font, text);
        });
        SVGGraphics2D g = SvgExporter.newGraphics();

        // when a picture tries every level twice (too narrow for any), lays out the full lanes and paints them
        assertEquals(LaneDetail.SWATCHES, counted.fitting(g, ROWS, 120, 110));
        assertEquals(LaneDetail.SWATCHES, counted.fitting(g, ROWS, 120, 110));
        double lineX = 18 + counted.leftGutter(g, ROWS, LaneDetail.FULL);
        counted.rightGutter(g, ROWS, LaneDetail.FULL);
        NumberLineFrame frame = NumberLineFrame.compute(
                MODEL,
                Viewport.FULL,
                300,
                300,
                new Pen(g).measure(Typography.standard().label()),
                KeyLabelFormat.standard());
        counted.paint(g, ROWS, frame, Highlight.none(), 18, lineX, 0, LaneDetail.FULL);

        // then every header, name, badge and cell was measured, and each once
        Font small = Typography.standard().small();
        for (String header : List.of("chunks", "docs", "data", "writes")) {
            assertEquals(1, counts.get(new Measured(small, header)), header + " in " + counts);
        }
        assertEquals(1, counts.get(new Measured(small, "HOT")), "the HOT badge in " + counts);
        for (ShardSummary row : ROWS) {
            assertEquals(1, counts.get(new Measured(Typography.standard().bodyBold(), row.shard())), row.shard());
        }
        List<Measured> again = new ArrayList<>();
        counts.forEach((text, times) -> {
            if (times != 1) {
                again.add(text);
            }
        });
        assertEquals(List.of(), again, "measured more than once");
    }

    @Test
    void remembered_widths_paint_the_lanes_as_measuring_every_time_does() {
        ShardLanesPainter remembering = measuringWith(TextWidths.CAPACITY, measured());
        ShardLanesPainter forgetting = measuringWith(0, measured());
        List<String> pictures = new ArrayList<>();
        for (ShardLanesPainter p : List.of(remembering, forgetting)) {
            SVGGraphics2D g = SvgExporter.newGraphics();
            for (double width = 200; width <= 1600; width += 350) {
                LaneDetail d = p.fitting(g, ROWS, width, 0.45 * width);
                double lineX = 18 + p.leftGutter(g, ROWS, d);
                double lineWidth = width - p.leftGutter(g, ROWS, d) - p.rightGutter(g, ROWS, d);
                NumberLineFrame frame = NumberLineFrame.compute(
                        MODEL,
                        Viewport.FULL,
                        lineWidth,
                        (int) lineWidth,
                        new Pen(g).measure(Typography.standard().label()),
                        KeyLabelFormat.standard());
                p.paint(g, ROWS, frame, Highlight.none(), 18, lineX, width, d);
            }
            pictures.add(SvgExporter.document(g, 1600, 2400, 1));
        }
        assertEquals(pictures.get(1), pictures.get(0));
    }

    @Test
    void new_rows_are_measured_anew() {
        // given a painter that measured the table for some rows
        ShardLanesPainter remembering = measuringWith(TextWidths.CAPACITY, measured());
        Graphics2D g = Diagrams.scratch();
        double before = remembering.rightGutter(g, ROWS, LaneDetail.FULL);

        // when a shard's chunk count grows by six digits
        List<ShardSummary> grown = new ArrayList<>(ROWS);
        ShardSummary first = grown.get(0);
        grown.set(
                0,
                new ShardSummary(
                        first.shardIndex(),
                        first.shard(),
                        first.chunks() + 1_000_000,
                        first.jumboChunks(),
                        first.documents(),
                        first.bytes(),
                        first.writes(),
                        first.hot(),
                        first.draining(),
                        first.drainLeft()));

        // then its table is as wide as a fresh painter measures it, wider than before
        double after = remembering.rightGutter(g, grown, LaneDetail.FULL);
        assertEquals(measuringWith(0, measured()).rightGutter(g, grown, LaneDetail.FULL), after);
        assertTrue(after > before, before + " then " + after);
    }
}

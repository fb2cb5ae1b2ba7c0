package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DiagramPainterTest {

    private static DiagramPainter painter(DiagramData data, View view) {
        return new DiagramPainter(data, DiagramOptions.defaults(view));
    }

    @Test
    void the_number_line_and_the_lanes_share_one_x_range_between_the_name_and_table_gutters() {
        DiagramPainter p = painter(Diagrams.twelveChunks(), View.ALL);
        DiagramPainter.Layout l = p.layout(Diagrams.scratch(), 1600, 0, 1);
        assertEquals(l.lineX(), l.bar().getX());
        assertEquals(l.lineWidth(), l.bar().getWidth());
        assertTrue(l.lineX() > DiagramPainter.MARGIN + 40, "names to the left");
        assertTrue(l.lineX() + l.lineWidth() < 1600 - DiagramPainter.MARGIN - 100, "the table to the right");
        assertTrue(l.lanes().getY() > l.bar().getMaxY());
        assertTrue(l.writesChart().getY() > l.lanes().getMaxY());
        assertEquals(l.writesChart().getY(), l.heatmap().getY(), "side by side");
        assertTrue(l.legend().getY() > l.heatmap().getMaxY());
    }

    @Test
    void sections_without_data_are_left_out() {
        DiagramData layoutOnly = DiagramData.of(Diagrams.twelveChunks().layout());
        DiagramPainter.Layout l = painter(layoutOnly, View.ALL).layout(Diagrams.scratch(), 1600, 0, 1);
        assertEquals(new Rectangle2D.Double(), l.writesChart());
        assertEquals(new Rectangle2D.Double(), l.heatmap());
        DiagramPainter.Layout line = painter(layoutOnly, View.NUMBER_LINE).layout(Diagrams.scratch(), 1600, 0, 1);
        assertEquals(new Rectangle2D.Double(), line.lanes());
        assertEquals(DiagramPainter.MARGIN, line.lineX(), "no gutters without lanes");
    }

    @ParameterizedTest(name = "[{index}] {0} view")
    @CsvSource(textBlock = """
            # view,       document sections (after the title)
            lanes,        VALUE_LINE NUMBER_LINE LANES LEGEND
            numberline,   VALUE_LINE NUMBER_LINE LEGEND
            """)
    void the_window_paints_the_sections_an_export_paints_only_without_the_title(String view, String sections) {
        // given a hashed layout with its value line
        DiagramData data = Diagrams.hashedWithValueLine();
        DiagramOptions options = DiagramOptions.defaults(View.parse(view));
        DiagramPainter.Parts parts = DiagramPainter.Parts.of(data, options.scale());

        // when it is composed for a document and for the canvas
        DiagramPainter document = new DiagramPainter(data, options, DiagramPainter.Framing.DOCUMENT, parts);
        DiagramPainter canvas = new DiagramPainter(data, options, DiagramPainter.Framing.canvas(0.45), parts);

        // then both have the same sections, the document a title over them
        List<DiagramPainter.Section> expected = java.util.Arrays.stream(sections.split(" "))
                .map(DiagramPainter.Section::valueOf)
                .toList();
        assertEquals(expected, canvas.sections());
        assertEquals(DiagramPainter.Section.TITLE, document.sections().get(0));
        assertEquals(
                expected, document.sections().subList(1, document.sections().size()));
        DiagramPainter.Layout onCanvas = canvas.layout(Diagrams.scratch(), 1200, 0, 1);
        assertEquals(DiagramPainter.VALUE_BAR, onCanvas.valueBar().getHeight());
        assertTrue(onCanvas.valueLine().getMaxY() < onCanvas.bar().getY(), "values above the hashes");
        assertEquals(onCanvas.bar().getX(), onCanvas.valueBar().getX(), "one x range for both lines");
        assertEquals(onCanvas.bar().getWidth(), onCanvas.valueBar().getWidth());
    }

    @Test
    void at_its_least_height_a_canvas_closes_the_gaps_under_the_value_line_and_above_the_lanes() {
        // given a hashed layout with its value line, framed for the canvas
        DiagramData data = Diagrams.hashedWithValueLine();
        DiagramOptions options = DiagramOptions.defaults(View.LANES);
        DiagramPainter canvas = new DiagramPainter(
                data, options, DiagramPainter.Framing.canvas(0.45), DiagramPainter.Parts.of(data, options.scale()));

        // when it is laid out at any height and at the least height it can be painted in
        DiagramPainter.Layout roomy = canvas.layout(Diagrams.scratch(), 1200, 0, 1);
        double least = canvas.leastHeight(Diagrams.scratch(), 1200, 1);
        DiagramPainter.Layout tightest = canvas.layout(Diagrams.scratch(), 1200, least, 1);

        // then the value line sits closer above the hashes, and the lanes closer under them (a comparison's side
        // and presenter mode at 720 px need those pixels for the lanes)
        assertEquals(
                DiagramPainter.VALUE_GAP - DiagramPainter.TIGHT_VALUE_GAP,
                (roomy.bar().getY() - roomy.valueLine().getMaxY())
                        - (tightest.bar().getY() - tightest.valueLine().getMaxY()),
                0.01);
        assertEquals(
                DiagramPainter.CANVAS_GAP - DiagramPainter.TIGHT_CANVAS_GAP,
                (roomy.lanes().getY() - roomy.bar().getMaxY())
                        - (tightest.lanes().getY() - tightest.bar().getMaxY()),
                0.01);
        assertEquals(least, tightest.height(), 0.5);
    }

    @Test
    void aSmallMultipleShowsTheLineTheLanesAndTheWritesChartInATileWithoutHeadingsOrLegend() {
        // given a layout with writes, framed as one of the class board's tiles
        DiagramData data = Diagrams.twelveChunks();
        DiagramOptions options = DiagramOptions.defaults(View.ALL);
        DiagramData withoutHeat = new DiagramData(data.layout(), data.writes(), Optional.empty(), data.valueLine());
        DiagramPainter tile = new DiagramPainter(
                withoutHeat,
                options,
                DiagramPainter.Framing.tile(0.5),
                DiagramPainter.Parts.of(withoutHeat, options.scale()));

        // when it is laid out on a tile of 320 x 220 pixels
        DiagramPainter.Layout l = tile.layout(Diagrams.scratch(), 320, 220, 1);

        // then the line, the lanes and the writes chart fit in it, without a legend (the lanes name the shards)
        assertEquals(
                List.of(
                        DiagramPainter.Section.NUMBER_LINE,
                        DiagramPainter.Section.LANES,
                        DiagramPainter.Section.WRITES_CHART),
                tile.sections());
        assertTrue(l.bar().getHeight() >= DiagramPainter.TILE_BAR, "the bar: " + l.bar());
        assertTrue(l.lanes().getY() > l.bar().getMaxY());
        assertTrue(l.writesChart().getY() > l.lanes().getMaxY());
        assertTrue(l.writesChart().getMaxY() <= 220, "the chart ends inside the tile: " + l.writesChart());
        assertTrue(l.writesChart().getHeight() >= DiagramPainter.TILE_MIN_CHART);
        assertEquals(0, l.legend().getHeight());
    }

    @ParameterizedTest(name = "{0} diagram pixels wide at density {1}")
    @CsvSource({
        // the smallest tile with normal type
        "320, 1",
        // presenter mode's tiles on a 1280 × 720 projector, the board maximised: at presenter scale, and at the
        // scale their type gives way to in two rows of three (BoardViewTest)
        "279, 1.4",
        "391, 1",
    })
    void aTileAtItsLeastHeightWithChartsKeepsTheWritesChartWhichOnePixelLessDrops(double width, double density) {
        // given a layout with writes, framed as one of the class board's tiles
        DiagramData data = Diagrams.twelveChunks();
        DiagramOptions options = DiagramOptions.defaults(View.ALL);
        DiagramData withoutHeat = new DiagramData(data.layout(), data.writes(), Optional.empty(), data.valueLine());
        DiagramPainter tile = new DiagramPainter(
                withoutHeat,
                options,
                DiagramPainter.Framing.tile(0.5),
                DiagramPainter.Parts.of(withoutHeat, options.scale()));

        // when it is laid out at the least height that keeps the charts, and one pixel less
        double least = tile.leastHeightWithCharts(Diagrams.scratch(), width, density);
        DiagramPainter.Layout kept = tile.layout(Diagrams.scratch(), width, least, density);
        DiagramPainter.Layout less = tile.layout(Diagrams.scratch(), width, least - 1, density);

        // then the first keeps the line, the lanes and the writes chart at its least, and the second drops the chart
        assertFalse(kept.bar().isEmpty());
        assertFalse(kept.lanes().isEmpty());
        assertEquals(DiagramPainter.TILE_MIN_CHART, kept.writesChart().getHeight(), 0.5);
        assertTrue(kept.writesChart().getMaxY() <= least + 0.5, "the chart ends inside: " + kept.writesChart());
        assertTrue(less.writesChart().isEmpty(), "one pixel less: " + less.writesChart());
        assertTrue(least < tile.preferredHeight(Diagrams.scratch(), width, density));
    }

    @Test
    void without_a_value_line_no_value_section_is_composed() {
        DiagramPainter p = painter(Diagrams.twelveChunks(), View.LANES);
        assertFalse(p.sections().contains(DiagramPainter.Section.VALUE_LINE));
        assertEquals(
                new Rectangle2D.Double(),
                p.layout(Diagrams.scratch(), 1600, 0, 1).valueBar());
    }

    @Test
    void extra_height_goes_to_the_charts_or_else_to_the_bar() {
        DiagramPainter all = painter(Diagrams.twelveChunks(), View.ALL);
        double preferred = all.preferredHeight(Diagrams.scratch(), 1600);
        DiagramPainter.Layout tall = all.layout(Diagrams.scratch(), 1600, preferred + 100, 1);
        assertEquals(DiagramPainter.CHART + 100, tall.writesChart().getHeight(), 1e-9);
        DiagramPainter line = painter(Diagrams.twelveChunks(), View.NUMBER_LINE);
        double linePreferred = line.preferredHeight(Diagrams.scratch(), 1600);
        assertEquals(
                96 + 30,
                line.layout(Diagrams.scratch(), 1600, linePreferred + 30, 1)
                        .bar()
                        .getHeight(),
                1e-9);
        assertEquals(
                DiagramPainter.MAX_BAR,
                line.layout(Diagrams.scratch(), 1600, linePreferred + 500, 1)
                        .bar()
                        .getHeight(),
                1e-9);
    }

    @Test
    void more_shards_need_more_height() {
        DiagramData four = Diagrams.twelveChunks();
        String[] owners = new String[12];
        for (int i = 0; i < 12; i++) {
            owners[i] = "shard" + (10 + i);
        }
        long[] points = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100};
        DiagramData twelve = DiagramData.of(LayoutData.of(Layouts.ranged(points, owners, Set.of(), List.of())));
        assertTrue(painter(twelve, View.LANES).preferredHeight(Diagrams.scratch(), 1600)
                > painter(four, View.LANES).preferredHeight(Diagrams.scratch(), 1600));
    }

    @Test
    void the_heatmap_view_needs_write_data() {
        DiagramData layoutOnly = DiagramData.of(Diagrams.twelveChunks().layout());
        assertEquals(
                "view: the heatmap needs writes by key range over time, and test.c has no write data",
                assertThrows(IllegalArgumentException.class, () -> painter(layoutOnly, View.HEATMAP))
                        .getMessage());
    }

    /**
     * Below the preferred height the diagram drops detail in a fixed order, as the lanes do for width: the
     * charts shrink to their minimum, then the bar, then the subtitle goes, then the legend, then the charts.
     * What a dropped section frees goes back to the bar (up to its usual height while the charts stay).
     */
    @org.junit.jupiter.params.ParameterizedTest(
            name = "{0} view, {1} px under: bar {2}, subtitle {3}, legend {4}, charts {5}")
    @org.junit.jupiter.params.provider.CsvSource(textBlock = """
            # view  | px under the preferred height | bar px | subtitle | legend | charts
            lanes   | 0                             | 72     | true     | true   | false
            lanes   | 40                            | 32     | true     | true   | false
            lanes   | 60                            | 46     | false    | true   | false
            lanes   | 100                           | 30     | false    | false  | false
            all     | 100                           | 72     | true     | true   | true
            all     | 140                           | 32     | true     | true   | true
            all     | 180                           | 26     | false    | true   | true
            all     | 200                           | 30     | false    | false  | true
            all     | 220                           | 160    | false    | false  | false
            """, delimiter = '|')
    void a_lower_height_drops_detail_in_order_and_the_diagram_fills_exactly_the_asked_height(
            String view, int under, double bar, boolean subtitle, boolean legend, boolean charts) throws Exception {
        DiagramPainter p = painter(Diagrams.twelveChunks(), View.parse(view));
        double height = Math.ceil(p.preferredHeight(Diagrams.scratch(), 1600)) - under;

        DiagramPainter.Layout l = p.layout(Diagrams.scratch(), 1600, height, 1);

        assertEquals(height, l.height());
        assertEquals(bar, l.bar().getHeight(), 0.5);
        assertEquals(legend, l.legend().getHeight() > 0, "legend");
        assertEquals(charts, l.writesChart().getHeight() > 0, "charts");
        assertTrue(l.legend().getMaxY() <= height - DiagramPainter.MARGIN + 0.5, "everything inside the margins");
        String svg = new SvgExporter().render(p, new ExportSize(1600, (int) height, 1));
        assertEquals(subtitle, svg.contains(">shard key { x: 1 }  ·  12 chunks on 4 shards</text>"), "subtitle");
        assertTrue(svg.contains(">shard04</text>"), "the lanes still name every shard");
    }

    @Test
    void a_four_shard_layout_fits_1600_by_500_which_was_refused_for_needing_546() {
        DiagramPainter p = painter(DiagramData.of(Diagrams.twelveChunks().layout()), View.ALL);
        assertTrue(p.preferredHeight(Diagrams.scratch(), 1600) > 500);
        assertEquals(500, p.layout(Diagrams.scratch(), 1600, 500, 1).height());
    }

    @Test
    void a_size_below_the_least_detail_is_refused_with_the_size_it_needs() {
        DiagramPainter p = painter(Diagrams.twelveChunks(), View.LANES);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> p.layout(Diagrams.scratch(), 1600, 200, 1));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "height: 200 px is too small for the lanes view of test\\.c; it needs at least (\\d+) px")
                .matcher(e.getMessage());
        assertTrue(m.matches(), e.getMessage());
        int least = Integer.parseInt(m.group(1));
        assertEquals(least, p.layout(Diagrams.scratch(), 1600, least, 1).height(), "the size it names works");
        assertThrows(IllegalArgumentException.class, () -> p.layout(Diagrams.scratch(), 1600, least - 1, 1));
        IllegalArgumentException narrow =
                assertThrows(IllegalArgumentException.class, () -> p.layout(Diagrams.scratch(), 300, 0, 1));
        assertTrue(narrow.getMessage().startsWith("width: 300 px leaves "), narrow.getMessage());
    }

    /** The density band of {@code p}'s PNG is marked exactly over the columns its frame finds dense, some at least. */
    private static void assertBandMarksTheDenseColumns(DiagramPainter p) throws Exception {
        DiagramPainter.Layout l = p.layout(Diagrams.scratch(), 1400, 0, 1);
        java.awt.image.BufferedImage png = new PngExporter().render(p, new ExportSize(1400, 0, 1));
        NumberLineFrame f = NumberLineFrame.compute(
                p.model(),
                Viewport.FULL,
                l.lineWidth(),
                (int) Math.round(l.lineWidth()),
                null,
                KeyLabelFormat.standard());
        int bandY = (int) (l.bar().getY() - NumberLinePainter.DENSITY_BAND / 2);
        int denseMarks = 0;
        java.awt.Color surface = ThemeColors.decode(Theme.light().surface());
        java.awt.Color background = ThemeColors.decode(Theme.light().background());
        for (int c = 0; c < f.columns(); c++) {
            int rgb = png.getRGB((int) (l.lineX() + c + 0.5), bandY) & 0xFFFFFF;
            boolean marked = rgb != (surface.getRGB() & 0xFFFFFF) && rgb != (background.getRGB() & 0xFFFFFF);
            assertEquals(f.dense(c), marked, "column " + c);
            denseMarks += marked ? 1 : 0;
        }
        assertTrue(denseMarks > 0);
    }

    @Test
    void in_every_width_mode_a_density_band_marks_where_chunks_are_too_narrow_to_see() throws Exception {
        int tiny = 2500;
        long[] points = new long[tiny + 1];
        String[] owners = new String[tiny + 2];
        points[0] = 0;
        for (int i = 1; i <= tiny; i++) {
            points[i] = 1_000_000L + i;
        }
        for (int i = 0; i < owners.length; i++) {
            owners[i] = "shard0" + (1 + (i / 7) % 4);
        }
        DiagramData data = DiagramData.of(LayoutData.of(Layouts.ranged(points, owners, Set.of(), List.of())));
        DiagramPainter equal = painter(data, View.NUMBER_LINE);
        DiagramPainter byKey = new DiagramPainter(
                data, DiagramOptions.defaults(View.NUMBER_LINE).withScale(Scale.KEY_VALUE));

        DiagramPainter.Layout l = byKey.layout(Diagrams.scratch(), 1400, 0, 1);
        DiagramPainter few = painter(Diagrams.twelveChunks(), View.NUMBER_LINE);
        assertEquals(
                NumberLinePainter.DENSITY_BAND,
                l.bar().getY()
                        - few.layout(Diagrams.scratch(), 1400, 0, 1).bar().getY(),
                1e-9,
                "the band sits above the bar; twelve chunks of equal widths have none");
        assertEquals(
                l.bar().getY(),
                equal.layout(Diagrams.scratch(), 1400, 0, 1).bar().getY(),
                1e-9,
                "2,502 chunks of equal widths have the band too: one solid bar would read as one chunk");
        assertBandMarksTheDenseColumns(byKey);
        assertBandMarksTheDenseColumns(equal);
        String svg = new SvgExporter().render(byKey, new ExportSize(1400, 0, 1));
        assertTrue(svg.contains(">chunks narrower than 4 px (darker: more per pixel)</text>"), "the legend says so");
        assertTrue(
                new SvgExporter().render(equal, new ExportSize(1400, 0, 1)).contains("narrower than"),
                "with equal widths too, in the export");
        assertFalse(new SvgExporter().render(few, new ExportSize(1400, 0, 1)).contains("narrower than"));
    }

    @Test
    void the_title_defaults_to_the_namespace_and_the_subtitle_states_the_facts() {
        DiagramData data = Diagrams.twelveChunks(
                Set.of(1, 2), List.of(new io.shardlab.cluster.ZoneRange(Layouts.key(0), Layouts.key(300), "EU")));
        DiagramPainter p = painter(data, View.ALL);
        assertEquals("Chunks of test.c", p.title());
        assertEquals("shard key { x: 1 }  ·  12 chunks on 4 shards  ·  2 jumbo  ·  1 zone range", p.subtitle());
        DiagramPainter titled =
                new DiagramPainter(data, DiagramOptions.defaults(View.ALL).withTitle("Orders"));
        assertEquals("Orders", titled.title());
        assertTrue(titled.subtitle().startsWith("test.c  ·  shard key"));
    }

    @Test
    void the_lanes_call_out_the_shard_taking_most_writes() {
        List<ShardSummary> rows = painter(Diagrams.twelveChunks(), View.LANES).summaries();
        assertEquals(
                List.of(false, false, false, true),
                rows.stream().map(ShardSummary::hot).toList());
        assertEquals(3450, rows.get(3).writes().getAsLong(), "the last window's writes");
    }

    @Test
    void the_legend_lists_every_shard_then_the_marks_in_use() {
        NumberLineModel m = NumberLineModel.of(
                Diagrams.twelveChunks(
                                Set.of(2),
                                List.of(new io.shardlab.cluster.ZoneRange(Layouts.key(0), Layouts.key(300), "EU")))
                        .layout(),
                Scale.EQUAL);
        assertEquals(
                List.of(
                        "shard01",
                        "shard02",
                        "shard03",
                        "shard04",
                        "jumbo chunk",
                        "zone range",
                        "pixel hides chunks of other shards",
                        "hot shard: most writes in the window",
                        "highlighted key range"),
                LegendPainter.items(m, true, true, new Highlight.KeyRange(Layouts.key(0), Layouts.key(5))).stream()
                        .map(LegendPainter.Item::text)
                        .toList());
        NumberLineModel plain = NumberLineModel.of(Diagrams.twelveChunks().layout(), Scale.EQUAL);
        assertEquals(
                4, LegendPainter.items(plain, false, false, Highlight.none()).size(), "only the shards");
    }
}

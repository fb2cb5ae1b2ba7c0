package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SvgExporterTest {

    private static Document export(DiagramPainter painter, ExportSize size) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SvgExporter().write(painter, size, out);
        return SvgTexts.parse(out.toByteArray());
    }

    @ParameterizedTest(name = "{0} view")
    @CsvSource({"numberline", "lanes", "all"})
    void the_svg_parses_and_its_legend_names_every_shard_as_text(String view) throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.parse(view)));
        Document svg = export(p, new ExportSize(1400, 0, 1));
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        List<String> texts = SvgTexts.of(svg);
        for (String shard : List.of("shard01", "shard02", "shard03", "shard04")) {
            assertTrue(texts.contains(shard), shard + " is not a text element: " + texts);
        }
        assertTrue(texts.contains("Chunks of test.c"));
        assertTrue(texts.contains("MinKey") && texts.contains("MaxKey"), "axis labels are text");
    }

    @Test
    void the_chunk_bar_uses_every_shard_colour_and_the_jumbo_and_zone_keys_appear_when_used() throws Exception {
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(
                        Set.of(3),
                        List.of(new io.shardlab.cluster.ZoneRange(Layouts.key(200), Layouts.key(500), "EU"))),
                DiagramOptions.defaults(View.NUMBER_LINE));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SvgExporter().write(p, new ExportSize(1400, 0, 1), out);
        String text = out.toString(StandardCharsets.UTF_8);
        Theme theme = Theme.light();
        for (int s = 0; s < 4; s++) {
            java.awt.Color c = ThemeColors.decode(theme.shardColor(s));
            assertTrue(
                    text.contains("fill:rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")"),
                    "shard " + s + "'s colour");
        }
        Document svg = export(p, new ExportSize(1400, 0, 1));
        List<String> texts = SvgTexts.of(svg);
        assertTrue(texts.contains("jumbo chunk"), texts.toString());
        assertTrue(texts.contains("zone range"));
        assertTrue(texts.contains("EU"), "the zone's name");
    }

    @Test
    void the_view_box_is_the_logical_size_and_the_scale_multiplies_width_and_height() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL));
        Element root = export(p, new ExportSize(1200, 900, 2)).getDocumentElement();
        assertEquals("0 0 1200 900", root.getAttribute("viewBox"));
        assertEquals(2400, Double.parseDouble(root.getAttribute("width").replace("px", "")));
        assertEquals(1800, Double.parseDouble(root.getAttribute("height").replace("px", "")));
    }

    @Test
    void the_same_diagram_gives_the_same_bytes_and_no_coordinate_has_more_than_two_decimals() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL));
        String first = new SvgExporter().render(p, new ExportSize(1200, 0, 1));
        assertEquals(first, new SvgExporter().render(p, new ExportSize(1200, 0, 1)));
        java.util.regex.Matcher number =
                java.util.regex.Pattern.compile("\\d+\\.(\\d+)").matcher(first);
        while (number.find()) {
            assertTrue(number.group(1).length() <= 2, number.group());
        }
    }

    @Test
    void a_draining_shard_carries_a_badge_in_its_lane_and_the_legend_says_what_it_means() throws Exception {
        io.shardlab.cluster.ClusterSnapshot base =
                Diagrams.twelveChunks().layout().snapshot();
        List<io.shardlab.cluster.Shard> shards = base.shards().stream()
                .map(s ->
                        s.id().equals("shard03") ? new io.shardlab.cluster.Shard(s.id(), s.host(), s.zones(), true) : s)
                .toList();
        io.shardlab.cluster.ClusterSnapshot draining = new io.shardlab.cluster.ClusterSnapshot(
                base.namespace(), base.key(), base.unique(), shards, base.chunks(), base.zones());
        DiagramPainter p =
                new DiagramPainter(DiagramData.of(LayoutData.of(draining)), DiagramOptions.defaults(View.LANES));
        List<String> texts = SvgTexts.of(export(p, new ExportSize(1400, 0, 1)));
        assertEquals(2, texts.stream().filter(t -> t.equals("DRAINING")).count(), "the lane's badge and the legend's");
        assertTrue(texts.contains("draining shard: being removed, its chunks move off"), texts.toString());
        DiagramPainter none = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES));
        assertTrue(SvgTexts.of(export(none, new ExportSize(1400, 0, 1))).stream()
                .noneMatch(t -> t.contains("DRAINING") || t.startsWith("draining")));
    }

    @Test
    void coordinates_keep_at_most_two_decimals() {
        assertEquals("12.35", SvgExporter.twoDecimals(12.3456));
        assertEquals("12.3", SvgExporter.twoDecimals(12.3));
        assertEquals("-4", SvgExporter.twoDecimals(-4.0001));
        assertEquals("0", SvgExporter.twoDecimals(0.004));
    }
}

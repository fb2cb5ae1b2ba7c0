package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PngExporterTest {

    private static BufferedImage export(DiagramPainter painter, ExportSize size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PngExporter().write(painter, size, out);
        byte[] png = out.toByteArray();
        assertEquals(0x89, png[0] & 0xFF);
        assertEquals("PNG", new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @ParameterizedTest(name = "{0}x{1} at scale {2} is {3}x{4} pixels")
    @CsvSource(textBlock = """
            # width, height, scale, image width, image height
            1000,    800,    1,     1000,        800
            1000,    800,    2,     2000,        1600
            900,     900,    1.5,   1350,        1350
            """)
    void the_image_has_the_asked_size_times_the_scale(int width, int height, double scale, int w, int h)
            throws IOException {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL));
        BufferedImage image = export(p, new ExportSize(width, height, scale));
        assertEquals(w, image.getWidth());
        assertEquals(h, image.getHeight());
    }

    @Test
    void without_a_height_the_image_is_as_tall_as_the_view_needs() throws IOException {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES));
        int preferred = (int) Math.ceil(p.preferredHeight(Diagrams.scratch(), 1200));
        assertEquals(preferred, export(p, new ExportSize(1200, 0, 1)).getHeight());
    }

    @ParameterizedTest(name = "{0} theme at scale {1}")
    @CsvSource(textBlock = """
            light, 1
            dark,  1
            light, 2
            """)
    void every_chunk_is_drawn_in_its_shards_colour(String themeName, double scale) throws IOException {
        Theme theme = Theme.named(themeName);
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL).withTheme(theme));
        ExportSize size = new ExportSize(1400, 0, scale);
        BufferedImage image = export(p, size);
        int height = DiagramExporter.heightFor(p, size);
        Rectangle2D bar = p.layout(Diagrams.scratch(), 1400, height, scale).bar();
        double chunkWidth = bar.getWidth() / Diagrams.OWNERS.length;
        for (int i = 0; i < Diagrams.OWNERS.length; i++) {
            int x = (int) ((bar.getX() + (i + 0.5) * chunkWidth) * scale);
            int y = (int) (bar.getCenterY() * scale);
            int shard = p.model().shardIndex(Diagrams.OWNERS[i]);
            assertEquals(theme.shardColor(shard), hex(image.getRGB(x, y)), "chunk " + i + " on " + Diagrams.OWNERS[i]);
        }
        assertEquals(theme.background(), hex(image.getRGB(2, 2)));
    }

    @Test
    void the_export_of_a_hashed_key_shows_the_value_line_above_the_number_line_as_the_window_does() throws IOException {
        // given a hashed layout with the stream's values before hashing
        DiagramData data = Diagrams.hashedWithValueLine();
        Theme theme = Theme.light();
        DiagramPainter p = new DiagramPainter(data, DiagramOptions.defaults(View.LANES));
        ExportSize size = new ExportSize(1200, 0, 1);

        // when it is exported
        BufferedImage image = export(p, size);

        // then each value range is drawn in its shard's colour in a bar above the number line's
        DiagramPainter.Layout l = p.layout(Diagrams.scratch(), 1200, DiagramExporter.heightFor(p, size), 1);
        Rectangle2D values = l.valueBar();
        assertTrue(values.getHeight() > 0 && values.getMaxY() < l.bar().getY(), "value line above the number line");
        double rangeWidth = values.getWidth() / Diagrams.VALUE_OWNERS.length;
        for (int i = 0; i < Diagrams.VALUE_OWNERS.length; i++) {
            int x = (int) (values.getX() + (i + 0.5) * rangeWidth);
            int shard = p.model().shardIndex(Diagrams.VALUE_OWNERS[i]);
            assertEquals(
                    theme.shardColor(shard),
                    hex(image.getRGB(x, (int) values.getCenterY())),
                    "values range " + i + " on " + Diagrams.VALUE_OWNERS[i]);
        }
    }

    @Test
    void a_million_pixels_worth_of_chunks_are_drawn_column_by_column_in_the_majority_colour() throws IOException {
        SplittableRandom random = new SplittableRandom(9);
        ClusterSnapshot s = Layouts.random(random, 20_000, 5, 0);
        DiagramData data = DiagramData.of(LayoutData.of(s));
        Theme theme = Theme.light();
        DiagramPainter p = new DiagramPainter(data, DiagramOptions.defaults(View.NUMBER_LINE));
        for (double scale : new double[] {1, 2}) {
            ExportSize size = new ExportSize(800, 0, scale);
            BufferedImage image = export(p, size);
            DiagramPainter.Layout layout = p.layout(Diagrams.scratch(), 800, DiagramExporter.heightFor(p, size), scale);
            int columns = (int) Math.round(layout.lineWidth() * scale);
            NumberLineFrame frame = NumberLineFrame.compute(
                    p.model(), Viewport.FULL, layout.lineWidth(), columns, null, KeyLabelFormat.standard());
            int x0 = (int) Math.round(layout.lineX() * scale);
            int y = (int) (layout.bar().getCenterY() * scale);
            int mismatches = 0;
            for (int c = 0; c < columns; c++) {
                if (!theme.shardColor(frame.shard(c)).equals(hex(image.getRGB(x0 + c, y)))) {
                    mismatches++;
                }
            }
            assertEquals(0, mismatches, "columns not in their majority shard's colour at scale " + scale);
            assertTrue(frame.anyMixed());
            int strip = (int) ((layout.bar().getMaxY() + 3) * scale);
            assertEquals(theme.mixed(), hex(image.getRGB(x0 + columns / 2, strip)), "the mixed-column strip");
        }
    }

    @Test
    void jumbo_chunks_are_striped_and_marked_above_the_bar() throws IOException {
        Theme theme = Theme.light();
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(Set.of(4), List.of()), DiagramOptions.defaults(View.NUMBER_LINE));
        BufferedImage image = export(p, new ExportSize(1200, 0, 1));
        Rectangle2D bar =
                p.layout(Diagrams.scratch(), 1200, image.getHeight(), 1).bar();
        double w = bar.getWidth() / 12;
        int jumboPixels = 0;
        int shardPixels = 0;
        Color jumbo = ThemeColors.decode(theme.jumbo());
        for (int x = (int) (bar.getX() + 4 * w + 2); x < bar.getX() + 5 * w - 2; x++) {
            for (int y = (int) bar.getY() + 2; y < bar.getMaxY() - 2; y++) {
                Color c = new Color(image.getRGB(x, y));
                if (close(c, jumbo)) {
                    jumboPixels++;
                } else if (hex(image.getRGB(x, y))
                        .equals(theme.shardColor(p.model().shardIndex(Diagrams.OWNERS[4])))) {
                    shardPixels++;
                }
            }
        }
        assertTrue(jumboPixels > 50 && shardPixels > 50, jumboPixels + " stripe and " + shardPixels + " shard pixels");
        int markY = (int) bar.getY() - 4;
        assertEquals(theme.jumbo(), hex(image.getRGB((int) (bar.getX() + 4.5 * w), markY)));
        assertEquals(theme.background(), hex(image.getRGB((int) (bar.getX() + 2.5 * w), markY)));
    }

    @Test
    void a_shard_highlight_dims_the_other_shards_chunks() throws IOException {
        Theme theme = Theme.light();
        ThemeColors colors = new ThemeColors(theme);
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(),
                DiagramOptions.defaults(View.NUMBER_LINE).withHighlight(new Highlight.Shards(Set.of("shard02"))));
        BufferedImage image = export(p, new ExportSize(1200, 0, 1));
        Rectangle2D bar =
                p.layout(Diagrams.scratch(), 1200, image.getHeight(), 1).bar();
        double w = bar.getWidth() / 12;
        for (int i = 0; i < 12; i++) {
            int shard = p.model().shardIndex(Diagrams.OWNERS[i]);
            String expected = Diagrams.OWNERS[i].equals("shard02")
                    ? theme.shardColor(shard)
                    : hex(colors.dimmedShard(shard).getRGB());
            assertEquals(
                    expected,
                    hex(image.getRGB((int) (bar.getX() + (i + 0.5) * w), (int) bar.getCenterY())),
                    "chunk " + i);
        }
    }

    private static boolean close(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed())
                        + Math.abs(a.getGreen() - b.getGreen())
                        + Math.abs(a.getBlue() - b.getBlue())
                < 40;
    }

    static String hex(int rgb) {
        return String.format("#%06X", rgb & 0xFFFFFF);
    }
}

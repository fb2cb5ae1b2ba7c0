package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A comparison's export: two whole diagrams stacked in one picture, each under its caption. */
class StackedDiagramsTest {

    private static DiagramPainter captioned(String caption) {
        return new DiagramPainter(
                Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES).withTitle(caption));
    }

    private final StackedDiagrams stack = new StackedDiagrams(
            "Side by side",
            List.of(
                    captioned("MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards"),
                    captioned("MongoDB 8.0 · { counter: 1 } · 1 MB chunks · 3 shards")));

    @Test
    void itWantsTheHeightOfBothDiagramsOneAboveTheOther() {
        double one = Math.ceil(stack.diagrams().get(0).preferredHeight(Diagrams.scratch(), 1200, 1));
        assertEquals(2 * one, stack.preferredHeight(Diagrams.scratch(), 1200, 1));
        BufferedImage png = new PngExporter().render(stack, new ExportSize(1200, 0, 1));
        assertEquals((int) (2 * one), png.getHeight());
    }

    @Test
    void eachSideIsDrawnUnderItsOwnCaptionAsText() {
        String svg = new SvgExporter().render(stack, new ExportSize(1200, 0, 1));
        int five = svg.indexOf("MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards");
        int eight = svg.indexOf("MongoDB 8.0 · { counter: 1 } · 1 MB chunks · 3 shards");
        assertTrue(five >= 0 && eight > five, "both captions, the first side first");
    }

    @Test
    void aGivenHeightIsSharedAndEachSideFitsItsShareByDroppingDetail() {
        double wanted = stack.preferredHeight(Diagrams.scratch(), 1200, 1);
        BufferedImage png = new PngExporter().render(stack, new ExportSize(1200, (int) (wanted * 0.96), 1));
        assertEquals((int) (wanted * 0.96), png.getHeight());

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new PngExporter().render(stack, new ExportSize(1200, 600, 1)));
        assertEquals(
                "height: 600 px is too small for 2 diagrams stacked (the first gets 300 px): height: 300 px is "
                        + "too small for the lanes view of test.c; it needs at least 440 px",
                e.getMessage());
    }

    /** The twelve chunks with {@code windows} windows of 10 s, each shard writing {@code perWindow} a window. */
    private static DiagramPainter withWrites(String caption, int windows, long perWindow) {
        DiagramData d = Diagrams.twelveChunks();
        long[][] writes = new long[4][windows];
        for (long[] row : writes) {
            java.util.Arrays.fill(row, perWindow);
        }
        DiagramData data = new DiagramData(
                d.layout(),
                java.util.Optional.of(
                        new WriteSeries(List.of("shard01", "shard02", "shard03", "shard04"), 0, 10_000, writes)),
                d.heatmap());
        return new DiagramPainter(data, DiagramOptions.defaults(View.ALL).withTitle(caption));
    }

    /**
     * What the writes chart of the diagram in {@code share} painted: {@code [plot left, plot right, line end]},
     * the x of the first and last pixel of the plot's background on a row just above its zero line, and of the
     * rightmost pixel of a shard's line.
     */
    private static int[] writesPlot(BufferedImage png, DiagramPainter diagram, java.awt.geom.Rectangle2D share) {
        java.awt.geom.Rectangle2D chart = diagram.layout(Diagrams.scratch(), share.getWidth(), share.getHeight(), 1)
                .writesChart();
        ThemeColors colors = new ThemeColors(Theme.light());
        int surface = colors.surface().getRGB();
        int top = (int) Math.ceil(share.getY() + chart.getY() + 8);
        int bottom = (int) Math.floor(share.getY() + chart.getMaxY() - WritesChartPainter.BOTTOM_LABELS);
        int row = bottom - 4;
        int left = -1;
        int right = -1;
        for (int x = (int) chart.getX(); x < chart.getMaxX(); x++) {
            if (png.getRGB(x, row) == surface) {
                left = left < 0 ? x : left;
                right = x;
            }
        }
        int lineEnd = -1;
        java.util.Set<Integer> shardColors = new java.util.HashSet<>();
        for (int s = 0; s < 4; s++) {
            shardColors.add(colors.shard(s).getRGB());
        }
        for (int y = top; y < bottom; y++) {
            for (int x = left; x <= right; x++) {
                if (shardColors.contains(png.getRGB(x, y))) {
                    lineEnd = Math.max(lineEnd, x);
                }
            }
        }
        return new int[] {left, right, lineEnd};
    }

    @Test
    void theTwoWritesChartsShareOneTimeAxisAsTheComparisonWindowDrawsThem() {
        // given a short quiet side (2 minutes, 9 writes a window) over a long busy one (5 minutes, 250k a window):
        // alone, their y labels differ in width and their x axes in span
        DiagramPainter quiet = withWrites("quiet", 12, 9);
        DiagramPainter busy = withWrites("busy", 30, 250_000);
        StackedDiagrams pair = new StackedDiagrams("Side by side", List.of(quiet, busy));
        BufferedImage png = new PngExporter().render(pair, new ExportSize(1600, 0, 1));
        List<java.awt.geom.Rectangle2D> shares = pair.bounds(Diagrams.scratch(), 1600, png.getHeight(), 1);

        int[] top = writesPlot(png, quiet, shares.get(0));
        int[] bottom = writesPlot(png, busy, shares.get(1));

        assertEquals(bottom[0], top[0], "both plots start at the same x: one y-label gutter, the wider");
        assertEquals(bottom[1], top[1], "and end at the same x");
        double width = top[1] - top[0];
        assertTrue(
                bottom[2] > top[0] + 0.95 * width, "the 5 minutes fill the plot: " + java.util.Arrays.toString(bottom));
        assertTrue(
                top[2] < top[0] + 0.41 * width && top[2] > top[0] + 0.35 * width,
                "the 2 minutes end at 2/5 of it, on the same time scale: " + java.util.Arrays.toString(top));
        assertEquals(
                300_000,
                pair.writesAxis(Diagrams.scratch(), 1600, png.getHeight(), 1)
                        .orElseThrow()
                        .spanMillis());

        // whereas painted alone each keeps its own axis
        BufferedImage alone = new PngExporter()
                .render(quiet, new ExportSize(1600, (int) shares.get(0).getHeight(), 1));
        int[] quietAlone = writesPlot(
                alone,
                quiet,
                new java.awt.geom.Rectangle2D.Double(0, 0, 1600, shares.get(0).getHeight()));
        assertTrue(quietAlone[0] < top[0], "alone its y labels are narrower: " + quietAlone[0] + " vs " + top[0]);
        assertTrue(quietAlone[2] > quietAlone[0] + 0.95 * (quietAlone[1] - quietAlone[0]), "and its 2 minutes fill it");
    }

    @Test
    void aStackOfOneIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new StackedDiagrams("One", List.of(captioned("alone"))));
        assertEquals("diagrams: a stack needs at least two, got 1", e.getMessage());
    }
}

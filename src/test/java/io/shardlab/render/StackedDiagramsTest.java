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
        return new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES).withTitle(caption));
    }

    private final StackedDiagrams stack = new StackedDiagrams("Side by side", List.of(
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

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PngExporter().render(stack, new ExportSize(1200, 600, 1)));
        assertEquals("height: 600 px is too small for 2 diagrams stacked (the first gets 300 px): height: 300 px is "
                + "too small for the lanes view of test.c; it needs at least 440 px", e.getMessage());
    }

    @Test
    void aStackOfOneIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StackedDiagrams("One", List.of(captioned("alone"))));
        assertEquals("diagrams: a stack needs at least two, got 1", e.getMessage());
    }
}

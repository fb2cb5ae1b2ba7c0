package io.shardlab.render;

import java.awt.Graphics2D;

/**
 * Something the exporters ({@link DiagramExporter}) write to PNG, SVG or PDF: it measures itself and
 * paints onto any Graphics2D, in logical pixels. One explorer's diagram ({@link DiagramPainter}), two
 * stacked with their captions ({@link StackedDiagrams}, a side-by-side comparison), or the advisor's
 * comparison ({@link CandidateComparisonPainter}).
 */
public interface Picture {

    /** The height it needs at {@code width} logical pixels and {@code density} device pixels per logical one. */
    double preferredHeight(Graphics2D g, double width, double density);

    /**
     * Paints into {@code [0, width] × [0, height]}.
     *
     * @throws IllegalArgumentException naming the size when it cannot hold the picture
     */
    void draw(Graphics2D g, double width, double height, double density);

    /** The title, for a PDF's document information. */
    String title();
}

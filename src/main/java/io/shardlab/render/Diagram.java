package io.shardlab.render;

import java.awt.Graphics2D;

/**
 * Something an exporter can draw onto any Graphics2D: one explorer's diagram ({@link DiagramPainter}) or two
 * of them stacked with their captions ({@link StackedDiagrams}, a side-by-side comparison).
 */
public interface Diagram {

    /** The title a file carries (a PDF's document title). */
    String title();

    /** The height it wants at {@code width} when painted at {@code density} device pixels per pixel. */
    double preferredHeight(Graphics2D g, double width, double density);

    /**
     * Paints into {@code [0, width] × [0, height]} (logical pixels).
     *
     * @throws IllegalArgumentException naming the size when it cannot hold the diagram
     */
    void draw(Graphics2D g, double width, double height, double density);
}

package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a painted diagram in one file format. Implementations paint with the same {@link DiagramPainter}
 * onto their own Graphics2D and need no display ({@code java.awt.headless=true} works).
 */
public interface DiagramExporter {

    /** Paints {@code painter} at {@code size} and writes the file to {@code out} (not closed). */
    void write(Picture painter, ExportSize size, OutputStream out) throws IOException;

    /** The exporter for {@code format}. */
    static DiagramExporter of(ExportFormat format) {
        return switch (format) {
            case PNG -> new PngExporter();
            case SVG -> new SvgExporter();
            case PDF -> new PdfExporter();
        };
    }

    /** The logical height to draw at: the size's, or the painter's preferred height at the size's width. */
    static int heightFor(Picture painter, ExportSize size) {
        if (!size.automaticHeight()) {
            return size.height();
        }
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            return (int) Math.ceil(painter.preferredHeight(g, size.width(), size.scale()));
        } finally {
            g.dispose();
        }
    }
}

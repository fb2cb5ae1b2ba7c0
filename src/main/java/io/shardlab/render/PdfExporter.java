package io.shardlab.render;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStream;
import org.jfree.pdf.PDFDocument;
import org.jfree.pdf.PDFGraphics2D;
import org.jfree.pdf.PDFHints;
import org.jfree.pdf.Page;

/**
 * PDF through JFreePDF: one page of {@code width × height} points, text drawn as PDF text in the standard
 * Helvetica family (JFreePDF maps the logical SansSerif font to it), so it stays selectable and searchable.
 */
public final class PdfExporter implements DiagramExporter {

    /** The PDF file's bytes. */
    public byte[] render(DiagramPainter painter, ExportSize size) {
        int height = DiagramExporter.heightFor(painter, size);
        PDFDocument pdf = new PDFDocument();
        pdf.setTitle(painter.title());
        pdf.setAuthor("ShardLab");
        Page page = pdf.createPage(new Rectangle(0, 0, size.width(), height));
        PDFGraphics2D g = page.getGraphics2D();
        g.setRenderingHint(PDFHints.KEY_DRAW_STRING_TYPE, PDFHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        painter.paint(g, size.width(), height, 1);
        return pdf.getPDFBytes();
    }

    @Override
    public void write(DiagramPainter painter, ExportSize size, OutputStream out) throws IOException {
        out.write(render(painter, size));
    }
}

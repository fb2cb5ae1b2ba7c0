package io.shardlab.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.SVGUnits;
import org.jfree.svg.ViewBox;

/**
 * SVG through JFreeSVG, with text drawn as {@code <text>} elements (so titles, labels and the legend stay
 * selectable, searchable and editable), a viewBox of {@code width × height} and width/height attributes
 * multiplied by the scale.
 */
public final class SvgExporter implements DiagramExporter {

    /** The SVG document as text, starting with the XML declaration. */
    public String render(DiagramPainter painter, ExportSize size) {
        int height = DiagramExporter.heightFor(painter, size);
        double w = size.width() * size.scale();
        double h = height * size.scale();
        SVGGraphics2D g = new SVGGraphics2D(w, h, SVGUnits.PX);
        g.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        g.setGeomDoubleConverter(SvgExporter::twoDecimals);
        g.setTransformDoubleConverter(SvgExporter::twoDecimals);
        painter.paint(g, size.width(), height, 1);
        String element = g.getSVGElement(null, true, new ViewBox(0, 0, size.width(), height), null, null);
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n";
    }

    /** Coordinates with at most two decimals (a hundredth of a pixel), trailing zeros dropped. */
    static String twoDecimals(double d) {
        long hundredths = Math.round(d * 100);
        if (hundredths % 100 == 0) {
            return Long.toString(hundredths / 100);
        }
        return java.math.BigDecimal.valueOf(hundredths, 2).stripTrailingZeros().toPlainString();
    }

    @Override
    public void write(DiagramPainter painter, ExportSize size, OutputStream out) throws IOException {
        out.write(render(painter, size).getBytes(StandardCharsets.UTF_8));
    }
}

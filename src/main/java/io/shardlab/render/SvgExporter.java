package io.shardlab.render;

import java.awt.Dimension;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.batik.svggen.SVGCSSStyler;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * SVG through Apache Batik's SVG generator, with text drawn as {@code <text>} elements (so titles, labels and the
 * legend stay selectable, searchable and editable), a viewBox of {@code width × height}, width/height attributes
 * multiplied by the scale, and coordinates with at most two decimals (a hundredth of a pixel). The same diagram
 * gives the same bytes.
 */
public final class SvgExporter implements DiagramExporter {

    private static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg"; // untranslated: an XML namespace

    /** The CJK font's family, then the common Simplified Chinese sans-serif families of the platforms. */
    static final String CJK_FAMILIES = String.join(
            ", ",
            "'" + CjkFont.FAMILY + "'",
            "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei'", // untranslated: fonts
            "sans-serif");

    /** The SVG document as text, starting with the XML declaration. */
    public String render(Picture painter, ExportSize size) {
        int height = DiagramExporter.heightFor(painter, size);
        SVGGraphics2D g = newGraphics();
        painter.draw(g, size.width(), height, 1);
        return document(g, size.width(), height, size.scale());
    }

    /** A Batik graphics that keeps text as text, on a fresh DOM document. */
    static SVGGraphics2D newGraphics() {
        Document dom;
        try {
            dom = DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .getDOMImplementation()
                    .createDocument(SVG_NAMESPACE, "svg", null);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("this Java runtime has no XML document builder", e);
        }
        SVGGeneratorContext context = SVGGeneratorContext.createDefault(dom);
        context.setPrecision(2);
        context.setComment(null);
        context.setEmbeddedFontsOn(false);
        return new SVGGraphics2D(context, false);
    }

    /**
     * The drawing on {@code g} as an SVG document of {@code width × height} logical pixels, shown at
     * {@code scale} times that size.
     */
    static String document(SVGGraphics2D g, int width, int height, double scale) {
        g.setSVGCanvasSize(new Dimension(width, height));
        Element root = g.getRoot();
        root.setAttribute("width", twoDecimals(width * scale));
        root.setAttribute("height", twoDecimals(height * scale));
        root.setAttribute("viewBox", "0 0 " + width + " " + height);
        root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns", SVG_NAMESPACE); // untranslated: an XML namespace
        withCjkFallbacks(root);
        // presentation attributes into style="…", as Batik's own stream does; then the JDK's serializer, which
        // (unlike Batik's) writes no DOCTYPE and no line breaks inside tags
        SVGCSSStyler.style(root);
        StringWriter out = new StringWriter();
        try {
            Transformer xml = TransformerFactory.newInstance().newTransformer();
            xml.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            xml.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            xml.transform(new DOMSource(root), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("the SVG document could not be serialized: " + e.getMessage(), e);
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + out + "\n"; // untranslated: the XML declaration
    }

    /**
     * Where Batik names the {@link CjkFont}'s family, the families a viewer may have instead, ending in the
     * generic {@code sans-serif}: the SVG refers to the font by name and does not embed it (Batik embeds only
     * SVG fonts, which browsers no longer draw).
     */
    private static void withCjkFallbacks(Element root) {
        NodeList all = root.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element element = (Element) all.item(i);
            if (element.getAttribute("font-family").contains(CjkFont.FAMILY)) {
                element.setAttribute("font-family", CJK_FAMILIES);
            }
        }
    }

    @Override
    public void write(Picture painter, ExportSize size, OutputStream out) throws IOException {
        out.write(render(painter, size).getBytes(StandardCharsets.UTF_8));
    }

    /** Coordinates with at most two decimals (a hundredth of a pixel), trailing zeros dropped. */
    static String twoDecimals(double d) {
        long hundredths = Math.round(d * 100);
        if (hundredths % 100 == 0) {
            return Long.toString(hundredths / 100);
        }
        return BigDecimal.valueOf(hundredths, 2).stripTrailingZeros().toPlainString();
    }
}

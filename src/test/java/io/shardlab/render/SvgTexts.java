package io.shardlab.render;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** A picture exported as SVG read back for the tests: its document (no DOCTYPE allowed) and its texts in order. */
final class SvgTexts {

    private SvgTexts() {}

    /** The SVG document in {@code svg}'s bytes. */
    static Document parse(byte[] svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    /** Every {@code <text>} of {@code svg}, in document order. */
    static List<String> of(Document svg) {
        NodeList nodes = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    /** The texts of {@code picture} exported as SVG 1,400 px wide, its own height. */
    static List<String> of(Picture picture) throws Exception {
        String svg = new SvgExporter().render(picture, new ExportSize(1400, 0, 1));
        return of(parse(svg.getBytes(StandardCharsets.UTF_8)));
    }
}

package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ZoneRange;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A diagram exported in 简体中文: ShardLab's own words come from the {@code render} bundle in Chinese, and every
 * CJK character is drawn in the bundled {@link CjkFont}: embedded (as a subset) in the PDF, named first in the
 * SVG's font families, and the font the PNG's glyphs are drawn with. No tofu.
 */
class ChineseExportsTest {

    private static final Messages CHINESE = Messages.of(Language.SIMPLIFIED_CHINESE);

    private static DiagramPainter chineseDiagram(View view) {
        return new DiagramPainter(
                Diagrams.twelveChunks(Set.of(3), List.of(new ZoneRange(Layouts.key(200), Layouts.key(500), "EU"))),
                DiagramOptions.defaults(view).withLanguage(Language.SIMPLIFIED_CHINESE));
    }

    /** The Chinese words ShardLab writes on the whole diagram, from the bundle. */
    private static List<String> bundleWords() {
        return List.of(
                CHINESE.text("render.title", "test.c"),
                CHINESE.text("render.line.ranged"),
                CHINESE.text("render.lanes.heading"),
                CHINESE.text("render.writes.heading"),
                CHINESE.text("render.heatmap.heading"),
                CHINESE.text("render.legend.jumbo"),
                CHINESE.text("render.legend.zone"),
                CHINESE.text("render.lanes.documents"));
    }

    @Test
    void the_pdf_text_extracts_back_to_the_bundles_chinese_words_in_an_embedded_subset_of_the_cjk_font()
            throws Exception {
        // given a diagram in Chinese
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PdfExporter().write(chineseDiagram(View.ALL), new ExportSize(1400, 0, 1), out);

        try (PDDocument pdf = Loader.loadPDF(out.toByteArray())) {
            // then a reader extracts the bundle's words
            String text = new PDFTextStripper().getText(pdf);
            for (String words : bundleWords()) {
                assertTrue(text.contains(words), words + " is not text in the PDF: " + text);
            }
            assertTrue(text.contains(CHINESE.text("render.subtitle.chunksOnShards", 12, 4)), text);
            // and the CJK font is in the file, as a subset
            List<PDFont> fonts = fonts(pdf.getPage(0).getResources());
            List<PDFont> cjk = fonts.stream()
                    .filter(font -> font.getName().endsWith("+DroidSansFallback"))
                    .toList();
            assertFalse(cjk.isEmpty(), "no Droid Sans Fallback subset among " + fonts);
            assertTrue(cjk.stream().allMatch(PDFont::isEmbedded), "the CJK font is embedded");
        }
    }

    /** The fonts of a page's resources and of the forms it draws (the Graphics2D adapter draws into a form). */
    private static List<PDFont> fonts(PDResources resources) throws IOException {
        List<PDFont> fonts = new ArrayList<>();
        for (COSName name : resources.getFontNames()) {
            fonts.add(resources.getFont(name));
        }
        for (COSName name : resources.getXObjectNames()) {
            if (resources.getXObject(name) instanceof PDFormXObject form && form.getResources() != null) {
                fonts.addAll(fonts(form.getResources()));
            }
        }
        return fonts;
    }

    @Test
    void the_svg_names_the_cjk_font_first_for_every_text_that_holds_chinese() throws Exception {
        // given a diagram in Chinese, as SVG
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SvgExporter().write(chineseDiagram(View.ALL), new ExportSize(1400, 0, 1), out);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document svg = factory.newDocumentBuilder().parse(new ByteArrayInputStream(out.toByteArray()));

        // then every text element with a CJK character is set in the CJK font, with fallbacks after it
        NodeList texts = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> chinese = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            Element text = (Element) texts.item(i);
            if (CjkFont.isNeededFor(text.getTextContent())) {
                chinese.add(text.getTextContent());
                String family = fontFamily(text);
                assertTrue(
                        family.startsWith("'" + CjkFont.FAMILY + "'") && family.endsWith("sans-serif"),
                        text.getTextContent() + " is set in " + family);
            }
        }
        assertTrue(chinese.contains(CHINESE.text("render.lanes.heading")), "the lanes' heading: " + chinese);
        assertTrue(chinese.contains(CHINESE.text("render.legend.jumbo")), "a legend entry: " + chinese);
        assertEquals(SvgExporter.CJK_FAMILIES, fontFamily(firstText(texts, CHINESE.text("render.legend.zone"))));
    }

    private static Element firstText(NodeList texts, String content) {
        for (int i = 0; i < texts.getLength(); i++) {
            if (texts.item(i).getTextContent().equals(content)) {
                return (Element) texts.item(i);
            }
        }
        throw new AssertionError("no text element reads " + content);
    }

    /** The font-family in effect on an element: its own style's or its nearest ancestor's. */
    private static String fontFamily(Element element) {
        for (Node n = element; n instanceof Element e; n = n.getParentNode()) {
            for (String declaration : e.getAttribute("style").split(";")) {
                String[] property = declaration.split(":", 2);
                if (property.length == 2 && property[0].strip().equals("font-family")) {
                    return property[1].strip();
                }
            }
        }
        return "";
    }

    /** A Graphics2D that notes every text drawn and the font it is drawn in. */
    private static final class NotingGraphics extends SVGGraphics2D {
        record Drawn(String text, Font font) {}

        final List<Drawn> drawn;

        NotingGraphics(SVGGraphics2D base, List<Drawn> drawn) {
            super(base);
            this.drawn = drawn;
        }

        @Override
        public void drawString(String text, float x, float y) {
            drawn.add(new Drawn(text, getFont()));
            super.drawString(text, x, y);
        }
    }

    @Test
    void every_chinese_glyph_is_drawn_in_a_font_that_has_it() {
        // given the pen every painter draws with (PNG, SVG, PDF and the window alike), noting what it draws
        List<NotingGraphics.Drawn> drawn = new ArrayList<>();
        NotingGraphics g = new NotingGraphics(SvgExporter.newGraphics(), drawn);

        // when a Chinese diagram is painted
        chineseDiagram(View.ALL).draw(g, 1400, 1100, 1);

        // then each run of text holding CJK is drawn in the CJK font, which displays all of it
        List<NotingGraphics.Drawn> chinese =
                drawn.stream().filter(d -> CjkFont.isNeededFor(d.text())).toList();
        assertFalse(chinese.isEmpty());
        for (NotingGraphics.Drawn d : chinese) {
            assertEquals(CjkFont.FAMILY, d.font().getFamily(), d.text());
            assertEquals(-1, d.font().canDisplayUpTo(d.text()), d.text() + " has a character its font lacks");
        }
        String all =
                String.join("", drawn.stream().map(NotingGraphics.Drawn::text).toList());
        assertTrue(all.contains(CHINESE.text("render.lanes.heading")), all);
    }

    @Test
    void a_png_draws_a_chinese_title_with_the_bundled_fonts_glyphs() {
        // given a diagram titled in Chinese, as pixels
        String title = "分片键的数据块";
        DiagramPainter painter = new DiagramPainter(
                Diagrams.twelveChunks(),
                DiagramOptions.defaults(View.NUMBER_LINE).withTitle(title).withLanguage(Language.SIMPLIFIED_CHINESE));
        BufferedImage image = new PngExporter().render(painter, new ExportSize(1000, 0, 1));

        // when the title is drawn alone in the bundled font, on the same background, where the diagram draws it
        BufferedImage expected = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = expected.createGraphics();
        g.setColor(new Color(image.getRGB(1, 1)));
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(new ThemeColors(Theme.light()).text());
        Font font = CjkFont.bundled().like(Typography.standard().title());
        g.setFont(font);
        g.drawString(title, (float) DiagramPainter.MARGIN, (float) (DiagramPainter.MARGIN + 26));
        g.dispose();

        // then the title's pixels are those glyphs (not a system font's, not tofu boxes)
        assertEquals(-1, font.canDisplayUpTo(title));
        int differing = 0;
        int ink = 0;
        for (int x = 0; x < 400; x++) {
            for (int y = 30; y < 75; y++) {
                differing += image.getRGB(x, y) == expected.getRGB(x, y) ? 0 : 1;
                ink += (expected.getRGB(x, y) & 0xff) < 128 ? 1 : 0;
            }
        }
        assertTrue(ink > 200, "the reference title has ink: " + ink);
        assertEquals(0, differing, "pixels of the title that differ from the bundled font's glyphs");
    }
}

package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

/**
 * Checks the PDF by reading its structure by hand (PDF 1.4, ISO 32000-1 §7.5): the header, the trailer's
 * startxref, the cross-reference table whose every in-use offset must point at "n 0 obj", the catalog's page
 * tree with its page count and media box; and its text as PDFBox's text extraction reads it.
 */
class PdfExporterTest {

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static byte[] export(DiagramPainter painter, ExportSize size) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PdfExporter().write(painter, size, out);
        return out.toByteArray();
    }

    @Test
    void the_file_has_a_valid_cross_reference_table_and_one_page_of_the_asked_size() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL));
        String pdf = latin1(export(p, new ExportSize(1400, 900, 1)));
        assertTrue(pdf.startsWith("%PDF-1."), "header");
        assertTrue(pdf.stripTrailing().endsWith("%%EOF"), "end marker");

        Matcher startxref = Pattern.compile("startxref\\s+(\\d+)\\s+%%EOF\\s*$").matcher(pdf);
        assertTrue(startxref.find(), "startxref");
        int xref = Integer.parseInt(startxref.group(1));
        assertTrue(pdf.startsWith("xref", xref), "startxref points at the xref table");
        Matcher header = Pattern.compile("xref\\s+0\\s+(\\d+)\\s+").matcher(pdf);
        assertTrue(header.find(xref) && header.start() == xref);
        int count = Integer.parseInt(header.group(1));
        Matcher entry = Pattern.compile("(\\d{10}) (\\d{5}) ([nf])\\s{1,2}").matcher(pdf);
        int at = header.end();
        int inUse = 0;
        for (int object = 0; object < count; object++) {
            assertTrue(entry.find(at) && entry.start() == at, "xref entry " + object);
            if (entry.group(3).equals("n")) {
                int offset = Integer.parseInt(entry.group(1));
                assertTrue(pdf.startsWith(object + " 0 obj", offset), "object " + object + " at " + offset);
                inUse++;
            }
            at = entry.end();
        }
        assertTrue(inUse > 4);

        Matcher root = Pattern.compile("/Root (\\d+) 0 R").matcher(pdf.substring(xref));
        assertTrue(root.find(), "trailer names the catalog");
        String catalog = object(pdf, Integer.parseInt(root.group(1)));
        assertTrue(catalog.contains("/Type /Catalog"), catalog);
        Matcher pagesRef = Pattern.compile("/Pages (\\d+) 0 R").matcher(catalog);
        assertTrue(pagesRef.find());
        String pages = object(pdf, Integer.parseInt(pagesRef.group(1)));
        assertTrue(pages.contains("/Type /Pages"), pages);
        assertTrue(pages.matches("(?s).*/Count 1\\b.*"), pages);
        Matcher kids = Pattern.compile("/Kids \\[(\\d+) 0 R\\]").matcher(pages);
        assertTrue(kids.find(), pages);
        String page = object(pdf, Integer.parseInt(kids.group(1)));
        assertTrue(page.contains("/Type /Page"), page);
        assertTrue(page.matches("(?s).*/MediaBox \\[0\\.?0* 0\\.?0* 1400\\.?0* 900\\.?0*\\].*"), page);
    }

    @Test
    void shard_names_title_labels_and_the_subtitle_are_pdf_text_that_a_reader_extracts() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES));
        String text = extractedText(export(p, new ExportSize(1400, 0, 1)));
        for (String word :
                List.of("shard01", "shard02", "shard03", "shard04", "Chunks of test.c", "MinKey", "MaxKey", "HOT")) {
            assertTrue(text.contains(word), word + " is not text in the PDF: " + text);
        }
        assertTrue(text.contains("shard key { x: 1 }  ·  12 chunks on 4 shards"), "the subtitle with its middle dots");
    }

    @Test
    void characters_outside_the_standard_fonts_stay_text() throws Exception {
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(),
                DiagramOptions.defaults(View.NUMBER_LINE).withTitle("Zürich → Ωmega"));
        assertTrue(extractedText(export(p, new ExportSize(1000, 0, 1))).contains("Zürich → Ωmega"));
    }

    @Test
    void the_same_diagram_gives_the_same_bytes() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.ALL));
        byte[] first = export(p, new ExportSize(1200, 0, 1));
        Thread.sleep(5);
        assertArrayEquals(first, export(p, new ExportSize(1200, 0, 1)));
    }

    /** The text a PDF reader extracts from the file, as a user's search or copy would get it. */
    private static String extractedText(byte[] pdf) throws java.io.IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document);
        }
    }

    private static String object(String pdf, int number) {
        int start = pdf.indexOf("\n" + number + " 0 obj");
        start = start < 0 ? pdf.indexOf(number + " 0 obj") : start + 1;
        int end = pdf.indexOf("endobj", start);
        return pdf.substring(start, end);
    }

    @Test
    void the_pdf_document_title_is_the_diagram_title() throws Exception {
        DiagramPainter p = new DiagramPainter(
                Diagrams.twelveChunks(),
                DiagramOptions.defaults(View.NUMBER_LINE).withTitle("Orders by customer"));
        String pdf = latin1(export(p, new ExportSize(1000, 0, 1)));
        assertTrue(pdf.contains("/Title (Orders by customer)"));
    }
}

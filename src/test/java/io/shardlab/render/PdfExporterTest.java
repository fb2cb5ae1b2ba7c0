package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/**
 * Checks the PDF by reading its structure by hand (PDF 1.4, ISO 32000-1 §7.5): the header, the trailer's
 * startxref, the cross-reference table whose every in-use offset must point at "n 0 obj", the catalog's page
 * tree with its page count and media box, and the text operators in the page's content stream.
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
    void shard_names_title_and_labels_are_pdf_text() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(), DiagramOptions.defaults(View.LANES));
        String content = contentStreams(export(p, new ExportSize(1400, 0, 1)));
        for (String text : List.of("shard01", "shard02", "shard03", "shard04", "Chunks of test.c", "MinKey",
                "MaxKey", "HOT")) {
            assertTrue(content.contains("(" + text + ") Tj"), text + " is not a text operator");
        }
        assertTrue(content.contains("(shard key { x: 1 }  \\341  12 chunks on 4 shards) Tj"),
                "the subtitle, its middle dots as Mac OS Roman octal escapes");
    }

    /** The page content streams, inflated when Flate-encoded. */
    private static String contentStreams(byte[] pdf) throws DataFormatException {
        String text = latin1(pdf);
        StringBuilder all = new StringBuilder();
        Matcher stream = Pattern.compile("<<([^>]*?)>>\\s*stream\\r?\\n").matcher(text);
        int from = 0;
        while (stream.find(from)) {
            int start = stream.end();
            int end = text.indexOf("endstream", start);
            byte[] data = java.util.Arrays.copyOfRange(pdf, start, end);
            if (stream.group(1).contains("/FlateDecode")) {
                Inflater inflater = new Inflater();
                inflater.setInput(data);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                byte[] buffer = new byte[8192];
                while (!inflater.finished()) {
                    int n = inflater.inflate(buffer);
                    if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    out.write(buffer, 0, n);
                }
                all.append(latin1(out.toByteArray()));
            } else {
                all.append(latin1(data));
            }
            from = end;
        }
        return all.toString();
    }

    private static String object(String pdf, int number) {
        int start = pdf.indexOf("\n" + number + " 0 obj");
        start = start < 0 ? pdf.indexOf(number + " 0 obj") : start + 1;
        int end = pdf.indexOf("endobj", start);
        return pdf.substring(start, end);
    }

    @Test
    void the_pdf_document_title_is_the_diagram_title() throws Exception {
        DiagramPainter p = new DiagramPainter(Diagrams.twelveChunks(),
                DiagramOptions.defaults(View.NUMBER_LINE).withTitle("Orders by customer"));
        String pdf = latin1(export(p, new ExportSize(1000, 0, 1)));
        assertTrue(pdf.contains("/Title (Orders by customer)"));
    }
}

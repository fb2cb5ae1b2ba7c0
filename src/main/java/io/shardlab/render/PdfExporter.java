package io.shardlab.render;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawerDefaultFonts;
import java.awt.Font;
import java.awt.FontFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * PDF through Apache PDFBox and its Graphics2D adapter (de.rototor.pdfbox:graphics2d): one page of
 * {@code width × height} points. Text is drawn as PDF text, so it stays selectable and searchable: in the
 * standard Helvetica family (the logical SansSerif font maps to it, not embedded) for what WinAnsiEncoding can
 * show, and in an embedded subset of a system font the adapter finds (DejaVu Sans, Arial, …) for other
 * characters, and CJK characters (drawn in the {@link CjkFont}) in an embedded subset of that font. The same diagram gives the same bytes: the file identifier (trailer {@code /ID}, ISO 32000-1
 * §14.4) is a digest of the page and the title rather than of the clock, and no dates are written.
 */
public final class PdfExporter implements DiagramExporter {

    private static final FontMapper FONTS_FOR_WRITING = new PdfFontMapper();

    /** The PDF file's bytes. */
    public byte[] render(Picture painter, ExportSize size) {
        int height = DiagramExporter.heightFor(painter, size);
        FontMappers.set(FONTS_FOR_WRITING);
        try (PDDocument pdf = new PDDocument();
                StandardFonts fonts = new StandardFonts()) {
            PDPage page = new PDPage(new PDRectangle(size.width(), height));
            pdf.addPage(page);
            PdfBoxGraphics2D g = new PdfBoxGraphics2D(pdf, size.width(), height);
            g.setFontTextDrawer(fonts);
            painter.draw(g, size.width(), height, 1);
            g.dispose();
            try (PDPageContentStream content = new PDPageContentStream(pdf, page)) {
                content.drawForm(g.getXFormObject());
            }
            PDDocumentInformation info = pdf.getDocumentInformation();
            info.setTitle(painter.title());
            info.setAuthor("ShardLab");
            info.setCreator("ShardLab");
            byte[] id = identifier(g.getXFormObject().getContentStream().toByteArray(), painter.title());
            pdf.getDocument()
                    .getTrailer()
                    .setItem(COSName.ID, new COSArray(List.of(new COSString(id), new COSString(id))));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            // a classic cross-reference table and a plain info dictionary; content streams are still compressed
            pdf.save(out, CompressParameters.NO_COMPRESSION);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The adapter's mapping of Java's logical fonts to the standard fonts, with one font object per standard
     * font in the document (the adapter makes one per text run), and of the {@link CjkFont} to one embedded
     * subset of it (a Type 0 font with Identity-H encoding and a ToUnicode map, so CJK text extracts back).
     */
    private static final class StandardFonts extends PdfBoxGraphics2DFontTextDrawerDefaultFonts {
        private final Map<Standard14Fonts.FontName, PDFont> used = new EnumMap<>(Standard14Fonts.FontName.class);
        private PDFont cjk;

        @Override
        protected PDFont mapFont(Font font, IFontTextDrawerEnv env) throws IOException, FontFormatException {
            if (CjkFont.FAMILY.equals(font.getFamily(Locale.ROOT))) {
                if (cjk == null) {
                    try (InputStream file = CjkFont.bundled().open()) {
                        cjk = PDType0Font.load(env.getDocument(), file, true);
                    }
                }
                return cjk;
            }
            Standard14Fonts.FontName standard = mapDefaultFonts(font);
            return standard == null ? super.mapFont(font, env) : used.computeIfAbsent(standard, PDType1Font::new);
        }
    }

    private static byte[] identifier(byte[] pageContent, String title) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(pageContent);
            md5.update(title.getBytes(StandardCharsets.UTF_8));
            return md5.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java runtime has no MD5 digest", e);
        }
    }

    @Override
    public void write(Picture painter, ExportSize size, OutputStream out) throws IOException {
        out.write(render(painter, size));
    }
}

package io.shardlab.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.fontbox.FontBoxFont;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.font.CIDFontMapping;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMapping;
import org.apache.pdfbox.pdmodel.font.PDCIDSystemInfo;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;

/**
 * PDFBox's font lookup while ShardLab writes a PDF. PDFBox asks it for a font to draw each standard font
 * (Helvetica) with, which only a renderer needs: the writer takes the widths from the standard fonts' metrics
 * and never draws a glyph. PDFBox's own lookup would scan the system's fonts on first use (seconds, and a cache
 * file in the user's home) and log a warning for every text run when it finds no Helvetica; this one answers
 * with the Liberation Sans that PDFBox bundles, loaded once.
 */
final class PdfFontMapper implements FontMapper {

    private static final String BUNDLED_SANS =
            "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf"; // untranslated: a resource path

    private TrueTypeFont sans;

    private synchronized TrueTypeFont sans() {
        if (sans == null) {
            try (InputStream in = FontMapper.class.getResourceAsStream(BUNDLED_SANS)) {
                if (in == null) {
                    throw new IllegalStateException(BUNDLED_SANS + ": missing from the class path");
                }
                sans = new TTFParser().parse(new RandomAccessReadBuffer(in));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        BUNDLED_SANS + ": cannot be read", e); // untranslated: a build fault (PDFBox ships the font)
            }
        }
        return sans;
    }

    @Override
    public FontMapping<TrueTypeFont> getTrueTypeFont(String baseFont, PDFontDescriptor fontDescriptor) {
        return new FontMapping<>(sans(), false);
    }

    @Override
    public FontMapping<FontBoxFont> getFontBoxFont(String baseFont, PDFontDescriptor fontDescriptor) {
        return new FontMapping<>(sans(), false);
    }

    @Override
    public CIDFontMapping getCIDFont(String baseFont, PDFontDescriptor fontDescriptor, PDCIDSystemInfo systemInfo) {
        return new CIDFontMapping(null, sans(), false);
    }
}

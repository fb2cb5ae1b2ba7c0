package io.shardlab.render;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.Character.UnicodeBlock;
import java.lang.Character.UnicodeScript;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The CJK font ShardLab ships, Droid Sans Fallback ({@code io/shardlab/fonts/DroidSansFallbackFull.ttf},
 * Apache-2.0, see {@code SOURCES} there), and the rule for which characters are drawn in it: every Han, kana,
 * hangul or bopomofo character and the CJK and full-width punctuation ({@link #draws(int)}). Everything else keeps
 * the diagram's own font, because this font has no Latin letters or digits. Because the rule depends on the
 * characters only (not on what the machine's fonts could show), a Chinese label looks the same on screen, in PNG,
 * SVG and PDF, on any machine; the PDF embeds a subset of this font.
 *
 * <p>Immutable; the font file is read once per class loader ({@link #bundled()}).
 */
public final class CjkFont {

    /** The font file on the class path. */
    public static final String RESOURCE = "/io/shardlab/fonts/DroidSansFallbackFull.ttf"; // untranslated: a file

    /** The family name the font file declares, which SVG and JavaFX refer to it by. */
    public static final String FAMILY = "Droid Sans Fallback"; // untranslated: the font's own name

    private static final Set<UnicodeScript> CJK_SCRIPTS = Set.of(
            UnicodeScript.HAN,
            UnicodeScript.HIRAGANA,
            UnicodeScript.KATAKANA,
            UnicodeScript.HANGUL,
            UnicodeScript.BOPOMOFO);

    private static final Set<UnicodeBlock> CJK_PUNCTUATION = Set.of(
            UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION,
            UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS,
            UnicodeBlock.CJK_COMPATIBILITY_FORMS,
            UnicodeBlock.VERTICAL_FORMS);

    /** A stretch of text and the font it is drawn in. */
    public record Run(String text, Font font) {}

    private final byte[] file;
    private final Font regular;

    private CjkFont(byte[] file) {
        this.file = file;
        try {
            this.regular = Font.createFont(Font.TRUETYPE_FONT, new ByteArrayInputStream(file));
        } catch (FontFormatException | IOException e) {
            throw new IllegalStateException(RESOURCE + ": not a TrueType font", e);
        }
    }

    private static final class Bundled {
        static final CjkFont FONT = new CjkFont(read());

        private static byte[] read() {
            try (InputStream in = CjkFont.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + ": missing from the class path");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(RESOURCE + ": cannot be read", e); // untranslated: a broken build
            }
        }
    }

    /** The font ShardLab ships. */
    public static CjkFont bundled() {
        return Bundled.FONT;
    }

    /** The font file's bytes, for a PDF to embed a subset of; a fresh stream each call. */
    public InputStream open() {
        return new ByteArrayInputStream(file);
    }

    /** This font at the size and style of {@code font} (bold is synthesised: the file has one weight). */
    public Font like(Font font) {
        return regular.deriveFont(font.getStyle(), font.getSize2D());
    }

    /** Whether a code point is drawn in this font rather than the diagram's. */
    public static boolean draws(int codePoint) {
        return CJK_SCRIPTS.contains(UnicodeScript.of(codePoint))
                || CJK_PUNCTUATION.contains(UnicodeBlock.of(codePoint));
    }

    /** Whether {@code text} holds a character drawn in this font. */
    public static boolean isNeededFor(String text) {
        return text.codePoints().anyMatch(CjkFont::draws);
    }

    /**
     * {@code text} cut where it changes between CJK and other characters, each run with its font: {@code font}
     * or this font like it. One run in {@code font} when the text holds no CJK character.
     */
    public List<Run> runs(String text, Font font) {
        if (!isNeededFor(text)) {
            return List.of(new Run(text, font));
        }
        Font cjk = like(font);
        List<Run> runs = new ArrayList<>();
        int start = 0;
        boolean inCjk = false;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            boolean now = draws(codePoint);
            if (i > start && now != inCjk) {
                runs.add(new Run(text.substring(start, i), inCjk ? cjk : font));
                start = i;
            }
            inCjk = now;
            i += Character.charCount(codePoint);
        }
        if (start < text.length()) {
            runs.add(new Run(text.substring(start), inCjk ? cjk : font));
        }
        return runs;
    }
}

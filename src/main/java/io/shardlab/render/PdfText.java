package io.shardlab.render;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;

/**
 * Prepares text for JFreePDF's {@code drawString}, which copies the string unescaped into a PDF literal string
 * {@code (…) Tj}, writes the content stream as US-ASCII, and declares its standard fonts with
 * {@code /MacRomanEncoding} (JFreePDF 2.0.1, {@code GraphicsStream.drawString} and {@code Pages}). So, per
 * character: backslash and parentheses get a backslash (PDF literal string escapes); printable ASCII stays;
 * other characters become a {@code \ddd} octal escape of their Mac OS Roman code ("·", "–", "…", "é", "ü" all
 * exist there); characters Mac OS Roman lacks become "?".
 */
final class PdfText {

    private static final Charset MAC_ROMAN = Charset.isSupported("x-MacRoman") ? Charset.forName("x-MacRoman") : null;

    private PdfText() {
    }

    /** {@code text} escaped for a JFreePDF text operator. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        CharsetEncoder encoder = MAC_ROMAN == null ? null : MAC_ROMAN.newEncoder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' || c == '(' || c == ')') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7F) {
                out.append(c);
            } else {
                int code = macRoman(encoder, c);
                if (code < 0) {
                    out.append('?');
                } else {
                    out.append('\\').append(String.format("%03o", code));
                }
            }
        }
        return out.toString();
    }

    private static int macRoman(CharsetEncoder encoder, char c) {
        if (encoder == null || Character.isSurrogate(c) || !encoder.canEncode(c)) {
            return -1;
        }
        try {
            ByteBuffer b = encoder.encode(CharBuffer.wrap(new char[] {c}));
            return b.remaining() == 1 ? b.get() & 0xFF : -1;
        } catch (CharacterCodingException e) {
            return -1;
        }
    }
}

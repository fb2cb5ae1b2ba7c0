package io.shardlab.files;

import io.shardlab.text.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * UTF-8 text that names the byte offset and line of the first byte that is not UTF-8, and refuses a
 * line longer than its limit before it is held in memory. Not thread-safe.
 */
final class Utf8Text extends Reader {

    private final InputStream in;
    private final String source;
    private final int maxLineChars;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
    private final CharBuffer chars = CharBuffer.allocate(1 << 16).flip();
    /** Bytes decoded so far: the offset of {@code bytes.position()} in the text. */
    private long decoded;

    private long line = 1;
    private long lineLength;
    private boolean endOfInput;
    private boolean flushed;

    Utf8Text(InputStream in, String source, int maxLineChars) {
        if (maxLineChars < 1) {
            throw new IllegalArgumentException(
                    "maxLineChars: at least 1, got " + maxLineChars); // untranslated: a developer's contract
        }
        this.in = in;
        this.source = source;
        this.maxLineChars = maxLineChars;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        int n = Math.min(length, chars.remaining());
        chars.get(buffer, offset, n);
        for (int i = offset; i < offset + n; i++) {
            if (buffer[i] == '\n') {
                line++;
                lineLength = 0;
            } else if (++lineLength > maxLineChars) {
                throw new FileException(Message.of("files.lineTooLong", source, line, maxLineChars));
            }
        }
        return n;
    }

    /** Decodes more characters into {@code chars}; false at the end of the text. */
    private boolean fill() throws IOException {
        if (flushed) {
            return false;
        }
        chars.clear();
        while (true) {
            int before = bytes.position();
            CoderResult result = decoder.decode(bytes, chars, endOfInput);
            decoded += bytes.position() - before;
            if (result.isError() && chars.position() == 0) {
                throw new FileException(Message.of(
                        source.toLowerCase(Locale.ROOT).endsWith(".gz")
                                ? "files.notUtf8.uncompressed"
                                : "files.notUtf8",
                        source,
                        decoded,
                        line));
            }
            // the text before a bad byte is delivered first; the next fill stops at the bad byte
            if (chars.position() > 0) {
                chars.flip();
                return true;
            }
            if (endOfInput) {
                if (!flushed) {
                    flushed = true;
                    decoder.flush(chars);
                }
                chars.flip();
                return chars.hasRemaining();
            }
            bytes.compact();
            int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
            if (n < 0) {
                endOfInput = true;
            } else {
                bytes.position(bytes.position() + n);
            }
            bytes.flip();
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}

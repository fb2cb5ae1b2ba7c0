package io.shardlab.workload;

import io.shardlab.text.Message;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the records of a CSV text one at a time, as RFC 4180 defines them: fields separated by
 * commas, records by CRLF (a bare LF or CR is accepted too), a field may be enclosed in double
 * quotes and then may contain commas, line breaks and doubled quotes ({@code ""} for one quote).
 * A quote inside an unquoted field, text after a closing quote, and a quote left open at the end
 * of the input are errors, reported with the line. Lines that are entirely empty are skipped. A
 * byte-order mark at the start is ignored.
 *
 * <p>Streaming: holds one record at a time. Not thread-safe.
 */
public final class CsvRecordReader implements AutoCloseable {

    private static final int EOF = -1;

    private final Reader in;
    private final String source;
    private final char[] buffer = new char[8192];
    private int length;
    private int index;
    private int pushback = Integer.MIN_VALUE;
    private long line = 1;
    private long recordLine;
    private boolean started;

    /**
     * @param in the text; closed by {@link #close()}
     * @param source the file name, for messages
     */
    public CsvRecordReader(Reader in, String source) {
        this.in = in;
        this.source = source;
    }

    /** The line on which the record last returned by {@link #next()} starts (1-based). */
    public long recordLine() {
        return recordLine;
    }

    /**
     * The next record's fields, or null at the end of the input.
     *
     * @throws DatasetException on malformed quoting
     * @throws UncheckedIOException when the text cannot be read
     */
    public List<String> next() {
        if (!started) {
            started = true;
            int first = read();
            if (first != '\uFEFF' && first != EOF) {
                unread(first);
            }
        }
        int c = read();
        while (c == '\r' || c == '\n') {
            c = endOfLine(c);
            c = read();
        }
        if (c == EOF) {
            return null;
        }
        recordLine = line;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        while (true) {
            if (c == '"' && field.isEmpty()) {
                c = readQuoted(field);
            } else {
                while (c != ',' && c != '\r' && c != '\n' && c != EOF) {
                    if (c == '"') {
                        throw new DatasetException(
                                source, line, Message.of("workload.dataset.csvStrayQuote", field.toString()));
                    }
                    field.append((char) c);
                    c = read();
                }
            }
            fields.add(field.toString());
            field.setLength(0);
            if (c == ',') {
                c = read();
                continue;
            }
            if (c == '\r' || c == '\n') {
                endOfLine(c);
            }
            return fields;
        }
    }

    /** Reads a quoted field after its opening quote; returns the character after the closing quote. */
    private int readQuoted(StringBuilder field) {
        long openedOn = line;
        while (true) {
            int c = read();
            if (c == EOF) {
                throw new DatasetException(source, openedOn, Message.of("workload.dataset.csvUnclosedQuote"));
            }
            if (c == '"') {
                int after = read();
                if (after == '"') {
                    field.append('"');
                    continue;
                }
                if (after != ',' && after != '\r' && after != '\n' && after != EOF) {
                    throw new DatasetException(
                            source, line, Message.of("workload.dataset.csvAfterQuote", String.valueOf((char) after)));
                }
                return after;
            }
            if (c == '\r' || c == '\n') {
                c = endOfLine(c);
                field.append('\n');
                continue;
            }
            field.append((char) c);
        }
    }

    /** Consumes a line break starting with {@code c} (CRLF, LF or CR) and counts the line. */
    private int endOfLine(int c) {
        if (c == '\r') {
            int next = read();
            if (next != '\n') {
                unread(next);
            }
        }
        line++;
        return '\n';
    }

    private int read() {
        if (pushback != Integer.MIN_VALUE) {
            int c = pushback;
            pushback = Integer.MIN_VALUE;
            return c;
        }
        if (index == length) {
            try {
                length = in.read(buffer, 0, buffer.length);
            } catch (CharacterCodingException e) {
                throw new DatasetException(source, line, Message.of("workload.dataset.notUtf8"));
            } catch (IOException e) {
                throw new UncheckedIOException(source + ": cannot read: " + e.getMessage(), e);
            }
            index = 0;
            if (length <= 0) {
                length = 0;
                return EOF;
            }
        }
        return buffer[index++];
    }

    private void unread(int c) {
        pushback = c;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot close: " + e.getMessage(), e);
        }
    }
}

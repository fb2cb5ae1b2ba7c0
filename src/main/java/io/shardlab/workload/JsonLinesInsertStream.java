package io.shardlab.workload;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import org.bson.BsonDocument;

/**
 * Replays a JSON Lines file: one document per line, in MongoDB Extended JSON (canonical or relaxed,
 * as {@code mongoexport} writes it) or mongosh syntax, parsed by {@link BsonLiterals}. Blank lines
 * are skipped; any other line that is not exactly one document is an error naming the line. A
 * byte-order mark at the start is ignored. Streams the file; at most {@code limit} documents.
 */
public final class JsonLinesInsertStream extends DatasetInsertStream {

    private final String source;
    private final BufferedReader lines;
    private final InsertPreparation preparation;
    private long lineNumber;

    /**
     * @param text the JSON Lines text; closed with the stream
     * @param source the file name, for messages
     * @param limit the most documents to produce
     */
    public JsonLinesInsertStream(Reader text, String source, WorkloadSettings settings, long limit) {
        super(source, limit);
        this.source = source;
        this.lines = text instanceof BufferedReader b ? b : new BufferedReader(text, 1 << 16);
        this.preparation = new InsertPreparation(source, settings);
    }

    @Override
    InsertDocument readNext() {
        String line;
        do {
            line = readLine();
            if (line == null) {
                return null;
            }
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
        } while (line.isBlank());
        return preparation.prepare(parse(line), lineNumber);
    }

    private BsonDocument parse(String line) {
        String text = line.strip();
        if (!text.startsWith("{")) {
            throw new DatasetException(
                    source,
                    lineNumber,
                    "not a document (JSON Lines holds one {...} document per line"
                            + (text.startsWith("[")
                                    ? "; a JSON array is not supported, export with one document per line"
                                    : "")
                            + "): " + abbreviate(text));
        }
        try {
            return BsonLiterals.parseDocument(text);
        } catch (BsonParseException e) {
            throw new DatasetException(source, lineNumber, "not a document: " + e.getMessage());
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    private String readLine() {
        try {
            return lines.readLine();
        } catch (CharacterCodingException e) {
            throw new DatasetException(source, lineNumber + 1, "the text is not valid UTF-8");
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot read: " + e.getMessage(), e);
        }
    }

    @Override
    void closeInput() {
        try {
            lines.close();
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot close: " + e.getMessage(), e);
        }
    }
}

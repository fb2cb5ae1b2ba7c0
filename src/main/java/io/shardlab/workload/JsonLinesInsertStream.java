package io.shardlab.workload;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonParseException;
import io.shardlab.text.Message;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.bson.BsonDocument;

/**
 * Replays a JSON Lines file: one document per line, in MongoDB Extended JSON (canonical or relaxed,
 * as {@code mongoexport} writes it) or mongosh syntax, parsed by {@link BsonLiterals}. Blank lines
 * are skipped; any other line that is not exactly one document is an error naming the line. A
 * byte-order mark at the start is ignored. Streams the file; at most {@code limit} documents.
 *
 * <p>Given parsers (an {@link Executor}), the stream reads lines ahead in blocks of
 * {@value #LINES_PER_BLOCK}, at most {@value #BLOCKS_AHEAD} blocks ahead, and parses each block as a task
 * there, so that parsing, the costly part, uses every core. What comes out does not change: the same
 * documents with the same {@code _id}s in file order, and an error (a line that is not a document, text
 * that is not UTF-8) is raised when the reader reaches its line, not before; lines read ahead past the
 * limit are parsed and dropped.
 */
public final class JsonLinesInsertStream extends DatasetInsertStream {

    /** Lines one parse task takes. */
    static final int LINES_PER_BLOCK = 1024;

    /** Blocks read and handed to the parsers ahead of the one being read from. */
    static final int BLOCKS_AHEAD = 4;

    private final String source;
    private final WorkloadSettings settings;
    private final BufferedReader lines;
    private final InsertPreparation preparation;
    /** Where blocks are parsed; null: each line is parsed as it is read. */
    private final Executor parsers;

    private long lineNumber;
    private long documentLines;
    private final ArrayDeque<CompletableFuture<ParsedBlock>> ahead = new ArrayDeque<>();
    private boolean linesEnded;
    private ParsedBlock current;
    private int next;

    /**
     * @param text the JSON Lines text; closed with the stream
     * @param source the file name, for messages
     * @param limit the most documents to produce
     */
    public JsonLinesInsertStream(Reader text, String source, WorkloadSettings settings, long limit) {
        this(text, source, settings, limit, null);
    }

    /**
     * A stream whose lines are parsed ahead on {@code parsers} (see the class comment); null parses each
     * line as it is read. The parsers must run tasks on threads other than the reader's, or on the calling
     * thread ({@code Runnable::run}).
     */
    public JsonLinesInsertStream(Reader text, String source, WorkloadSettings settings, long limit, Executor parsers) {
        super(source, limit);
        this.source = source;
        this.settings = settings;
        this.lines = text instanceof BufferedReader b ? b : new BufferedReader(text, 1 << 16);
        this.preparation = new InsertPreparation(source, settings);
        this.parsers = parsers;
    }

    @Override
    InsertDocument readNext() {
        if (parsers != null) {
            return nextParsed();
        }
        String line = nextDocumentLine();
        return line == null ? null : preparation.prepare(parse(line, lineNumber), lineNumber);
    }

    /** The next line that is not blank (the first without its byte-order mark), or null at the end. */
    private String nextDocumentLine() {
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
        return line;
    }

    /** One block's documents in order and, when it ended early, why. */
    private record ParsedBlock(List<InsertDocument> documents, RuntimeException failure) {}

    private InsertDocument nextParsed() {
        while (current == null || next == current.documents().size()) {
            if (current != null && current.failure() != null) {
                throw current.failure();
            }
            readAhead();
            CompletableFuture<ParsedBlock> block = ahead.poll();
            if (block == null) {
                return null;
            }
            current = TaskResult.of(block);
            next = 0;
        }
        return current.documents().get(next++);
    }

    /** Reads blocks of lines until {@value #BLOCKS_AHEAD} are with the parsers or the lines end. */
    private void readAhead() {
        while (!linesEnded && ahead.size() < BLOCKS_AHEAD) {
            List<String> texts = new ArrayList<>(LINES_PER_BLOCK);
            long[] numbers = new long[LINES_PER_BLOCK];
            RuntimeException unreadable = null;
            try {
                while (texts.size() < LINES_PER_BLOCK) {
                    String line = nextDocumentLine();
                    if (line == null) {
                        linesEnded = true;
                        break;
                    }
                    numbers[texts.size()] = lineNumber;
                    texts.add(line);
                }
            } catch (RuntimeException e) {
                // raised after the lines before it, as a reader that parses line by line raises it
                unreadable = e;
                linesEnded = true;
            }
            if (texts.isEmpty() && unreadable == null) {
                return;
            }
            long before = documentLines;
            documentLines += texts.size();
            RuntimeException afterLines = unreadable;
            ahead.add(CompletableFuture.supplyAsync(() -> parse(texts, numbers, before, afterLines), parsers));
        }
    }

    /** A parse task: the block's lines as documents, stopping at the first that is not one. */
    private ParsedBlock parse(List<String> texts, long[] numbers, long documentsBefore, RuntimeException afterLines) {
        InsertPreparation prepared = new InsertPreparation(source, settings, documentsBefore);
        List<InsertDocument> documents = new ArrayList<>(texts.size());
        try {
            for (int i = 0; i < texts.size(); i++) {
                documents.add(prepared.prepare(parse(texts.get(i), numbers[i]), numbers[i]));
            }
        } catch (RuntimeException e) {
            return new ParsedBlock(documents, e);
        }
        return new ParsedBlock(documents, afterLines);
    }

    private BsonDocument parse(String line, long number) {
        String text = line.strip();
        if (!text.startsWith("{")) {
            throw new DatasetException(
                    source,
                    number,
                    Message.of(
                            text.startsWith("[") ? "workload.dataset.jsonArray" : "workload.dataset.notJsonLines",
                            abbreviate(text),
                            "{...}"));
        }
        try {
            return BsonLiterals.parseDocument(text);
        } catch (BsonParseException e) {
            throw new DatasetException(source, number, Message.of("workload.dataset.notADocument", e.getMessage()));
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    private String readLine() {
        try {
            return lines.readLine();
        } catch (CharacterCodingException e) {
            throw new DatasetException(source, lineNumber + 1, Message.of("workload.dataset.notUtf8"));
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot read: " + e.getMessage(), e);
        }
    }

    @Override
    void closeInput() {
        for (CompletableFuture<ParsedBlock> block : ahead) {
            block.cancel(false);
        }
        ahead.clear();
        try {
            lines.close();
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot close: " + e.getMessage(), e);
        }
    }
}

package io.shardlab.workload;

import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executor;

/**
 * Opens a dataset file as an {@link InsertStream}, choosing the format by the file name: JSON Lines
 * ({@code .jsonl}, {@code .ndjson}, {@code .json}) or CSV with a header ({@code .csv}), either one
 * optionally gzip-compressed ({@code .gz} after the format's extension). The text must be UTF-8.
 * File order is insert order. Files are opened by {@link InputFile} (regular files only, lines of at most
 * {@link InputFile#MAX_LINE_CHARS}); a file without a document is refused.
 */
public final class DatasetFile {

    /** The two dataset formats. */
    public enum Format {
        /** One Extended JSON document per line. */
        JSON_LINES,
        /** Comma-separated values with a header line. */
        CSV
    }

    private DatasetFile() {}

    /**
     * The format a file name announces.
     *
     * @throws IllegalArgumentException naming the file and the accepted extensions
     */
    public static Format formatOf(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".json")) {
            return Format.JSON_LINES;
        }
        if (name.endsWith(".csv")) {
            return Format.CSV;
        }
        throw new RefusedInput(Message.of("workload.dataset.unknownFormat", fileName));
    }

    /**
     * Opens {@code file}: at most {@code limit} documents, {@code _id}s generated from {@code settings}.
     *
     * @throws IllegalArgumentException if the file is not a readable regular file, or has an unknown format
     */
    public static InsertStream open(Path file, WorkloadSettings settings, long limit) {
        String source = file.toString();
        Format format = formatOf(source);
        return open(InputFile.openRaw(file), source, format, settings, limit);
    }

    /**
     * Opens a stream of bytes named {@code source} (a resource, a download) in {@code format},
     * gunzipping it when {@code source} ends with {@code .gz}.
     */
    public static InsertStream open(
            InputStream in, String source, Format format, WorkloadSettings settings, long limit) {
        return open(in, source, format, settings, limit, null);
    }

    /**
     * As {@link #open(InputStream, String, Format, WorkloadSettings, long)}, a JSON Lines file's lines parsed
     * ahead on {@code parsers} ({@link JsonLinesInsertStream}); null, or a CSV file, parses as it reads.
     */
    public static InsertStream open(
            InputStream in, String source, Format format, WorkloadSettings settings, long limit, Executor parsers) {
        if (limit < 1) {
            throw new IllegalArgumentException(
                    "limit: at least 1 document, got " + limit); // untranslated: a developer's contract
        }
        Reader text = InputFile.text(InputFile.decompressed(in, source), source, InputFile.MAX_LINE_CHARS);
        return switch (format) {
            case JSON_LINES -> new JsonLinesInsertStream(text, source, settings, limit, parsers);
            case CSV -> new CsvInsertStream(text, source, settings, limit);
        };
    }
}

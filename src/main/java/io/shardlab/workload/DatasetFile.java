package io.shardlab.workload;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Opens a dataset file as an {@link InsertStream}, choosing the format by the file name: JSON Lines
 * ({@code .jsonl}, {@code .ndjson}, {@code .json}) or CSV with a header ({@code .csv}), either one
 * optionally gzip-compressed ({@code .gz} after the format's extension). The text must be UTF-8.
 * File order is insert order.
 */
public final class DatasetFile {

    /** The two dataset formats. */
    public enum Format {
        /** One Extended JSON document per line. */
        JSON_LINES,
        /** Comma-separated values with a header line. */
        CSV
    }

    private DatasetFile() {
    }

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
        throw new IllegalArgumentException(fileName + ": unknown dataset format; name the file *.jsonl, *.ndjson or "
                + "*.json (JSON Lines) or *.csv (CSV with a header), optionally followed by .gz");
    }

    /**
     * Opens {@code file}: at most {@code limit} documents, {@code _id}s generated from {@code settings}.
     *
     * @throws IllegalArgumentException if the file does not exist, cannot be read, or has an unknown format
     */
    public static InsertStream open(Path file, WorkloadSettings settings, long limit) {
        String source = file.toString();
        Format format = formatOf(source);
        InputStream in;
        try {
            in = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(source + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": cannot open: " + e.getMessage());
        }
        return open(in, source, format, settings, limit);
    }

    /**
     * Opens a stream of bytes named {@code source} (a resource, a download) in {@code format},
     * gunzipping it when {@code source} ends with {@code .gz}.
     */
    public static InsertStream open(InputStream in, String source, Format format, WorkloadSettings settings,
            long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit: at least 1 document, got " + limit);
        }
        Reader text;
        try {
            InputStream bytes = new BufferedInputStream(in, 1 << 16);
            if (source.toLowerCase(Locale.ROOT).endsWith(".gz")) {
                bytes = new GZIPInputStream(bytes, 1 << 16);
            }
            text = new InputStreamReader(bytes, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT));
        } catch (IOException e) {
            IllegalArgumentException failure = new IllegalArgumentException(source + ": cannot read: " + e.getMessage());
            try {
                in.close();
            } catch (IOException suppressed) {
                failure.addSuppressed(suppressed);
            }
            throw failure;
        }
        return switch (format) {
            case JSON_LINES -> new JsonLinesInsertStream(text, source, settings, limit);
            case CSV -> new CsvInsertStream(text, source, settings, limit);
        };
    }
}

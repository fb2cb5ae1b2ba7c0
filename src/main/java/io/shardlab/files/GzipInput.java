package io.shardlab.files;

import io.shardlab.text.Message;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Gunzips a {@code .gz} file, naming the file when the compressed data ends early (a truncated download
 * or copy) or is not gzip at all.
 */
final class GzipInput extends ReadFailures {

    GzipInput(InputStream compressed, String source) {
        super(gunzip(compressed, source), source);
    }

    private static InputStream gunzip(InputStream compressed, String source) {
        try {
            return new GZIPInputStream(compressed, 1 << 16);
        } catch (IOException e) {
            throw failure(e, source);
        }
    }

    @Override
    FileException failure(IOException e) {
        return failure(e, source);
    }

    private static FileException failure(IOException e, String source) {
        if (e instanceof EOFException) {
            return new FileException(Message.of("files.gzip.truncated", source));
        }
        if (e instanceof ZipException) {
            return new FileException(Message.of("files.gzip.invalid", source, InputFile.reason(e)));
        }
        return new FileException(Message.of("files.cannotBeRead", source, InputFile.reason(e)));
    }
}

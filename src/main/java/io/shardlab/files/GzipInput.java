package io.shardlab.files;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Gunzips a {@code .gz} file, naming the file when the compressed data ends early (a truncated download
 * or copy) or is not gzip at all.
 */
final class GzipInput extends FilterInputStream {

    private final String source;

    GzipInput(InputStream compressed, String source) {
        super(null);
        this.source = source;
        try {
            this.in = new GZIPInputStream(compressed, 1 << 16);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return in.read(b, off, len);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private FileException failure(IOException e) {
        if (e instanceof EOFException) {
            return new FileException(source + ": the gzip data ends early; the file is truncated");
        }
        if (e instanceof ZipException) {
            return new FileException(source + ": not valid gzip data (" + InputFile.reason(e) + ")");
        }
        return new FileException(source + ": cannot be read: " + InputFile.reason(e));
    }
}

package io.shardlab.files;

import io.shardlab.text.Message;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A file's bytes whose read failures become {@link FileException}s naming the file. */
class ReadFailures extends FilterInputStream {

    final String source;

    ReadFailures(InputStream in, String source) {
        super(in);
        this.source = source;
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
            return super.read(b, off, len);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** The one-line failure for a read of this file that failed with {@code e}. */
    FileException failure(IOException e) {
        return new FileException(Message.of("files.cannotBeRead", source, InputFile.reason(e)));
    }
}

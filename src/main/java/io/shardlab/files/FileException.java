package io.shardlab.files;

/**
 * A file that cannot be read or written as asked: one line naming the file and the problem, with no
 * Java class name and never a temporary file's path. It is bad input (the CLI exits 2, the GUI shows
 * the line), so it is an {@link IllegalArgumentException}; readers also throw it from
 * {@link java.io.Reader#read} so that no parser wraps it in another message.
 */
public final class FileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** @param message one line, starting with the file's path */
    public FileException(String message) {
        super(message);
    }
}

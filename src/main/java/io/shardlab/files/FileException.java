package io.shardlab.files;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * A file that cannot be read or written as asked: one line naming the file and the problem, with no
 * Java class name and never a temporary file's path. It is bad input (the CLI exits 2, the GUI shows
 * the line), so it is a {@link RefusedInput}, said in the user's language; readers also throw it from
 * {@link java.io.Reader#read} so that no parser wraps it in another message.
 */
public final class FileException extends RefusedInput {

    private static final long serialVersionUID = 1L;

    /** @param said one line, starting with the file's path */
    public FileException(Message said) {
        super(said);
    }

    /** @param message one line, starting with the file's path, in words that stay as they are */
    public FileException(String message) {
        super(Message.of("common.verbatim", message));
    }
}

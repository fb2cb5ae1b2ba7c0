package io.shardlab.shell;

/**
 * A script stopped: its message is the one line mongosh would print for it ({@code MongoServerError[Code]: …},
 * {@code SyntaxError: Unexpected token (1:8)}, {@code ReferenceError: …}), or the time budget / cancellation line.
 */
public final class ScriptFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ScriptFailedException(String line) {
        super(line, null, false, false);
    }
}

package io.shardlab.live;

/**
 * A live cluster could not be reached or read. The message is one line, names the server (with
 * secrets masked) and says what went wrong and, where it helps, what to do; it never holds a
 * password.
 */
public final class LiveClusterException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What kind of failure, so a caller can react (retry, ask for a password, show the TLS help). */
    public enum Kind {
        /** No server answered within the server selection timeout. */
        UNREACHABLE,
        /** The server refused the credentials. */
        AUTHENTICATION,
        /** The TLS handshake failed (untrusted certificate, TLS required, wrong host name). */
        TLS,
        /** The connection broke in the middle of a read. */
        CONNECTION_LOST,
        /** The user may not run a read ShardLab needs. */
        NOT_AUTHORIZED,
        /** The server answered a read with an error. */
        READ_FAILED,
        /** The user cancelled. */
        CANCELLED
    }

    private final Kind kind;

    public LiveClusterException(Kind kind, String message, Throwable cause) {
        super(oneLine(message), cause);
        this.kind = kind;
    }

    /** What kind of failure this is. */
    public Kind kind() {
        return kind;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}

package io.shardlab.live;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;

/**
 * A live cluster could not be reached or read. The message is one line, names the server (with
 * secrets masked) and says what went wrong and, where it helps, what to do; it never holds a
 * password. {@link #said()} is that line to be said in the user's language (the server's and the driver's own
 * words inside it stay as they were written); {@link #getMessage()} is its English.
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

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final Kind kind;
    private final transient Message said;

    /** @param said what went wrong, its arguments already free of secrets */
    public LiveClusterException(Kind kind, Message said, Throwable cause) {
        super(oneLine(ENGLISH.text(said)), cause);
        this.kind = kind;
        this.said = said;
    }

    /** What went wrong, to be said in the user's language. */
    public Message said() {
        return said;
    }

    /** What kind of failure this is. */
    public Kind kind() {
        return kind;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}

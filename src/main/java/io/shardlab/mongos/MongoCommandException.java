package io.shardlab.mongos;

/**
 * A command a mongos refuses, with MongoDB's numeric code, code name and message (mongo
 * {@code src/mongo/base/error_codes.yml}); the wire adapter turns it into an {@code ok: 0} reply.
 */
public final class MongoCommandException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public MongoCommandException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    /** The error code. */
    public ErrorCode code() {
        return code;
    }
}

package io.shardlab.mongos;

import java.util.List;

/**
 * A command a mongos refuses, with MongoDB's numeric code, code name and message (mongo
 * {@code src/mongo/base/error_codes.yml}) and the error labels the reply carries ({@code TransientTransactionError},
 * see {@link ErrorLabels}); the wire adapter turns it into an {@code ok: 0} reply.
 */
public final class MongoCommandException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final List<String> errorLabels;

    public MongoCommandException(ErrorCode code, String message) {
        this(code, message, List.of());
    }

    private MongoCommandException(ErrorCode code, String message, List<String> errorLabels) {
        super(message);
        this.code = code;
        this.errorLabels = List.copyOf(errorLabels);
    }

    /** The error code. */
    public ErrorCode code() {
        return code;
    }

    /** The reply's {@code errorLabels}, in MongoDB's order; empty when the reply has none. */
    public List<String> errorLabels() {
        return errorLabels;
    }

    /** This refusal, its reply carrying {@code labels}. */
    MongoCommandException withLabels(List<String> labels) {
        MongoCommandException labelled = new MongoCommandException(code, getMessage(), labels);
        labelled.setStackTrace(getStackTrace());
        return labelled;
    }
}

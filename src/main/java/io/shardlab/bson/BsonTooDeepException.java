package io.shardlab.bson;

/**
 * A value nested deeper than MongoDB allows ({@link BsonDepth#MAX_DEPTH}); the message is MongoDB's
 * {@value BsonDepth#TOO_DEEP}. Readers add the name of the input (file and line, option) around it.
 */
public final class BsonTooDeepException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    BsonTooDeepException() {
        super(BsonDepth.TOO_DEEP);
    }
}

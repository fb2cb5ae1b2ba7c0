package io.shardlab.key;

/**
 * A shard key pattern or shard-key value MongoDB would refuse. The message is MongoDB's own text
 * where MongoDB has one, on one line.
 */
public final class InvalidShardKeyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidShardKeyException(String message) {
        super(message);
    }
}

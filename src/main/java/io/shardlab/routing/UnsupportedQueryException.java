package io.shardlab.routing;

/**
 * A filter ShardLab cannot route faithfully (an operator whose bounds it does not model, such as
 * {@code $expr} or {@code $near}), or one MongoDB itself would reject. The message names the
 * operator and the reason on one line; routing never guesses instead.
 */
public final class UnsupportedQueryException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnsupportedQueryException(String message) {
        super(message);
    }
}

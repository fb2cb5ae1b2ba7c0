package io.shardlab.cluster;

/** Chunks that do not tile the key space: a gap, an overlap, or a bound that is not MinKey/MaxKey. */
public final class InvalidChunkMapException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidChunkMapException(String message) {
        super(message);
    }
}

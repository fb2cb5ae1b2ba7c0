package io.shardlab.mongos;

/** What a {@code removeShard} call found (mongo {@code RemoveShardProgress}'s state). */
public enum RemoveShardState {
    STARTED,
    ONGOING,
    COMPLETED
}

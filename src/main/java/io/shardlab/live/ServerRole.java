package io.shardlab.live;

/** What kind of server the live reader is connected to; it decides which reads are possible. */
public enum ServerRole {
    /** A mongos router: every read works, including per-shard data sizes. */
    MONGOS,
    /**
     * A mongod: a config server, or any server holding a restored copy of the {@code config}
     * database. The metadata can be read, but per-shard data sizes cannot.
     */
    MONGOD
}

package io.shardlab.sim;

/**
 * Why a chunk or range is being migrated, in the balancer's words (mongo
 * {@code src/mongo/db/s/balancer/balancer_policy.h}, {@code MigrationReason}: {@code drain},
 * {@code zoneViolation}, {@code chunksImbalance}) plus the two non-balancer origins.
 */
public enum MigrationReason {
    /** The donor is being removed ({@code removeShard}): its chunks move off first. */
    DRAIN,
    /** The chunk lies in a zone its shard is not part of. */
    ZONE_VIOLATION,
    /** The donor holds more than its share (chunk count before 6.0, data size from 6.0). */
    CHUNKS_IMBALANCE,
    /** The top-chunk optimisation of the pre-6.0 auto-splitter moves the new top chunk away. */
    TOP_CHUNK,
    /** A user's {@code moveChunk} or {@code moveRange}. */
    COMMAND
}

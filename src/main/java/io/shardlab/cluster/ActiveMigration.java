package io.shardlab.cluster;

import io.shardlab.key.ShardKey;

/**
 * A migration the balancer had in progress when a layout was read: one document of
 * config.migrations, the balancer's own record of its active migrations (mongo
 * {@code src/mongo/db/s/balancer/type_migration.cpp}: {@code ns, min, max, fromShard, toShard,
 * chunkVersion, waitForDelete, forceJumbo}, with {@code maxChunkSizeBytes} and
 * {@code secondaryThrottle} in later releases). The range is {@code [min, max)} of a chunk of
 * {@code fromShard}, from its min.
 *
 * @param min inclusive lower bound
 * @param max exclusive upper bound
 * @param fromShard the donor
 * @param toShard the recipient
 */
public record ActiveMigration(ShardKey min, ShardKey max, String fromShard, String toShard) {

    public ActiveMigration {
        if (min == null || max == null || min.compareTo(max) >= 0) {
            throw new IllegalArgumentException("max: a migrated range needs min < max, got [" + min + ", " + max + ")");
        }
        if (fromShard == null || toShard == null || fromShard.equals(toShard)) {
            throw new IllegalArgumentException(
                    "toShard: donor and recipient must differ, got " + fromShard + " -> " + toShard);
        }
    }
}

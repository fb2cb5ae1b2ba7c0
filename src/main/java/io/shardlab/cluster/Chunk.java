package io.shardlab.cluster;

import io.shardlab.key.ShardKey;

/**
 * One chunk: the half-open key range {@code [min, max)} owned by one shard.
 *
 * <p>Membership follows mongo {@code Chunk::containsKey}: {@code min <= key < max}.
 *
 * @param min inclusive lower bound
 * @param max exclusive upper bound; strictly greater than {@code min}
 * @param shard the owning shard's id
 * @param jumbo whether the chunk is flagged jumbo (too big to move, no split point found)
 * @param version the chunk's {@code lastmod}
 */
public record Chunk(ShardKey min, ShardKey max, String shard, boolean jumbo, ChunkVersion version) {

    public Chunk {
        if (min == null || max == null) {
            throw new IllegalArgumentException("min/max: a chunk needs both bounds");
        }
        if (min.arity() != max.arity()) {
            throw new IllegalArgumentException(
                    "max: bounds have " + min.arity() + " and " + max.arity() + " fields, " + min + " and " + max);
        }
        if (min.compareTo(max) >= 0) {
            throw new IllegalArgumentException("max: must be greater than min, got [" + min + ", " + max + ")");
        }
        if (shard == null || shard.isBlank()) {
            throw new IllegalArgumentException("shard: a chunk needs an owning shard, got '" + shard + "'");
        }
        if (version == null) {
            throw new IllegalArgumentException("version: required");
        }
    }

    /** Whether {@code min <= key < max}. */
    public boolean contains(ShardKey key) {
        return min.compareTo(key) <= 0 && key.compareTo(max) < 0;
    }

    /** This chunk on another shard with another version (what a migration commits). */
    public Chunk movedTo(String toShard, ChunkVersion newVersion) {
        return new Chunk(min, max, toShard, jumbo, newVersion);
    }

    /** This chunk with the jumbo flag set or cleared. */
    public Chunk withJumbo(boolean flag) {
        return new Chunk(min, max, shard, flag, version);
    }

    /** {@code [min, max) on shard}, for logs and messages. */
    @Override
    public String toString() {
        return "[" + min + ", " + max + ") on " + shard + (jumbo ? " jumbo" : "");
    }
}

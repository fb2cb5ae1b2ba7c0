package io.shardlab.routing;

import io.shardlab.key.ShardKey;

/**
 * A closed range of full shard-key values {@code [min, max]} that a query may touch: one entry of
 * mongos's {@code BoundList} after {@code flattenBounds}. Both ends count when mapping the range to
 * chunks ({@code getShardIdsForRange}, max inclusive).
 *
 * @param min the lower end, e.g. {@code (1, MinKey)}
 * @param max the upper end, not below {@code min}
 */
public record KeyRange(ShardKey min, ShardKey max) {

    public KeyRange {
        if (min == null || max == null) {
            throw new IllegalArgumentException("min/max: a key range needs both ends");
        }
        if (min.arity() != max.arity()) {
            throw new IllegalArgumentException("max: ends have " + min.arity() + " and " + max.arity() + " fields");
        }
    }

    /** Whether this is the whole key space {@code [MinKey…, MaxKey…]}. */
    public boolean isWholeKeySpace() {
        return min.isGlobalMin() && max.isGlobalMax();
    }

    @Override
    public String toString() {
        return "[" + min + ", " + max + "]";
    }
}

package io.shardlab.cluster;

import io.shardlab.key.ShardKey;

/**
 * A zone key range from config.tags: {@code [min, max)} assigned to a zone. Ranges of one collection
 * do not overlap. A chunk belongs to a zone only if it lies entirely inside the range (mongo
 * {@code getZoneForChunk}).
 *
 * @param min inclusive lower bound
 * @param max exclusive upper bound
 * @param zone the zone name ({@code tag})
 */
public record ZoneRange(ShardKey min, ShardKey max, String zone) {

    public ZoneRange {
        if (min == null || max == null || min.compareTo(max) >= 0) {
            throw new IllegalArgumentException("max: a zone range needs min < max, got [" + min + ", " + max + ")");
        }
        if (zone == null || zone.isBlank()) {
            throw new IllegalArgumentException("zone: a zone range needs a zone name");
        }
    }

    /** Whether the chunk lies entirely inside this range. */
    public boolean containsChunk(Chunk chunk) {
        return min.compareTo(chunk.min()) <= 0 && chunk.max().compareTo(max) <= 0;
    }

    /** Whether {@code [a, b)} and this range share at least one key. */
    public boolean overlaps(ShardKey a, ShardKey b) {
        return a.compareTo(max) < 0 && min.compareTo(b) < 0;
    }
}

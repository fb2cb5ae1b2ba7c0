package io.shardlab.live;

import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import java.time.Instant;
import java.util.List;

/**
 * A chunk split into two ({@code what: "split"}) or more ({@code what: "multi-split"}, one changelog
 * entry per new chunk, grouped here into one change).
 *
 * <p>Changelog shape (mongo {@code src/mongo/db/s/config/sharding_catalog_manager_chunk_operations.cpp},
 * {@code commitChunkSplit}, 4.4 and 7.0 eras; docs {@code reference/config-database} example):
 * {@code details: {before: {min, max, lastmod}, left: {min, max, lastmod}, right: {…}}} for two
 * pieces, {@code details: {before, number: i, of: n, chunk: {min, max, lastmod}}} for more; 7.0 adds
 * {@code owningShard}. {@code before.lastmod} is the collection version at the time of the split,
 * not necessarily the split chunk's own version.
 *
 * @param time when it was logged
 * @param namespace the collection
 * @param min the split chunk's lower bound
 * @param max the split chunk's upper bound
 * @param beforeVersion {@code before.lastmod}, or null when unreadable
 * @param splitPoints the split points the log entries name, sorted; may miss some when a
 *     multi-split's entries are incomplete
 * @param pieces how many chunks the split produced ({@code of}, or 2), or -1 when unknown
 * @param shard the shard that owned the chunk ({@code owningShard}, 7.0+), or null
 */
public record ChunkSplit(
        Instant time,
        String namespace,
        ShardKey min,
        ShardKey max,
        ChunkVersion beforeVersion,
        List<ShardKey> splitPoints,
        int pieces,
        String shard)
        implements ChunkChange {

    public ChunkSplit {
        splitPoints = List.copyOf(splitPoints);
    }

    /**
     * One entry for a split into two ({@code what: "split"}), one per new chunk for a split into more
     * ({@code what: "multi-split"}, {@code number: i, of: n}; commitChunkSplit).
     */
    @Override
    public int changelogEntries() {
        int n = pieces > 0 ? pieces : splitPoints.size() + 1;
        return n > 2 ? n : 1;
    }

    @Override
    public Message describe() {
        return ChunkChange.onShard(
                Message.of(
                        pieces > 2 ? "live.chunkChange.multiSplit" : "live.chunkChange.split",
                        min.toString(),
                        max.toString(),
                        pieces > 0 ? pieces : splitPoints.size() + 1),
                shard);
    }
}

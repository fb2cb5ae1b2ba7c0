package io.shardlab.live;

import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import java.time.Instant;
import java.util.List;

/**
 * Contiguous chunks of one shard merged into one ({@code what: "merge"}).
 *
 * <p>Changelog shapes (mongo {@code src/mongo/db/s/config/sharding_catalog_manager_chunk_operations.cpp}):
 * 4.4 era {@code details: {merged: [chunk documents…], prevShardVersion, mergedVersion}}, which
 * names every merged chunk; 7.0 era {@code details: {prevPlacementVersion, mergedVersion,
 * owningShard, min, max, numChunks}}, which names only the merged range and how many chunks it
 * had (also what the 7.0 auto-merger logs, one entry per merged range).
 *
 * @param time when it was logged
 * @param namespace the collection
 * @param min the merged range's lower bound
 * @param max the merged range's upper bound
 * @param innerBounds the bounds between the merged chunks when the entry lists them, else null
 * @param chunks how many chunks were merged, or -1 when unknown
 * @param shard the owning shard, or null when the entry does not say
 */
public record ChunkMerge(
        Instant time,
        String namespace,
        ShardKey min,
        ShardKey max,
        List<ShardKey> innerBounds,
        int chunks,
        String shard)
        implements ChunkChange {

    public ChunkMerge {
        innerBounds = innerBounds == null ? null : List.copyOf(innerBounds);
    }

    @Override
    public Message describe() {
        int n = chunks > 0 ? chunks : innerBounds != null ? innerBounds.size() + 1 : -1;
        return ChunkChange.onShard(
                n > 0
                        ? Message.of("live.chunkChange.merged", min.toString(), max.toString(), n)
                        : Message.of("live.chunkChange.mergedInto", min.toString(), max.toString()),
                shard);
    }
}

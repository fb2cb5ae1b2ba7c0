package io.shardlab.cli;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.ReleaseInference;
import io.shardlab.live.SourceRelease;
import java.util.Map;

/**
 * One collection's layout as a source ({@code --uri}, {@code --snapshot}, {@code --config-dump})
 * gave it, with what the source knew besides: what {@code explain}, {@code export} and
 * {@code simulate} start from.
 *
 * @param cluster the collection and its cluster, a valid layout
 * @param layout the collection as read: its config.collections flags, per-shard data and chunk
 *     size estimates
 * @param metadata the whole read: balancer, server, notes
 * @param recorded what a snapshot file recorded per chunk, by chunk; empty for other sources
 */
record SourceLayout(ClusterSnapshot cluster, CollectionLayout layout, ClusterMetadata metadata,
        Map<Chunk, ChunkStatistics> recorded) {

    SourceLayout {
        recorded = Map.copyOf(recorded);
    }

    /** The release the source's metadata came from, and how that is known ({@link ReleaseInference}). */
    SourceRelease release() {
        return metadata.release();
    }

    /** {@code "test.users from SOURCE: 4 chunks on 3 shards"}. */
    String describe() {
        int chunks = cluster.chunks().size();
        int shards = cluster.shards().size();
        return cluster.namespace() + " from " + metadata.source() + ": " + chunks + (chunks == 1 ? " chunk on " : " chunks on ")
                + shards + (shards == 1 ? " shard" : " shards");
    }
}

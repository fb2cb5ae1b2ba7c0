package io.shardlab.advisor;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import java.util.List;

/**
 * The chunk layout a key produces when the sample is replayed, in insertion order, into an
 * in-memory cluster (ShardLab's metric; analyzeShardKey has no equivalent).
 *
 * @param chunks number of chunks at the end of the replay
 * @param jumboChunks chunks the simulated balancer flagged jumbo
 * @param maxShardDocShare the share of all documents on the fullest shard, 1/N (even) to 1 (all on one)
 * @param snapshot the final layout, for the number line
 * @param chunkStatistics documents and bytes per chunk, in key order
 */
public record LayoutMetrics(
        int chunks,
        int jumboChunks,
        double maxShardDocShare,
        ClusterSnapshot snapshot,
        List<ChunkStatistics> chunkStatistics) {

    public LayoutMetrics {
        chunkStatistics = List.copyOf(chunkStatistics);
        if (snapshot == null || chunks != snapshot.chunks().size() || chunkStatistics.size() != chunks) {
            throw new IllegalArgumentException(
                    "chunks/snapshot/chunkStatistics: must describe the same layout"); // untranslated: a developer's
            // contract
        }
        if (jumboChunks < 0 || jumboChunks > chunks) {
            throw new IllegalArgumentException(String.format(
                    "jumboChunks: between 0 and %s, got %s", // untranslated: a developer's contract
                    chunks, jumboChunks));
        }
        if (!(maxShardDocShare >= 0 && maxShardDocShare <= 1)) {
            throw new IllegalArgumentException(String.format(
                    "maxShardDocShare: between 0 and 1, got %s", // untranslated: a developer's contract
                    maxShardDocShare));
        }
    }
}

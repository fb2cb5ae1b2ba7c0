package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a shard chooses split points for a chunk from its shard-key index: {@link SplitVector}
 * (points every half chunk) or {@link AutoSplitVector} (points every full chunk).
 */
interface SplitPointFinder {

    /**
     * Split points for the documents {@code docs} of one chunk (sorted by key), strictly inside the
     * chunk and strictly increasing.
     *
     * @param docs the chunk's documents, sorted
     * @param shardDocuments documents of the collection on the chunk's shard ({@code numRecords})
     * @param shardBytes bytes of the collection on the chunk's shard ({@code dataSize})
     * @param maxChunkSizeBytes the collection's maximum chunk size
     * @param limit at most this many points are wanted (0 = no limit)
     */
    default List<ShardKey> find(
            ChunkDocuments docs, long shardDocuments, long shardBytes, long maxChunkSizeBytes, int limit) {
        List<Integer> idx = indexes(docs, shardDocuments, shardBytes, maxChunkSizeBytes, limit);
        List<ShardKey> out = new ArrayList<>(idx.size());
        for (int i : idx) {
            out.add(docs.keyAt(i));
        }
        return out;
    }

    /**
     * The same split points as positions in the scan: each point is the key of the document at
     * that index, strictly increasing, never 0.
     */
    List<Integer> indexes(IndexScan scan, long shardDocuments, long shardBytes, long maxChunkSizeBytes, int limit);

    /**
     * The split points of chunk {@code index}, with its shard's documents and bytes as
     * {@code numRecords} and {@code dataSize} and the collection's maximum chunk size: found over its
     * documents, or, when it holds unknown documents (a loaded layout), over the scan ShardLab
     * assumes and placed by {@link KeyInterpolation}. Empty when they cannot be placed; a
     * {@link ClusterEvent.DocumentsUnknown} then says that {@code who} would have split the chunk.
     */
    default Optional<List<ShardKey>> pointsOf(ClusterState state, int index, int limit, String who) {
        Chunk chunk = state.chunks().get(index);
        ChunkDocuments docs = state.documentsOf(index);
        long[] shard = state.dataByShard().get(chunk.shard());
        if (!docs.hasUnknown()) {
            docs.sort();
            return Optional.of(find(docs, shard[0], shard[1], state.maxChunkSizeBytes(), limit));
        }
        IndexScan scan = state.assumedScan(index);
        Optional<List<ShardKey>> placed =
                state.placeRanks(index, scan, indexes(scan, shard[0], shard[1], state.maxChunkSizeBytes(), limit));
        if (placed.isEmpty()) {
            state.emit(ClusterEvent.DocumentsUnknown.ofSplit(state.clock(), chunk, who));
        }
        return placed;
    }
}

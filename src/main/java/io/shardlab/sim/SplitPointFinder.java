package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;

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
}

package io.shardlab.cluster;

/**
 * What one chunk holds at one moment: its document count and their total BSON size, as
 * {@code $shardedDataDistribution} or a chunk-size estimate would report them.
 *
 * @param chunk the chunk
 * @param documents number of documents whose shard key lies in {@code [min, max)}; not negative
 * @param bytes sum of those documents' BSON sizes, in bytes; not negative
 */
public record ChunkStatistics(Chunk chunk, long documents, long bytes) {

    public ChunkStatistics {
        if (chunk == null) {
            throw new IllegalArgumentException("chunk: required");
        }
        if (documents < 0 || bytes < 0) {
            throw new IllegalArgumentException("documents/bytes: must not be negative, got " + documents
                    + " documents, " + bytes + " bytes for " + chunk);
        }
    }
}

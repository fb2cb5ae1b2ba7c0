package io.shardlab.live;

import io.shardlab.cluster.Chunk;

/**
 * One decoded config.chunks document: a chunk, or the problem that kept it from being one.
 *
 * @param chunk the chunk, or null when the document is malformed
 * @param problem why the document is not a chunk, or null
 * @param estimatedDataSizeBytes the chunk's {@code estimatedDataSizeBytes} (set by the 5.3+
 *     balancer's defragmentation, mongo {@code balancer_defragmentation_policy.cpp}), or null when
 *     the document has none
 */
public record ChunkDocument(Chunk chunk, MetadataProblem problem, Long estimatedDataSizeBytes) {

    public ChunkDocument {
        if ((chunk == null) == (problem == null)) {
            throw new IllegalArgumentException("chunk/problem: exactly one of them is set");
        }
    }

    /** A document without a size estimate. */
    public ChunkDocument(Chunk chunk, MetadataProblem problem) {
        this(chunk, problem, null);
    }

    static ChunkDocument of(Chunk chunk) {
        return new ChunkDocument(chunk, null);
    }

    static ChunkDocument of(Chunk chunk, Long estimatedDataSizeBytes) {
        return new ChunkDocument(chunk, null, estimatedDataSizeBytes);
    }

    static ChunkDocument broken(String namespace, String message) {
        return new ChunkDocument(null, new MetadataProblem(namespace, message));
    }
}

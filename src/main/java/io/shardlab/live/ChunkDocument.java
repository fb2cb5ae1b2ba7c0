package io.shardlab.live;

import io.shardlab.cluster.Chunk;

/**
 * One decoded config.chunks document: a chunk, or the problem that kept it from being one.
 *
 * @param chunk the chunk, or null when the document is malformed
 * @param problem why the document is not a chunk, or null
 */
public record ChunkDocument(Chunk chunk, MetadataProblem problem) {

    public ChunkDocument {
        if ((chunk == null) == (problem == null)) {
            throw new IllegalArgumentException("chunk/problem: exactly one of them is set");
        }
    }

    static ChunkDocument of(Chunk chunk) {
        return new ChunkDocument(chunk, null);
    }

    static ChunkDocument broken(String namespace, String message) {
        return new ChunkDocument(null, new MetadataProblem(namespace, message));
    }
}

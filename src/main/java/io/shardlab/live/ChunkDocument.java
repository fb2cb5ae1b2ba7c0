package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.text.Message;
import java.time.Instant;

/**
 * One decoded config.chunks document: a chunk, or the problem that kept it from being one.
 *
 * @param chunk the chunk, or null when the document is malformed
 * @param problem why the document is not a chunk, or null
 * @param estimatedDataSizeBytes the chunk's {@code estimatedDataSizeBytes} (set by the 5.3+
 *     balancer's defragmentation, mongo {@code balancer_defragmentation_policy.cpp}), or null when
 *     the document has none
 * @param onCurrentShardSince when the chunk came to its shard: the document's {@code onCurrentShardSince} (a
 *     Timestamp, written from 6.3 and backfilled on upgrade: mongo {@code src/mongo/s/catalog/type_chunk.cpp}
 *     {@code ChunkType::onCurrentShardSince}), else its {@code history[0].validAfter} (the same moment: mongo
 *     {@code jstests/sharding/chunks_onCurrentShardSince.js} asserts they are equal; {@code history} is written from
 *     4.0), else null; to the second, as a Timestamp's seconds are
 */
public record ChunkDocument(
        Chunk chunk, MetadataProblem problem, Long estimatedDataSizeBytes, Instant onCurrentShardSince) {

    public ChunkDocument {
        if ((chunk == null) == (problem == null)) {
            throw new IllegalArgumentException(
                    "chunk/problem: exactly one of them is set"); // untranslated: a developer's contract
        }
    }

    /** A document without a size estimate. */
    public ChunkDocument(Chunk chunk, MetadataProblem problem) {
        this(chunk, problem, null, null);
    }

    /** A document without the time its chunk came to its shard. */
    public ChunkDocument(Chunk chunk, MetadataProblem problem, Long estimatedDataSizeBytes) {
        this(chunk, problem, estimatedDataSizeBytes, null);
    }

    static ChunkDocument of(Chunk chunk) {
        return new ChunkDocument(chunk, null);
    }

    static ChunkDocument of(Chunk chunk, Long estimatedDataSizeBytes, Instant onCurrentShardSince) {
        return new ChunkDocument(chunk, null, estimatedDataSizeBytes, onCurrentShardSince);
    }

    static ChunkDocument broken(String namespace, Message problem) {
        return new ChunkDocument(null, new MetadataProblem(namespace, problem));
    }
}

package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one read of a {@link LayoutSource} gave: the metadata of its sharded collections and,
 * for a snapshot file, what it recorded per chunk. Immutable; a live watch replaces the metadata with
 * {@link #withMetadata}.
 *
 * @param metadata the read: collections, shards, balancer, changes, release, notes
 * @param recorded documents and bytes per chunk as a snapshot file recorded them, by chunk; empty for
 *     other sources and for snapshots without them
 */
public record SourceRead(ClusterMetadata metadata, Map<Chunk, ChunkStatistics> recorded) {

    public SourceRead {
        Objects.requireNonNull(metadata, "metadata");
        recorded = Map.copyOf(recorded);
    }

    /**
     * One collection of the read, at its current layout.
     *
     * @param namespace the collection, or null for the only sharded one
     * @throws IllegalArgumentException with one line when the collection is missing or ambiguous, or its
     *     metadata is broken
     */
    public SourceLayout layout(String namespace) {
        CollectionLayout layout = metadata.layout(namespace);
        return new SourceLayout(layout.snapshot(metadata.shards()), layout, metadata, recorded);
    }

    /** The same per-chunk record with another read of the same source (a live watch's poll, a rewind). */
    public SourceRead withMetadata(ClusterMetadata next) {
        return new SourceRead(next, recorded);
    }

    /** The release the metadata came from, and how that is known. */
    public SourceRelease release() {
        return metadata.release();
    }
}

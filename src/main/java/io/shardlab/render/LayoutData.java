package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.Optional;

/**
 * What a chunk layout picture is drawn from: the cluster snapshot and, when known, per-chunk sizes.
 *
 * @param snapshot chunks, shards, zones and key pattern
 * @param sizes documents and bytes per chunk, one entry per chunk of the snapshot, or empty when unknown
 */
public record LayoutData(ClusterSnapshot snapshot, Optional<ChunkSizes> sizes) {

    public LayoutData {
        if (snapshot == null) {
            throw new IllegalArgumentException("snapshot: required");
        }
        sizes = sizes == null ? Optional.empty() : sizes;
        sizes.ifPresent(s -> {
            if (s.size() != snapshot.chunks().size()) {
                throw new IllegalArgumentException("sizes: " + s.size() + " entries for "
                        + snapshot.chunks().size() + " chunks of " + snapshot.namespace());
            }
        });
    }

    /** A layout without sizes. */
    public static LayoutData of(ClusterSnapshot snapshot) {
        return new LayoutData(snapshot, Optional.empty());
    }
}

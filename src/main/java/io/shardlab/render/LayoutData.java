package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * What a chunk layout picture is drawn from: the cluster snapshot and, when known, per-chunk sizes.
 *
 * @param snapshot chunks, shards, zones and key pattern
 * @param sizes documents and bytes per chunk, one entry per chunk of the snapshot, or empty when unknown
 * @param colors the order in which the view that shows this layout first saw its shards, which gives each its
 *     colour; shards it has not seen take the next colours in sorted order ({@link NumberLineModel#colorOf})
 */
public record LayoutData(ClusterSnapshot snapshot, Optional<ChunkSizes> sizes, ShardColorOrder colors) {

    public LayoutData {
        if (snapshot == null) {
            throw new IllegalArgumentException("snapshot: required"); // untranslated: a developer's contract
        }
        sizes = sizes == null ? Optional.empty() : sizes;
        colors = colors == null ? ShardColorOrder.of(List.of()) : colors;
        sizes.ifPresent(s -> {
            if (s.size() != snapshot.chunks().size()) {
                throw new IllegalArgumentException(String.format(
                        "sizes: %s entries for %s chunks of %s", // untranslated: a developer's contract
                        s.size(), snapshot.chunks().size(), snapshot.namespace()));
            }
        });
    }

    /** A layout whose shards take their colours in sorted order: a picture of one moment, with no history. */
    public LayoutData(ClusterSnapshot snapshot, Optional<ChunkSizes> sizes) {
        this(snapshot, sizes, null);
    }

    /** This layout, its shards coloured in {@code colors}' order. */
    public LayoutData withColors(ShardColorOrder colors) {
        return new LayoutData(snapshot, sizes, colors);
    }

    /** A layout without sizes. */
    public static LayoutData of(ClusterSnapshot snapshot) {
        return new LayoutData(snapshot, Optional.empty());
    }
}

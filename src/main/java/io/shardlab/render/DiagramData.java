package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.Optional;

/**
 * Everything a full diagram can show: the chunk layout and, when a workload ran, its writes per shard over
 * time, its writes per key range over time and, for a hashed key, its values before hashing.
 *
 * @param layout the chunk layout (required)
 * @param writes writes per shard per window, if any
 * @param heatmap writes per key range per window, if any
 * @param valueLine for a hashed key, the stream's values before hashing laid out as chunks of their own, each
 *        range on the shard its values' hashes went to (the explorer's value line); drawn above the number line
 */
public record DiagramData(
        LayoutData layout,
        Optional<WriteSeries> writes,
        Optional<HeatmapData> heatmap,
        Optional<ClusterSnapshot> valueLine) {

    public DiagramData {
        if (layout == null) {
            throw new IllegalArgumentException("layout: required");
        }
        writes = writes == null ? Optional.empty() : writes;
        heatmap = heatmap == null ? Optional.empty() : heatmap;
        valueLine = valueLine == null ? Optional.empty() : valueLine;
    }

    /** A diagram without a value line. */
    public DiagramData(LayoutData layout, Optional<WriteSeries> writes, Optional<HeatmapData> heatmap) {
        this(layout, writes, heatmap, Optional.empty());
    }

    /** A layout with no workload data. */
    public static DiagramData of(LayoutData layout) {
        return new DiagramData(layout, Optional.empty(), Optional.empty());
    }
}

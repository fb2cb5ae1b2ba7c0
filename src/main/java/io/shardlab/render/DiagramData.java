package io.shardlab.render;

import java.util.Optional;

/**
 * Everything a full diagram can show: the chunk layout and, when a workload ran, its writes per shard over
 * time and its writes per key range over time.
 *
 * @param layout the chunk layout (required)
 * @param writes writes per shard per window, if any
 * @param heatmap writes per key range per window, if any
 */
public record DiagramData(LayoutData layout, Optional<WriteSeries> writes, Optional<HeatmapData> heatmap) {

    public DiagramData {
        if (layout == null) {
            throw new IllegalArgumentException("layout: required");
        }
        writes = writes == null ? Optional.empty() : writes;
        heatmap = heatmap == null ? Optional.empty() : heatmap;
    }

    /** A layout with no workload data. */
    public static DiagramData of(LayoutData layout) {
        return new DiagramData(layout, Optional.empty(), Optional.empty());
    }
}

package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.text.Message;
import java.util.Map;
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
 * @param migrations the balancer's next migration and the orphans earlier ones left, drawn on the lanes
 * @param drainsLeft per draining shard id, what is left of its drain over the whole catalog ({@code 3 chunks · 2
 *        collections left}), drawn in its lane's DRAINING badge; a shard without an entry shows the bare badge
 */
public record DiagramData(
        LayoutData layout,
        Optional<WriteSeries> writes,
        Optional<HeatmapData> heatmap,
        Optional<ClusterSnapshot> valueLine,
        MigrationMarks migrations,
        Map<String, Message> drainsLeft) {

    public DiagramData {
        if (layout == null) {
            throw new IllegalArgumentException("layout: required"); // untranslated: a developer's contract
        }
        writes = writes == null ? Optional.empty() : writes;
        heatmap = heatmap == null ? Optional.empty() : heatmap;
        valueLine = valueLine == null ? Optional.empty() : valueLine;
        migrations = migrations == null ? MigrationMarks.NONE : migrations;
        drainsLeft = drainsLeft == null ? Map.of() : Map.copyOf(drainsLeft);
    }

    /** A diagram whose draining shards' badges say nothing of what is left. */
    public DiagramData(
            LayoutData layout,
            Optional<WriteSeries> writes,
            Optional<HeatmapData> heatmap,
            Optional<ClusterSnapshot> valueLine,
            MigrationMarks migrations) {
        this(layout, writes, heatmap, valueLine, migrations, Map.of());
    }

    /** A diagram without migration marks. */
    public DiagramData(
            LayoutData layout,
            Optional<WriteSeries> writes,
            Optional<HeatmapData> heatmap,
            Optional<ClusterSnapshot> valueLine) {
        this(layout, writes, heatmap, valueLine, MigrationMarks.NONE);
    }

    /** A diagram without a value line. */
    public DiagramData(LayoutData layout, Optional<WriteSeries> writes, Optional<HeatmapData> heatmap) {
        this(layout, writes, heatmap, Optional.empty());
    }

    /** This diagram with {@code marks} on its lanes. */
    public DiagramData withMigrations(MigrationMarks marks) {
        return new DiagramData(layout, writes, heatmap, valueLine, marks, drainsLeft);
    }

    /** This diagram with {@code left} in its draining shards' badges. */
    public DiagramData withDrainsLeft(Map<String, Message> left) {
        return new DiagramData(layout, writes, heatmap, valueLine, migrations, left);
    }

    /** A layout with no workload data. */
    public static DiagramData of(LayoutData layout) {
        return new DiagramData(layout, Optional.empty(), Optional.empty());
    }
}

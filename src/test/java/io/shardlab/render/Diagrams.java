package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Test support: a known diagram and a scratch Graphics2D to measure it with. */
final class Diagrams {

    static final String[] OWNERS = {
        "shard01", "shard02", "shard03", "shard04", "shard02", "shard01", "shard04", "shard03", "shard03", "shard01",
        "shard02", "shard04"
    };

    private Diagrams() {}

    /** 12 chunks of {x: 1} on 4 shards, cut at 100, 200, …, 1100, with sizes, writes and a heatmap. */
    static DiagramData twelveChunks(Set<Integer> jumbo, List<ZoneRange> zones) {
        long[] points = new long[OWNERS.length - 1];
        for (int i = 0; i < points.length; i++) {
            points[i] = (i + 1) * 100L;
        }
        ClusterSnapshot s = Layouts.ranged(points, OWNERS, jumbo, zones);
        long[] docs = new long[OWNERS.length];
        long[] bytes = new long[OWNERS.length];
        for (int i = 0; i < docs.length; i++) {
            docs[i] = 1000L * (i + 1);
            bytes[i] = docs[i] * 512;
        }
        long[][] writes = new long[4][30];
        for (int t = 0; t < 30; t++) {
            writes[0][t] = 100 + t;
            writes[1][t] = 120;
            writes[2][t] = 80;
            writes[3][t] = 2000 + 50L * t;
        }
        List<ShardKey> bounds = new ArrayList<>();
        bounds.add(ShardKey.globalMin(1));
        for (int k = 1; k < 8; k++) {
            bounds.add(Layouts.key(k * 150L));
        }
        bounds.add(ShardKey.globalMax(1));
        long[][] heat = new long[30][8];
        for (int t = 0; t < 30; t++) {
            for (int k = 0; k < 8; k++) {
                heat[t][k] = k == 7 ? 2000 + 50L * t : 40;
            }
        }
        return new DiagramData(
                new LayoutData(s, Optional.of(new ChunkSizes(docs, bytes))),
                Optional.of(new WriteSeries(List.of("shard01", "shard02", "shard03", "shard04"), 0, 10_000, writes)),
                Optional.of(new HeatmapData(bounds, 0, 10_000, heat)));
    }

    static DiagramData twelveChunks() {
        return twelveChunks(Set.of(), List.of());
    }

    /**
     * A hashed key's layout, {x: 'hashed'} in four chunks on two shards, with its value line: the values
     * 0–1000 in four ranges, each on the shard its values' hashes went to (as the explorer's value line is).
     */
    static DiagramData hashedWithValueLine() {
        ClusterSnapshot hashed = Layouts.of(
                io.shardlab.key.ShardKeyPattern.parse("{x: 'hashed'}"),
                List.of(Layouts.key(Long.MIN_VALUE / 2), Layouts.key(0), Layouts.key(Long.MAX_VALUE / 2)),
                new String[] {"shard01", "shard02", "shard01", "shard02"},
                Set.of(),
                List.of());
        ClusterSnapshot values = Layouts.ranged(new long[] {250, 500, 750}, VALUE_OWNERS, Set.of(), List.of());
        return new DiagramData(LayoutData.of(hashed), Optional.empty(), Optional.empty(), Optional.of(values));
    }

    /** The value line's ranges' shards in {@link #hashedWithValueLine}. */
    static final String[] VALUE_OWNERS = {"shard02", "shard02", "shard01", "shard02"};

    /** A throwaway Graphics2D for measuring text (the PNG exporter's kind). */
    static Graphics2D scratch() {
        return new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
    }
}

package io.shardlab.ui.export;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.HeatmapData;
import io.shardlab.render.LayoutData;
import io.shardlab.render.WriteSeries;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonInt64;

/** Test support: the explorer's diagram of {@code shop.orders} on {@code {x: 1}}, 6 chunks on 3 shards. */
final class ExportDiagrams {

    static final List<String> SHARDS = List.of("shard01", "shard02", "shard03");

    private ExportDiagrams() {}

    static DiagramData layoutOnly() {
        return DiagramData.of(layout());
    }

    /** With writes per shard and a heatmap over 20 windows, all writes in the top key range. */
    static DiagramData withWrites() {
        long[][] writes = new long[3][20];
        long[][] heat = new long[20][4];
        for (int t = 0; t < 20; t++) {
            writes[2][t] = 500;
            heat[t][3] = 500;
        }
        List<ShardKey> bounds = List.of(ShardKey.globalMin(1), key(100), key(200), key(300), ShardKey.globalMax(1));
        return new DiagramData(
                layout(),
                Optional.of(new WriteSeries(SHARDS, 0, 1_000, writes)),
                Optional.of(new HeatmapData(bounds, 0, 1_000, heat)));
    }

    private static LayoutData layout() {
        ShardKeyPattern pattern = ShardKeyPattern.parse("{x: 1}");
        List<Chunk> chunks = new ArrayList<>();
        ShardKey lower = pattern.globalMin();
        long[] docs = new long[6];
        long[] bytes = new long[6];
        for (int i = 0; i < 6; i++) {
            ShardKey upper = i < 5 ? key((i + 1) * 60L) : pattern.globalMax();
            chunks.add(new Chunk(lower, upper, SHARDS.get(i % 3), false, new ChunkVersion(1, i)));
            lower = upper;
            docs[i] = 1000L * (i + 1);
            bytes[i] = docs[i] * 100;
        }
        ClusterSnapshot snapshot = new ClusterSnapshot(
                "shop.orders",
                pattern,
                false,
                SHARDS.stream().map(Shard::named).toList(),
                new ChunkMap(chunks),
                List.of());
        return new LayoutData(snapshot, Optional.of(new ChunkSizes(docs, bytes)));
    }

    private static ShardKey key(long v) {
        return ShardKey.of(new BsonInt64(v));
    }
}

package io.shardlab.render;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The number line's geometry for one layout and one {@link Scale}, computed once: the line position of every
 * chunk bound, the owning shard of every chunk as a small index, jumbo flags and zone spans. Per-frame work
 * ({@link NumberLineFrame}) only binary-searches these arrays and walks the visible chunks.
 *
 * <p>Positions are fractions of the whole line: chunk {@code i} covers {@code [edge(i), edge(i + 1))},
 * {@code edge(0) = 0}, {@code edge(n) = 1}, and edges never decrease (a chunk may have zero width on the
 * key-value scale). Shard indexes follow the snapshot's sorted shard list; shards that own chunks but are
 * missing from that list are appended in sorted order. A shard's palette colour is apart from its index
 * ({@link #colorOf}): it follows the order in which the view first saw the shards ({@link ShardColorOrder}), so that
 * a shard that joins recolours no other.
 *
 * <p>Immutable and safe to share across threads.
 */
public final class NumberLineModel {

    private final ClusterSnapshot snapshot;
    private final Scale scale;
    private final List<String> shards;
    private final double[] edges;
    private final int[] shardOf;
    private final boolean[] jumbo;
    private final int jumboCount;
    private final List<Integer> oversized;
    private final int[] chunksPerShard;
    private final int[] colors;
    private final List<ZoneSpan> zones;

    /**
     * A zone range placed on the line.
     *
     * @param zone the zone name
     * @param start line position of the range's min
     * @param end line position of the range's max
     */
    public record ZoneSpan(String zone, double start, double end) {}

    private NumberLineModel(
            ClusterSnapshot snapshot,
            Scale scale,
            List<String> shards,
            double[] edges,
            int[] shardOf,
            boolean[] jumbo,
            List<Integer> oversized,
            ShardColorOrder colorOrder) {
        this.snapshot = snapshot;
        this.scale = scale;
        this.shards = shards;
        this.edges = edges;
        this.shardOf = shardOf;
        this.jumbo = jumbo;
        int j = 0;
        for (boolean b : jumbo) {
            j += b ? 1 : 0;
        }
        this.jumboCount = j;
        this.oversized = oversized;
        ShardColorOrder seen = colorOrder.joining(shards);
        this.colors = shards.stream().mapToInt(seen::colorOf).toArray();
        this.chunksPerShard = new int[shards.size()];
        for (int s : shardOf) {
            chunksPerShard[s]++;
        }
        List<ZoneSpan> z = new ArrayList<>();
        for (ZoneRange range : snapshot.zones()) {
            z.add(new ZoneSpan(range.zone(), positionOf(range.min()), positionOf(range.max())));
        }
        this.zones = List.copyOf(z);
    }

    /**
     * The model of {@code layout} on {@code scale}.
     *
     * @throws IllegalArgumentException when the scale cannot be drawn: {@link Scale#DATA_SIZE} without chunk
     *         sizes, {@link Scale#KEY_VALUE} for a key whose first field holds no numbers or dates
     */
    public static NumberLineModel of(LayoutData layout, Scale scale) {
        ClusterSnapshot snapshot = layout.snapshot();
        ChunkMap chunks = snapshot.chunks();
        int n = chunks.size();
        List<String> shards = shardList(snapshot);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < shards.size(); i++) {
            index.put(shards.get(i), i);
        }
        int[] shardOf = new int[n];
        boolean[] jumbo = new boolean[n];
        for (int i = 0; i < n; i++) {
            Chunk c = chunks.get(i);
            shardOf[i] = index.get(c.shard());
            jumbo[i] = c.jumbo();
        }
        double[] edges = switch (scale) {
            case EQUAL -> equalEdges(n);
            case DATA_SIZE ->
                sizeEdges(layout.sizes()
                        .orElseThrow(() ->
                                new RefusedInput(Message.of("render.refused.dataSizeScale", snapshot.namespace()))));
            case KEY_VALUE -> KeyValueAxis.of(chunks, snapshot.key()).edges(chunks);
        };
        List<Integer> oversized = new ArrayList<>();
        layout.sizes().ifPresent(sizes -> {
            for (int i = 0; i < n; i++) {
                if (sizes.cannotSplit(i) && !jumbo[i]) {
                    oversized.add(i);
                }
            }
        });
        return new NumberLineModel(
                snapshot, scale, shards, edges, shardOf, jumbo, List.copyOf(oversized), layout.colors());
    }

    /** The snapshot's shard ids, then any shard that owns a chunk but is not listed, sorted. */
    static List<String> shardList(ClusterSnapshot snapshot) {
        List<String> shards = new ArrayList<>(snapshot.shardIds());
        TreeSet<String> extra = new TreeSet<>();
        Set<String> listed = new HashSet<>(shards);
        String previous = null;
        for (Chunk c : snapshot.chunks().chunks()) {
            if (!c.shard().equals(previous) && !listed.contains(c.shard())) {
                extra.add(c.shard());
            }
            previous = c.shard();
        }
        shards.addAll(extra);
        return Collections.unmodifiableList(shards);
    }

    private static double[] equalEdges(int n) {
        double[] e = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            e[i] = (double) i / n;
        }
        return e;
    }

    private static double[] sizeEdges(ChunkSizes sizes) {
        int n = sizes.size();
        if (sizes.totalBytes() == 0) {
            return equalEdges(n);
        }
        double floor = sizes.totalBytes() / (100.0 * n);
        double total = sizes.totalBytes() + floor * n;
        double[] e = new double[n + 1];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            e[i] = sum / total;
            sum += sizes.bytes(i) + floor;
        }
        e[n] = 1;
        return e;
    }

    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    public ShardKeyPattern key() {
        return snapshot.key();
    }

    public Scale scale() {
        return scale;
    }

    /** Number of chunks. */
    public int chunkCount() {
        return shardOf.length;
    }

    /** Shard ids by index: the snapshot's sorted list, then shards owning chunks but not listed. */
    public List<String> shards() {
        return shards;
    }

    /**
     * The palette colour index of the shard at {@code shardIndex}: its place in the layout's {@link ShardColorOrder},
     * shards the order has not seen following in {@link #shards()} order. Without a history, the shard index.
     */
    public int colorOf(int shardIndex) {
        return colors[shardIndex];
    }

    /** Index of {@code shard} in {@link #shards()}, or -1. */
    public int shardIndex(String shard) {
        return shards.indexOf(shard);
    }

    /** The bound positions, n + 1 of them; the caller must not change the array (frames read it in place). */
    double[] edgeArray() {
        return edges;
    }

    /** Shard indexes per chunk; the caller must not change the array. */
    int[] shardArray() {
        return shardOf;
    }

    /** Jumbo flags per chunk; the caller must not change the array. */
    boolean[] jumboArray() {
        return jumbo;
    }

    /** Line position of bound {@code i}: the min of chunk {@code i}, or 1 for {@code i = n}. */
    public double edge(int i) {
        return edges[i];
    }

    /** Shard index of chunk {@code i}. */
    public int shardOf(int i) {
        return shardOf[i];
    }

    /** Whether chunk {@code i} is jumbo. */
    public boolean jumbo(int i) {
        return jumbo[i];
    }

    /**
     * The chunks, ascending, that are larger than the max chunk size with documents of one shard-key value and
     * not marked jumbo ({@link ChunkSizes#cannotSplit}): releases that never try to split or move them leave the
     * flag off, and the line marks them apart.
     */
    public List<Integer> oversizedCannotSplit() {
        return oversized;
    }

    /** Whether chunk {@code i} is oversized and cannot split, and not marked jumbo. */
    public boolean oversizedCannotSplit(int i) {
        return Collections.binarySearch(oversized, i) >= 0;
    }

    /** Number of jumbo chunks. */
    public int jumboCount() {
        return jumboCount;
    }

    /** Chunks per shard index. */
    public int chunksOf(int shardIndex) {
        return chunksPerShard[shardIndex];
    }

    /** The zone ranges on the line, in key order. */
    public List<ZoneSpan> zones() {
        return zones;
    }

    /** The chunk bound {@code i} as a key: min of chunk {@code i}, or the global max for {@code i = n}. */
    public ShardKey bound(int i) {
        ChunkMap chunks = snapshot.chunks();
        return i == chunks.size() ? chunks.get(i - 1).max() : chunks.get(i).min();
    }

    /**
     * The chunk drawn at line position {@code pos}: the last chunk whose start is at or before {@code pos}
     * (so a zero-width chunk is never returned when a wider one starts at the same place), clamped to the
     * first and last chunk.
     */
    public int chunkAt(double pos) {
        int lo = 0;
        int hi = shardOf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (edges[mid] <= pos) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * The first bound index {@code i} (0..n) with {@code edge(i) >= pos}, or n + 1 when none.
     */
    public int firstBoundAtOrAfter(double pos) {
        int lo = 0;
        int hi = edges.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (edges[mid] < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Line position of a key: the start of the chunk that owns it plus the key's place inside the chunk,
     * interpolated by value when the first fields of the key and the chunk bounds are numbers or dates,
     * the chunk's middle otherwise, and exactly the chunk's start when the key is its min. The global max is 1.
     */
    public double positionOf(ShardKey key) {
        if (key.isGlobalMax()) {
            return 1;
        }
        ChunkMap chunks = snapshot.chunks();
        int i = chunks.indexOf(key);
        Chunk c = chunks.get(i);
        double f = KeyValueAxis.fractionInside(key, c.min(), c.max());
        return edges[i] + f * (edges[i + 1] - edges[i]);
    }
}

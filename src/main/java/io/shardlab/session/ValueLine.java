package io.shardlab.session;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The value space of a hashed shard key, drawn with the same number line as the hash space: the
 * stream's distinct values before hashing, in value order, each owned by the shard whose chunk holds
 * its hash. Neighbouring values scatter over the shards, which is what hashing is for, and a range
 * query on the field reaches every shard.
 *
 * <p>As a layout it is a {@link ClusterSnapshot} over the same fields, all ascending, with one "chunk"
 * per value, {@code [v_i, v_i+1)} (the first from MinKey, the last to MaxKey), so that the equal-width
 * scale spaces the values by rank. A stream with more than {@value #MAX_VALUES} distinct values is
 * sampled evenly by rank. It is not MongoDB metadata and never leaves the screen as such.
 *
 * <p>Immutable; {@link #on} caches the last answer (call it from one thread).
 */
public final class ValueLine {

    /** The most values drawn; a screen has fewer pixel columns than this. */
    static final int MAX_VALUES = 20_000;

    private final String namespace;
    private final ShardKeyPattern valuePattern;
    private final ShardKey[] values;
    private final ShardKey[] hashes;
    private ChunkMap lastHashChunks;
    private ClusterSnapshot last;

    private ValueLine(String namespace, ShardKeyPattern valuePattern, ShardKey[] values, ShardKey[] hashes) {
        this.namespace = namespace;
        this.valuePattern = valuePattern;
        this.values = values;
        this.hashes = hashes;
    }

    /** The distinct values of a hashed key's stream, with their hashes. */
    static ValueLine of(PreparedInserts inserts, String namespace) {
        int n = inserts.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order, Comparator.comparing(i -> inserts.valueBeforeHashing(i).orElseThrow()));
        List<ShardKey> values = new ArrayList<>();
        List<ShardKey> hashes = new ArrayList<>();
        for (int i : order) {
            ShardKey v = inserts.valueBeforeHashing(i).orElseThrow();
            if (values.isEmpty() || values.get(values.size() - 1).compareTo(v) != 0) {
                values.add(v);
                hashes.add(inserts.key(i));
            }
        }
        if (values.size() > MAX_VALUES) {
            List<ShardKey> v = new ArrayList<>(MAX_VALUES);
            List<ShardKey> h = new ArrayList<>(MAX_VALUES);
            for (int k = 0; k < MAX_VALUES; k++) {
                int i = (int) ((long) k * values.size() / MAX_VALUES);
                v.add(values.get(i));
                h.add(hashes.get(i));
            }
            values = v;
            hashes = h;
        }
        ShardKeyPattern pattern = new ShardKeyPattern(inserts.pattern().fields().stream()
                .map(f -> new KeyField(f.path(), false))
                .toList());
        return new ValueLine(namespace, pattern, values.toArray(new ShardKey[0]), hashes.toArray(new ShardKey[0]));
    }

    /** Number of distinct values. */
    int values() {
        return values.length;
    }

    /** The value line for the hash-space layout {@code cluster}. */
    ClusterSnapshot on(ClusterSnapshot cluster) {
        if (last != null && lastHashChunks == cluster.chunks()) {
            return last;
        }
        ChunkMap chunks = cluster.chunks();
        List<Chunk> runs = new ArrayList<>();
        ShardKey lower = valuePattern.globalMin();
        String shard = chunks.chunkFor(hashes[0]).shard();
        for (int i = 1; i < values.length && !values[i].isGlobalMax(); i++) {
            runs.add(new Chunk(lower, values[i], shard, false, ChunkVersion.INITIAL));
            lower = values[i];
            shard = chunks.chunkFor(hashes[i]).shard();
        }
        runs.add(new Chunk(lower, valuePattern.globalMax(), shard, false, ChunkVersion.INITIAL));
        last = new ClusterSnapshot(namespace, valuePattern, false, cluster.shards(), new ChunkMap(runs), List.of());
        lastHashChunks = chunks;
        return last;
    }
}

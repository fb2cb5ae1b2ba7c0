package io.shardlab.cluster;

import io.shardlab.key.ShardKey;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The chunks of one sharded collection, in key order. Immutable: every change returns a new map.
 *
 * <p>Invariant, checked on construction and after every change: the chunks tile
 * {@code [globalMin, globalMax)} with no gap and no overlap, i.e. the first chunk's min is every
 * field MinKey, the last chunk's max is every field MaxKey, and each chunk's max is the next chunk's
 * min (mongo {@code src/mongo/s/chunk_manager.cpp}, {@code ChunkMap} invariants).
 *
 * <p>Lookup of the chunk owning a key is a binary search over the mins, O(log n).
 */
public final class ChunkMap {

    private final Chunk[] chunks;
    private final ChunkVersion collectionVersion;

    /**
     * A map from chunks in key order.
     *
     * @throws InvalidChunkMapException naming the first gap, overlap or misplaced bound
     */
    public ChunkMap(List<Chunk> chunks) {
        this(chunks.toArray(new Chunk[0]), true);
    }

    private ChunkMap(Chunk[] chunks, boolean validateAll) {
        this.chunks = chunks;
        if (validateAll) {
            validate(chunks, 0, chunks.length);
        }
        ChunkVersion max = chunks[0].version();
        for (Chunk c : chunks) {
            if (c.version().compareTo(max) > 0) {
                max = c.version();
            }
        }
        this.collectionVersion = max;
    }

    /** One chunk {@code [MinKey, MaxKey)} on {@code shard}: what shardCollection creates for a ranged key. */
    public static ChunkMap single(int arity, String shard) {
        return new ChunkMap(List.of(
                new Chunk(ShardKey.globalMin(arity), ShardKey.globalMax(arity), shard, false, ChunkVersion.INITIAL)));
    }

    /**
     * Chunks cut at {@code splitPoints} (sorted, distinct, inside the key space), the i-th chunk on
     * {@code shards.get(i % shards.size())} when {@code contiguousPerShard} is 1, or on consecutive
     * runs of {@code contiguousPerShard} chunks per shard. Versions are {@code (1, 0)}, {@code (1, 1)}, ….
     */
    public static ChunkMap fromSplitPoints(
            int arity, List<ShardKey> splitPoints, List<String> shards, int contiguousPerShard) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("shards: at least one shard is needed");
        }
        if (contiguousPerShard < 1) {
            throw new IllegalArgumentException("contiguousPerShard: must be at least 1, got " + contiguousPerShard);
        }
        List<Chunk> list = new ArrayList<>(splitPoints.size() + 1);
        ShardKey lower = ShardKey.globalMin(arity);
        for (int i = 0; i <= splitPoints.size(); i++) {
            ShardKey upper = i < splitPoints.size() ? splitPoints.get(i) : ShardKey.globalMax(arity);
            String shard = shards.get((i / contiguousPerShard) % shards.size());
            list.add(new Chunk(lower, upper, shard, false, new ChunkVersion(1, i)));
            lower = upper;
        }
        return new ChunkMap(list);
    }

    private static void validate(Chunk[] chunks, int from, int to) {
        if (chunks.length == 0) {
            throw new InvalidChunkMapException("a collection has at least one chunk; the chunk list is empty");
        }
        int arity = chunks[0].min().arity();
        if (from == 0 && !chunks[0].min().isGlobalMin()) {
            throw new InvalidChunkMapException("the first chunk must start at MinKey, found " + chunks[0]);
        }
        if (to == chunks.length && !chunks[chunks.length - 1].max().isGlobalMax()) {
            throw new InvalidChunkMapException("the last chunk must end at MaxKey, found " + chunks[chunks.length - 1]);
        }
        int start = Math.max(1, from);
        int end = Math.min(chunks.length, to + 1);
        for (int i = start; i < end; i++) {
            Chunk previous = chunks[i - 1];
            Chunk current = chunks[i];
            if (current.min().arity() != arity) {
                throw new InvalidChunkMapException(
                        "chunk " + current + " has " + current.min().arity() + " key fields, the first chunk " + arity);
            }
            int c = previous.max().compareTo(current.min());
            if (c < 0) {
                throw new InvalidChunkMapException("gap between " + previous + " and " + current);
            }
            if (c > 0) {
                throw new InvalidChunkMapException("overlap between " + previous + " and " + current);
            }
        }
    }

    /** Number of chunks. */
    public int size() {
        return chunks.length;
    }

    /** The chunk at {@code index} in key order. */
    public Chunk get(int index) {
        return chunks[index];
    }

    /** The chunks in key order, as an unmodifiable view. */
    public List<Chunk> chunks() {
        return new AbstractList<>() {
            @Override
            public Chunk get(int index) {
                return chunks[index];
            }

            @Override
            public int size() {
                return chunks.length;
            }
        };
    }

    /** Number of key fields of the bounds. */
    public int arity() {
        return chunks[0].min().arity();
    }

    /** The highest chunk version: the collection version. */
    public ChunkVersion collectionVersion() {
        return collectionVersion;
    }

    /**
     * Index of the chunk that owns {@code key} ({@code min <= key < max}). The global max, which no
     * chunk contains, maps to the last chunk, so that a range ending at MaxKey reaches it.
     */
    public int indexOf(ShardKey key) {
        int lo = 0;
        int hi = chunks.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (chunks[mid].min().compareTo(key) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The chunk that owns {@code key}. */
    public Chunk chunkFor(ShardKey key) {
        return chunks[indexOf(key)];
    }

    /** Chunk counts per shard id, sorted by shard id. */
    public Map<String, Integer> chunksPerShard() {
        Map<String, Integer> counts = new TreeMap<>();
        for (Chunk c : chunks) {
            counts.merge(c.shard(), 1, Integer::sum);
        }
        return counts;
    }

    /** The shards owning at least one chunk, sorted by shard id. */
    public List<String> owningShards() {
        return List.copyOf(chunksPerShard().keySet());
    }

    /**
     * Splits the chunk at {@code index} at the given points (sorted, strictly inside the chunk). The
     * new chunks keep the shard, clear the jumbo flag and take successive minor versions after the
     * collection version.
     *
     * @throws IllegalArgumentException when a point is not strictly inside the chunk or out of order
     */
    public ChunkMap split(int index, List<ShardKey> points) {
        Chunk chunk = chunks[index];
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: at least one split point is needed");
        }
        ShardKey previous = chunk.min();
        for (ShardKey p : points) {
            if (p.compareTo(previous) <= 0 || p.compareTo(chunk.max()) >= 0) {
                throw new IllegalArgumentException(
                        "points: split point " + p + " is not inside " + chunk + " or not in increasing order");
            }
            previous = p;
        }
        Chunk[] replacement = new Chunk[points.size() + 1];
        ChunkVersion v = collectionVersion;
        ShardKey lower = chunk.min();
        for (int i = 0; i <= points.size(); i++) {
            ShardKey upper = i < points.size() ? points.get(i) : chunk.max();
            v = v.nextMinor();
            replacement[i] = new Chunk(lower, upper, chunk.shard(), false, v);
            lower = upper;
        }
        return replace(index, index + 1, replacement);
    }

    /**
     * Merges the chunks {@code [from, to)} into one; they must be on the same shard. The merged chunk
     * gets the next minor version.
     */
    public ChunkMap merge(int from, int to) {
        if (from < 0 || to > chunks.length || to - from < 2) {
            throw new IllegalArgumentException(
                    "merge: needs at least two adjacent chunks, got indexes [" + from + ", " + to + ")");
        }
        String shard = chunks[from].shard();
        for (int i = from + 1; i < to; i++) {
            if (!chunks[i].shard().equals(shard)) {
                throw new IllegalArgumentException(
                        "merge: chunks " + chunks[from] + " and " + chunks[i] + " are on different shards");
            }
        }
        Chunk merged = new Chunk(chunks[from].min(), chunks[to - 1].max(), shard, false, collectionVersion.nextMinor());
        return replace(from, to, new Chunk[] {merged});
    }

    /** Moves the chunk at {@code index} to {@code toShard}, giving it the next major version. */
    public ChunkMap move(int index, String toShard) {
        Chunk moved = chunks[index].movedTo(toShard, collectionVersion.nextMajor());
        return replace(index, index + 1, new Chunk[] {moved});
    }

    /** The map with the chunk at {@code index} replaced by {@code chunk}, which must have the same bounds. */
    public ChunkMap with(int index, Chunk chunk) {
        if (!chunk.min().equals(chunks[index].min()) || !chunk.max().equals(chunks[index].max())) {
            throw new IllegalArgumentException("chunk: " + chunk + " does not have the bounds of " + chunks[index]);
        }
        return replace(index, index + 1, new Chunk[] {chunk});
    }

    /**
     * Replaces the chunks {@code [from, to)} by {@code replacement}, which must cover exactly the
     * same range; the result is checked around the replaced run.
     */
    public ChunkMap replace(int from, int to, Chunk[] replacement) {
        Chunk[] next = new Chunk[chunks.length - (to - from) + replacement.length];
        System.arraycopy(chunks, 0, next, 0, from);
        System.arraycopy(replacement, 0, next, from, replacement.length);
        System.arraycopy(chunks, to, next, from + replacement.length, chunks.length - to);
        validate(next, from, from + replacement.length);
        return new ChunkMap(next, false);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkMap m && Arrays.equals(chunks, m.chunks);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(chunks);
    }

    @Override
    public String toString() {
        return "ChunkMap(" + chunks.length + " chunks, version " + collectionVersion + ")";
    }
}

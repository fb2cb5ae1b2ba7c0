package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.bson.BsonInt64;
import org.bson.BsonType;

/**
 * The documents of one sharded collection, chunk by chunk: one {@link ChunkDocuments} per chunk of
 * the collection's chunk map, in the same order. {@link ClusterState} owns it and keeps it aligned
 * with the chunk map it passes in: every method taking a {@link ChunkMap} expects the map the
 * store is aligned with, and {@link #split}, {@link #merge} and {@link #retile} change the store
 * exactly as the map changes.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>index {@code i} holds the documents of chunk {@code i}; every known document's key lies in
 *       that chunk's {@code [min, max)} ({@link #checkAgainst});
 *   <li>one layout for every chunk: {@link LongChunkDocuments} while every key is one Int64 (one-field
 *       keys), otherwise {@link EncodedChunkDocuments}; the first key that is not one Int64 switches
 *       every chunk, for good;
 *   <li>a chunk's unknown documents (a loaded layout's contents, {@link ChunkDocuments#unknownDocuments()})
 *       are divided between the pieces of a split by where {@link KeyInterpolation} places the cuts,
 *       and only cuts it can place are allowed ({@link #canPlace});
 *   <li>routing (key → chunk index) is a binary search over the chunk mins, cached per chunk map
 *       instance (chunk maps are immutable).
 * </ul>
 */
final class CollectionDocuments {

    private final ArrayList<ChunkDocuments> chunks = new ArrayList<>();
    private ShardKeyPattern key;
    /** True while every document key is one Int64 (one-field keys): {@link LongChunkDocuments}. */
    private boolean longLayout;

    private KeyEncoder encoder;

    /** Routing cache: valid while {@code routingFor} is the map routed on. */
    private ChunkMap routingFor;
    /** Long layout: ceiling of each reachable chunk min. */
    private long[] ceilings = new long[0];

    private int reachableChunks;
    /** Encoded layout: each chunk min, encoded. */
    private byte[][] encodedMins = new byte[0][];

    /** Per-chunk counters of every chunk, index-aligned (the undo state besides the catalog). */
    record ChunkCounters(long[] bytesWritten, long[] onShardSince, long[] unknownDocuments, long[] unknownBytes) {}

    /** Totals over every chunk, for the cluster's invariants. */
    record Totals(long knownDocuments, long unknownDocuments, long unknownBytes) {}

    /**
     * Empties the store for a collection of key {@code key} with {@code chunkCount} chunks, each
     * on its shard since {@code onShardSince} (ms).
     */
    void reset(ShardKeyPattern key, int chunkCount, long onShardSince) {
        this.key = key;
        longLayout = key.arity() == 1;
        encoder = new KeyEncoder(key.arity());
        chunks.clear();
        for (int i = 0; i < chunkCount; i++) {
            ChunkDocuments d = newChunkDocuments();
            d.setOnShardSince(onShardSince);
            chunks.add(d);
        }
        routingFor = null;
    }

    /** No collection: no chunks. */
    void clear() {
        chunks.clear();
        routingFor = null;
    }

    /** Number of chunks. */
    int size() {
        return chunks.size();
    }

    /**
     * The documents of chunk {@code index}. Callers read them and may update the chunk's write
     * tracker; documents are added, removed and moved only through this store.
     */
    ChunkDocuments of(int index) {
        return chunks.get(index);
    }

    /** Whether every key is one Int64 ({@link #addLong} applies). */
    boolean longLayout() {
        return longLayout;
    }

    private ChunkDocuments newChunkDocuments() {
        return longLayout ? new LongChunkDocuments(BsonType.INT64) : new EncodedChunkDocuments(encoder);
    }

    /** Converts every chunk's documents to the encoded layout (a key arrived that is not one Int64). */
    private void switchToEncodedLayout() {
        for (int i = 0; i < chunks.size(); i++) {
            LongChunkDocuments old = (LongChunkDocuments) chunks.get(i);
            EncodedChunkDocuments converted = new EncodedChunkDocuments(encoder);
            for (int d = 0; d < old.count(); d++) {
                converted.add(encoder.encode(ShardKey.of(new BsonInt64(old.rawKey(d)))), old.sizeAt(d));
            }
            converted.setBytesWritten(old.bytesWritten());
            converted.setOnShardSince(old.onShardSinceMillis());
            chunks.set(i, converted);
        }
        longLayout = false;
        routingFor = null;
    }

    // ---- routing ------------------------------------------------------------------------------------

    private void refreshRouting(ChunkMap map) {
        if (routingFor == map) {
            return;
        }
        int n = map.size();
        if (longLayout) {
            ceilings = new long[n];
            reachableChunks = 0;
            for (int i = 0; i < n; i++) {
                LongKeyBound b = LongKeyBound.of(map.get(i).min());
                if (!b.reachable()) {
                    break;
                }
                ceilings[i] = b.ceiling();
                reachableChunks = i + 1;
            }
        } else {
            encodedMins = new byte[n][];
            for (int i = 0; i < n; i++) {
                encodedMins[i] = KeyEncoder.encodeBound(map.get(i).min());
            }
        }
        routingFor = map;
    }

    private int routeLong(ChunkMap map, long key) {
        refreshRouting(map);
        return lastAtOrBelow(ceilings, reachableChunks, key);
    }

    /**
     * The last of the first {@code n} ceilings that is {@code <= key}, given that the first one is (the
     * MinKey chunk's). A binary search without a data-dependent branch: it halves the range
     * {@code log2(n)} times whatever the key, and each step is a conditional move, so random keys cost
     * no mispredicted branches (about three times faster over 1,000 chunks than the branching form).
     */
    private static int lastAtOrBelow(long[] ceilings, int n, long key) {
        int base = 0;
        int length = n;
        while (length > 1) {
            int half = length >>> 1;
            base = ceilings[base + half] <= key ? base + half : base;
            length -= half;
        }
        return base;
    }

    private int routeEncoded(ChunkMap map, byte[] key) {
        refreshRouting(map);
        int lo = 0;
        int hi = encodedMins.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (Arrays.compareUnsigned(encodedMins[mid], key) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    // ---- documents ----------------------------------------------------------------------------------

    /** Adds one document with a one-field Int64 key to its chunk; returns the chunk index. Precondition: {@link #longLayout()}. */
    int addLong(ChunkMap map, long key, int size) {
        int i = routeLong(map, key);
        ((LongChunkDocuments) chunks.get(i)).add(key, size);
        return i;
    }

    /**
     * Adds the documents {@code keys[0, n)}, each of {@code size} bytes, in one pass, and counts each
     * in {@code perChunk} at its chunk's index: the same documents, in the same order, as {@code n}
     * calls of {@link #addLong}. Worth it when the batch is not much smaller than the chunk count
     * (it visits every chunk once). Precondition: {@link #longLayout()}.
     */
    void addLongs(ChunkMap map, long[] keys, int n, int size, long[] perChunk) {
        refreshRouting(map);
        int chunkCount = chunks.size();
        long[][] arrays = new long[chunkCount][];
        int[] counts = new int[chunkCount];
        for (int c = 0; c < chunkCount; c++) {
            LongChunkDocuments documents = (LongChunkDocuments) chunks.get(c);
            arrays[c] = documents.keyArray();
            counts[c] = documents.count();
        }
        int[] before = counts.clone();
        long[] mins = ceilings;
        int reachable = reachableChunks;
        for (int d = 0; d < n; d++) {
            long key = keys[d];
            int c = lastAtOrBelow(mins, reachable, key);
            long[] array = arrays[c];
            int count = counts[c];
            if (count == array.length) {
                array = Arrays.copyOf(array, Math.max(8, count + (count >> 1)));
                arrays[c] = array;
            }
            array[count] = key;
            counts[c] = count + 1;
        }
        for (int c = 0; c < chunkCount; c++) {
            int added = counts[c] - before[c];
            if (added > 0) {
                ((LongChunkDocuments) chunks.get(c)).appended(arrays[c], added, size);
                perChunk[c] += added;
            }
        }
    }

    /** Adds one document with any key (switching to the encoded layout if needed); returns the chunk index. */
    int add(ChunkMap map, ShardKey key, int size) {
        if (longLayout) {
            if (key.get(0).getBsonType() == BsonType.INT64) {
                return addLong(map, key.get(0).asInt64().getValue(), size);
            }
            switchToEncodedLayout();
        }
        byte[] encoded = encoder.encode(key);
        int i = routeEncoded(map, encoded);
        ((EncodedChunkDocuments) chunks.get(i)).add(encoded, size);
        return i;
    }

    /**
     * Removes documents, each routed to its chunk; when not {@code strict} a document found only by its
     * key (its size changed) is removed too and one not found is skipped. Returns the documents removed.
     */
    int remove(ChunkMap map, List<ShardKey> keys, int[] sizes, boolean strict) {
        int removedCount = 0;
        Map<Integer, List<Integer>> byChunk = new HashMap<>();
        if (longLayout) {
            long[] raw = new long[keys.size()];
            for (int d = 0; d < keys.size(); d++) {
                raw[d] = keys.get(d).get(0).asInt64().getValue();
                byChunk.computeIfAbsent(routeLong(map, raw[d]), k -> new ArrayList<>())
                        .add(d);
            }
            for (Map.Entry<Integer, List<Integer>> e : byChunk.entrySet()) {
                List<Integer> docs = e.getValue();
                long[] k = new long[docs.size()];
                int[] s = new int[docs.size()];
                for (int j = 0; j < k.length; j++) {
                    k[j] = raw[docs.get(j)];
                    s[j] = sizes[docs.get(j)];
                }
                removedCount += ((LongChunkDocuments) chunks.get(e.getKey())).remove(k, s, k.length, strict);
            }
            return removedCount;
        }
        byte[][] encoded = new byte[keys.size()][];
        for (int d = 0; d < keys.size(); d++) {
            encoded[d] = KeyEncoder.encodeBound(keys.get(d));
            byChunk.computeIfAbsent(routeEncoded(map, encoded[d]), k -> new ArrayList<>())
                    .add(d);
        }
        for (Map.Entry<Integer, List<Integer>> e : byChunk.entrySet()) {
            List<Integer> docs = e.getValue();
            byte[][] k = new byte[docs.size()][];
            int[] s = new int[docs.size()];
            for (int j = 0; j < k.length; j++) {
                k[j] = encoded[docs.get(j)];
                s[j] = sizes[docs.get(j)];
            }
            removedCount += ((EncodedChunkDocuments) chunks.get(e.getKey())).remove(k, s, k.length, strict);
        }
        return removedCount;
    }

    /** Sets each chunk's unknown documents and bytes from a loaded layout's {@code contents} (in key order). */
    void load(List<ChunkStatistics> contents) {
        for (int i = 0; i < contents.size(); i++) {
            chunks.get(i)
                    .setUnknown(contents.get(i).documents(), contents.get(i).bytes());
        }
    }

    /** The unknown documents and bytes of every chunk together. */
    long[] unknownTotals() {
        long documents = 0;
        long bytes = 0;
        for (ChunkDocuments d : chunks) {
            documents += d.unknownDocuments();
            bytes += d.unknownBytes();
        }
        return new long[] {documents, bytes};
    }

    /** Gives every chunk an equal share of {@code documents} unknown documents of {@code bytes} bytes. */
    void spreadUnknownEvenly(long documents, long bytes) {
        int n = chunks.size();
        for (int i = 0; i < n; i++) {
            chunks.get(i).setUnknown(documents / n + (i < documents % n ? 1 : 0), bytes / n + (i < bytes % n ? 1 : 0));
        }
    }

    // ---- chunk changes ------------------------------------------------------------------------------

    /**
     * Splits the documents of chunk {@code index} of {@code map} at {@code points} (sorted, strictly
     * inside), as {@code map.split(index, points)} splits the chunk. Precondition: {@link #canPlace}.
     */
    void split(ChunkMap map, int index, List<ShardKey> points) {
        ChunkDocuments docs = chunks.get(index);
        long[][] unknown = apportionUnknown(map.get(index), docs, points);
        docs.sort();
        List<ChunkDocuments> parts = new ArrayList<>();
        for (int p = points.size() - 1; p >= 0; p--) {
            parts.add(0, docs.splitOff(docs.lowerBound(points.get(p))));
        }
        parts.add(0, docs);
        for (int p = 0; p < parts.size(); p++) {
            ChunkDocuments part = parts.get(p);
            // a split creates new chunk objects with fresh write trackers (ChunkInfo::_writesTracker)
            part.resetWrites();
            part.setOnShardSince(docs.onShardSinceMillis());
            part.setUnknown(unknown[p][0], unknown[p][1]);
        }
        chunks.remove(index);
        chunks.addAll(index, parts);
    }

    /** Merges the documents of chunks {@code [from, to)}; the merged chunk is on its shard since {@code onShardSince}. */
    void merge(int from, int to, long onShardSince) {
        ChunkDocuments merged = chunks.get(from);
        for (int i = from + 1; i < to; i++) {
            merged.appendAll(chunks.get(i));
            merged.addUnknown(chunks.get(i).unknownDocuments(), chunks.get(i).unknownBytes());
        }
        merged.resetWrites();
        merged.setOnShardSince(onShardSince);
        chunks.subList(from + 1, to).clear();
    }

    /** Chunk {@code index} arrived on a new shard at {@code now} (ms): a fresh write tracker. */
    void moved(int index, long now) {
        ChunkDocuments d = chunks.get(index);
        d.setOnShardSince(now);
        d.resetWrites();
    }

    /**
     * Re-partitions the documents from the boundaries of {@code current} to {@code target}'s (same
     * key space, same documents): runs of chunks whose outer bounds agree are concatenated and cut
     * again.
     */
    void retile(ChunkMap current, ChunkMap target) {
        List<ChunkDocuments> result = new ArrayList<>(target.size());
        int ci = 0;
        int ti = 0;
        while (ci < current.size()) {
            int cStart = ci;
            int tStart = ti;
            // advance until both runs end at the same bound
            while (true) {
                int c = current.get(ci).max().compareTo(target.get(ti).max());
                if (c == 0) {
                    break;
                }
                if (c < 0) {
                    ci++;
                } else {
                    ti++;
                }
            }
            if (ci == cStart && ti == tStart) {
                result.add(chunks.get(ci));
            } else {
                ChunkDocuments all = chunks.get(cStart);
                for (int i = cStart + 1; i <= ci; i++) {
                    all.appendAll(chunks.get(i));
                }
                all.sort();
                List<ChunkDocuments> parts = new ArrayList<>();
                for (int t = ti; t > tStart; t--) {
                    parts.add(0, all.splitOff(all.lowerBound(target.get(t).min())));
                }
                parts.add(0, all);
                result.addAll(parts);
            }
            ci++;
            ti++;
        }
        chunks.clear();
        chunks.addAll(result);
        routingFor = null;
    }

    /**
     * Rebuilds the store for {@code key} over {@code map} from the known documents it holds, each
     * re-keyed by {@code rekey} (a refine adds fields, its undo drops them); chunks start with fresh
     * counters. The long layout stays only for a one-field key that had it.
     */
    void rekey(ShardKeyPattern key, ChunkMap map, UnaryOperator<ShardKey> rekey) {
        List<ChunkDocuments> old = new ArrayList<>(chunks);
        boolean stayLong = key.arity() == 1 && longLayout;
        reset(key, map.size(), 0);
        if (longLayout && !stayLong) {
            longLayout = false;
            chunks.replaceAll(d -> newChunkDocuments());
        }
        for (ChunkDocuments d : old) {
            for (int j = 0; j < d.count(); j++) {
                add(map, rekey.apply(d.keyAt(j)), d.sizeAt(j));
            }
        }
    }

    /**
     * Rebuilds the store for a new incarnation of the collection over the same chunk ranges (a
     * refine to {@code key}): each chunk keeps its arrival time and its unknown documents; its known
     * documents are {@code documents} when given and as many as it holds, else the ones it holds
     * re-keyed by {@code extend}.
     */
    void refine(ShardKeyPattern key, ChunkMap map, Optional<InsertBatch> documents, UnaryOperator<ShardKey> extend) {
        ChunkCounters before = counters();
        long known = 0;
        for (ChunkDocuments d : chunks) {
            known += d.count();
        }
        if (documents.isPresent() && documents.get().size() == known) {
            reset(key, map.size(), 0);
            for (int i = 0; i < documents.get().size(); i++) {
                add(map, documents.get().key(i), documents.get().sizeBytes(i));
            }
        } else {
            rekey(key, map, extend);
        }
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDocuments after = chunks.get(i);
            after.setOnShardSince(before.onShardSince()[i]);
            after.setUnknown(before.unknownDocuments()[i], before.unknownBytes()[i]);
        }
    }

    // ---- undo support -------------------------------------------------------------------------------

    /** Every chunk's counters (the documents themselves are re-partitioned, not copied). */
    ChunkCounters counters() {
        int n = chunks.size();
        ChunkCounters c = new ChunkCounters(new long[n], new long[n], new long[n], new long[n]);
        for (int i = 0; i < n; i++) {
            ChunkDocuments d = chunks.get(i);
            c.bytesWritten()[i] = d.bytesWritten();
            c.onShardSince()[i] = d.onShardSinceMillis();
            c.unknownDocuments()[i] = d.unknownDocuments();
            c.unknownBytes()[i] = d.unknownBytes();
        }
        return c;
    }

    /** Puts back counters taken by {@link #counters()} over the same chunks. */
    void restore(ChunkCounters c) {
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDocuments d = chunks.get(i);
            d.setBytesWritten(c.bytesWritten()[i]);
            d.setOnShardSince(c.onShardSince()[i]);
            d.setUnknown(c.unknownDocuments()[i], c.unknownBytes()[i]);
        }
    }

    // ---- documents whose keys are unknown --------------------------------------------------------------

    private KeyInterpolation interpolation() {
        return new KeyInterpolation(key);
    }

    /**
     * The index scan ShardLab assumes for chunk {@code index}, which holds unknown documents: one
     * repeated key ({@link RepeatedKey}) when the chunk has room for one key only and its known
     * documents, if any, have that key; otherwise pairwise different keys ({@link DistinctKeys}).
     */
    IndexScan assumedScan(ChunkMap map, int index) {
        Chunk c = map.get(index);
        ChunkDocuments docs = chunks.get(index);
        if (interpolation().holdsOneKey(c.min(), c.max())) {
            docs.sort();
            if (docs.count() == 0
                    || (docs.keyAt(0).compareTo(c.min()) == 0
                            && docs.keyAt(docs.count() - 1).compareTo(c.min()) == 0)) {
                return RepeatedKey.of(docs.totalCount());
            }
        }
        return DistinctKeys.of(docs.totalCount());
    }

    /**
     * Whether chunk {@code index} may be cut at {@code points} (sorted, strictly inside): always when
     * all its documents are known; when it holds unknown documents, only if {@link KeyInterpolation}
     * can tell how many of them lie below each point.
     */
    boolean canPlace(ChunkMap map, int index, List<ShardKey> points) {
        if (!chunks.get(index).hasUnknown() || points.isEmpty()) {
            return true;
        }
        Chunk c = map.get(index);
        KeyInterpolation ki = interpolation();
        long unknown = chunks.get(index).unknownDocuments();
        for (ShardKey p : points) {
            if (ki.fraction(c.min(), c.max(), p, unknown).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The keys at document positions {@code ranks} (strictly increasing, from a finder run over
     * {@code scan}) of chunk {@code index}, which holds unknown documents: each at its share
     * {@code rank / scan.count()} of the chunk, placed by {@link KeyInterpolation}; a key equal to
     * the previous one is dropped (as the finders skip a repeated key). Empty when a key cannot be
     * placed.
     */
    Optional<List<ShardKey>> placeRanks(ChunkMap map, int index, IndexScan scan, List<Integer> ranks) {
        Chunk c = map.get(index);
        KeyInterpolation ki = interpolation();
        List<ShardKey> keys = new ArrayList<>(ranks.size());
        long unknown = chunks.get(index).unknownDocuments();
        for (int rank : ranks) {
            Optional<ShardKey> k = ki.keyAt(c.min(), c.max(), (double) rank / scan.count(), unknown);
            if (k.isEmpty()) {
                return Optional.empty();
            }
            if (keys.isEmpty() || keys.get(keys.size() - 1).compareTo(k.get()) < 0) {
                keys.add(k.get());
            }
        }
        return Optional.of(keys);
    }

    /**
     * The unknown documents and bytes of chunk {@code c} (documents {@code d}) in each piece of a
     * split at {@code points}: the documents below each point are its share of them, rounded; their
     * bytes are the same share of the bytes (every unknown document counts as the average size), so
     * the pieces add up to the whole and a piece without documents has no bytes. Precondition:
     * {@link #canPlace}.
     */
    private long[][] apportionUnknown(Chunk c, ChunkDocuments d, List<ShardKey> points) {
        long[][] out = new long[points.size() + 1][2];
        long docsBefore = 0;
        long bytesBefore = 0;
        KeyInterpolation ki = interpolation();
        for (int p = 0; p <= points.size(); p++) {
            long docs;
            if (p == points.size()) {
                docs = d.unknownDocuments();
            } else if (d.hasUnknown()) {
                double f = ki.fraction(c.min(), c.max(), points.get(p), d.unknownDocuments())
                        .orElseThrow();
                docs = Math.max(docsBefore, Math.min(d.unknownDocuments(), Math.round(d.unknownDocuments() * f)));
            } else {
                docs = 0;
            }
            long bytes = d.unknownDocuments() == 0
                    ? 0
                    : BigInteger.valueOf(d.unknownBytes())
                            .multiply(BigInteger.valueOf(docs))
                            .divide(BigInteger.valueOf(d.unknownDocuments()))
                            .longValueExact();
            out[p][0] = docs - docsBefore;
            out[p][1] = bytes - bytesBefore;
            docsBefore = docs;
            bytesBefore = bytes;
        }
        return out;
    }

    /**
     * Documents and bytes of chunk {@code index} in {@code [min, max)} (the whole chunk when
     * {@code max} is its max): known documents counted exactly, unknown ones by their share.
     * Precondition: {@link #canPlace} for {@code max} when it lies inside the chunk.
     */
    long[] contentBelow(ChunkMap map, int index, ShardKey max) {
        Chunk c = map.get(index);
        ChunkDocuments docs = chunks.get(index);
        if (max.compareTo(c.max()) >= 0) {
            return new long[] {docs.totalCount(), docs.totalBytes()};
        }
        docs.sort();
        int end = docs.lowerBound(max);
        long[][] unknown = apportionUnknown(c, docs, List.of(max));
        return new long[] {end + unknown[0][0], docs.bytesBetween(0, end) + unknown[0][1]};
    }

    // ---- invariants -----------------------------------------------------------------------------------

    /**
     * Checks the store against {@code map}: one document set per chunk, every known key inside its
     * chunk, byte totals fresh, unknown counts and bytes non-negative and zero together.
     *
     * @return the totals, for the cluster's counters
     * @throws IllegalStateException naming the first broken invariant
     */
    Totals checkAgainst(ChunkMap map) {
        if (chunks.size() != map.size()) {
            throw new IllegalStateException(
                    "invariant: " + chunks.size() + " document sets for " + map.size() + " chunks");
        }
        long total = 0;
        long unknownDocs = 0;
        long unknownSizes = 0;
        for (int i = 0; i < map.size(); i++) {
            Chunk c = map.get(i);
            ChunkDocuments d = chunks.get(i);
            total += d.count();
            unknownDocs += d.unknownDocuments();
            unknownSizes += d.unknownBytes();
            if (d.unknownDocuments() < 0
                    || d.unknownBytes() < 0
                    || (d.unknownDocuments() == 0) != (d.unknownBytes() == 0)) {
                throw new IllegalStateException("invariant: chunk " + c + " holds " + d.unknownDocuments()
                        + " unknown documents of " + d.unknownBytes() + " bytes");
            }
            if (d.count() == 0) {
                continue;
            }
            d.sort();
            if (!c.contains(d.keyAt(0)) || !c.contains(d.keyAt(d.count() - 1))) {
                throw new IllegalStateException("invariant: chunk " + c + " holds keys " + d.keyAt(0) + " .. "
                        + d.keyAt(d.count() - 1) + " outside its range");
            }
            if (d.bytes() != d.bytesBetween(0, d.count())) {
                throw new IllegalStateException("invariant: chunk " + c + " byte total is stale");
            }
        }
        return new Totals(total, unknownDocs, unknownSizes);
    }
}

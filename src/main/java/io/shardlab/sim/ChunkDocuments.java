package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * The documents of one chunk: each document's shard key and BSON size, kept exactly and compactly
 * (no object per document). Keys are appended as they arrive and sorted lazily, only when an
 * operation needs key order (split points, range moves, undo); after {@link #sort()} index
 * {@code i} is the i-th document in shard-key order, as a scan of the shard-key index would
 * return it.
 *
 * <p>Two layouts share this contract: {@link LongChunkDocuments} for one-field keys whose values
 * are all 64-bit integers (int64 ranged keys and every hashed key) and {@link EncodedChunkDocuments}
 * for everything else ({@link KeyEncoder} bytes).
 *
 * <p>Also carries two per-chunk counters that live with the chunk in MongoDB: the auto-split write
 * tracker ({@code ChunkWritesTracker::_bytesWritten}) and the time the chunk arrived on its shard
 * ({@code onCurrentShardSince}).
 */
abstract class ChunkDocuments implements IndexScan {

    /** Bytes written to this chunk since its last split check (4.4/5.0 auto-split trigger). */
    private long bytesWritten;

    /** Simulated time, in ms, at which the chunk arrived on its current shard (7.0+ auto-merger). */
    private long onShardSinceMillis;

    private long unknownDocuments;

    private long unknownBytes;

    /** How many documents with a key are held; the layouts keep it as they add, split and remove. */
    int count;

    /** The sum of those documents' BSON sizes, in bytes; kept with {@link #count}. */
    long bytes;

    /** Whether the documents are in shard-key order; an append out of order clears it. */
    boolean sorted = true;

    /** Bytes written to this chunk since its last split check ({@code ChunkWritesTracker::_bytesWritten}). */
    long bytesWritten() {
        return bytesWritten;
    }

    /** Counts a write of {@code size} bytes to this chunk (the auto-split trigger). */
    void recordWrite(long size) {
        bytesWritten += size;
    }

    /** A fresh write tracker: after a split check, a split, a merge or a move. */
    void resetWrites() {
        bytesWritten = 0;
    }

    void setBytesWritten(long bytes) {
        bytesWritten = bytes;
    }

    /** Simulated time, in ms, at which the chunk arrived on its current shard ({@code onCurrentShardSince}). */
    long onShardSinceMillis() {
        return onShardSinceMillis;
    }

    void setOnShardSince(long millis) {
        onShardSinceMillis = millis;
    }

    /**
     * Documents of this chunk whose keys ShardLab does not hold: the contents of a loaded layout
     * ({@link LoadLayout}), known only as a count and a byte total. They are not among the
     * documents {@link #count()} and {@link #keyAt} see; {@link CollectionDocuments} divides them between
     * the pieces of a split as {@link KeyInterpolation} places the split points.
     */
    long unknownDocuments() {
        return unknownDocuments;
    }

    /** The total BSON size of the {@link #unknownDocuments()}, in bytes. */
    long unknownBytes() {
        return unknownBytes;
    }

    /** Sets the unknown documents and their bytes (both zero, or both positive). */
    void setUnknown(long documents, long bytes) {
        unknownDocuments = documents;
        unknownBytes = bytes;
    }

    /** Adds unknown documents and their bytes (a merge). */
    void addUnknown(long documents, long bytes) {
        unknownDocuments += documents;
        unknownBytes += bytes;
    }

    /** Number of documents. */
    @Override
    public final int count() {
        return count;
    }

    /** Sum of the documents' BSON sizes, in bytes. */
    final long bytes() {
        return bytes;
    }

    /** Sorts the documents into shard-key order (stable for equal keys); cheap when already sorted. */
    final void sort() {
        if (!sorted) {
            sortKeys();
            sorted = true;
        }
    }

    /** Puts the documents, keys and sizes together, into shard-key order; called only when they are not. */
    abstract void sortKeys();

    /** The key of document {@code i} (after {@link #sort()}). */
    abstract ShardKey keyAt(int i);

    /** Whether documents {@code i} and {@code j} have MongoDB-equal shard keys (after {@link #sort()}). */
    @Override
    public abstract boolean sameKey(int i, int j);

    /** The BSON size of document {@code i}. */
    abstract int sizeAt(int i);

    /** The first index whose key is {@code >= bound} (after {@link #sort()}); {@link #count()} if none. */
    abstract int lowerBound(ShardKey bound);

    /**
     * The first index in {@code [0, count)} at which {@code below} is false, {@link #count()} if none: a binary
     * search of the sorted documents, {@code below} true on a prefix of them (a key below the one sought).
     */
    final int firstNotBelow(IntPredicate below) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (below.test(mid)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Removes documents {@code [from, count)} and returns them as a new chunk's documents (after sort). */
    abstract ChunkDocuments splitOff(int from);

    /**
     * The counters' side of {@link #splitOff}: {@code upper}, holding documents {@code [from, count)} of
     * {@code upperBytes} bytes, takes their count, their bytes and this chunk's sort state; this chunk keeps
     * {@code [0, from)}.
     *
     * @return {@code upper}
     */
    final <T extends ChunkDocuments> T handOver(int from, long upperBytes, T upper) {
        upper.count = count - from;
        upper.bytes = upperBytes;
        upper.sorted = sorted;
        count = from;
        bytes -= upperBytes;
        return upper;
    }

    /**
     * The counters' side of {@link #appendAll}, once {@code upper}'s documents are appended after this chunk's:
     * their count and bytes join this chunk's.
     */
    final void takeOver(ChunkDocuments upper) {
        count += upper.count;
        bytes += upper.bytes;
    }

    /** Appends {@code upper}'s documents, whose keys all sort at or after this chunk's keys. */
    abstract void appendAll(ChunkDocuments upper);

    /** An empty document set of the same layout. */
    abstract ChunkDocuments emptyLike();

    /** Documents, known and unknown. */
    long totalCount() {
        return count() + unknownDocuments;
    }

    /** Bytes of the documents, known and unknown. */
    long totalBytes() {
        return bytes() + unknownBytes;
    }

    /** Whether the chunk holds documents whose keys are unknown. */
    boolean hasUnknown() {
        return unknownDocuments > 0 || unknownBytes > 0;
    }

    /**
     * Whether the chunk holds documents and they all share one shard-key value (none unknown): no split point
     * can divide them (splitVector and autoSplitVector cut only between different key values, mongo
     * {@code src/mongo/db/s/split_vector.cpp}), so such a chunk stays as large as its one value's documents.
     * Stops at the first differing key, so a chunk of many values costs little.
     */
    boolean oneKeyValue() {
        int n = count();
        if (n == 0 || hasUnknown()) {
            return false;
        }
        for (int i = 1; i < n; i++) {
            if (!sameKey(0, i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The distinct shard-key values among the known documents, counted up to {@code atMost} (a count that reaches
     * it stops there). Sorts the documents first, as a split does.
     */
    long distinctKeyValues(long atMost) {
        int n = count();
        if (n == 0 || atMost <= 0) {
            return 0;
        }
        sort();
        long distinct = 1;
        for (int i = 1; i < n && distinct < atMost; i++) {
            if (!sameKey(i - 1, i)) {
                distinct++;
            }
        }
        return distinct;
    }

    /** Whether document {@code document} has removal entry {@code entry}'s key. */
    @FunctionalInterface
    interface KeyMatch {
        boolean matches(int document, int entry);
    }

    /**
     * Removes one document per entry of {@code removeSizes} (the first {@code n}; from {@code first}'s document
     * on, the first document whose key is {@code >=} the entry's (after {@link #sort()}), while {@code matches}): one with the entry's key and size, else (when not {@code strict}) one with its key and any size (its
     * size changed since it was counted); an entry matching none is skipped unless {@code strict}, which throws.
     * The documents left are sorted. Returns the documents removed.
     */
    final int removeEach(int n, int[] removeSizes, boolean strict, IntUnaryOperator first, KeyMatch matches) {
        if (n == 0) {
            return 0;
        }
        sort();
        boolean[] removed = new boolean[count];
        int removedCount = markRemovals(removed, n, removeSizes, strict, first, matches);
        keepUnmarked(removed);
        return removedCount;
    }

    /** Keeps the documents not marked in {@code removed} (one flag per document), in their order. */
    abstract void keepUnmarked(boolean[] removed);

    /**
     * Marks in {@code removed} one document per entry of {@code removeSizes} (a multiset, after
     * {@link #sort()}): one with the entry's key and size, else (when not {@code strict}) one with
     * its key and any size (its size changed since it was counted); an entry matching none is
     * skipped unless {@code strict}, which throws. Returns the documents marked.
     */
    final int markRemovals(
            boolean[] removed, int n, int[] removeSizes, boolean strict, IntUnaryOperator first, KeyMatch matches) {
        int removedCount = 0;
        for (int r = 0; r < n; r++) {
            int match = -1;
            int anySize = -1;
            for (int i = first.applyAsInt(r); i < count() && matches.matches(i, r); i++) {
                if (!removed[i] && sizeAt(i) == removeSizes[r]) {
                    match = i;
                    break;
                }
                if (!removed[i] && anySize < 0) {
                    anySize = i;
                }
            }
            if (match < 0 && !strict) {
                match = anySize;
            }
            if (match < 0) {
                if (strict) {
                    throw new IllegalStateException("undo: a document of the batch was not found in its chunk");
                }
                continue;
            }
            removed[match] = true;
            removedCount++;
        }
        return removedCount;
    }

    /** Sum of the sizes of documents {@code [from, to)}. */
    long bytesBetween(int from, int to) {
        long total = 0;
        for (int i = from; i < to; i++) {
            total += sizeAt(i);
        }
        return total;
    }
}

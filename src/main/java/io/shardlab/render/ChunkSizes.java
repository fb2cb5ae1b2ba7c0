package io.shardlab.render;

import io.shardlab.cluster.ChunkStatistics;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Documents and bytes per chunk, indexed like the chunk map they describe (chunk {@code i} in key order).
 * Immutable. What {@code dataSize} / {@code count} per chunk range would report on a real cluster, or what
 * the simulator counts; and, when the producer knows it, which chunks are larger than the max chunk size with
 * documents of one shard-key value only, so that no split can make them smaller ({@link #cannotSplit}).
 *
 * <p>Invariants: both arrays have one entry per chunk; no entry is negative.
 */
public final class ChunkSizes {

    private final long[] documents;
    private final long[] bytes;
    private final long totalDocuments;
    private final long totalBytes;
    private final BitSet cannotSplit;

    /**
     * Sizes from per-chunk arrays (copied).
     *
     * @throws IllegalArgumentException if the lengths differ or an entry is negative
     */
    public ChunkSizes(long[] documents, long[] bytes) {
        if (documents.length != bytes.length) {
            throw new IllegalArgumentException(String.format(
                    "bytes: %s entries but documents has %s; both need one entry per chunk", // untranslated: a
                    // developer's contract
                    bytes.length, documents.length));
        }
        this.documents = documents.clone();
        this.bytes = bytes.clone();
        long d = 0;
        long b = 0;
        for (int i = 0; i < documents.length; i++) {
            if (documents[i] < 0 || bytes[i] < 0) {
                throw new IllegalArgumentException(String.format(
                        "chunk %s: documents and bytes must not be negative, got %s and %s", // untranslated: a
                        // developer's contract
                        i, documents[i], bytes[i]));
            }
            d += documents[i];
            b += bytes[i];
        }
        totalDocuments = d;
        totalBytes = b;
        cannotSplit = new BitSet();
    }

    /**
     * Sizes from per-chunk statistics in key order (the simulator's or a source's), entry {@code i} for chunk
     * {@code i}.
     */
    public static ChunkSizes of(List<ChunkStatistics> statistics) {
        long[] documents = new long[statistics.size()];
        long[] bytes = new long[statistics.size()];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = statistics.get(i).documents();
            bytes[i] = statistics.get(i).bytes();
        }
        return new ChunkSizes(documents, bytes);
    }

    private ChunkSizes(ChunkSizes sizes, BitSet cannotSplit) {
        this.documents = sizes.documents;
        this.bytes = sizes.bytes;
        this.totalDocuments = sizes.totalDocuments;
        this.totalBytes = sizes.totalBytes;
        this.cannotSplit = cannotSplit;
    }

    /**
     * These sizes, with the chunks at {@code indexes} flagged as larger than the max chunk size with documents
     * of one shard-key value (the simulator knows; a real cluster's counts do not say).
     *
     * @throws IllegalArgumentException if an index is not a chunk's
     */
    public ChunkSizes withCannotSplit(List<Integer> indexes) {
        BitSet flags = new BitSet(documents.length);
        for (int i : indexes) {
            if (i < 0 || i >= documents.length) {
                throw new IllegalArgumentException(String.format(
                        "indexes: chunk %s is not one of the %s", // untranslated: a developer's contract
                        i, documents.length));
            }
            flags.set(i);
        }
        return new ChunkSizes(this, flags);
    }

    /** Whether chunk {@code index} is larger than the max chunk size and no split can divide its documents. */
    public boolean cannotSplit(int index) {
        return cannotSplit.get(index);
    }

    /** Number of chunks described. */
    public int size() {
        return documents.length;
    }

    /** Documents in chunk {@code index}. */
    public long documents(int index) {
        return documents[index];
    }

    /** Bytes of data in chunk {@code index}. */
    public long bytes(int index) {
        return bytes[index];
    }

    /** Documents in all chunks. */
    public long totalDocuments() {
        return totalDocuments;
    }

    /** Bytes in all chunks. */
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkSizes s
                && Arrays.equals(documents, s.documents)
                && Arrays.equals(bytes, s.bytes)
                && cannotSplit.equals(s.cannotSplit);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(documents) + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return String.format(
                "ChunkSizes(%s chunks, %s documents, %s bytes)", // untranslated: a debugging string (toString)
                documents.length, totalDocuments, totalBytes);
    }
}

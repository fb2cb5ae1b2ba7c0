package io.shardlab.render;

import java.util.Arrays;

/**
 * Documents and bytes per chunk, indexed like the chunk map they describe (chunk {@code i} in key order).
 * Immutable. What {@code dataSize} / {@code count} per chunk range would report on a real cluster, or what
 * the simulator counts.
 *
 * <p>Invariants: both arrays have one entry per chunk; no entry is negative.
 */
public final class ChunkSizes {

    private final long[] documents;
    private final long[] bytes;
    private final long totalDocuments;
    private final long totalBytes;

    /**
     * Sizes from per-chunk arrays (copied).
     *
     * @throws IllegalArgumentException if the lengths differ or an entry is negative
     */
    public ChunkSizes(long[] documents, long[] bytes) {
        if (documents.length != bytes.length) {
            throw new IllegalArgumentException("bytes: " + bytes.length + " entries but documents has "
                    + documents.length + "; both need one entry per chunk");
        }
        this.documents = documents.clone();
        this.bytes = bytes.clone();
        long d = 0;
        long b = 0;
        for (int i = 0; i < documents.length; i++) {
            if (documents[i] < 0 || bytes[i] < 0) {
                throw new IllegalArgumentException("chunk " + i + ": documents and bytes must not be negative, got "
                        + documents[i] + " and " + bytes[i]);
            }
            d += documents[i];
            b += bytes[i];
        }
        totalDocuments = d;
        totalBytes = b;
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
        return o instanceof ChunkSizes s && Arrays.equals(documents, s.documents) && Arrays.equals(bytes, s.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(documents) + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "ChunkSizes(" + documents.length + " chunks, " + totalDocuments + " documents, " + totalBytes + " bytes)";
    }
}

package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.Arrays;

/**
 * Documents whose shard keys are stored as {@link KeyEncoder} bytes, packed back to back in one
 * {@code byte[]} with an {@code int[]} of start offsets: compound keys, strings, ObjectIds and any
 * other BSON type.
 */
final class EncodedChunkDocuments extends ChunkDocuments {

    private final KeyEncoder encoder;
    private byte[] data = new byte[64];
    private int dataSize;
    private int[] starts = new int[8];
    private DocumentSizes sizes = DocumentSizes.uniform(-1);

    EncodedChunkDocuments(KeyEncoder encoder) {
        this.encoder = encoder;
    }

    /** Appends one document whose encoded key is {@code key}. */
    void add(byte[] key, int size) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count + (count >> 1) + 8);
        }
        if (dataSize + key.length > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, dataSize + key.length));
        }
        if (count > 0 && compare(count - 1, key) > 0) {
            sorted = false;
        }
        starts[count] = dataSize;
        System.arraycopy(key, 0, data, dataSize, key.length);
        dataSize += key.length;
        sizes.append(count, size, starts.length);
        count++;
        bytes += size;
    }

    private int end(int i) {
        return i + 1 < count ? starts[i + 1] : dataSize;
    }

    private int compare(int i, byte[] key) {
        return Arrays.compareUnsigned(data, starts[i], end(i), key, 0, key.length);
    }

    private int compare(int i, int j) {
        return Arrays.compareUnsigned(data, starts[i], end(i), data, starts[j], end(j));
    }

    /** The encoded key of document {@code i}. */
    byte[] encodedKey(int i) {
        return Arrays.copyOfRange(data, starts[i], end(i));
    }

    @Override
    void sortKeys() {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, this::compare);
        byte[] newData = new byte[Math.max(64, dataSize)];
        int[] newStarts = new int[Math.max(8, count)];
        int[] newSizes = sizes.isUniform() ? null : new int[Math.max(8, count)];
        int position = 0;
        for (int i = 0; i < count; i++) {
            int src = order[i];
            int length = end(src) - starts[src];
            System.arraycopy(data, starts[src], newData, position, length);
            newStarts[i] = position;
            position += length;
            if (newSizes != null) {
                newSizes[i] = sizes.get(src);
            }
        }
        data = newData;
        starts = newStarts;
        if (newSizes != null) {
            sizes.set(newSizes);
        }
    }

    @Override
    ShardKey keyAt(int i) {
        return encoder.decode(data, starts[i], end(i));
    }

    @Override
    public boolean sameKey(int i, int j) {
        return compare(i, j) == 0;
    }

    @Override
    int sizeAt(int i) {
        return sizes.get(i);
    }

    @Override
    int lowerBound(ShardKey bound) {
        return lowerBound(KeyEncoder.encodeBound(bound));
    }

    /** The first index whose encoded key is {@code >= key} (after sort). */
    int lowerBound(byte[] key) {
        return firstNotBelow(i -> compare(i, key) < 0);
    }

    /**
     * Moves documents {@code [from, count)} out in bulk: their key bytes, rebased offsets and sizes. The larger part
     * keeps the arrays (what a moveRange leaves of a large chunk is moved down in place, the small lower part copied
     * out), so that splitting a small range off a large chunk neither allocates nor regrows the large one's arrays.
     */
    @Override
    ChunkDocuments splitOff(int from) {
        int n = count - from;
        int base = from < count ? starts[from] : dataSize;
        int length = dataSize - base;
        long upperBytes = bytesBetween(from, count);
        EncodedChunkDocuments upper = new EncodedChunkDocuments(encoder);
        if (n > from) {
            byte[] lowerData = Arrays.copyOf(data, Math.max(64, base));
            int[] lowerStarts = Arrays.copyOf(starts, Math.max(8, from));
            DocumentSizes lowerSizes = sizes.copyRange(0, from);
            System.arraycopy(data, base, data, 0, length);
            for (int i = 0; i < n; i++) {
                starts[i] = starts[from + i] - base;
            }
            sizes.dropFirst(from, count);
            upper.data = data;
            upper.starts = starts;
            upper.sizes = sizes;
            data = lowerData;
            starts = lowerStarts;
            sizes = lowerSizes;
        } else {
            upper.data = Arrays.copyOfRange(data, base, base + Math.max(64, length));
            upper.starts = new int[Math.max(8, n)];
            for (int i = 0; i < n; i++) {
                upper.starts[i] = starts[from + i] - base;
            }
            upper.sizes = sizes.copyRange(from, count);
        }
        upper.dataSize = length;
        dataSize = base;
        return handOver(from, upperBytes, upper);
    }

    /** Appends {@code upperDocs}' documents in bulk: their key bytes after this chunk's, offsets rebased. */
    @Override
    void appendAll(ChunkDocuments upperDocs) {
        EncodedChunkDocuments upper = (EncodedChunkDocuments) upperDocs;
        int n = upper.count;
        if (n == 0) {
            sorted = count == 0 ? upper.sorted : sorted && upper.sorted;
            return;
        }
        if (count == 0) {
            sorted = upper.sorted;
        } else {
            boolean inOrder =
                    Arrays.compareUnsigned(data, starts[count - 1], dataSize, upper.data, 0, upper.end(0)) <= 0;
            sorted = sorted && upper.sorted && inOrder;
        }
        if (dataSize + upper.dataSize > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, dataSize + upper.dataSize));
        }
        if (count + n > starts.length) {
            starts = Arrays.copyOf(starts, count + n + ((count + n) >> 1) + 8);
        }
        System.arraycopy(upper.data, 0, data, dataSize, upper.dataSize);
        for (int i = 0; i < n; i++) {
            starts[count + i] = upper.starts[i] + dataSize;
        }
        sizes.appendAll(count, upper.sizes, n);
        dataSize += upper.dataSize;
        takeOver(upper);
    }

    /** {@link #removeEach} of the documents with {@code removeKeys}: entry {@code r} has key {@code removeKeys[r]}. */
    int remove(byte[][] removeKeys, int[] removeSizes, int n, boolean strict) {
        return removeEach(
                n,
                removeSizes,
                strict,
                entry -> lowerBound(removeKeys[entry]),
                (document, entry) -> compare(document, removeKeys[entry]) == 0);
    }

    @Override
    void keepUnmarked(boolean[] removed) {
        EncodedChunkDocuments kept = new EncodedChunkDocuments(encoder);
        for (int i = 0; i < count; i++) {
            if (!removed[i]) {
                kept.add(encodedKey(i), sizes.get(i));
            }
        }
        data = kept.data;
        dataSize = kept.dataSize;
        starts = kept.starts;
        sizes = kept.sizes;
        count = kept.count;
        bytes = kept.bytes;
        sorted = true;
    }

    @Override
    ChunkDocuments emptyLike() {
        return new EncodedChunkDocuments(encoder);
    }
}

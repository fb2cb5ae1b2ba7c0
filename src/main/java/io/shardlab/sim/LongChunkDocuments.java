package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.Arrays;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonType;

/**
 * Documents whose shard key is one 64-bit integer: int64 (or int32) ranged keys and hashed keys.
 * Keys live in a {@code long[]}, sizes in a {@link DocumentSizes}; 8 bytes per document when all
 * documents have the same size.
 */
final class LongChunkDocuments extends ChunkDocuments {

    private final BsonType keyType;
    private long[] keys;
    private DocumentSizes sizes;

    LongChunkDocuments(BsonType keyType) {
        this(keyType, new long[8], DocumentSizes.uniform(-1), 0, 0);
    }

    private LongChunkDocuments(BsonType keyType, long[] keys, DocumentSizes sizes, int count, long bytes) {
        this.keyType = keyType;
        this.keys = keys;
        this.sizes = sizes;
        this.count = count;
        this.bytes = bytes;
    }

    /** Appends one document; the hot path of every insert. */
    void add(long key, int size) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, Math.max(8, count + (count >> 1)));
        }
        if (count > 0 && key < keys[count - 1]) {
            sorted = false;
        }
        keys[count] = key;
        sizes.append(count, size, keys.length);
        count++;
        bytes += size;
    }

    /**
     * The key array, for a batch appended in one pass ({@link CollectionDocuments#addLongs}): the
     * caller writes keys after {@link #count()}, growing the array as {@link #add} does, and hands it
     * back to {@link #appended}.
     */
    long[] keyArray() {
        return keys;
    }

    /**
     * Takes back {@code grown}, the {@link #keyArray()} with {@code added} keys written after the
     * count, each of a document of {@code size} bytes: the same documents as {@code added} calls of
     * {@link #add}, in that order.
     */
    void appended(long[] grown, int added, int size) {
        int from = count;
        keys = grown;
        if (sorted) {
            for (int i = Math.max(1, from); i < from + added; i++) {
                if (keys[i] < keys[i - 1]) {
                    sorted = false;
                    break;
                }
            }
        }
        sizes.appendUniform(from, added, size, keys.length);
        count = from + added;
        bytes += (long) size * added;
    }

    /** The raw key of document {@code i}. */
    long rawKey(int i) {
        return keys[i];
    }

    /** The BSON type the keys are printed as ({@code INT64}, or {@code INT32}). */
    BsonType keyType() {
        return keyType;
    }

    @Override
    void sortKeys() {
        if (sizes.isUniform()) {
            Arrays.sort(keys, 0, count);
        } else {
            int[] s = sizes.array(count);
            LongRadixSort.sort(keys, s, count);
            sizes.set(s);
        }
    }

    @Override
    ShardKey keyAt(int i) {
        long k = keys[i];
        return ShardKey.of(keyType == BsonType.INT32 ? new BsonInt32((int) k) : new BsonInt64(k));
    }

    @Override
    public boolean sameKey(int i, int j) {
        return keys[i] == keys[j];
    }

    @Override
    int sizeAt(int i) {
        return sizes.get(i);
    }

    @Override
    int lowerBound(ShardKey bound) {
        LongKeyBound b = LongKeyBound.of(bound);
        if (!b.reachable()) {
            return count;
        }
        return lowerBound(b.ceiling());
    }

    /** The first index whose key is {@code >= key} (after sort). */
    int lowerBound(long key) {
        return firstNotBelow(i -> keys[i] < key);
    }

    @Override
    ChunkDocuments splitOff(int from) {
        int n = count - from;
        long[] upperKeys = Arrays.copyOfRange(keys, from, from + Math.max(n, 8));
        DocumentSizes upperSizes = sizes.copyRange(from, count);
        long upperBytes = bytesBetween(from, count);
        LongChunkDocuments upper =
                handOver(from, upperBytes, new LongChunkDocuments(keyType, upperKeys, upperSizes, 0, 0));
        if (keys.length > 64 && count < keys.length / 4) {
            keys = Arrays.copyOf(keys, Math.max(8, count * 2));
            if (!sizes.isUniform()) {
                sizes.set(Arrays.copyOf(sizes.array(count), keys.length));
            }
        }
        return upper;
    }

    @Override
    void appendAll(ChunkDocuments upperDocs) {
        LongChunkDocuments upper = (LongChunkDocuments) upperDocs;
        int n = upper.count;
        if (n == 0) {
            return;
        }
        if (count + n > keys.length) {
            keys = Arrays.copyOf(keys, count + n);
        }
        if (count > 0 && (upper.keys[0] < keys[count - 1] || !upper.sorted)) {
            sorted = false;
        }
        if (count == 0) {
            sorted = upper.sorted;
        }
        System.arraycopy(upper.keys, 0, keys, count, n);
        sizes.appendAll(count, upper.sizes, n);
        takeOver(upper);
    }

    /** {@link #removeEach} of the documents with {@code removeKeys}: entry {@code r} has key {@code removeKeys[r]}. */
    int remove(long[] removeKeys, int[] removeSizes, int n, boolean strict) {
        return removeEach(
                n,
                removeSizes,
                strict,
                entry -> lowerBound(removeKeys[entry]),
                (document, entry) -> keys[document] == removeKeys[entry]);
    }

    @Override
    void keepUnmarked(boolean[] removed) {
        int[] s = sizes.isUniform() ? null : sizes.array(count);
        int w = 0;
        long newBytes = 0;
        for (int i = 0; i < count; i++) {
            if (!removed[i]) {
                int size = s == null ? sizes.get(i) : s[i];
                keys[w] = keys[i];
                if (s != null) {
                    s[w] = size;
                }
                newBytes += size;
                w++;
            }
        }
        count = w;
        bytes = newBytes;
    }

    @Override
    ChunkDocuments emptyLike() {
        return new LongChunkDocuments(keyType);
    }
}

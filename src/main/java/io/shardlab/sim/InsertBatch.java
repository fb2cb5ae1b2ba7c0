package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * Documents to insert, in arrival order, in one of three compact forms:
 * <ul>
 *   <li>{@link #ofInt64}: the value of a one-field shard key as a 64-bit integer, per document,
 *       with its BSON size. The key is {@code NumberLong(value)}, or its {@code hash64} for a hashed
 *       key. The hot path: no object per document.</li>
 *   <li>{@link #ofKeys}: ready shard keys (hashed fields already hashed) with BSON sizes.</li>
 *   <li>{@link #ofDocuments}: whole documents, whose shard keys (missing fields count as null)
 *       and BSON sizes are taken when the batch is built.</li>
 * </ul>
 * The arrays are copied; the batch is immutable. Per-document sizes that are all equal are kept as
 * that one size ({@link #uniformSize()}).
 */
public final class InsertBatch {

    private final long[] int64Values;
    private final List<ShardKey> keys;
    private final int[] sizes;
    private final int uniformSize;
    private final int count;

    private InsertBatch(long[] int64Values, List<ShardKey> keys, int[] sizes, int uniformSize, int count) {
        this.int64Values = int64Values;
        this.keys = keys;
        this.sizes = sizes;
        this.uniformSize = uniformSize;
        this.count = count;
    }

    /** Documents whose one-field shard key has the given int64 values, each {@code sizeBytes} long. */
    public static InsertBatch ofInt64(long[] values, int sizeBytes) {
        checkSize(sizeBytes);
        return new InsertBatch(values.clone(), null, null, sizeBytes, values.length);
    }

    /** Documents whose one-field shard key has the given int64 values, with per-document sizes. */
    public static InsertBatch ofInt64(long[] values, int[] sizesBytes) {
        if (values.length != sizesBytes.length) {
            throw new IllegalArgumentException(
                    "sizes: " + sizesBytes.length + " sizes for " + values.length + " values");
        }
        for (int s : sizesBytes) {
            checkSize(s);
        }
        return sized(values.clone(), null, sizesBytes.clone(), values.length);
    }

    /** Documents with ready shard keys (hashed fields already hashed) and per-document sizes. */
    public static InsertBatch ofKeys(List<ShardKey> keys, int[] sizesBytes) {
        if (keys.size() != sizesBytes.length) {
            throw new IllegalArgumentException("sizes: " + sizesBytes.length + " sizes for " + keys.size() + " keys");
        }
        for (int s : sizesBytes) {
            checkSize(s);
        }
        return sized(null, List.copyOf(keys), sizesBytes.clone(), keys.size());
    }

    /** Documents with ready shard keys, each {@code sizeBytes} long. */
    public static InsertBatch ofKeys(List<ShardKey> keys, int sizeBytes) {
        checkSize(sizeBytes);
        return new InsertBatch(null, List.copyOf(keys), null, sizeBytes, keys.size());
    }

    /**
     * Whole documents: each key is extracted with {@code pattern} as mongos routes an insert (a
     * missing field counts as null, a hashed field is hashed) and each size is the BSON size.
     *
     * @throws io.shardlab.key.InvalidShardKeyException if a key path holds an array
     */
    public static InsertBatch ofDocuments(ShardKeyPattern pattern, List<BsonDocument> documents) {
        ShardKeyHasher hasher = new ShardKeyHasher();
        List<ShardKey> keys = new ArrayList<>(documents.size());
        int[] sizes = new int[documents.size()];
        for (int i = 0; i < sizes.length; i++) {
            keys.add(pattern.extractKey(documents.get(i), hasher));
            sizes[i] = bsonSize(documents.get(i));
        }
        return sized(null, List.copyOf(keys), sizes, sizes.length);
    }

    /** A batch with per-document {@code sizes} (owned), kept as one size when they are all equal. */
    private static InsertBatch sized(long[] int64Values, List<ShardKey> keys, int[] sizes, int count) {
        for (int i = 1; i < count; i++) {
            if (sizes[i] != sizes[0]) {
                return new InsertBatch(int64Values, keys, sizes, -1, count);
            }
        }
        return new InsertBatch(int64Values, keys, null, count == 0 ? -1 : sizes[0], count);
    }

    /**
     * The documents of {@code first} followed by those of {@code second}, both batches of keys
     * ({@link #ofKeys}, {@link #ofDocuments}).
     */
    public static InsertBatch concat(InsertBatch first, InsertBatch second) {
        if (first.isInt64() || second.isInt64()) {
            throw new IllegalArgumentException("concat: both batches must hold shard keys, not int64 values");
        }
        List<ShardKey> keys = new ArrayList<>(first.size() + second.size());
        int[] sizes = new int[first.size() + second.size()];
        for (int i = 0; i < first.size(); i++) {
            keys.add(first.key(i));
            sizes[i] = first.sizeBytes(i);
        }
        for (int i = 0; i < second.size(); i++) {
            keys.add(second.key(i));
            sizes[first.size() + i] = second.sizeBytes(i);
        }
        return sized(null, List.copyOf(keys), sizes, sizes.length);
    }

    private static void checkSize(int size) {
        if (size < 5) {
            throw new IllegalArgumentException("size: a BSON document has at least 5 bytes, got " + size);
        }
    }

    /** The BSON size of {@code document} in bytes. */
    public static int bsonSize(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        new BsonDocumentCodec()
                .encode(
                        new BsonBinaryWriter(buffer),
                        document,
                        EncoderContext.builder().build());
        return buffer.getPosition();
    }

    /** Number of documents. */
    public int size() {
        return count;
    }

    /** True when the keys are given as int64 values. */
    public boolean isInt64() {
        return int64Values != null;
    }

    /** The int64 value of document {@code i} ({@link #isInt64()} batches). */
    public long int64Value(int i) {
        return int64Values[i];
    }

    /**
     * The int64 values ({@link #isInt64()} batches), the batch's own array: read it, never change it.
     * For the insert path, which reads them all at once.
     */
    long[] int64Values() {
        return int64Values;
    }

    /** The size of every document in bytes when they all have the same size, else -1. */
    int uniformSize() {
        return sizes == null ? uniformSize : -1;
    }

    /** The shard key of document {@code i} (key batches). */
    public ShardKey key(int i) {
        return keys.get(i);
    }

    /** The shard keys of a key batch, in order: a new list the caller may change. */
    List<ShardKey> keys() {
        List<ShardKey> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(key(i));
        }
        return out;
    }

    /** The BSON size of every document, in order: a new array the caller may change. */
    int[] sizesBytes() {
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = sizeBytes(i);
        }
        return out;
    }

    /** The BSON size of document {@code i}. */
    public int sizeBytes(int i) {
        return sizes == null ? uniformSize : sizes[i];
    }

    /** Sum of the sizes. */
    public long totalBytes() {
        if (sizes == null) {
            return (long) uniformSize * count;
        }
        return Arrays.stream(sizes).asLongStream().sum();
    }

    @Override
    public String toString() {
        return count + " documents, " + totalBytes() + " bytes";
    }
}

package io.shardlab.key;

import io.shardlab.bson.CanonicalType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's hashed-index hash of one BSON value: {@code BSONElementHasher::hash64(e, seed = 0)}, the
 * value a hashed shard-key field is replaced by ({@code convertShardKeyToHashed}).
 *
 * <p>Algorithm, from mongo {@code src/mongo/db/hasher.cpp} (2.6 and 4.4+ eras, same bytes): MD5 over
 * the 4-byte little-endian seed, then {@code recursiveHash(e, includeFieldName = false)}; the result
 * is the first 8 digest bytes read as a little-endian int64. {@code recursiveHash} feeds the
 * canonical type as an int32 (LE), the field name with its NUL when asked, then for a number the
 * int64 of {@code safeNumberLongForHash}, for an object, array or code-with-scope every element
 * (field names included) followed by the terminating EOO's type 0, and otherwise the raw BSON value
 * bytes. The seed is always 0 for hashed indexes and shard keys; only hash version 0 exists.
 *
 * <p>Instances hold an MD5 digest and are not thread-safe; make one per thread.
 */
public final class ShardKeyHasher {

    /** {@code BSONElementHasher::DEFAULT_HASH_SEED}: the seed of every hashed index and shard key. */
    public static final int DEFAULT_HASH_SEED = 0;

    private static final double TWO_POW_63 = 9.223372036854775808E18;
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);

    /** A long in a byte array, little-endian, as MD5 reads the value and the hash is read from the digest. */
    private static final VarHandle LITTLE_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final MessageDigest md5;
    private final byte[] scratch = new byte[8];
    /** What MD5 reads for a number: the seed 0, the canonical type 10 and the value, little-endian. */
    private final byte[] numberBlock = {0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

    private final byte[] numberDigest = new byte[16];

    /** A hasher with its own MD5 digest. */
    public ShardKeyHasher() {
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java runtime", e);
        }
    }

    /** {@code hash64(value, seed = 0)}: the NumberLong that a hashed index or shard key stores. */
    public long hash64(BsonValue value) {
        return hash64(value, DEFAULT_HASH_SEED);
    }

    /**
     * {@code BSONElementHasher::hash64(value, seed)}. Hashed indexes and shard keys always use
     * {@link #DEFAULT_HASH_SEED}; other seeds exist for MongoDB's own tests
     * ({@code HashWithNonZeroSeed} in {@code hasher_test.cpp}).
     *
     * @param seed the 32-bit seed MD5 reads first, little-endian
     */
    public long hash64(BsonValue value, int seed) {
        md5.reset();
        putInt(seed);
        recursiveHash(value, null);
        byte[] digest = md5.digest();
        long h = 0;
        for (int i = 7; i >= 0; i--) {
            h = (h << 8) | (digest[i] & 0xFF);
        }
        return h;
    }

    /**
     * {@code hash64(value, seed = 0)} of a number whose {@code safeNumberLongForHash} is {@code value},
     * such as {@code NumberLong(value)} or {@code NumberInt(value)}: equal to {@link #hash64(BsonValue)}
     * of it, with the 16 bytes MD5 reads for a number (seed, canonical type, value) given in one
     * update. The hot path of hashed-key inserts.
     */
    public long hash64OfNumber(long value) {
        LITTLE_ENDIAN_LONG.set(numberBlock, 8, value);
        md5.update(numberBlock);
        try {
            md5.digest(numberDigest, 0, numberDigest.length);
        } catch (DigestException e) {
            throw new IllegalStateException("MD5 digests have 16 bytes", e);
        }
        return (long) LITTLE_ENDIAN_LONG.get(numberDigest, 0);
    }

    private void recursiveHash(BsonValue e, String fieldName) {
        putInt(CanonicalType.of(e));
        if (fieldName != null) {
            md5.update(fieldName.getBytes(StandardCharsets.UTF_8));
            md5.update((byte) 0);
        }
        BsonType type = e.getBsonType();
        switch (type) {
            case DOCUMENT -> hashElements(e.asDocument());
            case ARRAY -> {
                int i = 0;
                for (BsonValue element : e.asArray()) {
                    recursiveHash(element, Integer.toString(i++));
                }
                putInt(0);
            }
            case JAVASCRIPT_WITH_SCOPE -> {
                md5.update(e.asJavaScriptWithScope().getCode().getBytes(StandardCharsets.UTF_8));
                md5.update((byte) 0);
                hashElements(e.asJavaScriptWithScope().getScope());
            }
            case INT32, INT64, DOUBLE, DECIMAL128 -> putLong(safeNumberLongForHash(e));
            case STRING -> putString(e.asString().getValue());
            case SYMBOL -> putString(e.asSymbol().getSymbol());
            case JAVASCRIPT -> putString(e.asJavaScript().getCode());
            case BINARY -> {
                BsonBinary b = e.asBinary();
                if (b.getType() == BsonBinarySubType.OLD_BINARY.getValue()) {
                    // subtype 2 is stored as [len + 4][0x02][len][data]: the value bytes MongoDB
                    // hashes include the inner length (the driver's BsonBinaryWriter writes it)
                    putInt(b.getData().length + 4);
                    md5.update(b.getType());
                    putInt(b.getData().length);
                } else {
                    putInt(b.getData().length);
                    md5.update(b.getType());
                }
                md5.update(b.getData());
            }
            case OBJECT_ID -> md5.update(e.asObjectId().getValue().toByteArray());
            case BOOLEAN -> md5.update((byte) (e.asBoolean().getValue() ? 1 : 0));
            case DATE_TIME -> putLong(e.asDateTime().getValue());
            case TIMESTAMP -> putLong(e.asTimestamp().getValue());
            case REGULAR_EXPRESSION -> {
                putCString(e.asRegularExpression().getPattern());
                putCString(e.asRegularExpression().getOptions());
            }
            case DB_POINTER -> {
                putString(e.asDBPointer().getNamespace());
                md5.update(e.asDBPointer().getId().toByteArray());
            }
            case MIN_KEY, MAX_KEY, NULL, UNDEFINED, END_OF_DOCUMENT -> {
                // these types have no value bytes
            }
            default -> throw new IllegalArgumentException("value: cannot hash BSON type " + type);
        }
    }

    private void hashElements(BsonDocument document) {
        for (Map.Entry<String, BsonValue> element : document.entrySet()) {
            recursiveHash(element.getValue(), element.getKey());
        }
        putInt(0); // the terminating EOO contributes only its canonical type
    }

    /**
     * mongo {@code BSONElement::safeNumberLongForHash} ({@code src/mongo/bson/bsonelement.h}): a
     * double truncates toward zero, NaN gives 0, exactly 2^63 gives LLONG_MIN (kept for on-disk
     * compatibility), anything else at or above 2^63 gives LLONG_MAX, below -2^63 gives LLONG_MIN; a
     * Decimal128 rounds half to even ({@code Decimal128::toLong} default) with the same clamping.
     */
    static long safeNumberLongForHash(BsonValue number) {
        switch (number.getBsonType()) {
            case INT32:
                return number.asInt32().getValue();
            case INT64:
                return number.asInt64().getValue();
            case DOUBLE: {
                double d = number.asDouble().getValue();
                if (Double.isNaN(d)) {
                    return 0;
                }
                if (d == TWO_POW_63) {
                    return Long.MIN_VALUE;
                }
                if (!(d < TWO_POW_63)) {
                    return Long.MAX_VALUE;
                }
                if (d < -TWO_POW_63) {
                    return Long.MIN_VALUE;
                }
                return (long) d;
            }
            case DECIMAL128: {
                Decimal128 d = number.asDecimal128().getValue();
                if (d.isNaN()) {
                    return 0;
                }
                if (d.isInfinite()) {
                    return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
                }
                BigDecimal rounded = new BigDecimal(d.toString()).setScale(0, RoundingMode.HALF_EVEN);
                if (rounded.compareTo(LONG_MAX) > 0) {
                    return Long.MAX_VALUE;
                }
                if (rounded.compareTo(LONG_MIN) < 0) {
                    return Long.MIN_VALUE;
                }
                return rounded.longValueExact();
            }
            default:
                throw new IllegalArgumentException("number: not a number, " + number.getBsonType());
        }
    }

    private void putInt(int v) {
        scratch[0] = (byte) v;
        scratch[1] = (byte) (v >>> 8);
        scratch[2] = (byte) (v >>> 16);
        scratch[3] = (byte) (v >>> 24);
        md5.update(scratch, 0, 4);
    }

    private void putLong(long v) {
        for (int i = 0; i < 8; i++) {
            scratch[i] = (byte) (v >>> (8 * i));
        }
        md5.update(scratch, 0, 8);
    }

    /** BSON string value bytes: int32 length including the NUL, the UTF-8 bytes, the NUL. */
    private void putString(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        putInt(bytes.length + 1);
        md5.update(bytes);
        md5.update((byte) 0);
    }

    private void putCString(String s) {
        md5.update(s.getBytes(StandardCharsets.UTF_8));
        md5.update((byte) 0);
    }
}

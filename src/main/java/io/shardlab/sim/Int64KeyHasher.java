package io.shardlab.sim;

/**
 * MongoDB's {@code hash64} of a number that fits an int64, without allocation: the hot path of
 * hashed-key inserts. Equal to {@link io.shardlab.key.ShardKeyHasher#hash64} of an Int32 or Int64
 * with that value (verified by tests against it).
 *
 * <p>For a number, {@code BSONElementHasher::hash64} (mongo {@code src/mongo/db/hasher.cpp}) feeds
 * MD5 exactly 16 bytes: the seed 0 as int32 LE, the canonical type 10 as int32 LE and
 * {@code safeNumberLongForHash} as int64 LE; the result is the digest's first 8 bytes read as a
 * little-endian int64. Sixteen bytes fit one MD5 block, so this computes that single block of
 * RFC 1321 directly.
 */
final class Int64KeyHasher {

    private static final int[] S = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
    private static final int[] K = new int[64];

    static {
        for (int i = 0; i < 64; i++) {
            K[i] = (int) (long) Math.floor(Math.abs(Math.sin(i + 1)) * 4294967296.0);
        }
    }

    private Int64KeyHasher() {}

    /** {@code hash64(NumberLong(value))}. */
    static long hash(long value) {
        int[] m = new int[16];
        m[0] = 0; // seed
        m[1] = 10; // canonical type of numbers
        m[2] = (int) value;
        m[3] = (int) (value >>> 32);
        m[4] = 0x80; // padding
        m[14] = 128; // message length in bits
        int a0 = 0x67452301;
        int b0 = 0xefcdab89;
        int c0 = 0x98badcfe;
        int d0 = 0x10325476;
        int a = a0;
        int b = b0;
        int c = c0;
        int d = d0;
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) & 15;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) & 15;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) & 15;
            }
            int shift = S[((i >>> 4) << 2) | (i & 3)];
            int temp = d;
            d = c;
            c = b;
            b = b + Integer.rotateLeft(a + f + K[i] + m[g], shift);
            a = temp;
        }
        a += a0;
        b += b0;
        return ((long) b << 32) | (a & 0xFFFFFFFFL);
    }
}

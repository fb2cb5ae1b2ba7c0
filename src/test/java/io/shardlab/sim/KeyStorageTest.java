package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.key.ShardKey;
import java.util.SplittableRandom;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyStorageTest {

    private static BsonValue randomValue(SplittableRandom r) {
        return switch (r.nextInt(9)) {
            case 0 -> new BsonInt32(r.nextInt(-50, 50));
            case 1 -> new BsonInt64(r.nextLong(-50, 50));
            case 2 -> new BsonDouble(r.nextInt(-100, 100) / 2.0);
            case 3 -> new BsonDecimal128(Decimal128.parse(Integer.toString(r.nextInt(-50, 50))));
            case 4 -> new BsonString(Integer.toString(r.nextInt(0, 30), 36) + (r.nextBoolean() ? "\0x" : ""));
            case 5 -> new BsonInt64(r.nextBoolean() ? Long.MAX_VALUE - r.nextInt(3) : Long.MIN_VALUE + r.nextInt(3));
            case 6 -> new BsonDouble(r.nextBoolean() ? 9.223372036854775807E18 : -9.223372036854775808E18);
            case 7 -> BsonNull.VALUE;
            default -> r.nextBoolean() ? new BsonMinKey() : new BsonMaxKey();
        };
    }

    @Test
    void encodedKeysSortAndCompareEqualExactlyAsMongoDbOrdersThem() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            ShardKey a = ShardKey.of(randomValue(r), randomValue(r));
            ShardKey b = ShardKey.of(randomValue(r), randomValue(r));
            int expected = Integer.signum(a.compareTo(b));
            int actual = Integer.signum(
                    java.util.Arrays.compareUnsigned(KeyEncoder.encodeBound(a), KeyEncoder.encodeBound(b)));
            assertEquals(expected, actual, a + " vs " + b);
        }
    }

    /** Integers take a shortcut to the number form; Decimal128 takes the general one: both give one encoding. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            1
            -1
            7
            10
            -10
            1200
            -1200300
            2147483647
            -2147483648
            1000000000000000000
            9223372036854775807
            -9223372036854775807
            -9223372036854775808
            """)
    void anIntegerEncodesAsTheEqualDecimal(long value) {
        byte[] decimal = KeyEncoder.encodeBound(ShardKey.of(new BsonDecimal128(new Decimal128(value))));

        assertArrayEquals(decimal, KeyEncoder.encodeBound(ShardKey.of(new BsonInt64(value))));
        if (value == (int) value) {
            assertArrayEquals(decimal, KeyEncoder.encodeBound(ShardKey.of(new BsonInt32((int) value))));
        }
    }

    /**
     * The shortcut over seeded random integers of every magnitude, most with trailing zeros (the shortcut takes its
     * digits by division, issue #32), against the general form of the equal Decimal128.
     */
    @Test
    void everyIntegerEncodesAsTheEqualDecimal() {
        SplittableRandom r = new SplittableRandom(32);
        for (int i = 0; i < 50_000; i++) {
            long value = r.nextLong() >> r.nextInt(64);
            for (int zeros = r.nextInt(4); zeros > 0 && Math.abs(value) < Long.MAX_VALUE / 10; zeros--) {
                value *= 10;
            }
            long v = value;
            byte[] decimal = KeyEncoder.encodeBound(ShardKey.of(new BsonDecimal128(new Decimal128(v))));
            assertArrayEquals(decimal, KeyEncoder.encodeBound(ShardKey.of(new BsonInt64(v))), () -> "NumberLong " + v);
        }
    }

    @Test
    void decodedKeysEqualTheOriginals() {
        SplittableRandom r = new SplittableRandom(5);
        KeyEncoder encoder = new KeyEncoder(2);
        for (int i = 0; i < 5_000; i++) {
            ShardKey k = ShardKey.of(randomValue(r), randomValue(r));
            byte[] bytes = encoder.encode(k);
            assertEquals(k, encoder.decode(bytes, 0, bytes.length));
        }
    }

    @Test
    void splitVectorTakesEveryKeyCountThKeyAndNeverSplitsEqualKeys() {
        LongChunkDocuments docs = new LongChunkDocuments(org.bson.BsonType.INT64);
        long[] keys = {1, 2, 3, 3, 3, 3, 3, 4, 5, 6, 7, 8};
        for (long k : keys) {
            docs.add(k, 100);
        }
        // dataSize 1200, 12 docs, avg 100; maxChunkSize 400 → keyCount = 400 / 200 = 2
        var points = new SplitVector().find(docs, 12, 1200, 400, 0);
        // count 3 at index 2 (key 3); the next count > 2 lands on key 3 again (skipped) until key 4...
        assertEquals(
                java.util.List.of(
                        ShardKey.of(new BsonInt64(3)), ShardKey.of(new BsonInt64(4)), ShardKey.of(new BsonInt64(7))),
                points);
    }
}

package io.shardlab.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.bson.RandomBsonValues;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntFunction;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Invariants of ShardKey and hash64 over seeded random values of every BSON type. */
class ShardKeyPropertiesTest {

    private static final long SEED = 77L;
    private final RandomBsonValues random = new RandomBsonValues(SEED);
    private final ShardKeyHasher hasher = new ShardKeyHasher();

    @Test
    void equalityIsOrderEquivalenceAndAgreesWithHashCode() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue a = random.next();
            BsonValue b = random.next();
            ShardKey left = ShardKey.of(a, b);
            ShardKey right = ShardKey.of(random.next(), random.next());
            boolean equivalent = left.compareTo(right) == 0;
            assertEquals(equivalent, left.equals(right));
            if (equivalent) {
                assertEquals(left.hashCode(), right.hashCode(), () -> left + " equals " + right);
            }
            assertEquals(
                    Integer.signum(BsonOrder.compareValues(a, right.get(0))) != 0
                            ? Integer.signum(BsonOrder.compareValues(a, right.get(0)))
                            : Integer.signum(BsonOrder.compareValues(b, right.get(1))),
                    Integer.signum(left.compareTo(right)));
        }
    }

    @Test
    void numericTwinsAreEqualKeysWithEqualHashCodes() {
        for (int i = 0; i < 10_000; i++) {
            BsonValue number = random.nextNumber();
            BsonValue second = random.next();
            for (BsonValue twin : RandomBsonValues.numericTwins(number)) {
                ShardKey original = ShardKey.of(number, second);
                ShardKey other = ShardKey.of(twin, second);
                assertEquals(original, other, () -> original + " vs " + other);
                assertEquals(original.hashCode(), other.hashCode(), () -> original + " vs " + other);
            }
        }
    }

    /**
     * hash64 ignores the numeric type: numbers hash alike exactly when {@code safeNumberLongForHash}
     * makes them the same int64 (hasher.cpp), so equal integral numbers in the int64 range hash
     * alike in every type, and so do 3 and 3.9, while a Decimal128 3.5 (rounded to 4) and a double
     * 3.5 (truncated to 3) do not.
     */
    @Test
    void hashingIgnoresNumericTypeAsMongoDoes() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue a = random.nextNumber();
            BsonValue b = random.nextNumber();
            boolean sameInt64 = ShardKeyHasher.safeNumberLongForHash(a) == ShardKeyHasher.safeNumberLongForHash(b);
            assertEquals(
                    sameInt64,
                    hasher.hash64(a) == hasher.hash64(b),
                    () -> BsonPrinter.shell(a) + " vs " + BsonPrinter.shell(b));
            for (BsonValue twin : RandomBsonValues.numericTwins(a)) {
                boolean integral =
                        ShardKeyHasher.safeNumberLongForHash(twin) == ShardKeyHasher.safeNumberLongForHash(a);
                if (integral) {
                    assertEquals(hasher.hash64(a), hasher.hash64(twin));
                    assertEquals(hasher.hash64(new BsonDocument("x", a)), hasher.hash64(new BsonDocument("x", twin)));
                }
            }
        }
    }

    @Test
    void aReusedHasherGivesTheSameHashAsAFreshOne() {
        for (int i = 0; i < 5_000; i++) {
            BsonValue v = random.next();
            hasher.hash64(random.next());
            assertEquals(new ShardKeyHasher().hash64(v), hasher.hash64(v), () -> BsonPrinter.shell(v));
        }
    }

    /**
     * A sample's distinct values go into hash sets (the field profiles' distinct counts, the key runs' groups), so
     * 10,000 distinct values of the kinds a collection's fields commonly hold must spread over a 16,384-bucket
     * table's buckets as HashMap picks them; given a random spread about 7,500 buckets are taken. When ObjectIds
     * and dates hashed to their type rank, they all took one.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ObjectId", "date", "timestamp", "counting int"})
    void distinctValuesSpreadOverHashBuckets(String kind) {
        long start = 1_704_067_200_000L;
        IntFunction<BsonValue> value = switch (kind) {
            case "ObjectId" -> i -> new BsonObjectId(new ObjectId(String.format("%08x%016x", start / 1000 + i / 7, i)));
            case "date" -> i -> new BsonDateTime(start + 137L * i);
            case "timestamp" -> i -> new BsonTimestamp((int) (start / 1000) + i / 3, i % 3);
            default -> BsonInt32::new;
        };
        Set<Integer> buckets = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            int h = ShardKey.of(value.apply(i)).hashCode();
            buckets.add((h ^ (h >>> 16)) & (16_384 - 1));
        }
        assertTrue(buckets.size() > 5_000, () -> kind + ": 10,000 values took " + buckets.size() + " buckets");
    }
}

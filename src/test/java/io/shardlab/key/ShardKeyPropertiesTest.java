package io.shardlab.key;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.bson.RandomBsonValues;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

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
}

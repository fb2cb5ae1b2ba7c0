package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** BsonOrder is a total order over random values of every type (seeded, so failures repeat). */
class BsonOrderPropertiesTest {

    private static final long SEED = 20240611L;
    private final RandomBsonValues random = new RandomBsonValues(SEED);

    @Test
    void isReflexiveAndAntisymmetric() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue a = random.next();
            BsonValue b = random.next();
            assertEquals(0, BsonOrder.compareValues(a, a), () -> "compare(a, a) for " + BsonPrinter.shell(a));
            assertEquals(
                    Integer.signum(BsonOrder.compareValues(a, b)),
                    -Integer.signum(BsonOrder.compareValues(b, a)),
                    () -> BsonPrinter.shell(a) + " vs " + BsonPrinter.shell(b));
        }
    }

    @Test
    void givenObjectIds_whenCompared_thenTheyOrderAsTheirTwelveBytesUnsigned() {
        SplittableRandom bytes = new SplittableRandom(SEED);
        for (int i = 0; i < 20_000; i++) {
            byte[] a = new byte[12];
            byte[] b = new byte[12];
            for (int k = 0; k < 12; k++) {
                a[k] = (byte) bytes.nextInt(256);
                // often equal up to a point, so every byte position decides some pairs
                b[k] = bytes.nextInt(12) < k ? (byte) bytes.nextInt(256) : a[k];
            }
            int expected = Integer.signum(Arrays.compareUnsigned(a, b));

            int actual = Integer.signum(
                    BsonOrder.compareValues(new BsonObjectId(new ObjectId(a)), new BsonObjectId(new ObjectId(b))));

            assertEquals(expected, actual, () -> new ObjectId(a) + " vs " + new ObjectId(b));
        }
    }

    @Test
    void isTransitiveOverSortedSamples() {
        for (int round = 0; round < 40; round++) {
            List<BsonValue> values = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                values.add(random.next());
            }
            values.sort(new BsonOrder());
            for (int i = 0; i < values.size(); i++) {
                for (int j = i + 1; j < values.size(); j++) {
                    BsonValue a = values.get(i);
                    BsonValue b = values.get(j);
                    assertTrue(
                            BsonOrder.compareValues(a, b) <= 0,
                            () -> "sorted " + BsonPrinter.shell(a) + " before " + BsonPrinter.shell(b)
                                    + " but it is greater");
                }
            }
        }
    }

    @Test
    void isTransitiveOverRandomTriples() {
        for (int i = 0; i < 50_000; i++) {
            BsonValue a = random.nextNumber();
            BsonValue b = random.nextNumber();
            BsonValue c = random.nextNumber();
            if (BsonOrder.compareValues(a, b) <= 0 && BsonOrder.compareValues(b, c) <= 0) {
                assertTrue(
                        BsonOrder.compareValues(a, c) <= 0,
                        () -> BsonPrinter.shell(a) + " <= " + BsonPrinter.shell(b) + " <= " + BsonPrinter.shell(c));
            }
        }
    }

    @Test
    void numbersEqualToTheirTwinsOfEveryNumericType() {
        for (int i = 0; i < 10_000; i++) {
            BsonValue number = random.nextNumber();
            BsonValue other = random.next();
            for (BsonValue twin : RandomBsonValues.numericTwins(number)) {
                assertEquals(
                        0,
                        BsonOrder.compareValues(number, twin),
                        () -> BsonPrinter.shell(number) + " == " + BsonPrinter.shell(twin));
                assertEquals(
                        Integer.signum(BsonOrder.compareValues(number, other)),
                        Integer.signum(BsonOrder.compareValues(twin, other)),
                        () -> BsonPrinter.shell(twin) + " sorts like " + BsonPrinter.shell(number) + " against "
                                + BsonPrinter.shell(other));
                BsonDocument wrapped = new BsonDocument("a", number);
                assertEquals(0, BsonOrder.compareValues(wrapped, new BsonDocument("a", twin)));
            }
        }
    }
}

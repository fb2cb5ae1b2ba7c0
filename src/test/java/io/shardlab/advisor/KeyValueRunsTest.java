package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Index order: by value, equal values in insertion order; whichever sort produces it. */
class KeyValueRunsTest {

    private static List<Integer> order(KeyValueRuns runs) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < runs.size(); p++) {
            out.add(runs.documentAt(p));
        }
        return out;
    }

    /** The order by comparison: a stable sort of the documents by {@link ShardKey#compareTo}. */
    private static List<Integer> comparedOrder(ShardKey[] keys) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            order.add(i);
        }
        order.sort((a, b) -> keys[a].compareTo(keys[b]));
        return order;
    }

    /** The number of distinct values by comparison. */
    private static int comparedRuns(ShardKey[] keys, List<Integer> order) {
        int runs = 0;
        for (int p = 0; p < order.size(); p++) {
            if (p == 0 || keys[order.get(p)].compareTo(keys[order.get(p - 1)]) != 0) {
                runs++;
            }
        }
        return runs;
    }

    /**
     * One-value keys the radix sort takes (Int64, Int32, both mixed, dates) and a mix it leaves to comparison
     * (a Double among integers), each sorted exactly as by comparison: by value, ties in insertion order.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            INT64
            INT32
            INT32_AND_INT64
            DATE
            DOUBLE_AMONG_INT64
            """)
    void oneValueKeysSortExactlyAsByComparison(String kind) {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 50; round++) {
            int n = 1 + random.nextInt(2_000);
            ShardKey[] keys = new ShardKey[n];
            for (int i = 0; i < n; i++) {
                // few distinct values, both signs, the extremes: many ties to keep in insertion order
                long v = switch (random.nextInt(4)) {
                    case 0 -> Long.MIN_VALUE + random.nextInt(3);
                    case 1 -> Long.MAX_VALUE - random.nextInt(3);
                    default -> random.nextLong(-50, 50) << random.nextInt(40);
                };
                BsonValue value = switch (kind) {
                    case "INT64" -> new BsonInt64(v);
                    case "INT32" -> new BsonInt32((int) v);
                    case "INT32_AND_INT64" -> random.nextBoolean() ? new BsonInt32((int) v) : new BsonInt64((int) v);
                    case "DATE" -> new BsonDateTime(v);
                    case "DOUBLE_AMONG_INT64" -> i == n / 2 ? new BsonDouble(v % 50) : new BsonInt64(v);
                    default -> throw new IllegalArgumentException(kind);
                };
                keys[i] = ShardKey.of(value);
            }

            KeyValueRuns runs = KeyValueRuns.of(keys, CancelToken.none());

            List<Integer> compared = comparedOrder(keys);
            assertEquals(compared, order(runs), "round " + round);
            assertEquals(comparedRuns(keys, compared), runs.runs(), "round " + round);
        }
    }

    /**
     * Compound keys (a string and a number of any numeric type, so {@code 1}, {@code 1.0} and {@code NumberLong(1)}
     * are one value) sort exactly as by comparison, whether few of them are distinct (sorted by distinct value) or
     * most (sorted by comparison).
     */
    @ParameterizedTest(name = "{0} values of the number")
    @CsvSource({"1", "3", "40", "5000"})
    void compoundKeysSortExactlyAsByComparison(int spread) {
        SplittableRandom random = new SplittableRandom(spread);
        for (int round = 0; round < 20; round++) {
            int n = 1 + random.nextInt(3_000);
            ShardKey[] keys = new ShardKey[n];
            for (int i = 0; i < n; i++) {
                int v = random.nextInt(spread);
                BsonValue number = switch (random.nextInt(3)) {
                    case 0 -> new BsonInt32(v);
                    case 1 -> new BsonInt64(v);
                    default -> new BsonDouble(v);
                };
                keys[i] = ShardKey.of(new BsonString("r" + random.nextInt(4)), number);
            }

            KeyValueRuns runs = KeyValueRuns.of(keys, CancelToken.none());

            List<Integer> compared = comparedOrder(keys);
            assertEquals(compared, order(runs), "round " + round);
            assertEquals(comparedRuns(keys, compared), runs.runs(), "round " + round);
        }
    }

    @Test
    void runsAreTheGroupsOfEqualValues() {
        ShardKey[] keys = {
            ShardKey.of(new BsonInt32(2)),
            ShardKey.of(new BsonInt64(1)),
            ShardKey.of(new BsonInt32(2)),
            ShardKey.of(new BsonInt32(1))
        };

        KeyValueRuns runs = KeyValueRuns.of(keys, CancelToken.none());

        assertEquals(List.of(1, 3, 0, 2), order(runs));
        assertEquals(2, runs.runs());
        assertEquals(2, runs.runLength(0));
        assertEquals(1, runs.firstDocumentOf(0));
        assertEquals(0, runs.firstDocumentOf(1));
    }
}

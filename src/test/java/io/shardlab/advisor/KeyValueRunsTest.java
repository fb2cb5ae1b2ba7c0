package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/** Index order: by value, equal values in insertion order; whichever sort produces it. */
class KeyValueRunsTest {

    private static List<Integer> order(KeyValueRuns runs) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < runs.size(); p++) {
            out.add(runs.documentAt(p));
        }
        return out;
    }

    @Test
    void int64KeysSortByRadixExactlyAsByComparison() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 50; round++) {
            int n = 1 + random.nextInt(2_000);
            ShardKey[] int64 = new ShardKey[n];
            ShardKey[] mixed = new ShardKey[n];
            for (int i = 0; i < n; i++) {
                // few distinct values, both signs, the extremes: many ties to keep in insertion order
                long v = i == 0
                        ? random.nextInt(-50, 50)
                        : switch (random.nextInt(4)) {
                            case 0 -> Long.MIN_VALUE + random.nextInt(3);
                            case 1 -> Long.MAX_VALUE - random.nextInt(3);
                            default -> random.nextLong(-50, 50) << random.nextInt(40);
                        };
                int64[i] = ShardKey.of(new BsonInt64(v));
                // the same values, the first as an Int32: that disables the radix path
                mixed[i] = i == 0 ? ShardKey.of(new BsonInt32((int) v)) : ShardKey.of(new BsonInt64(v));
            }
            KeyValueRuns radix = KeyValueRuns.of(int64, CancelToken.none());
            KeyValueRuns compared = KeyValueRuns.of(mixed, CancelToken.none());

            assertEquals(order(compared), order(radix), "round " + round);
            assertEquals(compared.runs(), radix.runs());
            for (int p = 1; p < n; p++) {
                int c = int64[radix.documentAt(p - 1)].compareTo(int64[radix.documentAt(p)]);
                assertEquals(
                        true,
                        c < 0 || (c == 0 && radix.documentAt(p - 1) < radix.documentAt(p)),
                        "sorted, ties by insertion");
            }
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

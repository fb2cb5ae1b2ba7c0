package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.Random;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

class HeatmapRangesTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{a: 1}");

    private static ShardKey key(long v) {
        return ShardKey.of(new BsonInt64(v));
    }

    @Test
    void ranges_tile_the_key_space_and_every_key_falls_in_the_range_that_holds_it() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            // given a random stream of keys and a row count
            ShardKey[] keys = new ShardKey[1 + random.nextInt(500)];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = key(random.nextInt(1000));
            }
            int rows = 1 + random.nextInt(60);

            HeatmapRanges ranges = HeatmapRanges.of(KEY, keys, rows);

            // then MinKey to MaxKey, strictly increasing, at most rows ranges, and rowOf brackets every key
            assertEquals(KEY.globalMin(), ranges.bounds().get(0));
            assertEquals(KEY.globalMax(), ranges.bounds().get(ranges.bounds().size() - 1));
            assertTrue(ranges.size() <= rows);
            for (ShardKey k : keys) {
                int r = ranges.rowOf(k);
                assertTrue(ranges.bounds().get(r).compareTo(k) <= 0, "lower bound of " + k);
                assertTrue(ranges.bounds().get(r + 1).compareTo(k) > 0, "upper bound of " + k);
            }
        }
    }

    @Test
    void fewer_distinct_keys_than_rows_get_one_range_from_each_key() {
        ShardKey[] keys = {key(5), key(5), key(9), key(1), key(9)};
        HeatmapRanges ranges = HeatmapRanges.of(KEY, keys, 48);
        // [MinKey, 1) below every written key, then one range starting at each distinct key
        assertEquals(4, ranges.size());
        assertEquals(0, ranges.rowOf(key(0)));
        assertEquals(1, ranges.rowOf(key(1)));
        assertEquals(2, ranges.rowOf(key(5)));
        assertEquals(3, ranges.rowOf(key(9)));
    }
}

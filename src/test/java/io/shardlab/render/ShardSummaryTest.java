package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShardSummaryTest {

    private static NumberLineModel model(int shards) {
        String[] owners = new String[shards];
        long[] points = new long[shards - 1];
        for (int i = 0; i < shards; i++) {
            owners[i] = String.format("shard%02d", i + 1);
            if (i > 0) {
                points[i - 1] = i * 100L;
            }
        }
        return NumberLineModel.of(LayoutData.of(Layouts.ranged(points, owners, Set.of(), List.of())), Scale.EQUAL);
    }

    private static WriteSeries series(NumberLineModel m, long... lastWindow) {
        long[][] w = new long[lastWindow.length][2];
        for (int s = 0; s < lastWindow.length; s++) {
            w[s][0] = 1000;
            w[s][1] = lastWindow[s];
        }
        return new WriteSeries(m.shards(), 0, 1000, w);
    }

    @ParameterizedTest(name = "writes {0}: hot shard {1}")
    @CsvSource(textBlock = """
            # writes per shard in the window, hot shard index (-1: none)
            100 0,              0
            75 25,              0
            74 26,              -1
            50 25 25,           -1
            67 33 0,            0
            50 20 20 10,        0
            49 21 20 10,        -1
            25 25 25 25,        -1
            0 0 0 0,            -1
            10 10 10 10 10 10 10 30,  0
            """)
    void the_busiest_shard_is_hot_with_at_least_twice_its_even_share_or_three_quarters_of_two(String writes, int hot) {
        long[] w = Arrays.stream(writes.trim().split("\\s+"))
                .mapToLong(Long::parseLong)
                .toArray();
        NumberLineModel m = model(w.length);
        if (hot == 0 && w[w.length - 1] > w[0]) {
            hot = w.length - 1;
        }
        List<ShardSummary> rows = ShardSummary.of(m, Optional.empty(), Optional.of(series(m, w)), 1);
        for (ShardSummary r : rows) {
            assertEquals(r.shardIndex() == hot, r.hot(), "shard " + r.shard() + " of " + writes);
            assertEquals(OptionalLong.of(w[r.shardIndex()]), r.writes());
        }
    }

    @Test
    void one_shard_is_never_hot() {
        NumberLineModel m = model(1);
        assertFalse(ShardSummary.of(m, Optional.empty(), Optional.of(series(m, 500)), 1)
                .get(0)
                .hot());
    }

    @Test
    void rows_count_chunks_jumbo_chunks_documents_and_bytes_per_shard() {
        ClusterSnapshot s =
                Layouts.ranged(new long[] {0, 50, 100}, new String[] {"a", "b", "a", "a"}, Set.of(0, 3), List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.EQUAL);
        ChunkSizes sizes = new ChunkSizes(new long[] {1, 2, 3, 4}, new long[] {10, 20, 30, 40});
        List<ShardSummary> rows = ShardSummary.of(m, Optional.of(sizes), Optional.empty(), 0);
        assertEquals(
                new ShardSummary(
                        0,
                        "a",
                        3,
                        2,
                        OptionalLong.of(8),
                        OptionalLong.of(80),
                        OptionalLong.empty(),
                        false,
                        false,
                        Optional.empty()),
                rows.get(0));
        assertEquals(
                new ShardSummary(
                        1,
                        "b",
                        1,
                        0,
                        OptionalLong.of(2),
                        OptionalLong.of(20),
                        OptionalLong.empty(),
                        false,
                        false,
                        Optional.empty()),
                rows.get(1));
    }

    @Test
    void the_threshold_is_twice_the_even_share_capped_at_three_quarters() {
        assertEquals(0.75, ShardSummary.hotThreshold(2));
        assertEquals(0.5, ShardSummary.hotThreshold(4));
        assertEquals(0.125, ShardSummary.hotThreshold(16));
        assertTrue(ShardSummary.hotThreshold(3) < 0.67);
    }
}

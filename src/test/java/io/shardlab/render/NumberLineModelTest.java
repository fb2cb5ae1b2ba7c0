package io.shardlab.render;

import static io.shardlab.render.Layouts.key;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberLineModelTest {

    private static final double M = KeyValueAxis.MARGIN;
    private static final double EPS = 1e-12;

    private static ClusterSnapshot fourChunks() {
        return Layouts.ranged(
                new long[] {0, 50, 100},
                new String[] {"shard01", "shard02", "shard01", "shard03"},
                Set.of(2),
                List.of());
    }

    private static double[] edges(NumberLineModel m) {
        double[] e = new double[m.chunkCount() + 1];
        for (int i = 0; i < e.length; i++) {
            e[i] = m.edge(i);
        }
        return e;
    }

    @Test
    void equal_width_gives_every_chunk_the_same_share_of_the_line() {
        NumberLineModel m = NumberLineModel.of(LayoutData.of(fourChunks()), Scale.EQUAL);
        assertArrayEquals(new double[] {0, 0.25, 0.5, 0.75, 1}, edges(m), EPS);
        assertEquals(List.of("shard01", "shard02", "shard03"), m.shards());
        assertEquals(1, m.shardOf(1));
        assertEquals(2, m.shardOf(3));
        assertTrue(m.jumbo(2));
        assertEquals(1, m.jumboCount());
        assertEquals(2, m.chunksOf(0));
    }

    @Test
    void an_oversized_chunk_that_cannot_split_is_marked_apart_from_jumbo_chunks_with_its_own_legend_entry() {
        // given sizes that flag chunk 1 (not jumbo) and chunk 2 (already marked jumbo) as oversized, one key value
        ChunkSizes sizes =
                new ChunkSizes(new long[] {1, 9, 9, 1}, new long[] {100, 900, 900, 100}).withCannotSplit(List.of(1, 2));

        // when the line is modelled
        NumberLineModel m = NumberLineModel.of(new LayoutData(fourChunks(), Optional.of(sizes)), Scale.EQUAL);

        // then only the unflagged one is marked oversized (a jumbo mark already says it), and the legend keys it
        assertEquals(List.of(1), m.oversizedCannotSplit());
        assertTrue(m.oversizedCannotSplit(1));
        assertFalse(m.oversizedCannotSplit(2));
        assertTrue(LegendPainter.items(m, false, false, Highlight.none()).stream()
                .anyMatch(i ->
                        i.kind() == LegendPainter.Kind.OVERSIZED && i.text().startsWith("oversized, cannot split")));
        // and a layout without the flags has no such mark
        NumberLineModel plain = NumberLineModel.of(
                new LayoutData(fourChunks(), Optional.of(new ChunkSizes(new long[4], new long[4]))), Scale.EQUAL);
        assertEquals(List.of(), plain.oversizedCannotSplit());
        assertFalse(LegendPainter.items(plain, false, false, Highlight.none()).stream()
                .anyMatch(i -> i.kind() == LegendPainter.Kind.OVERSIZED));
    }

    @Test
    void data_size_width_follows_bytes_with_a_one_percent_floor_so_empty_chunks_keep_a_sliver() {
        ChunkSizes sizes = new ChunkSizes(new long[] {1, 0, 3, 0}, new long[] {100, 0, 300, 0});
        NumberLineModel m = NumberLineModel.of(new LayoutData(fourChunks(), Optional.of(sizes)), Scale.DATA_SIZE);
        // floor = 400 / (100 * 4) = 1 byte: weights 101, 1, 301, 1 of 404
        assertArrayEquals(new double[] {0, 101 / 404.0, 102 / 404.0, 403 / 404.0, 1}, edges(m), EPS);
    }

    @Test
    void data_size_width_is_equal_when_no_chunk_holds_data() {
        ChunkSizes sizes = new ChunkSizes(new long[4], new long[4]);
        NumberLineModel m = NumberLineModel.of(new LayoutData(fourChunks(), Optional.of(sizes)), Scale.DATA_SIZE);
        assertArrayEquals(new double[] {0, 0.25, 0.5, 0.75, 1}, edges(m), EPS);
    }

    @Test
    void data_size_width_without_sizes_is_refused() {
        assertEquals(
                "scale: width by data size needs chunk sizes, and the layout of test.c has none",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> NumberLineModel.of(LayoutData.of(fourChunks()), Scale.DATA_SIZE))
                        .getMessage());
    }

    @Test
    void key_value_width_is_linear_between_margins_for_minkey_and_maxkey() {
        NumberLineModel m = NumberLineModel.of(LayoutData.of(fourChunks()), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M, M + (1 - 2 * M) * 0.5, 1 - M, 1}, edges(m), EPS);
    }

    @Test
    void key_value_width_puts_types_that_sort_before_numbers_left_and_after_them_right() {
        // bounds in BSON order: null, 10, 20, 'a', 'b'
        List<ShardKey> points = List.of(
                key(BsonNull.VALUE),
                key(new BsonInt32(10)),
                key(new BsonDouble(20)),
                key(new BsonString("a")),
                key(new BsonString("b")));
        ClusterSnapshot s = Layouts.of(
                ShardKeyPattern.parse("{x: 1}"),
                points,
                new String[] {"a", "b", "a", "b", "a", "b"},
                Set.of(),
                List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M / 2, M, 1 - M, 1 - M + M / 3, 1 - M + 2 * M / 3, 1}, edges(m), EPS);
    }

    @Test
    void key_value_width_sends_nan_and_infinities_to_the_margins_in_bson_order() {
        List<ShardKey> points = List.of(
                key(new BsonDouble(Double.NaN)),
                key(new BsonDouble(Double.NEGATIVE_INFINITY)),
                key(new BsonInt64(0)),
                key(new BsonInt64(10)),
                key(new BsonDouble(Double.POSITIVE_INFINITY)));
        ClusterSnapshot s = Layouts.of(
                ShardKeyPattern.parse("{x: 1}"),
                points,
                new String[] {"a", "b", "a", "b", "a", "b"},
                Set.of(),
                List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M / 3, 2 * M / 3, M, 1 - M, 1 - M / 2, 1}, edges(m), EPS);
    }

    @Test
    void key_value_width_uses_dates_when_most_bounds_are_dates_and_numbers_go_left() {
        long day = 86_400_000L;
        List<ShardKey> points = List.of(
                key(new BsonInt32(7)),
                key(new BsonDateTime(0)),
                key(new BsonDateTime(day)),
                key(new BsonDateTime(4 * day)));
        ClusterSnapshot s = Layouts.of(
                ShardKeyPattern.parse("{t: 1}"), points, new String[] {"a", "b", "a", "b", "a"}, Set.of(), List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M / 2, M, M + (1 - 2 * M) / 4, 1 - M, 1}, edges(m), EPS);
        assertTrue(KeyValueAxis.of(s.chunks(), s.key()).isDateAxis());
    }

    @Test
    void key_value_width_of_a_hashed_key_spans_the_whole_hash_space() {
        List<ShardKey> points = List.of(key(Long.MIN_VALUE / 2), key(0), key(Long.MAX_VALUE / 2));
        ClusterSnapshot s = Layouts.of(
                ShardKeyPattern.parse("{x: 'hashed'}"), points, new String[] {"a", "b", "a", "b"}, Set.of(), List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M + (1 - 2 * M) * 0.25, 0.5, M + (1 - 2 * M) * 0.75, 1}, edges(m), 1e-9);
    }

    @Test
    void key_value_width_gives_compound_bounds_that_share_a_first_value_zero_width() {
        ShardKeyPattern p = ShardKeyPattern.parse("{a: 1, b: 1}");
        List<ShardKey> points = List.of(
                key(new BsonInt32(1), new BsonMinKey()),
                key(new BsonInt32(1), new BsonInt32(5)),
                key(new BsonInt32(3), new BsonMinKey()));
        ClusterSnapshot s = Layouts.of(p, points, new String[] {"a", "b", "a", "b"}, Set.of(), List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE);
        assertArrayEquals(new double[] {0, M, M, 1 - M, 1}, edges(m), EPS);
        assertEquals(2, m.chunkAt(M), "the zero-width chunk 1 is never the one drawn at its position");
    }

    @Test
    void key_value_width_for_keys_without_numbers_or_dates_is_refused() {
        ClusterSnapshot s = Layouts.of(
                ShardKeyPattern.parse("{name: 1}"),
                List.of(key(new BsonString("m"))),
                new String[] {"a", "b"},
                Set.of(),
                List.of());
        assertFalse(KeyValueAxis.supports(s.chunks(), s.key()));
        assertEquals(
                "scale: the key value scale needs numbers or dates in the first field of { name: 1 }, but chunk "
                        + "bounds hold values like ('m')",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> NumberLineModel.of(LayoutData.of(s), Scale.KEY_VALUE))
                        .getMessage());
    }

    @Test
    void a_single_chunk_fills_the_line_on_every_scale() {
        ClusterSnapshot s = Layouts.ranged(new long[0], new String[] {"shard01"}, Set.of(), List.of());
        ChunkSizes sizes = new ChunkSizes(new long[] {5}, new long[] {500});
        for (Scale scale : Scale.values()) {
            NumberLineModel m = NumberLineModel.of(new LayoutData(s, Optional.of(sizes)), scale);
            assertArrayEquals(new double[] {0, 1}, edges(m), EPS, scale.name());
        }
    }

    @Test
    void edges_never_decrease_and_run_from_zero_to_one_on_every_scale() {
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 200; round++) {
            ClusterSnapshot s = Layouts.random(random, 1 + random.nextInt(300), 1 + random.nextInt(6));
            long[] docs = new long[s.chunks().size()];
            long[] bytes = new long[s.chunks().size()];
            for (int i = 0; i < docs.length; i++) {
                docs[i] = random.nextInt(3) == 0 ? 0 : random.nextInt(10_000);
                bytes[i] = docs[i] * 100;
            }
            for (Scale scale : Scale.values()) {
                NumberLineModel m =
                        NumberLineModel.of(new LayoutData(s, Optional.of(new ChunkSizes(docs, bytes))), scale);
                assertEquals(0, m.edge(0));
                assertEquals(1, m.edge(m.chunkCount()));
                for (int i = 0; i < m.chunkCount(); i++) {
                    assertTrue(m.edge(i) <= m.edge(i + 1), scale + " round " + round + " chunk " + i);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} on the {1} scale is at {2}")
    @CsvSource(textBlock = """
            # key, scale,     position (chunks [MinKey,0) [0,50) [50,100) [100,MaxKey))
            0,     EQUAL,     0.25
            25,    EQUAL,     0.375
            -7,    EQUAL,     0.125
            100,   EQUAL,     0.75
            25,    KEY_VALUE, 0.275
            75,    KEY_VALUE, 0.725
            """)
    void a_key_sits_at_its_chunk_start_plus_its_place_inside_the_chunk(long key, Scale scale, double expected) {
        NumberLineModel m = NumberLineModel.of(LayoutData.of(fourChunks()), scale);
        assertEquals(expected, m.positionOf(key(key)), EPS);
    }

    @Test
    void a_key_of_another_type_sits_in_the_middle_of_its_chunk_and_the_global_max_at_the_end() {
        NumberLineModel m = NumberLineModel.of(LayoutData.of(fourChunks()), Scale.EQUAL);
        assertEquals(0.875, m.positionOf(ShardKey.of(new BsonString("abc"))), EPS);
        assertEquals(1, m.positionOf(ShardKey.globalMax(1)), EPS);
        assertEquals(0, m.positionOf(ShardKey.globalMin(1)), EPS);
    }

    @Test
    void zone_ranges_are_placed_like_keys() {
        ClusterSnapshot s = Layouts.ranged(
                new long[] {0, 50, 100},
                new String[] {"a", "b", "a", "b"},
                Set.of(),
                List.of(new ZoneRange(key(0), key(100), "EU")));
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.EQUAL);
        assertEquals(List.of(new NumberLineModel.ZoneSpan("EU", 0.25, 0.75)), m.zones());
    }

    @Test
    void the_chunk_at_a_position_is_found_by_binary_search() {
        NumberLineModel m = NumberLineModel.of(LayoutData.of(fourChunks()), Scale.EQUAL);
        double[] positions = {0, 0.1, 0.25, 0.49999, 0.5, 0.99, 1, -1, 2};
        int[] expected = {0, 0, 1, 1, 2, 3, 3, 0, 3};
        for (int i = 0; i < positions.length; i++) {
            assertEquals(expected[i], m.chunkAt(positions[i]), "position " + positions[i]);
        }
        assertEquals(1, m.firstBoundAtOrAfter(0.2));
        assertEquals(1, m.firstBoundAtOrAfter(0.25));
        assertEquals(4, m.firstBoundAtOrAfter(0.9));
        assertEquals(5, m.firstBoundAtOrAfter(1.5));
    }

    @Test
    void a_shard_that_owns_chunks_but_is_missing_from_the_shard_list_is_added_after_the_listed_ones() {
        ClusterSnapshot base = fourChunks();
        ClusterSnapshot s = new ClusterSnapshot(
                base.namespace(),
                base.key(),
                false,
                List.of(Shard.named("shard01"), Shard.named("shard09")),
                base.chunks(),
                List.of());
        NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.EQUAL);
        assertEquals(List.of("shard01", "shard09", "shard02", "shard03"), m.shards());
        assertEquals(0, m.chunksOf(1), "a listed shard without chunks keeps its colour");
    }
}

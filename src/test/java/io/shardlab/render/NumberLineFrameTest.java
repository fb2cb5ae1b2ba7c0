package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberLineFrameTest {

    private static NumberLineModel model(long[] points, String[] owners, Set<Integer> jumbo) {
        return NumberLineModel.of(LayoutData.of(Layouts.ranged(points, owners, jumbo, List.of())), Scale.EQUAL);
    }

    private static NumberLineModel sized(String[] owners, long[] bytes) {
        long[] points = new long[owners.length - 1];
        for (int i = 0; i < points.length; i++) {
            points[i] = (i + 1) * 10L;
        }
        ClusterSnapshot s = Layouts.ranged(points, owners, Set.of(), List.of());
        return NumberLineModel.of(
                new LayoutData(s, Optional.of(new ChunkSizes(new long[owners.length], bytes))), Scale.DATA_SIZE);
    }

    private static NumberLineFrame frame(NumberLineModel m, Viewport v, double width, int columns) {
        return NumberLineFrame.compute(m, v, width, columns, null, KeyLabelFormat.standard());
    }

    private static int[] shards(NumberLineFrame f) {
        int[] s = new int[f.columns()];
        for (int c = 0; c < s.length; c++) {
            s[c] = f.shard(c);
        }
        return s;
    }

    /**
     * 2,500 chunks in a narrow range: their bounds are too close for boundary lines, so the frame counts them
     * per column, where they are, and nowhere else.
     */
    @Test
    void bounds_too_close_for_boundary_lines_are_counted_per_column_where_they_are() {
        int tiny = 2500;
        String[] owners = new String[tiny + 2];
        long[] bytes = new long[tiny + 2];
        for (int i = 0; i < owners.length; i++) {
            owners[i] = "shard0" + (1 + i % 4);
            bytes[i] = 10;
        }
        bytes[0] = 25_000;
        bytes[tiny + 1] = 25_000;
        NumberLineFrame f = frame(sized(owners, bytes), Viewport.FULL, 1000, 1000);

        double hidden = 0;
        int dense = 0;
        for (int c = 0; c < f.columns(); c++) {
            hidden += f.hiddenBoundsPerPixel(c) * (f.columnX(c + 1) - f.columnX(c));
            if (f.dense(c)) {
                dense++;
                double x = f.columnX(c);
                assertTrue(x > 300 && x < 700, "only the narrow range is dense, not column " + c);
            }
        }
        assertEquals(tiny + 1, hidden, 1e-6, "every bound beside a tiny chunk, none drawn");
        assertEquals(0, f.boundaries().length);
        assertTrue(dense > 100 && dense < 400, dense + " columns hold the 2,500 chunks");
        assertEquals(tiny / (double) dense, f.hiddenBoundsPerPixel(f.columns() / 2), 3);
        assertFalse(
                frame(
                                model(new long[] {0, 50, 100}, new String[] {"a", "b", "c", "d"}, Set.of()),
                                Viewport.FULL,
                                800,
                                800)
                        .anyDense(),
                "wide chunks: every bound is a line");
    }

    @Test
    void wide_chunks_colour_their_columns_and_show_their_boundaries() {
        NumberLineModel m =
                model(new long[] {0, 50, 100}, new String[] {"shard01", "shard02", "shard01", "shard03"}, Set.of(2));
        NumberLineFrame f = frame(m, Viewport.FULL, 80, 8);
        assertArrayEquals(new int[] {0, 0, 1, 1, 0, 0, 2, 2}, shards(f));
        for (int c = 0; c < 8; c++) {
            assertEquals(1.0, f.share(f.shard(c), c), 1e-6);
            assertFalse(f.mixed(c));
            assertEquals(c == 4 || c == 5, f.jumbo(c), "column " + c);
            assertEquals(c / 2, f.firstChunk(c));
        }
        assertArrayEquals(new double[] {20, 40, 60}, f.boundaries(), 1e-9);
    }

    @ParameterizedTest(name = "chunks {0} px wide show boundaries: {1}")
    @CsvSource(textBlock = """
            # px per chunk (4 chunks), boundaries shown
            3.9,  false
            4,    true
            30,   true
            """)
    void boundaries_are_shown_only_between_chunks_a_few_pixels_wide(double pxPerChunk, boolean shown) {
        NumberLineModel m = model(new long[] {0, 50, 100}, new String[] {"a", "b", "a", "b"}, Set.of());
        NumberLineFrame f = frame(m, Viewport.FULL, 4 * pxPerChunk, (int) Math.ceil(4 * pxPerChunk));
        assertEquals(shown ? 3 : 0, f.boundaries().length);
    }

    @Test
    void a_column_takes_the_colour_of_the_shard_owning_most_of_its_width() {
        // bytes 5, 3, 2 (+ 1% floor) in one column: shard a owns 5 + 2 parts, b 3 parts
        NumberLineModel m = sized(new String[] {"a", "b", "a"}, new long[] {500, 300, 200});
        NumberLineFrame f = frame(m, Viewport.FULL, 1, 1);
        assertEquals(m.shardIndex("a"), f.shard(0));
        assertEquals(0.7, f.share(m.shardIndex("a"), 0), 1e-3);
        assertEquals(0.3, f.share(m.shardIndex("b"), 0), 1e-3);
        assertTrue(f.mixed(0), "b's chunk is hidden between two chunks of a");
    }

    @ParameterizedTest(name = "owners {0} in one column: mixed = {1}")
    @CsvSource(textBlock = """
            # owners of equal chunks inside one column, mixed
            a a a a,    false
            a a b b,    false
            a b a a,    true
            a b c c,    true
            a b a b,    true
            """)
    void a_column_is_mixed_when_the_owner_changes_twice_inside_it(String owners, boolean mixed) {
        String[] o = owners.split(" ");
        NumberLineModel m = model(new long[] {1, 2, 3}, o, Set.of());
        assertEquals(mixed, frame(m, Viewport.FULL, 1, 1).mixed(0));
    }

    @Test
    void a_zoomed_frame_aggregates_only_the_visible_chunks() {
        NumberLineModel m =
                model(new long[] {0, 50, 100}, new String[] {"shard01", "shard02", "shard01", "shard03"}, Set.of());
        NumberLineFrame f = frame(m, new Viewport(0.25, 0.5), 100, 10);
        for (int c = 0; c < 10; c++) {
            assertEquals(m.shardIndex("shard02"), f.shard(c));
            assertEquals(1, f.firstChunk(c));
        }
        assertEquals(0, f.boundaries().length, "the chunk's own ends are the view's ends");
        assertEquals(-100, f.xOf(0), 1e-9);
        assertEquals(0, f.columnAt(-5));
        assertEquals(9, f.columnAt(1e6));
    }

    @Test
    void a_frame_matches_a_brute_force_aggregation_for_random_layouts_and_viewports() {
        SplittableRandom random = new SplittableRandom(21);
        for (int round = 0; round < 300; round++) {
            ClusterSnapshot s = Layouts.random(random, 1 + random.nextInt(400), 1 + random.nextInt(5));
            long[] bytes = new long[s.chunks().size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(4) == 0 ? 0 : random.nextInt(1000);
            }
            Scale scale = Scale.values()[random.nextInt(Scale.values().length)];
            NumberLineModel m = NumberLineModel.of(
                    new LayoutData(s, Optional.of(new ChunkSizes(new long[bytes.length], bytes))), scale);
            Viewport v = Viewport.FULL.zoom(1 + random.nextDouble() * 20, random.nextDouble());
            int columns = 1 + random.nextInt(200);
            double width = columns * (random.nextBoolean() ? 1 : 0.5);
            NumberLineFrame f = frame(m, v, width, columns);
            checkAgainstBruteForce(m, v, f, "round " + round + " " + scale);
        }
    }

    private static void checkAgainstBruteForce(NumberLineModel m, Viewport v, NumberLineFrame f, String where) {
        int shards = m.shards().size();
        int columns = f.columns();
        double dv = v.span() / columns;
        List<Double> boundaries = new ArrayList<>();
        double pxPerLine = f.widthPx() / v.span();
        for (int i = 1; i < m.chunkCount(); i++) {
            double e = m.edge(i);
            if (e > v.start()
                    && e < v.end()
                    && (e - m.edge(i - 1)) * pxPerLine >= NumberLineFrame.BOUNDARY_MIN_PX
                    && (m.edge(i + 1) - e) * pxPerLine >= NumberLineFrame.BOUNDARY_MIN_PX) {
                boundaries.add((e - v.start()) * pxPerLine);
            }
        }
        assertArrayEquals(boundaries.stream().mapToDouble(Double::doubleValue).toArray(), f.boundaries(), 1e-6, where);
        for (int c = 0; c < columns; c++) {
            double a = v.start() + c * dv;
            double b = c == columns - 1 ? v.end() : v.start() + (c + 1) * dv;
            double[] acc = new double[shards];
            boolean jumbo = false;
            for (int i = 0; i < m.chunkCount(); i++) {
                double overlap = Math.min(m.edge(i + 1), b) - Math.max(m.edge(i), a);
                boolean zeroWidthInside = m.edge(i) == m.edge(i + 1) && m.edge(i) >= a && m.edge(i) < b;
                if (overlap > 0) {
                    acc[m.shardOf(i)] += overlap;
                }
                if ((overlap > 0 || zeroWidthInside) && m.jumbo(i)) {
                    jumbo = true;
                }
            }
            double best = 0;
            double total = 0;
            for (int s = 0; s < shards; s++) {
                best = Math.max(best, acc[s]);
                total += f.share(s, c);
                assertEquals(acc[s] / (b - a), f.share(s, c), 1e-5, where + " column " + c + " shard " + s);
            }
            assertEquals(1, total, 1e-4, where + " column " + c + ": shares sum to one");
            assertTrue(acc[f.shard(c)] >= best - 1e-12, where + " column " + c + ": not the majority shard");
            assertEquals(jumbo, f.jumbo(c), where + " column " + c + " jumbo");
        }
    }

    @Test
    void labels_are_only_computed_when_a_measure_is_given() {
        NumberLineModel m = model(new long[] {0}, new String[] {"a", "b"}, Set.of());
        assertTrue(frame(m, Viewport.FULL, 500, 500).labels().isEmpty());
        NumberLineFrame f =
                NumberLineFrame.compute(m, Viewport.FULL, 500, 500, t -> 7.0 * t.length(), KeyLabelFormat.standard());
        assertEquals(
                List.of("MinKey", "0", "MaxKey"),
                f.labels().stream().map(AxisLabel::text).toList());
    }
}

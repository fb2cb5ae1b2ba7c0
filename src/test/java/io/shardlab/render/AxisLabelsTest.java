package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AxisLabelsTest {

    /** A monospace stand-in for font metrics: 7 px per character. */
    private static final TextMeasure MONO = text -> 7.0 * text.length();

    private static NumberLineModel model(int chunks) {
        long[] points = new long[chunks - 1];
        String[] owners = new String[chunks];
        for (int i = 0; i < chunks; i++) {
            owners[i] = "shard0" + (1 + i % 3);
            if (i > 0) {
                points[i - 1] = i * 1000L;
            }
        }
        return NumberLineModel.of(LayoutData.of(Layouts.ranged(points, owners, Set.of(), List.of())), Scale.EQUAL);
    }

    private static List<AxisLabel> labels(NumberLineModel m, Viewport v, double width) {
        return AxisLabels.choose(m, v, width, MONO, KeyLabelFormat.standard());
    }

    @Test
    void a_few_chunks_get_a_label_at_every_bound_with_the_ends_flush() {
        List<AxisLabel> labels = labels(model(4), Viewport.FULL, 1000);
        assertEquals(
                List.of("MinKey", "1000", "2000", "3000", "MaxKey"),
                labels.stream().map(AxisLabel::text).toList());
        assertEquals(AxisLabel.Anchor.START, labels.get(0).anchor());
        assertEquals(0, labels.get(0).left());
        assertEquals(AxisLabel.Anchor.END, labels.get(4).anchor());
        assertEquals(1000, labels.get(4).right());
        assertEquals(250, labels.get(1).x(), 1e-9);
        assertEquals(2, labels.get(2).bound());
    }

    @Test
    void many_chunks_get_labels_at_real_bounds_at_least_a_pitch_apart() {
        NumberLineModel m = model(1000);
        List<AxisLabel> labels = labels(m, Viewport.FULL, 1600);
        assertTrue(labels.size() >= 10 && labels.size() <= 1600 / AxisLabels.PITCH + 2, "count " + labels.size());
        for (int i = 1; i < labels.size() - 1; i++) {
            AxisLabel l = labels.get(i);
            assertEquals(m.edge(l.bound()) * 1600, l.x(), 1e-9, "a label sits on its bound");
            assertEquals(KeyLabelFormat.standard().format(m.bound(l.bound())), l.text());
            if (i > 1) {
                assertTrue(l.x() - labels.get(i - 1).x() >= AxisLabels.PITCH - 1e-9);
            }
        }
    }

    @Test
    void a_zoomed_view_has_no_end_labels_and_labels_the_bounds_in_view() {
        NumberLineModel m = model(100);
        Viewport v = new Viewport(0.1, 0.2);
        List<AxisLabel> labels = labels(m, v, 1000);
        assertTrue(labels.stream().noneMatch(l -> l.anchor() != AxisLabel.Anchor.MIDDLE));
        assertEquals("11000", labels.get(0).text(), "10000 sits on the left edge, where centred text does not fit");
        for (AxisLabel l : labels) {
            assertTrue(l.bound() >= 10 && l.bound() <= 20, "bound " + l.bound());
        }
    }

    @Test
    void label_search_ends_where_pixel_and_line_rounding_puts_a_bound_just_before_the_cursor() {
        int n = 1_000_000;
        java.util.List<io.shardlab.key.ShardKey> points = new java.util.ArrayList<>();
        for (long p : io.shardlab.key.HashedSplitPoints.of(n)) {
            points.add(Layouts.key(p));
        }
        String[] owners = new String[n];
        java.util.Arrays.fill(owners, "shard01");
        NumberLineModel m = NumberLineModel.of(
                LayoutData.of(Layouts.of(
                        io.shardlab.key.ShardKeyPattern.parse("{x: 'hashed'}"), points, owners, Set.of(), List.of())),
                Scale.EQUAL);
        // with 48 px labels the first label is pushed to x = 24, and the bound there maps back to 23.99999999998
        List<AxisLabel> labels = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(10),
                () -> AxisLabels.choose(
                        m, Viewport.FULL.zoom(1000, 0.37), 1600, text -> 48.0, KeyLabelFormat.standard()));
        assertTrue(labels.size() >= 5, labels.toString());
    }

    @Test
    void a_view_inside_one_chunk_has_no_labels() {
        assertTrue(labels(model(10), new Viewport(0.31, 0.39), 800).isEmpty());
    }

    @Test
    void labels_never_overlap_and_stay_inside_the_line_for_random_layouts_views_and_widths() {
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 300; round++) {
            ClusterSnapshot s = Layouts.random(random, 1 + random.nextInt(2000), 3);
            NumberLineModel m = NumberLineModel.of(LayoutData.of(s), Scale.EQUAL);
            Viewport v =
                    Viewport.FULL.zoom(random.nextInt(3) == 0 ? 1 : 1 + random.nextDouble() * 100, random.nextDouble());
            double width = 150 + random.nextInt(2500);
            List<AxisLabel> labels = labels(m, v, width);
            for (int i = 0; i < labels.size(); i++) {
                AxisLabel l = labels.get(i);
                assertTrue(l.left() >= -1e-9 && l.right() <= width + 1e-9, "round " + round + ": " + l);
                if (i > 0) {
                    assertTrue(
                            l.left() - labels.get(i - 1).right() >= AxisLabels.GAP - 1e-9,
                            "round " + round + ": " + labels.get(i - 1) + " and " + l);
                }
            }
        }
    }
}

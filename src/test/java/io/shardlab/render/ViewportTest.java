package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ViewportTest {

    private static final double EPS = 1e-12;

    @ParameterizedTest(name = "[{0}, {1}) zoomed {2}x at {3} is [{4}, {5})")
    @CsvSource(textBlock = """
            # start, end,  factor, anchor, new start, new end
            0,       1,    2,      0.5,    0.25,      0.75
            0,       1,    2,      0,      0,         0.5
            0,       1,    2,      1,      0.5,       1
            0,       1,    4,      0.25,   0.1875,    0.4375
            0.25,    0.75, 0.5,    0.5,    0,         1
            0.5,     1,    0.5,    0.5,    0,         1
            0.6,     0.8,  0.5,    0,      0.6,       1
            0.8,     1,    0.5,    1,      0.6,       1
            0,       1,    0.5,    0.5,    0,         1
            """)
    void zooming_keeps_the_anchor_in_place_and_stays_on_the_line(
            double start, double end, double factor, double anchor, double expectedStart, double expectedEnd) {
        Viewport v = new Viewport(start, end).zoom(factor, anchor);
        assertEquals(expectedStart, v.start(), EPS);
        assertEquals(expectedEnd, v.end(), EPS);
    }

    @ParameterizedTest(name = "[{0}, {1}) panned by {2} of its span is [{3}, {4})")
    @CsvSource(textBlock = """
            # start, end,  fraction, new start, new end
            0.25,    0.5,  1,        0.5,       0.75
            0.25,    0.5,  -0.5,     0.125,     0.375
            0.25,    0.5,  -2,       0,         0.25
            0.25,    0.5,  10,       0.75,      1
            0,       1,    0.3,      0,         1
            """)
    void panning_moves_by_a_fraction_of_the_span_and_stops_at_the_ends(
            double start, double end, double fraction, double expectedStart, double expectedEnd) {
        Viewport v = new Viewport(start, end).pan(fraction);
        assertEquals(expectedStart, v.start(), EPS);
        assertEquals(expectedEnd, v.end(), EPS);
    }

    @Test
    void dragging_the_line_right_shows_what_was_to_the_left() {
        Viewport v = new Viewport(0.5, 0.75).dragged(400, 1600);
        assertEquals(0.5 - 0.25 * 400 / 1600, v.start(), EPS);
        assertEquals(0.25, v.span(), EPS);
    }

    @Test
    void zooming_in_stops_at_the_minimum_span_and_out_at_the_whole_line() {
        Viewport v = Viewport.FULL;
        for (int i = 0; i < 100; i++) {
            v = v.zoom(10, 0.3);
        }
        assertEquals(Viewport.MIN_SPAN, v.span(), Viewport.MIN_SPAN * 1e-3);
        for (int i = 0; i < 100; i++) {
            v = v.zoom(0.1, 0.3);
        }
        assertEquals(Viewport.FULL, v);
    }

    @Test
    void pixels_and_line_positions_convert_both_ways() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 1000; i++) {
            double start = random.nextDouble() * 0.9;
            Viewport v = new Viewport(start, start + random.nextDouble() * (1 - start) + 1e-9);
            double width = 100 + random.nextInt(3000);
            double px = random.nextDouble() * width;
            assertEquals(px, v.toPixel(v.toLine(px, width), width), 1e-6);
            assertEquals(0, v.toPixel(v.start(), width), 1e-9);
            assertEquals(width, v.toPixel(v.end(), width), 1e-6);
        }
    }

    @Test
    void a_zoom_anchored_under_the_pointer_keeps_the_pointed_position_under_it() {
        SplittableRandom random = new SplittableRandom(12);
        Viewport v = Viewport.FULL;
        for (int i = 0; i < 200; i++) {
            double anchor = random.nextDouble();
            double factor = 0.5 + random.nextDouble() * 3;
            double before = v.toLine(anchor * 1000, 1000);
            Viewport next = v.zoom(factor, anchor);
            boolean clamped = next.start() == 0 || next.end() == 1 || next.span() <= Viewport.MIN_SPAN * 1.001;
            if (!clamped) {
                assertEquals(before, next.toLine(anchor * 1000, 1000), 1e-9);
            }
            assertTrue(next.start() >= 0 && next.end() <= 1);
            v = next;
        }
    }

    @Test
    void showing_a_range_centres_it_with_padding() {
        Viewport v = Viewport.showing(0.4, 0.5, 0.1);
        assertEquals(0.39, v.start(), EPS);
        assertEquals(0.51, v.end(), EPS);
        assertEquals(Viewport.FULL, Viewport.showing(0, 1, 0.5));
        assertEquals(0.88, Viewport.showing(0.9, 1, 0.1).start(), EPS);
    }

    @Test
    void a_viewport_outside_the_line_is_refused() {
        assertEquals(
                "viewport: expected 0 <= start < end <= 1 with a span of at least 1.0E-12, got [0.5, 0.5)",
                assertThrows(IllegalArgumentException.class, () -> new Viewport(0.5, 0.5))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Viewport(-0.1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new Viewport(0.5, 1.1));
        assertThrows(IllegalArgumentException.class, () -> Viewport.FULL.zoom(0, 0.5));
    }
}

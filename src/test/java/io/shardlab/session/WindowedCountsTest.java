package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowedCountsTest {

    @ParameterizedTest(name = "at {0} ms the window is {1}")
    @CsvSource(textBlock = """
            1000, 0
            1499, 0
            1500, 1
            3000, 4
             999, 0
               0, 0
            """)
    void a_time_falls_in_the_window_that_contains_it(long atMillis, int window) {
        assertEquals(window, new WindowedCounts(2, 1000, 500).windowAt(atMillis));
    }

    @Test
    void counts_add_up_per_row_and_window_and_time_without_writes_adds_empty_windows() {
        WindowedCounts counts = new WindowedCounts(2, 0, 100);
        counts.add(10, 0, 3);
        counts.add(90, 0, 2);
        counts.add(250, 1, 7);
        counts.extendTo(420);

        WindowedCounts.Snapshot s = counts.snapshot();
        assertEquals(5, s.windows());
        assertArrayEquals(new long[][] {{5, 0, 0, 0, 0}, {0, 0, 7, 0, 0}}, s.byRow());
    }

    @Test
    void subtracting_every_addition_in_any_order_leaves_nothing() {
        SplittableRandom random = new SplittableRandom(42);
        WindowedCounts counts = new WindowedCounts(4, 0, 100);
        long[][] additions = new long[500][];
        for (int i = 0; i < additions.length; i++) {
            additions[i] = new long[] {random.nextLong(10_000), random.nextInt(4), 1 + random.nextInt(50)};
            counts.add(additions[i][0], (int) additions[i][1], additions[i][2]);
        }
        for (int i = additions.length - 1; i >= 0; i--) {
            counts.subtract(additions[i][0], (int) additions[i][1], additions[i][2]);
        }
        assertEquals(0, counts.snapshot().windows());
    }

    @Test
    void taking_back_more_than_was_added_is_a_bug_and_says_where() {
        WindowedCounts counts = new WindowedCounts(1, 0, 100);
        counts.add(50, 0, 2);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> counts.subtract(50, 0, 3));
        assertEquals("subtract: window 0 row 0 holds fewer than 3", e.getMessage());
    }

    @Test
    void a_window_still_filling_is_drawn_only_once_a_clients_writes_arrived_in_it() {
        // given a stream's writes in windows 0 and 1, the clock in window 1
        WindowedCounts counts = new WindowedCounts(1, 0, 100);
        counts.add(50, 0, 4);
        counts.add(150, 0, 2);
        assertEquals(1, counts.snapshot().shownAt(150), "the stream's window in progress waits until it is over");

        // when a client writes while the clock stands at 150 (the explorer paused)
        counts.addArrived(150, 0, 3);

        // then the window in progress is drawn with what arrived, and stays drawn once it is over
        WindowedCounts.Snapshot s = counts.snapshot();
        assertEquals(2, s.shownAt(150));
        assertArrayEquals(new long[] {4, 5}, s.byRow(s.shownAt(150))[0]);
        counts.extendTo(450);
        assertEquals(4, counts.snapshot().shownAt(450));
    }

    @Test
    void taking_back_a_clients_window_stops_drawing_it() {
        WindowedCounts counts = new WindowedCounts(1, 0, 100);
        counts.add(50, 0, 1);
        counts.addArrived(250, 0, 2);
        assertEquals(3, counts.snapshot().shownAt(250));

        counts.subtract(250, 0, 2);
        counts.add(250, 0, 1);

        assertEquals(2, counts.snapshot().shownAt(250), "the window a client no longer fills waits again");
    }

    @Test
    void the_newest_windows_alone_start_where_they_start_and_keep_a_clients_window_drawn() {
        // given writes in windows 0, 2 and 4 of 100 ms, a client's in window 4 with the clock standing in it
        WindowedCounts counts = new WindowedCounts(2, 1000, 100);
        counts.add(1050, 0, 1);
        counts.add(1250, 1, 2);
        counts.addArrived(1450, 0, 3);

        // when only the newest 2 windows are taken
        WindowedCounts.Snapshot last = counts.lastWindows(2);

        // then they are windows 3 and 4, starting at 1300, and the client's window is drawn as before
        assertEquals(1300, last.startMillis());
        assertEquals(2, last.windows());
        assertEquals(2, last.shownAt(1450));
        assertArrayEquals(new long[] {0, 3}, last.byRow(2)[0]);
        assertArrayEquals(new long[] {0, 0}, last.byRow(2)[1]);
        assertEquals(counts.snapshot(), counts.lastWindows(5), "asking for as many windows as there are copies all");
        assertEquals(counts.snapshot(), counts.lastWindows(60));
    }

    @Test
    void a_clock_run_past_the_windows_kept_merges_them_in_pairs_and_keeps_every_count() {
        // given 1-second windows and writes in every second for more seconds than windows are kept
        WindowedCounts counts = new WindowedCounts(2, 0, 1000);
        int seconds = WindowedCounts.MAX_WINDOWS * 3 + 17;
        SplittableRandom random = new SplittableRandom(7);
        long[] added = new long[seconds];
        for (int t = 0; t < seconds; t++) {
            added[t] = random.nextInt(5);
            counts.add(t * 1000L + 500, t % 2, added[t]);
        }

        // then at most MAX_WINDOWS windows remain, each a power-of-two multiple of the second, and nothing is lost
        WindowedCounts.Snapshot s = counts.snapshot();
        assertEquals(true, s.windows() <= WindowedCounts.MAX_WINDOWS, s.windows() + " windows");
        assertEquals(4000, s.windowMillis());
        long total = 0;
        for (long[] row : s.byRow()) {
            for (long c : row) {
                total += c;
            }
        }
        assertEquals(Arrays.stream(added).sum(), total);

        // and an early write taken back (undo) leaves the merged window holding the rest
        long before = s.byRow()[0][0];
        counts.subtract(500, 0, added[0]);
        assertEquals(before - added[0], counts.snapshot().byRow()[0][0]);
    }
}

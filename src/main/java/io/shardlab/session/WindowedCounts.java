package io.shardlab.session;

import java.util.Arrays;

/**
 * Counts per row (a shard, a key range) per time window of simulated time: what the writes chart
 * and the heatmap are drawn from. Window {@code w} covers {@code [start + w·length, start + (w+1)·length)}.
 *
 * <p>Counts can be taken back ({@link #subtract}), so that undoing an insert batch removes exactly
 * what it added; windows past the last non-empty one are dropped again when that happens.
 *
 * <p>A chart draws the windows that are over, since a window still filling reads as a drop in writes.
 * Counts that {@link #addArrived arrive} from outside the simulated clock (a client's writes, which
 * come while the explorer is paused as well) are drawn as they arrive: the window holding them is shown
 * though not over ({@link Snapshot#shownAt}).
 *
 * <p>At most {@value #MAX_WINDOWS} windows are kept: when time runs past them (a class writing for hours with the
 * clock at Max), neighbouring windows merge in pairs and the window doubles in length, so memory and the cost of a
 * snapshot stay bounded whatever time the clock has run. A count taken back is taken from the window that now holds
 * its time, which holds what was added then.
 *
 * <p>Mutable and not thread-safe: it lives on the simulation thread; {@link #snapshot} hands out an
 * immutable copy.
 */
public final class WindowedCounts {

    /** The most windows kept; past them, windows merge in pairs. */
    static final int MAX_WINDOWS = 2048;

    private int rows;
    private final long startMillis;
    private long windowMillis;
    private long[][] counts = new long[0][];
    private int windows;
    /** Windows {@code [0, arrivedThrough)} are shown even when not over: a client wrote into the last one. */
    private int arrivedThrough;

    /**
     * @param rows number of rows, at least 1
     * @param startMillis simulated time at which window 0 starts
     * @param windowMillis length of a window, positive
     */
    WindowedCounts(int rows, long startMillis, long windowMillis) {
        if (rows < 1 || windowMillis <= 0) {
            throw new IllegalArgumentException(String.format(
                    "rows/windowMillis: must be positive, got %s, %s", // untranslated: a developer's contract
                    rows, windowMillis));
        }
        this.rows = rows;
        this.startMillis = startMillis;
        this.windowMillis = windowMillis;
    }

    /** Number of rows. */
    int rows() {
        return rows;
    }

    /** Adds a row, empty in every window so far (a shard that joined the cluster); returns its index. */
    int addRow() {
        rows++;
        for (int w = 0; w < counts.length; w++) {
            if (counts[w] != null) {
                counts[w] = Arrays.copyOf(counts[w], rows);
            }
        }
        return rows - 1;
    }

    /** The window holding simulated time {@code atMillis}; times before the start fall in window 0. */
    int windowAt(long atMillis) {
        return (int) Math.max(0, (atMillis - startMillis) / windowMillis);
    }

    /** Adds {@code count} to {@code row} in the window of {@code atMillis}. */
    void add(long atMillis, int row, long count) {
        int w = windowFor(atMillis);
        counts[w][row] += count;
    }

    /** The window holding {@code atMillis}, made to exist, windows merged first when it would be past the last kept. */
    private int windowFor(long atMillis) {
        while (windowAt(atMillis) >= MAX_WINDOWS) {
            mergePairs();
        }
        int w = windowAt(atMillis);
        ensure(w + 1);
        return w;
    }

    /** Windows 2k and 2k+1 become window k, twice as long. */
    private void mergePairs() {
        int merged = (windows + 1) / 2;
        for (int w = 0; w < merged; w++) {
            long[] sum = counts[2 * w].clone();
            if (2 * w + 1 < windows) {
                long[] next = counts[2 * w + 1];
                for (int r = 0; r < rows; r++) {
                    sum[r] += next[r];
                }
            }
            counts[w] = sum;
        }
        for (int w = merged; w < counts.length; w++) {
            counts[w] = null;
        }
        windows = merged;
        arrivedThrough = (arrivedThrough + 1) / 2;
        windowMillis *= 2;
    }

    /**
     * As {@link #add}, for counts that arrive whatever the simulated clock does (a client's writes): the
     * window holding {@code atMillis} is shown from now on, over or not.
     */
    void addArrived(long atMillis, int row, long count) {
        add(atMillis, row, count);
        arrivedThrough = Math.max(arrivedThrough, windowAt(atMillis) + 1);
    }

    /** Takes back what {@link #add} added; trailing empty windows disappear. */
    void subtract(long atMillis, int row, long count) {
        int w = windowAt(atMillis);
        if (w >= windows || counts[w][row] < count) {
            throw new IllegalStateException("subtract: window " + w + " row " + row + " holds fewer than " + count);
        }
        counts[w][row] -= count;
        while (windows > 0 && isEmpty(counts[windows - 1])) {
            windows--;
        }
        arrivedThrough = Math.min(arrivedThrough, windows);
    }

    /** Extends the windows so that the one holding {@code atMillis} exists (time passes without writes). */
    void extendTo(long atMillis) {
        windowFor(atMillis);
    }

    private static boolean isEmpty(long[] window) {
        for (long c : window) {
            if (c != 0) {
                return false;
            }
        }
        return true;
    }

    private void ensure(int n) {
        if (n > counts.length) {
            counts = Arrays.copyOf(counts, Math.max(n, counts.length * 2));
        }
        for (int w = windows; w < n; w++) {
            if (counts[w] == null) {
                counts[w] = new long[rows];
            } else {
                Arrays.fill(counts[w], 0);
            }
        }
        windows = Math.max(windows, n);
    }

    /** An immutable copy. */
    Snapshot snapshot() {
        long[][] copy = new long[windows][];
        for (int w = 0; w < windows; w++) {
            copy[w] = counts[w].clone();
        }
        return new Snapshot(rows, startMillis, windowMillis, copy, Math.min(arrivedThrough, windows));
    }

    /**
     * An immutable copy of the newest {@code n} windows only (all of them when there are fewer): window 0 of the
     * copy is window {@code windows - n} here, so its start moves on by that many windows. For a view that shows
     * what just happened, at a cost that does not grow with the time the clock has run.
     */
    Snapshot lastWindows(int n) {
        if (n < 1) {
            throw new IllegalArgumentException(
                    "n: must be at least 1, got " + n); // untranslated: a developer's contract
        }
        int from = Math.max(0, windows - n);
        long[][] copy = new long[windows - from][];
        for (int w = from; w < windows; w++) {
            copy[w - from] = counts[w].clone();
        }
        return new Snapshot(
                rows,
                startMillis + from * windowMillis,
                windowMillis,
                copy,
                Math.max(0, Math.min(arrivedThrough, windows) - from));
    }

    /**
     * Counts per row per window at one moment. Immutable.
     *
     * @param rows number of rows
     * @param startMillis simulated time at which window 0 starts
     * @param windowMillis length of a window, in ms
     * @param arrivedWindows windows shown whether over or not (the last one holds a client's writes), at
     *     most the number of windows
     */
    public record Snapshot(int rows, long startMillis, long windowMillis, long[][] counts, int arrivedWindows) {

        public Snapshot {
            counts = counts.clone();
            if (arrivedWindows < 0 || arrivedWindows > counts.length) {
                throw new IllegalArgumentException(String.format(
                        "arrivedWindows: must lie in 0..%s, got %s", // untranslated: a developer's contract
                        counts.length, arrivedWindows));
            }
        }

        /**
         * These counts with only the rows {@code order} lists, in that order; an index of -1 gives a
         * row of zeros.
         */
        Snapshot selectRows(int[] order) {
            long[][] out = new long[counts.length][order.length];
            for (int w = 0; w < counts.length; w++) {
                for (int r = 0; r < order.length; r++) {
                    out[w][r] = order[r] < 0 ? 0 : counts[w][order[r]];
                }
            }
            return new Snapshot(order.length, startMillis, windowMillis, out, arrivedWindows);
        }

        /** Number of windows so far (0 before the first write). */
        public int windows() {
            return counts.length;
        }

        /** Windows that are over at simulated time {@code nowMillis}: the partial window in progress is left out. */
        public int completeAt(long nowMillis) {
            return (int) Math.min(counts.length, Math.max(0, (nowMillis - startMillis) / windowMillis));
        }

        /**
         * Windows a chart draws at simulated time {@code nowMillis}: those that are over, and the one in
         * progress too once a client's writes arrived in it (they show as they arrive, paused or not).
         */
        public int shownAt(long nowMillis) {
            return Math.max(completeAt(nowMillis), arrivedWindows);
        }

        /** The count of {@code row} in window {@code w}. */
        long count(int w, int row) {
            return counts[w][row];
        }

        /** The counts as {@code [row][window]}, a fresh array. */
        public long[][] byRow() {
            return byRow(counts.length);
        }

        /** The first {@code n} windows as {@code [row][window]}, a fresh array. */
        public long[][] byRow(int n) {
            long[][] out = new long[rows][n];
            for (int w = 0; w < n; w++) {
                for (int r = 0; r < rows; r++) {
                    out[r][w] = counts[w][r];
                }
            }
            return out;
        }

        /** The counts as {@code [window][row]}, a fresh array. */
        public long[][] byWindow() {
            return byWindow(counts.length);
        }

        /** The first {@code n} windows as {@code [window][row]}, a fresh array. */
        public long[][] byWindow(int n) {
            long[][] out = new long[n][];
            for (int w = 0; w < n; w++) {
                out[w] = counts[w].clone();
            }
            return out;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Snapshot s
                    && rows == s.rows
                    && startMillis == s.startMillis
                    && windowMillis == s.windowMillis
                    && arrivedWindows == s.arrivedWindows
                    && Arrays.deepEquals(counts, s.counts);
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(counts);
        }

        @Override
        public String toString() {
            return String.format(
                    "Snapshot(%s rows, %s windows of %s ms)", // untranslated: a debugging string
                    rows, counts.length, windowMillis);
        }
    }
}

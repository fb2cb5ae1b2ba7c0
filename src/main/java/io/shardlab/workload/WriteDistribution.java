package io.shardlab.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Where a run's inserts went over time: the inserts are cut into windows of {@code W} consecutive
 * inserts, and for each window ShardLab keeps the writes per shard.
 *
 * <p>The hot-shard number: for each full window, the share of the busiest shard,
 * {@code max(writes on a shard) / W}; <b>meanMaxWriteShare</b> is the mean of these shares over
 * the full windows. 1.0 means every write of every window hit one shard; {@code 1/N} means the
 * writes were spread perfectly evenly over {@code N} shards.
 *
 * <p>The final partial window (fewer than {@code W} inserts) is kept in {@link #windows()} for the
 * charts but left out of the mean, because a short window overstates concentration (one insert is
 * always 100% on one shard). When the whole run is shorter than one window, that partial window is
 * the only one and its share is the mean. Every insert is counted in the per-shard totals.
 *
 * <p>Shards may appear mid-run (a shard added to the cluster); earlier windows count 0 writes for
 * them. Cost per insert: one array increment. Not thread-safe.
 */
public final class WriteDistribution {

    /** One window: its first insert (1-based), its length, and writes per shard in {@link #shards()} order. */
    public record Window(long firstInsert, int inserts, int[] writesPerShard) {

        /** Writes on the shard at {@code shardIndex} (0 for a shard that appeared later). */
        public int writes(int shardIndex) {
            return shardIndex < writesPerShard.length ? writesPerShard[shardIndex] : 0;
        }

        /** The busiest shard's writes. */
        public int maxWrites() {
            int max = 0;
            for (int w : writesPerShard) {
                max = Math.max(max, w);
            }
            return max;
        }

        /** The busiest shard's share of this window's inserts. */
        public double maxWriteShare() {
            return (double) maxWrites() / inserts;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Window w
                    && firstInsert == w.firstInsert
                    && inserts == w.inserts
                    && Arrays.equals(writesPerShard, w.writesPerShard);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(firstInsert) * 31 + Arrays.hashCode(writesPerShard);
        }

        @Override
        public String toString() {
            return String.format(
                    "Window(%s, %s, %s)", // untranslated: a debugging string
                    firstInsert, inserts, Arrays.toString(writesPerShard));
        }
    }

    private final int window;
    private final List<String> shards = new ArrayList<>();
    private final Map<String, Integer> shardIndex = new HashMap<>();
    private final List<int[]> completed = new ArrayList<>();
    private long[] totals = new long[0];
    private int[] current = new int[0];
    private int inCurrent;
    private long inserts;
    private long sumOfFullWindowMax;

    /**
     * @param window {@code W}, the inserts per window, at least 1
     * @param shards the shards known at the start, in the order charts list them
     */
    public WriteDistribution(int window, List<String> shards) {
        if (window < 1) {
            throw new IllegalArgumentException(
                    "window: at least 1 insert per window, got " + window); // untranslated: a developer's contract
        }
        this.window = window;
        for (String s : shards) {
            indexOf(s);
        }
    }

    /** The index of {@code shard}, adding it if new. */
    public int indexOf(String shard) {
        Integer i = shardIndex.get(shard);
        if (i != null) {
            return i;
        }
        int index = shards.size();
        shards.add(shard);
        shardIndex.put(shard, index);
        totals = Arrays.copyOf(totals, index + 1);
        current = Arrays.copyOf(current, index + 1);
        return index;
    }

    /** Counts one insert routed to {@code shard}. */
    public void record(String shard) {
        record(indexOf(shard));
    }

    /** Counts one insert routed to the shard at {@code index} (from {@link #indexOf}). */
    public void record(int index) {
        current[index]++;
        totals[index]++;
        inserts++;
        if (++inCurrent == window) {
            int max = 0;
            for (int w : current) {
                max = Math.max(max, w);
            }
            sumOfFullWindowMax += max;
            completed.add(current.clone());
            Arrays.fill(current, 0);
            inCurrent = 0;
        }
    }

    /**
     * Counts {@code count} inserts routed to {@code shard}, all inside the current window (a batch
     * that landed at once).
     *
     * @throws IllegalArgumentException if they would run past the end of the current window
     */
    public void record(String shard, int count) {
        if (count < 0 || count > insertsLeftInWindow()) {
            throw new IllegalArgumentException(String.format(
                    "count: %s inserts do not fit the %s left in the current window", // untranslated: a developer's
                    // contract
                    count, insertsLeftInWindow()));
        }
        int index = indexOf(shard);
        for (int i = 0; i < count; i++) {
            record(index);
        }
    }

    /** How many more inserts complete the current window (W when a new window starts). */
    public int insertsLeftInWindow() {
        return window - inCurrent;
    }

    /** {@code W}. */
    public int window() {
        return window;
    }

    /** The shards in index order. */
    public List<String> shards() {
        return List.copyOf(shards);
    }

    /** All inserts counted. */
    public long inserts() {
        return inserts;
    }

    /** Inserts routed to {@code shard} over the whole run (0 for an unknown shard). */
    public long writes(String shard) {
        Integer i = shardIndex.get(shard);
        return i == null ? 0 : totals[i];
    }

    /** Number of full windows. */
    public int fullWindows() {
        return completed.size();
    }

    /**
     * The mean over full windows of the busiest shard's share; the partial window's share when the
     * run is shorter than one window; empty when nothing was inserted.
     */
    public OptionalDouble meanMaxWriteShare() {
        if (!completed.isEmpty()) {
            return OptionalDouble.of((double) sumOfFullWindowMax / ((double) completed.size() * window));
        }
        if (inCurrent == 0) {
            return OptionalDouble.empty();
        }
        int max = 0;
        for (int w : current) {
            max = Math.max(max, w);
        }
        return OptionalDouble.of((double) max / inCurrent);
    }

    /** Every window in order, the final partial one (if any) last; for charts. */
    public List<Window> windows() {
        List<Window> list = new ArrayList<>(completed.size() + 1);
        for (int i = 0; i < completed.size(); i++) {
            list.add(new Window((long) i * window + 1, window, completed.get(i).clone()));
        }
        if (inCurrent > 0) {
            list.add(new Window((long) completed.size() * window + 1, inCurrent, current.clone()));
        }
        return list;
    }
}

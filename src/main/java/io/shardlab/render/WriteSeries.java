package io.shardlab.render;

import java.util.List;

/**
 * Writes per shard per time window: what the writes chart and the lanes' "writes" column show. Immutable.
 *
 * <p>Invariants: at least one window; one row of window counts per shard, all rows of the same length; no
 * count negative; windows are consecutive, each {@code windowMillis} long, the first starting at
 * {@code startMillis} (on the simulated clock or wall clock; labels show time elapsed since the start).
 */
public final class WriteSeries {

    private final List<String> shards;
    private final long startMillis;
    private final long windowMillis;
    private final long[][] writes;

    /**
     * @param shards the shard ids, one per row of {@code writes}
     * @param startMillis start of the first window
     * @param windowMillis length of every window, positive
     * @param writes {@code writes[shard][window]} (copied)
     */
    public WriteSeries(List<String> shards, long startMillis, long windowMillis, long[][] writes) {
        this.shards = List.copyOf(shards);
        if (windowMillis <= 0) {
            throw new IllegalArgumentException(String.format(
                    "windowMillis: must be positive, got %s", // untranslated: a developer's contract
                    windowMillis));
        }
        if (writes.length != this.shards.size()) {
            throw new IllegalArgumentException(String.format(
                    "writes: %s rows for %s shards", // untranslated: a developer's contract (built from a run's writes)
                    writes.length, this.shards.size()));
        }
        if (this.shards.isEmpty() || writes[0].length == 0) {
            throw new IllegalArgumentException(
                    "writes: at least one shard and one window are needed"); // untranslated: a developer's contract
        }
        if (this.shards.stream().distinct().count() != this.shards.size()) {
            throw new IllegalArgumentException(String.format(
                    "shards: listed twice in %s", // untranslated: a developer's contract (built from a run's writes)
                    this.shards));
        }
        this.writes = new long[writes.length][];
        for (int s = 0; s < writes.length; s++) {
            if (writes[s].length != writes[0].length) {
                throw new IllegalArgumentException(String.format(
                        "writes: shard %s has %s windows, shard %s has %s", // untranslated: a developer's contract
                        this.shards.get(s), writes[s].length, this.shards.get(0), writes[0].length));
            }
            for (long w : writes[s]) {
                if (w < 0) {
                    throw new IllegalArgumentException(String.format(
                            "writes: shard %s has a negative count %s", // untranslated: a developer's contract
                            this.shards.get(s), w));
                }
            }
            this.writes[s] = writes[s].clone();
        }
        this.startMillis = startMillis;
        this.windowMillis = windowMillis;
    }

    public List<String> shards() {
        return shards;
    }

    public long startMillis() {
        return startMillis;
    }

    public long windowMillis() {
        return windowMillis;
    }

    /** Number of windows. */
    public int windows() {
        return writes[0].length;
    }

    /** Writes to the shard at {@code shardRow} (its position in {@link #shards()}) in {@code window}. */
    public long writes(int shardRow, int window) {
        return writes[shardRow][window];
    }

    /** Writes to {@code shard} in {@code window}, 0 for a shard this series does not list. */
    public long writesOf(String shard, int window) {
        int row = shards.indexOf(shard);
        return row < 0 ? 0 : writes[row][window];
    }

    /** Writes to all shards in {@code window}. */
    public long total(int window) {
        long t = 0;
        for (long[] row : writes) {
            t += row[window];
        }
        return t;
    }
}

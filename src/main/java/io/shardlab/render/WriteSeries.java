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
            throw new IllegalArgumentException("windowMillis: must be positive, got " + windowMillis);
        }
        if (writes.length != this.shards.size()) {
            throw new IllegalArgumentException(
                    "writes: " + writes.length + " rows for " + this.shards.size() + " shards");
        }
        if (this.shards.isEmpty() || writes[0].length == 0) {
            throw new IllegalArgumentException("writes: at least one shard and one window are needed");
        }
        if (this.shards.stream().distinct().count() != this.shards.size()) {
            throw new IllegalArgumentException("shards: listed twice in " + this.shards);
        }
        this.writes = new long[writes.length][];
        for (int s = 0; s < writes.length; s++) {
            if (writes[s].length != writes[0].length) {
                throw new IllegalArgumentException("writes: shard " + this.shards.get(s) + " has " + writes[s].length
                        + " windows, shard " + this.shards.get(0) + " has " + writes[0].length);
            }
            for (long w : writes[s]) {
                if (w < 0) {
                    throw new IllegalArgumentException(
                            "writes: shard " + this.shards.get(s) + " has a negative count " + w);
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

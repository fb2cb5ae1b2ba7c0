package io.shardlab.render;

import io.shardlab.key.ShardKey;
import java.util.List;

/**
 * Writes per key range per time window: the heatmap's cells. Immutable.
 *
 * <p>Invariants: {@code bounds} has at least two keys, strictly increasing, and cuts the key space into
 * {@code bounds.size() - 1} ranges {@code [bounds[i], bounds[i + 1])} (the first usually MinKey, the last
 * MaxKey, but any sub-range is allowed); at least one window; one count per range per window, none negative.
 */
public final class HeatmapData {

    private final List<ShardKey> bounds;
    private final long startMillis;
    private final long windowMillis;
    private final long[][] writes;
    private final long max;

    /**
     * @param bounds the range bounds, strictly increasing
     * @param startMillis start of the first window
     * @param windowMillis length of every window, positive
     * @param writes {@code writes[window][range]} (copied)
     */
    public HeatmapData(List<ShardKey> bounds, long startMillis, long windowMillis, long[][] writes) {
        this.bounds = List.copyOf(bounds);
        if (this.bounds.size() < 2) {
            throw new IllegalArgumentException(String.format(
                    "bounds: at least two bounds (one key range) are needed, got %s", // untranslated: a contract
                    this.bounds.size()));
        }
        for (int i = 1; i < this.bounds.size(); i++) {
            if (this.bounds.get(i - 1).compareTo(this.bounds.get(i)) >= 0) {
                throw new IllegalArgumentException(String.format(
                        "bounds: not increasing at %s: %s then %s", // untranslated: a developer's contract
                        i, this.bounds.get(i - 1), this.bounds.get(i)));
            }
        }
        if (windowMillis <= 0) {
            throw new IllegalArgumentException(String.format(
                    "windowMillis: must be positive, got %s", // untranslated: a developer's contract
                    windowMillis));
        }
        if (writes.length == 0) {
            throw new IllegalArgumentException(
                    "writes: at least one window is needed"); // untranslated: a developer's contract
        }
        int ranges = this.bounds.size() - 1;
        long m = 0;
        this.writes = new long[writes.length][];
        for (int w = 0; w < writes.length; w++) {
            if (writes[w].length != ranges) {
                throw new IllegalArgumentException(String.format(
                        "writes: window %s has %s counts for %s key ranges", // untranslated: a developer's contract
                        w, writes[w].length, ranges));
            }
            for (long c : writes[w]) {
                if (c < 0) {
                    throw new IllegalArgumentException(String.format(
                            "writes: window %s has a negative count %s", // untranslated: a developer's contract
                            w, c));
                }
                m = Math.max(m, c);
            }
            this.writes[w] = writes[w].clone();
        }
        this.startMillis = startMillis;
        this.windowMillis = windowMillis;
        this.max = m;
    }

    public List<ShardKey> bounds() {
        return bounds;
    }

    public long startMillis() {
        return startMillis;
    }

    public long windowMillis() {
        return windowMillis;
    }

    /** Number of windows (columns). */
    public int windows() {
        return writes.length;
    }

    /** Number of key ranges (rows). */
    public int ranges() {
        return bounds.size() - 1;
    }

    /** Writes into key range {@code range} during {@code window}. */
    public long writes(int window, int range) {
        return writes[window][range];
    }

    /** The largest cell. */
    public long max() {
        return max;
    }
}

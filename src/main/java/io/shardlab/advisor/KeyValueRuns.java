package io.shardlab.advisor;

import io.shardlab.key.ShardKey;
import java.util.Arrays;

/**
 * A sample's documents in the order of a shard key's index: sorted by key value, documents with the
 * same value in insertion order (a non-unique index breaks ties by RecordId, which a non-clustered
 * collection assigns in insertion order; <b>derived</b> from WiredTiger's index key format, which
 * appends the RecordId to the key), cut into runs of equal values.
 *
 * <p>Values are equal in MongoDB's sense ({@link ShardKey#equals}: {@code 1}, {@code 1.0} and
 * {@code NumberLong(1)} are one value), so a run is one {@code $group} bucket of analyzeShardKey.
 */
final class KeyValueRuns {

    private final int[] order;
    private final int[] runStarts;

    private KeyValueRuns(int[] order, int[] runStarts) {
        this.order = order;
        this.runStarts = runStarts;
    }

    /** Sorts the documents whose keys are {@code keys} (index = insertion order). */
    static KeyValueRuns of(ShardKey[] keys, CancelToken cancel) {
        Integer[] boxed = new Integer[keys.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        // a stable sort: equal keys keep insertion order
        Arrays.sort(boxed, (a, b) -> keys[a].compareTo(keys[b]));
        cancel.throwIfCancelled();
        int[] order = new int[keys.length];
        int[] starts = new int[Math.max(1, keys.length)];
        int runs = 0;
        for (int p = 0; p < order.length; p++) {
            order[p] = boxed[p];
            if (p == 0 || keys[order[p]].compareTo(keys[order[p - 1]]) != 0) {
                starts[runs++] = p;
            }
        }
        return new KeyValueRuns(order, Arrays.copyOf(starts, runs));
    }

    /** Number of documents. */
    int size() {
        return order.length;
    }

    /** The document at sorted position {@code p}. */
    int documentAt(int p) {
        return order[p];
    }

    /** Number of runs: distinct values. */
    int runs() {
        return runStarts.length;
    }

    /** First sorted position of run {@code r}. */
    int runStart(int r) {
        return runStarts[r];
    }

    /** One past the last sorted position of run {@code r}. */
    int runEnd(int r) {
        return r + 1 < runStarts.length ? runStarts[r + 1] : order.length;
    }

    /** Documents in run {@code r}. */
    int runLength(int r) {
        return runEnd(r) - runStart(r);
    }

    /** The earliest-inserted document of run {@code r} (runs keep insertion order). */
    int firstDocumentOf(int r) {
        return order[runStarts[r]];
    }
}

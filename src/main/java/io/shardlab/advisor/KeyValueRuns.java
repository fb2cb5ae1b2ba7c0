package io.shardlab.advisor;

import io.shardlab.key.ShardKey;
import io.shardlab.sim.LongRadixSort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonType;
import org.bson.BsonValue;

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
        long[] values = longValues(keys);
        int[] order = values != null ? radixOrder(values) : distinctValueOrder(keys);
        cancel.throwIfCancelled();
        int[] starts = new int[Math.max(1, keys.length)];
        int runs = 0;
        for (int p = 0; p < order.length; p++) {
            // keys read as longs are equal exactly when their longs are
            boolean newValue = p == 0
                    || (values != null
                            ? values[order[p]] != values[order[p - 1]]
                            : keys[order[p]].compareTo(keys[order[p - 1]]) != 0);
            if (newValue) {
                starts[runs++] = p;
            }
        }
        return new KeyValueRuns(order, Arrays.copyOf(starts, runs));
    }

    /**
     * The keys as longs in the order {@link ShardKey#compareTo} gives them, when every key is one value and
     * either every value is an integer (Int32 or Int64, which compare by value: a hashed key, a 32- or 64-bit
     * integer field) or every value is a date (which compare by their milliseconds); otherwise null.
     */
    private static long[] longValues(ShardKey[] keys) {
        if (keys.length == 0 || keys[0].arity() != 1) {
            return null;
        }
        boolean dates = keys[0].get(0).getBsonType() == BsonType.DATE_TIME;
        long[] values = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            ShardKey k = keys[i];
            if (k.arity() != 1) {
                return null;
            }
            BsonValue v = k.get(0);
            BsonType type = v.getBsonType();
            if (dates && type == BsonType.DATE_TIME) {
                values[i] = v.asDateTime().getValue();
            } else if (!dates && type == BsonType.INT64) {
                values[i] = v.asInt64().getValue();
            } else if (!dates && type == BsonType.INT32) {
                values[i] = v.asInt32().getValue();
            } else {
                return null;
            }
        }
        return values;
    }

    /**
     * The order of {@link #comparatorOrder} by sorting the distinct values only (issue #32: the comparator sort of
     * every document was a quarter of a compound key's analysis): the documents are grouped by equal key ({@link
     * ShardKey#equals} is {@code compareTo == 0}), the groups' values sorted (no two are equal, so any sort gives
     * one order), and the documents placed by their group's rank in insertion order, a stable counting sort. When
     * more than half the keys are distinct, grouping saves little and the documents are sorted by comparison.
     */
    private static int[] distinctValueOrder(ShardKey[] keys) {
        int n = keys.length;
        Map<ShardKey, Integer> groupOf = new HashMap<>();
        List<ShardKey> distinct = new ArrayList<>();
        int[] group = new int[n];
        for (int i = 0; i < n; i++) {
            Integer g = groupOf.putIfAbsent(keys[i], distinct.size());
            if (g == null) {
                g = distinct.size();
                distinct.add(keys[i]);
                if (distinct.size() > n / 2 + 1) {
                    return comparatorOrder(keys);
                }
            }
            group[i] = g;
        }
        Integer[] byValue = new Integer[distinct.size()];
        for (int g = 0; g < byValue.length; g++) {
            byValue[g] = g;
        }
        Arrays.sort(byValue, (a, b) -> distinct.get(a).compareTo(distinct.get(b)));
        int[] rank = new int[byValue.length];
        for (int r = 0; r < byValue.length; r++) {
            rank[byValue[r]] = r;
        }
        int[] starts = new int[byValue.length + 1];
        for (int i = 0; i < n; i++) {
            starts[rank[group[i]] + 1]++;
        }
        for (int r = 1; r < starts.length; r++) {
            starts[r] += starts[r - 1];
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[starts[rank[group[i]]]++] = i;
        }
        return order;
    }

    /** A stable sort by {@link ShardKey#compareTo}: equal keys keep insertion order. */
    private static int[] comparatorOrder(ShardKey[] keys) {
        Integer[] boxed = new Integer[keys.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (a, b) -> keys[a].compareTo(keys[b]));
        int[] order = new int[keys.length];
        for (int p = 0; p < order.length; p++) {
            order[p] = boxed[p];
        }
        return order;
    }

    /** The same order for keys read as longs ({@link #longValues}), by {@link LongRadixSort} (stable). */
    private static int[] radixOrder(long[] keyValues) {
        int n = keyValues.length;
        long[] values = keyValues.clone();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        LongRadixSort.sort(values, order, n);
        return order;
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

package io.shardlab.sim;

import java.util.Arrays;

/**
 * Stable LSD radix sort of signed 64-bit keys carrying an {@code int} payload (the document sizes),
 * 8 bits per pass, skipping passes in which every key has the same byte. The chunk storage sorts its keys with it
 * ({@link LongChunkDocuments}) and the advisor its sample's key values (its {@code KeyValueRuns}).
 */
public final class LongRadixSort {

    private LongRadixSort() {}

    /** Sorts {@code keys[0, n)} ascending as signed longs, permuting {@code payload} alike. */
    public static void sort(long[] keys, int[] payload, int n) {
        long[] k1 = keys;
        int[] p1 = payload;
        long[] k2 = new long[n];
        int[] p2 = new int[n];
        int[] counts = new int[257];
        for (int shift = 0; shift < 64; shift += 8) {
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[digit(k1[i], shift) + 1]++;
            }
            boolean trivial = false;
            for (int d = 1; d <= 256; d++) {
                if (counts[d] == n) {
                    trivial = true;
                    break;
                }
            }
            if (trivial) {
                continue;
            }
            for (int d = 1; d <= 256; d++) {
                counts[d] += counts[d - 1];
            }
            for (int i = 0; i < n; i++) {
                int pos = counts[digit(k1[i], shift)]++;
                k2[pos] = k1[i];
                p2[pos] = p1[i];
            }
            long[] tk = k1;
            k1 = k2;
            k2 = tk;
            int[] tp = p1;
            p1 = p2;
            p2 = tp;
        }
        if (k1 != keys) {
            System.arraycopy(k1, 0, keys, 0, n);
            System.arraycopy(p1, 0, payload, 0, n);
        }
    }

    private static int digit(long key, int shift) {
        long flipped = key ^ Long.MIN_VALUE;
        return (int) ((flipped >>> shift) & 0xFF);
    }
}

package io.shardlab.sim;

import java.util.Arrays;

/**
 * The BSON sizes of the documents of one chunk, index-aligned with their keys. Compact: while every
 * document has the same size only that size is kept; the first different size materialises an
 * {@code int[]}.
 */
final class DocumentSizes {

    private int uniform = -1;
    private int[] sizes;

    /** Sizes for {@code count} documents that all have {@code size} bytes ({@code -1} when count is 0). */
    static DocumentSizes uniform(int size) {
        DocumentSizes s = new DocumentSizes();
        s.uniform = size;
        return s;
    }

    private static DocumentSizes materialised(int[] sizes) {
        DocumentSizes s = new DocumentSizes();
        s.sizes = sizes;
        return s;
    }

    /** True while all sizes are equal (then no per-document array exists). */
    boolean isUniform() {
        return sizes == null;
    }

    /** The size of document {@code i}. */
    int get(int i) {
        return sizes == null ? uniform : sizes[i];
    }

    /** Records the size of document {@code index}, the one just appended ({@code index == count - 1}). */
    void append(int index, int size, int capacity) {
        if (sizes == null) {
            if (index == 0 || uniform == size) {
                uniform = size;
                return;
            }
            int[] materialised = new int[Math.max(capacity, index + 1)];
            Arrays.fill(materialised, 0, index, uniform);
            sizes = materialised;
        } else if (sizes.length <= index) {
            sizes = Arrays.copyOf(sizes, Math.max(capacity, index + 1));
        }
        sizes[index] = size;
    }

    /**
     * Records the sizes of documents {@code [from, from + added)}, the ones just appended, all of
     * {@code size} bytes: the same column as {@code added} calls of {@link #append}.
     */
    void appendUniform(int from, int added, int size, int capacity) {
        if (added == 0) {
            return;
        }
        int end = from + added;
        if (sizes == null) {
            if (from == 0 || uniform == size) {
                uniform = size;
                return;
            }
            int[] materialised = new int[Math.max(capacity, end)];
            Arrays.fill(materialised, 0, from, uniform);
            sizes = materialised;
        } else if (sizes.length < end) {
            sizes = Arrays.copyOf(sizes, Math.max(capacity, end));
        }
        Arrays.fill(sizes, from, end, size);
    }

    /** The sizes array for in-place permutation, materialised to {@code count} entries. */
    int[] array(int count) {
        if (sizes == null) {
            int[] a = new int[count];
            Arrays.fill(a, uniform);
            return a;
        }
        return sizes;
    }

    /** Replaces the array (after a permutation or compaction). */
    void set(int[] array) {
        sizes = array;
    }

    /** Sizes {@code [from, to)} as a new column. */
    DocumentSizes copyRange(int from, int to) {
        if (sizes == null) {
            return uniform(uniform);
        }
        return materialised(Arrays.copyOfRange(sizes, from, Math.max(to, from + 1)));
    }

    /** Drops the sizes of documents {@code [0, from)} of {@code count}: the rest move to the front. */
    void dropFirst(int from, int count) {
        if (sizes != null) {
            System.arraycopy(sizes, from, sizes, 0, count - from);
        }
    }

    /** Appends {@code other}'s {@code otherCount} sizes after this column's {@code count}. */
    void appendAll(int count, DocumentSizes other, int otherCount) {
        if (otherCount == 0) {
            return;
        }
        if (count == 0) {
            uniform = other.uniform;
            sizes = other.sizes == null ? null : Arrays.copyOf(other.sizes, otherCount);
            return;
        }
        if (sizes == null && other.sizes == null && uniform == other.uniform) {
            return;
        }
        int[] merged = new int[count + otherCount];
        for (int i = 0; i < count; i++) {
            merged[i] = get(i);
        }
        for (int i = 0; i < otherCount; i++) {
            merged[count + i] = other.get(i);
        }
        sizes = merged;
    }
}

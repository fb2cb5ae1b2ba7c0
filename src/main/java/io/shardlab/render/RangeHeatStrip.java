package io.shardlab.render;

import java.util.List;

/**
 * analyzeShardKey's {@code numReadsByRange} or {@code numWritesByRange} as a strip of heat along a
 * candidate's number line: the ranges, MinKey on the left, each as wide as the others (they hold
 * about the same number of documents, so on a line scaled by data they are about equally wide),
 * aggregated per column to the busiest range in it and shaded from 0 to the busiest range overall.
 * Computed once per width; {@link RangeHeatPainter} draws it, {@link #text()} writes it.
 */
public final class RangeHeatStrip {

    /** Shades of the text form, from none to the busiest. */
    static final String BLOCKS = " ▁▂▃▄▅▆▇█";

    private final double[] columns;
    private final long max;

    private RangeHeatStrip(double[] columns, long max) {
        this.columns = columns;
        this.max = max;
    }

    /**
     * The strip of {@code counts} (one per range, in key order) over {@code columns} columns.
     *
     * @throws IllegalArgumentException for no columns or a negative count
     */
    public static RangeHeatStrip of(List<Long> counts, int columns) {
        if (columns < 1) {
            throw new IllegalArgumentException(
                    "columns: at least 1, got " + columns); // untranslated: a developer's contract
        }
        long max = 0;
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException(
                        "counts: not negative, got " + c); // untranslated: a developer's contract
            }
            max = Math.max(max, c);
        }
        int n = counts.size();
        double[] heat = new double[n == 0 ? 0 : columns];
        for (int col = 0; col < heat.length; col++) {
            int from = (int) ((long) col * n / heat.length);
            int to = Math.max(from + 1, (int) ((long) (col + 1) * n / heat.length));
            long busiest = 0;
            for (int r = from; r < to; r++) {
                busiest = Math.max(busiest, counts.get(r));
            }
            heat[col] = max == 0 ? 0 : (double) busiest / max;
        }
        return new RangeHeatStrip(heat, max);
    }

    /** Number of columns (0 when there are no ranges). */
    public int size() {
        return columns.length;
    }

    /** Column {@code i}'s heat, 0 (nothing) to 1 (the busiest range). */
    public double heat(int i) {
        return columns[i];
    }

    /** The busiest range's count. */
    public long max() {
        return max;
    }

    /** One block character per column, a space for none, {@code █} for the busiest. */
    public String text() {
        StringBuilder b = new StringBuilder(columns.length);
        for (double h : columns) {
            int level = h == 0 ? 0 : Math.max(1, (int) Math.ceil(h * (BLOCKS.length() - 1)));
            b.append(BLOCKS.charAt(level));
        }
        return b.toString();
    }
}

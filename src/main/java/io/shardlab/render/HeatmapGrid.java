package io.shardlab.render;

/**
 * Geometry of the key range × time heatmap: the data's windows (x) and key ranges (y) merged into at most
 * one cell per device pixel each way. A merged cell takes the largest of the cells it covers, so a short hot
 * spot never disappears. Row 0 is the lowest key range (drawn at the bottom).
 *
 * <p>Brightness: {@link #intensity} is {@code log(1 + v) / log(1 + max)}, so a hot spot and a background of
 * a few writes both stay readable; 0 writes is the ramp's darkest colour.
 */
public final class HeatmapGrid {

    private final int columns;
    private final int rows;
    private final long[] values;
    private final long max;

    private HeatmapGrid(int columns, int rows, long[] values, long max) {
        this.columns = columns;
        this.rows = rows;
        this.values = values;
        this.max = max;
    }

    /** The grid of {@code data} with at most {@code maxColumns} × {@code maxRows} cells. */
    public static HeatmapGrid compute(HeatmapData data, int maxColumns, int maxRows) {
        int columns = Math.max(1, Math.min(data.windows(), maxColumns));
        int rows = Math.max(1, Math.min(data.ranges(), maxRows));
        long[] values = new long[columns * rows];
        long max = 0;
        for (int w = 0; w < data.windows(); w++) {
            int c = (int) ((long) w * columns / data.windows());
            for (int r = 0; r < data.ranges(); r++) {
                int row = (int) ((long) r * rows / data.ranges());
                long v = data.writes(w, r);
                int i = c * rows + row;
                if (v > values[i]) {
                    values[i] = v;
                }
                max = Math.max(max, v);
            }
        }
        return new HeatmapGrid(columns, rows, values, max);
    }

    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    /** The writes of merged cell ({@code column}, {@code row}). */
    public long value(int column, int row) {
        return values[column * rows + row];
    }

    /** The largest cell. */
    public long max() {
        return max;
    }

    /** Brightness of a cell, 0 to 1. */
    public double intensity(int column, int row) {
        return max == 0 ? 0 : Math.log1p(value(column, row)) / Math.log1p(max);
    }
}

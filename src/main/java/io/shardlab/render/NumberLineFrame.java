package io.shardlab.render;

import java.util.Arrays;
import java.util.List;

/**
 * What one frame of the number line shows: the model seen through a {@link Viewport} at a given pixel width,
 * aggregated per pixel column. Never more primitives than columns: a column's colour is the shard owning
 * the largest part of the column's width, whatever the number of chunks inside it.
 *
 * <p>Per column {@code c} (covering line positions {@code [start + c·d, start + (c+1)·d)} with
 * {@code d = span / columns}):
 * <ul>
 *   <li>{@link #shard(int)}: the majority shard by width (ties: the shard met first, left to right);</li>
 *   <li>{@link #share(int, int)}: each shard's fraction of the column's width (what the lanes draw);</li>
 *   <li>{@link #mixed(int)}: the owning shard changes at least twice inside the column, so some shard's
 *       chunks are hidden by the majority colour (a column where one shard's run merely ends and the next
 *       begins changes once and is not mixed: both runs stay visible in the neighbouring columns);</li>
 *   <li>{@link #jumbo(int)}: a jumbo chunk overlaps the column;</li>
 *   <li>{@link #firstChunk(int)}: the chunk at the column's left edge;</li>
 *   <li>{@link #hiddenBoundsPerPixel(int)}: how many chunk bounds inside the column are not drawn because a
 *       chunk beside them is narrower than {@link #BOUNDARY_MIN_PX}, per logical pixel; {@link #dense(int)}: at
 *       least one.</li>
 * </ul>
 * Chunk boundaries are listed where both neighbouring chunks are at least {@link #BOUNDARY_MIN_PX} wide, and
 * axis labels as {@link AxisLabels} chooses them.
 *
 * <p>Cost: two binary searches plus one pass over the visible chunks and columns.
 */
public final class NumberLineFrame {

    /** A boundary is drawn only between chunks at least this many pixels wide. */
    public static final double BOUNDARY_MIN_PX = 4;

    private static final byte MIXED = 1;
    private static final byte JUMBO = 2;

    private final NumberLineModel model;
    private final Viewport viewport;
    private final double widthPx;
    private final int columns;
    private final int[] shard;
    private final byte[] flags;
    private final float[] shares;
    private final int[] firstChunk;
    private final int[] hiddenBoundsInColumn;
    private final double[] boundaries;
    private final List<AxisLabel> labels;

    private NumberLineFrame(
            NumberLineModel model,
            Viewport viewport,
            double widthPx,
            int columns,
            int[] shard,
            byte[] flags,
            float[] shares,
            int[] firstChunk,
            int[] hiddenBoundsInColumn,
            double[] boundaries,
            List<AxisLabel> labels) {
        this.model = model;
        this.viewport = viewport;
        this.widthPx = widthPx;
        this.columns = columns;
        this.shard = shard;
        this.flags = flags;
        this.shares = shares;
        this.firstChunk = firstChunk;
        this.hiddenBoundsInColumn = hiddenBoundsInColumn;
        this.boundaries = boundaries;
        this.labels = labels;
    }

    /**
     * The frame of {@code model} through {@code viewport} on a line {@code widthPx} logical pixels wide,
     * aggregated into {@code columns} columns (the width times the output's pixel density).
     *
     * @param measure measures axis labels in the label font; null for a frame without labels
     */
    public static NumberLineFrame compute(
            NumberLineModel model,
            Viewport viewport,
            double widthPx,
            int columns,
            TextMeasure measure,
            KeyLabelFormat format) {
        if (columns < 1 || !(widthPx > 0)) {
            throw new IllegalArgumentException(String.format(
                    "columns/widthPx: need at least one column and a positive width, got %s columns over %s px", // untranslated: a developer's contract
                    columns, widthPx));
        }
        double[] edges = model.edgeArray();
        int[] shardOf = model.shardArray();
        boolean[] jumbo = model.jumboArray();
        int n = shardOf.length;
        int shardCount = model.shards().size();
        double v0 = viewport.start();
        double v1 = viewport.end();
        double dv = viewport.span() / columns;
        double pxPerLine = widthPx / viewport.span();

        int[] columnShard = new int[columns];
        byte[] flags = new byte[columns];
        float[] shares = new float[shardCount * columns];
        int[] first = new int[columns];
        int[] hiddenBounds = new int[columns];
        double[] acc = new double[shardCount];
        int[] touched = new int[shardCount];
        double[] bounds = new double[16];
        int boundCount = 0;

        boolean anyJumbo = model.jumboCount() > 0;
        double minWidth = BOUNDARY_MIN_PX / pxPerLine;
        int i = model.chunkAt(v0);
        for (int c = 0; c < columns; c++) {
            double a = v0 + c * dv;
            double b = c == columns - 1 ? v1 : v0 + (c + 1) * dv;
            int tc = 0;
            int lastShard = -1;
            int changes = 0;
            boolean jumboHere = false;
            first[c] = i;
            while (true) {
                double s = edges[i];
                double e = edges[i + 1];
                boolean endsHere = e <= b;
                double w = (endsHere ? e : b) - (s > a ? s : a);
                if (w > 0) {
                    int sh = shardOf[i];
                    if (acc[sh] == 0) {
                        touched[tc++] = sh;
                    }
                    acc[sh] += w;
                    if (sh != lastShard) {
                        changes += lastShard < 0 ? 0 : 1;
                        lastShard = sh;
                    }
                    jumboHere |= anyJumbo && jumbo[i];
                } else if (anyJumbo && s == e && s >= a && s < b) {
                    jumboHere |= jumbo[i];
                }
                if (!endsHere || i == n - 1) {
                    break;
                }
                // chunk i ends in this column: is the bound e between two chunks wide enough to show it?
                if (e - s >= minWidth && edges[i + 2] - e >= minWidth && e > v0 && e < v1) {
                    if (boundCount == bounds.length) {
                        bounds = Arrays.copyOf(bounds, boundCount * 2);
                    }
                    bounds[boundCount++] = (e - v0) * pxPerLine;
                } else if (e > a) {
                    hiddenBounds[c]++;
                }
                i++;
            }
            int best = tc == 0 ? shardOf[i] : -1;
            double bestWidth = -1;
            double width = b - a;
            for (int t = 0; t < tc; t++) {
                int sh = touched[t];
                if (acc[sh] > bestWidth) {
                    bestWidth = acc[sh];
                    best = sh;
                }
                shares[sh * columns + c] = (float) Math.min(1.0, acc[sh] / width);
                acc[sh] = 0;
            }
            columnShard[c] = best;
            flags[c] = (byte) ((changes >= 2 ? MIXED : 0) | (jumboHere ? JUMBO : 0));
        }
        List<AxisLabel> labels =
                measure == null ? List.of() : AxisLabels.choose(model, viewport, widthPx, measure, format);
        return new NumberLineFrame(
                model,
                viewport,
                widthPx,
                columns,
                columnShard,
                flags,
                shares,
                first,
                hiddenBounds,
                Arrays.copyOf(bounds, boundCount),
                labels);
    }

    public NumberLineModel model() {
        return model;
    }

    public Viewport viewport() {
        return viewport;
    }

    /** The line's width in logical pixels. */
    public double widthPx() {
        return widthPx;
    }

    /** Number of columns. */
    public int columns() {
        return columns;
    }

    /** Left x of column {@code c} in logical pixels; {@code columnX(columns())} is the width. */
    public double columnX(int c) {
        return c * widthPx / columns;
    }

    /** The column under logical x {@code px}, clamped to the columns. */
    public int columnAt(double px) {
        return Math.max(0, Math.min(columns - 1, (int) Math.floor(px / widthPx * columns)));
    }

    /** Majority shard index of column {@code c}. */
    public int shard(int c) {
        return shard[c];
    }

    /** Fraction of column {@code c}'s width owned by the shard at {@code shardIndex}, 0 to 1. */
    public double share(int shardIndex, int c) {
        return shares[shardIndex * columns + c];
    }

    /** Whether column {@code c} hides a whole chunk of a shard other than its colour's. */
    public boolean mixed(int c) {
        return (flags[c] & MIXED) != 0;
    }

    /** Bounds inside column {@code c} that are not drawn (a chunk beside them is too narrow), per logical pixel. */
    public double hiddenBoundsPerPixel(int c) {
        return hiddenBoundsInColumn[c] / (widthPx / columns);
    }

    /** Whether column {@code c} holds a bound that no boundary line shows. */
    public boolean dense(int c) {
        return hiddenBoundsInColumn[c] > 0;
    }

    /** Whether any column is {@link #dense(int)}. */
    public boolean anyDense() {
        for (int c = 0; c < columns; c++) {
            if (dense(c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a jumbo chunk overlaps column {@code c}. */
    public boolean jumbo(int c) {
        return (flags[c] & JUMBO) != 0;
    }

    /** Index of the chunk at the left edge of column {@code c}. */
    public int firstChunk(int c) {
        return firstChunk[c];
    }

    /** Whether any column hides chunks of another shard. */
    public boolean anyMixed() {
        for (byte f : flags) {
            if ((f & MIXED) != 0) {
                return true;
            }
        }
        return false;
    }

    /** x positions (logical pixels) of the chunk boundaries to draw, increasing. */
    public double[] boundaries() {
        return boundaries.clone();
    }

    /** The axis labels, left to right. */
    public List<AxisLabel> labels() {
        return labels;
    }

    /** x (logical pixels, may lie outside the line) of line position {@code pos}. */
    public double xOf(double pos) {
        return viewport.toPixel(pos, widthPx);
    }
}

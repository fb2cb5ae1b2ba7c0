package io.shardlab.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Geometry of the writes-per-shard chart in plot coordinates ({@code x} from 0 to the plot width, {@code y}
 * from 0 at the top to the plot height at zero writes).
 *
 * <p>One point per window at the window's middle; when there are more windows than half the plot's pixels,
 * consecutive windows are averaged into buckets so that no line has more than one point per two pixels
 * (values stay "writes per window"). Lines mode draws each shard's count; stacked mode stacks the shards in
 * shard index order, the last line being the total. The y axis runs from 0 to a round top
 * ({@link NiceTicks}). Shards of the series that the layout does not know are left out.
 */
public final class WritesChart {

    /**
     * One shard's polyline.
     *
     * @param shardIndex the shard's colour index
     * @param x point x positions, increasing
     * @param y point y positions (for stacked charts, the top of the shard's band)
     * @param base for stacked charts, the bottom of the band at each point; null for lines
     */
    public record Line(int shardIndex, double[] x, double[] y, double[] base) {}

    private final double top;
    private final double step;
    private final List<Line> lines;
    private final int buckets;

    private WritesChart(double top, double step, List<Line> lines, int buckets) {
        this.top = top;
        this.step = step;
        this.lines = lines;
        this.buckets = buckets;
    }

    /** The geometry for a plot {@code width × height}. */
    public static WritesChart compute(
            WriteSeries series, NumberLineModel model, double width, double height, boolean stacked, int maxYTicks) {
        int windows = series.windows();
        int buckets = Math.max(1, Math.min(windows, (int) Math.floor(width / 2)));
        List<Integer> rows = new ArrayList<>();
        List<Integer> shardIndexes = new ArrayList<>();
        for (int s = 0; s < model.shards().size(); s++) {
            int row = series.shards().indexOf(model.shards().get(s));
            if (row >= 0) {
                rows.add(row);
                shardIndexes.add(model.colorOf(s));
            }
        }
        double[][] values = new double[rows.size()][buckets];
        for (int k = 0; k < rows.size(); k++) {
            for (int b = 0; b < buckets; b++) {
                int from = (int) ((long) b * windows / buckets);
                int to = (int) ((long) (b + 1) * windows / buckets);
                double sum = 0;
                for (int w = from; w < to; w++) {
                    sum += series.writes(rows.get(k), w);
                }
                values[k][b] = sum / (to - from);
            }
        }
        double[][] base = new double[rows.size()][buckets];
        double max = 0;
        if (stacked) {
            double[] running = new double[buckets];
            for (int k = 0; k < rows.size(); k++) {
                for (int b = 0; b < buckets; b++) {
                    base[k][b] = running[b];
                    running[b] += values[k][b];
                    values[k][b] = running[b];
                }
            }
            for (double v : running) {
                max = Math.max(max, v);
            }
        } else {
            for (double[] row : values) {
                for (double v : row) {
                    max = Math.max(max, v);
                }
            }
        }
        double top = NiceTicks.top(max, maxYTicks);
        double step = NiceTicks.step(max, maxYTicks);
        List<Line> lines = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            double[] xs = new double[buckets];
            double[] ys = new double[buckets];
            double[] bs = stacked ? new double[buckets] : null;
            for (int b = 0; b < buckets; b++) {
                xs[b] = (b + 0.5) * width / buckets;
                ys[b] = height - values[k][b] / top * height;
                if (stacked) {
                    bs[b] = height - base[k][b] / top * height;
                }
            }
            lines.add(new Line(shardIndexes.get(k), xs, ys, bs));
        }
        return new WritesChart(top, step, List.copyOf(lines), buckets);
    }

    /** The y axis top, in writes per window. */
    public double top() {
        return top;
    }

    /** The y tick step, in writes per window. */
    public double step() {
        return step;
    }

    /** The polylines, in shard index order. */
    public List<Line> lines() {
        return lines;
    }

    /** Number of points per line. */
    public int buckets() {
        return buckets;
    }
}

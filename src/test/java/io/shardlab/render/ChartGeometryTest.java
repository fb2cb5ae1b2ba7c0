package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The writes chart's polylines and the heatmap's cells, in plot coordinates. */
class ChartGeometryTest {

    private static final NumberLineModel MODEL = NumberLineModel.of(
            LayoutData.of(Layouts.ranged(new long[] {0}, new String[] {"shard01", "shard02"}, Set.of(), List.of())),
            Scale.EQUAL);

    @Test
    void each_window_is_a_point_at_its_middle_scaled_to_a_round_top() {
        WriteSeries s = new WriteSeries(
                List.of("shard01", "shard02"), 0, 1000, new long[][] {{0, 50, 100, 80}, {10, 10, 10, 10}});
        WritesChart c = WritesChart.compute(s, MODEL, 400, 100, false, 5);
        assertEquals(100, c.top());
        assertEquals(20, c.step());
        WritesChart.Line first = c.lines().get(0);
        assertArrayEquals(new double[] {50, 150, 250, 350}, first.x(), 1e-9);
        assertArrayEquals(new double[] {100, 50, 0, 20}, first.y(), 1e-9);
        assertNull(first.base());
        assertArrayEquals(new double[] {90, 90, 90, 90}, c.lines().get(1).y(), 1e-9);
    }

    @Test
    void stacked_bands_sit_on_the_shards_before_them_and_the_last_top_is_the_total() {
        WriteSeries s = new WriteSeries(List.of("shard01", "shard02"), 0, 1000, new long[][] {{30, 60}, {10, 40}});
        WritesChart c = WritesChart.compute(s, MODEL, 200, 100, true, 5);
        assertEquals(100, c.top());
        assertArrayEquals(new double[] {70, 40}, c.lines().get(0).y(), 1e-9);
        assertArrayEquals(new double[] {100, 100}, c.lines().get(0).base(), 1e-9);
        assertArrayEquals(new double[] {60, 0}, c.lines().get(1).y(), 1e-9);
        assertArrayEquals(new double[] {70, 40}, c.lines().get(1).base(), 1e-9);
    }

    @Test
    void more_windows_than_half_the_pixels_are_averaged_into_buckets() {
        long[] a = new long[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 2 == 0 ? 0 : 100;
        }
        WriteSeries s = new WriteSeries(List.of("shard01"), 0, 10, new long[][] {a});
        WritesChart c = WritesChart.compute(s, MODEL, 200, 100, false, 5);
        assertEquals(100, c.buckets());
        assertEquals(50, c.top(), "ten windows per bucket, half of them 100: the mean is 50");
        assertEquals(1, c.lines().size(), "shard02 is not in the series");
    }

    @Test
    void heatmap_cells_merge_to_the_pixel_grid_keeping_the_hottest() {
        List<ShardKey> bounds =
                List.of(ShardKey.globalMin(1), Layouts.key(0), Layouts.key(10), Layouts.key(20), ShardKey.globalMax(1));
        long[][] writes = {{1, 2, 3, 4}, {5, 0, 0, 400}, {0, 0, 0, 0}};
        HeatmapData d = new HeatmapData(bounds, 0, 1000, writes);
        HeatmapGrid full = HeatmapGrid.compute(d, 100, 100);
        assertEquals(3, full.columns());
        assertEquals(4, full.rows());
        assertEquals(400, full.value(1, 3));
        assertEquals(1.0, full.intensity(1, 3), 1e-12);
        assertEquals(0.0, full.intensity(2, 0), 1e-12);
        assertEquals(Math.log1p(5) / Math.log1p(400), full.intensity(1, 0), 1e-12);
        HeatmapGrid merged = HeatmapGrid.compute(d, 1, 2);
        assertEquals(5, merged.value(0, 0), "windows 0-2, ranges 0-1");
        assertEquals(400, merged.value(0, 1), "windows 0-2, ranges 2-3");
    }

    @Test
    void series_and_heatmap_inputs_are_checked() {
        assertEquals(
                "writes: shard shard02 has 1 windows, shard shard01 has 2",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new WriteSeries(List.of("shard01", "shard02"), 0, 1, new long[][] {{1, 2}, {3}}))
                        .getMessage());
        assertEquals(
                "windowMillis: must be positive, got 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new WriteSeries(List.of("a"), 0, 0, new long[][] {{1}}))
                        .getMessage());
        assertEquals(
                "bounds: not increasing at 1: (Long('10')) then (Long('10'))",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new HeatmapData(
                                        List.of(Layouts.key(10), Layouts.key(10)), 0, 1, new long[][] {{1}}))
                        .getMessage());
        assertEquals(
                "writes: window 0 has 2 counts for 1 key ranges",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new HeatmapData(
                                        List.of(Layouts.key(1), Layouts.key(10)), 0, 1, new long[][] {{1, 2}}))
                        .getMessage());
        assertEquals(
                "chunk 1: documents and bytes must not be negative, got 1 and -5",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new ChunkSizes(new long[] {0, 1}, new long[] {0, -5}))
                        .getMessage());
    }
}

package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DiagramData;
import io.shardlab.render.HeatmapData;
import io.shardlab.render.WriteSeries;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import org.junit.jupiter.api.Test;

class SimulatedDiagramTest {

    /** What export draws for --key '{counter: 1}' --workload monotonic --shards 4 --chunk-size 1 --mongodb-version 5.0. */
    private static DiagramData monotonic(int docs, int docSize) {
        ShardKeyPattern key = ShardKeyPattern.parse("{counter: 1}");
        SimulationSetup setup = new SimulationSetup(MongoVersion.V5_0, 4, 1024L * 1024L, 1, 1000, 1000, docSize);
        WorkloadSimulation simulation = new WorkloadSimulation(setup, "test.monotonic", key);
        Workload workload = WorkloadRegistry.standard().named("monotonic");
        return SimulatedDiagram.run(simulation, key, workload.open(WorkloadSettings.of(docs, 1)));
    }

    @Test
    void a_monotonic_key_writes_every_window_into_the_top_key_ranges_written_so_far() {
        // given 20 windows of 1000 increasing counters
        DiagramData data = monotonic(20_000, 0);
        HeatmapData heat = data.heatmap().orElseThrow();

        // then every window's writes sit in a narrow band of ranges, the band only climbs, and the last
        // window's writes are all in the topmost ranges
        assertEquals(20, heat.windows());
        int previousLow = 0;
        for (int w = 0; w < heat.windows(); w++) {
            int low = Integer.MAX_VALUE;
            int high = -1;
            long total = 0;
            for (int r = 0; r < heat.ranges(); r++) {
                if (heat.writes(w, r) > 0) {
                    low = Math.min(low, r);
                    high = r;
                    total += heat.writes(w, r);
                }
            }
            assertEquals(1000, total, "window " + w);
            assertTrue(high - low <= 4, "window " + w + " spans ranges " + low + " to " + high);
            assertTrue(low >= previousLow, "window " + w + " climbs");
            previousLow = low;
        }
        int top = heat.ranges() - 1;
        int last = heat.windows() - 1;
        long inTop = 0;
        for (int r = top - 3; r <= top; r++) {
            inTop += heat.writes(last, r);
        }
        assertEquals(1000, inTop, "the last window writes at the top of the key space");
        assertEquals(0, heat.writes(last, 0), "nothing lands at the bottom any more");
    }

    @Test
    void the_writes_chart_counts_every_insert_per_shard_per_window_and_the_layout_has_chunk_sizes() {
        DiagramData data = monotonic(5_500, 1000);
        WriteSeries writes = data.writes().orElseThrow();
        assertEquals(5, writes.windows(), "full windows only");
        assertEquals(4, writes.shards().size());
        for (int w = 0; w < writes.windows(); w++) {
            assertEquals(1000, writes.total(w), "window " + w);
        }
        long docs = 0;
        var sizes = data.layout().sizes().orElseThrow();
        for (int i = 0; i < sizes.size(); i++) {
            docs += sizes.documents(i);
        }
        assertEquals(5_500, docs, "every inserted document is in some chunk");
        assertTrue(
                data.layout().snapshot().chunks().size() > 1, "5.5 MB of 1000-byte documents split into 1 MB chunks");
    }
}

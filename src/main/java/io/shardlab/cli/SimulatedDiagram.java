package io.shardlab.cli;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.HeatmapData;
import io.shardlab.render.HeatmapRanges;
import io.shardlab.render.LayoutData;
import io.shardlab.render.WriteSeries;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.InsertKeyReader;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.MappedInsertStream;
import io.shardlab.workload.WorkloadSimulation;
import io.shardlab.workload.WriteDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs an insert stream through a {@link WorkloadSimulation} and turns the run into what a diagram draws:
 * the final layout with each chunk's documents and bytes, the writes per shard per window
 * ({@link WriteSeries}) and the writes per key range per window ({@link HeatmapData}, ranges cut by
 * {@link HeatmapRanges}, as the explorer cuts them).
 *
 * <p>Windows are the write distribution's: {@code setup.window()} inserts each, which at
 * {@code setup.insertsPerSecond()} inserts per simulated second last {@code window * 1000 / rate} ms.
 * Only full windows are charted, as in the explorer (a partial window would read as a drop in writes);
 * a run shorter than one window charts its one partial window.
 */
final class SimulatedDiagram {

    private SimulatedDiagram() {}

    /** Inserts {@code stream} into {@code simulation} (closing it) and builds the diagram data of the run. */
    static DiagramData run(WorkloadSimulation simulation, ShardKeyPattern pattern, InsertStream stream) {
        long startMillis = simulation.snapshot().atMillis();
        InsertKeyReader reader = new InsertKeyReader(pattern, new ShardKeyHasher());
        List<ShardKey> insertedKeys = new ArrayList<>();
        WriteDistribution writes = simulation.run(new MappedInsertStream(stream, d -> {
            insertedKeys.add(reader.keyOf(d, stream.source()));
            return d;
        }));
        SimulationSnapshot end = simulation.snapshot();
        int window = simulation.setup().window();
        long windowMillis =
                Math.max(1, Math.round(window * 1000.0 / simulation.setup().insertsPerSecond()));
        List<WriteDistribution.Window> all = writes.windows();
        int windows = writes.fullWindows() > 0 ? writes.fullWindows() : all.size();
        Optional<WriteSeries> series = Optional.empty();
        Optional<HeatmapData> heat = Optional.empty();
        if (windows > 0) {
            List<String> shards = writes.shards();
            long[][] byShard = new long[shards.size()][windows];
            for (int w = 0; w < windows; w++) {
                for (int s = 0; s < shards.size(); s++) {
                    byShard[s][w] = all.get(w).writes(s);
                }
            }
            series = Optional.of(new WriteSeries(shards, startMillis, windowMillis, byShard));
            ShardKey[] keys = insertedKeys.toArray(new ShardKey[0]);
            HeatmapRanges ranges = HeatmapRanges.of(pattern, keys, HeatmapRanges.DEFAULT_ROWS);
            long[][] byRange = new long[windows][ranges.size()];
            long charted = Math.min(keys.length, (long) windows * window);
            for (int i = 0; i < charted; i++) {
                byRange[i / window][ranges.rowOf(keys[i])]++;
            }
            heat = Optional.of(new HeatmapData(ranges.bounds(), startMillis, windowMillis, byRange));
        }
        return new DiagramData(
                new LayoutData(
                        end.cluster(),
                        Optional.of(
                                ChunkSizes.of(end.chunkStatistics()).withCannotSplit(end.oversizedOneValueChunks()))),
                series,
                heat);
    }
}

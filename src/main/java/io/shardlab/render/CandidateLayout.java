package io.shardlab.render;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * What a candidate shard key's row picture ({@link CandidateLayoutPainter}) is drawn from: the layout its
 * replay ended in, with each chunk's documents and bytes, so that the line is scaled by data size (the
 * comparison asks where the documents ended up); and the query mix's reads and writes per range of the key
 * (analyzeShardKey's {@code numReadsByRange} / {@code numWritesByRange}), drawn as heat strips under the
 * line. The producer (the advisor's window, the CLI's {@code analyze}) maps its replay to it. Immutable.
 *
 * @param layout the replayed chunks with their sizes (required: the line is scaled by data size)
 * @param numReadsByRange reads per range of the key, MinKey's range first; empty without reads
 * @param numWritesByRange writes per range, MinKey's range first; empty without writes
 */
public record CandidateLayout(LayoutData layout, List<Long> numReadsByRange, List<Long> numWritesByRange) {

    public CandidateLayout {
        if (layout == null || layout.sizes().isEmpty()) {
            throw new IllegalArgumentException(
                    "layout: required with per-chunk sizes, the candidate's line is scaled by data size"); // untranslated: a developer's contract
        }
        numReadsByRange = List.copyOf(numReadsByRange);
        numWritesByRange = List.copyOf(numWritesByRange);
    }

    /** The layout of {@code snapshot} with {@code statistics} (one per chunk, in key order) as its sizes. */
    public static CandidateLayout of(
            ClusterSnapshot snapshot,
            List<ChunkStatistics> statistics,
            List<Long> numReadsByRange,
            List<Long> numWritesByRange) {
        return new CandidateLayout(
                new LayoutData(snapshot, Optional.of(ChunkSizes.of(statistics))), numReadsByRange, numWritesByRange);
    }

    /** The number line, chunks as wide as their data. */
    public NumberLineModel model() {
        return NumberLineModel.of(layout, Scale.DATA_SIZE);
    }
}

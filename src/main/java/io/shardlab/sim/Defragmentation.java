package io.shardlab.sim;

import io.shardlab.key.ShardKey;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A collection's defragmentation in progress ({@code config.collections.defragmentCollection: true}):
 * immutable, replaced at every step by {@link Defragmenter}.
 *
 * @param phase the current phase ({@code config.collections.defragmentationPhase})
 * @param estimatedSizeBytes chunk min → {@code config.chunks.estimatedDataSizeBytes} of the chunk starting
 *     there, as the phase-1 {@code dataSize} measured it; {@link Defragmenter#BIG_CHUNK_MARKER} for a chunk
 *     found bigger than the small-chunk threshold (7.0+)
 * @param shardSizes phase 2's view of the collection's bytes per shard, moved with each migration
 *     ({@code MoveAndMergeChunksPhase::ShardInfo::currentSizeBytes}); empty before phase 2
 * @param pendingMerges migration id → min of the neighbour the moved chunk merges with once it commits
 */
public record Defragmentation(
        DefragmentationPhase phase,
        Map<ShardKey, Long> estimatedSizeBytes,
        Map<String, Long> shardSizes,
        Map<Long, ShardKey> pendingMerges) {

    public Defragmentation {
        if (phase == null) {
            throw new IllegalArgumentException("phase: a defragmentation is always in a phase");
        }
        estimatedSizeBytes = Collections.unmodifiableMap(new TreeMap<>(estimatedSizeBytes));
        shardSizes = Collections.unmodifiableMap(new TreeMap<>(shardSizes));
        pendingMerges = Collections.unmodifiableMap(new TreeMap<>(pendingMerges));
    }

    /** A defragmentation that has just been asked for: phase 1, nothing measured. */
    static Defragmentation started() {
        return new Defragmentation(DefragmentationPhase.MERGE_AND_MEASURE_CHUNKS, Map.of(), Map.of(), Map.of());
    }

    Defragmentation withPhase(DefragmentationPhase p) {
        return new Defragmentation(p, estimatedSizeBytes, shardSizes, pendingMerges);
    }

    Defragmentation withEstimates(Map<ShardKey, Long> e) {
        return new Defragmentation(phase, e, shardSizes, pendingMerges);
    }

    Defragmentation withShardSizes(Map<String, Long> s) {
        return new Defragmentation(phase, estimatedSizeBytes, s, pendingMerges);
    }

    Defragmentation withPendingMerges(Map<Long, ShardKey> p) {
        return new Defragmentation(phase, estimatedSizeBytes, shardSizes, p);
    }
}

package io.shardlab.sim;

/**
 * The phases of a collection's defragmentation, in order, with the names MongoDB stores in
 * {@code config.collections.defragmentationPhase} and reports as {@code currentPhase} (mongo
 * {@code src/mongo/s/catalog/type_collection.idl} {@code DefragmentationPhase}).
 */
public enum DefragmentationPhase {
    /** Merge each shard's contiguous chunks of one zone; measure every chunk left without a size. */
    MERGE_AND_MEASURE_CHUNKS("mergeAndMeasureChunks"),
    /** Move each chunk under 25 % of the chunk size onto a neighbour's shard and merge it there. */
    MOVE_AND_MERGE_CHUNKS("moveAndMergeChunks"),
    /** Merge again what the moves made contiguous. */
    MERGE_CHUNKS("mergeChunks"),
    /** Split chunks over the chunk size (5.3 to 6.0.2, while chunks still had a maximum size). */
    SPLIT_CHUNKS("splitChunks");

    private final String mongoName;

    DefragmentationPhase(String mongoName) {
        this.mongoName = mongoName;
    }

    /** MongoDB's name of the phase, e.g. {@code "moveAndMergeChunks"}. */
    public String mongoName() {
        return mongoName;
    }
}

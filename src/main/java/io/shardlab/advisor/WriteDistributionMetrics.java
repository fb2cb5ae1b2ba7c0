package io.shardlab.advisor;

/**
 * analyzeShardKey's {@code writeDistribution} for a query mix on one candidate key (docs
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}; mongo
 * {@code analyze_shard_key_read_write_distribution.cpp}). Counts are weights; percentages are of
 * {@code total}, rounded as MongoDB rounds them, and 0 when the mix has no writes.
 * {@code percentageOfShardKeyUpdates} is not reported: it needs the documents before and after
 * each update, which a query mix does not hold.
 *
 * @param total writes in the mix
 * @param update update commands (updateOne, updateMany, replaceOne)
 * @param delete delete commands
 * @param findAndModify findAndModify commands
 * @param percentageOfSingleShardWrites writes whose filter (or, for a replacement, whose
 *     replacement document) gives the full shard key
 * @param percentageOfMultiShardWrites writes that narrow the key to part of its range
 * @param percentageOfScatterGatherWrites writes with no usable shard-key condition
 * @param percentageOfSingleWritesWithoutShardKey single-document writes without the full shard key
 * @param percentageOfMultiWritesWithoutShardKey multi-document writes without the full shard key
 */
public record WriteDistributionMetrics(long total, long update, long delete, long findAndModify,
        double percentageOfSingleShardWrites, double percentageOfMultiShardWrites,
        double percentageOfScatterGatherWrites, double percentageOfSingleWritesWithoutShardKey,
        double percentageOfMultiWritesWithoutShardKey) {

    public WriteDistributionMetrics {
        if (update < 0 || delete < 0 || findAndModify < 0 || total != update + delete + findAndModify) {
            throw new IllegalArgumentException("total: the sum of the commands, got " + total);
        }
    }

    /** Whether the mix has no writes. */
    public boolean isEmpty() {
        return total == 0;
    }
}

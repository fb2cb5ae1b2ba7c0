package io.shardlab.advisor;

/**
 * analyzeShardKey's {@code readDistribution} for a query mix on one candidate key (docs
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}; mongo
 * {@code analyze_shard_key_read_write_distribution.cpp}). Counts are weights; percentages are of
 * {@code total}, rounded as MongoDB rounds them ({@link MetricRounding#percentage}), and 0 when
 * the mix has no reads (MongoDB then returns the sample size alone).
 *
 * @param total reads in the mix
 * @param find reads that are find commands
 * @param aggregate aggregate commands
 * @param count count commands
 * @param distinct distinct commands
 * @param percentageOfSingleShardReads reads with an equality on the full shard key
 * @param percentageOfMultiShardReads reads that narrow the key to part of its range
 * @param percentageOfScatterGatherReads reads with no usable shard-key condition: every shard
 */
public record ReadDistributionMetrics(long total, long find, long aggregate, long count, long distinct,
        double percentageOfSingleShardReads, double percentageOfMultiShardReads,
        double percentageOfScatterGatherReads) {

    public ReadDistributionMetrics {
        if (find < 0 || aggregate < 0 || count < 0 || distinct < 0 || total != find + aggregate + count + distinct) {
            throw new IllegalArgumentException("total: the sum of the commands, got " + total);
        }
    }

    /** Whether the mix has no reads. */
    public boolean isEmpty() {
        return total == 0;
    }
}

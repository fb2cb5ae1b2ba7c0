package io.shardlab.advisor;

import java.util.List;

/**
 * analyzeShardKey's {@code readDistribution} for a query mix on one candidate key (docs
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}; mongo
 * {@code analyze_shard_key_read_write_distribution.cpp}, {@code _getMetrics}; field names and
 * types in {@code src/mongo/s/analyze_shard_key_cmd.idl}, {@code ReadDistributionMetrics}). Counts
 * are weights. Percentages are of {@code total}, rounded as MongoDB rounds them
 * ({@link MetricRounding#percentage}). With no reads MongoDB returns the sample size alone, so the
 * percentages and {@code numReadsByRange} are then not reported ({@link #isEmpty}).
 *
 * <p>The raw counts ({@code numSingleShardReads}, ...) are MongoDB's too, but analyzeShardKey drops
 * them from its reply ("Keep only the percentages", {@code calculateReadWriteDistributionMetrics});
 * ShardLab reports them beside the server's fields.
 *
 * @param total reads in the mix: {@code sampleSize.total}
 * @param find {@code sampleSize.find}
 * @param aggregate {@code sampleSize.aggregate}
 * @param count {@code sampleSize.count}
 * @param distinct {@code sampleSize.distinct}
 * @param numSingleShardReads reads with an equality on the full shard key (simple collation, or no
 *     collatable value)
 * @param numMultiShardReads reads that narrow the key to part of its range
 * @param numScatterGatherReads reads that leave the whole key space [MinKey, MaxKey]
 * @param numReadsByRange per range of the candidate key, from MinKey to MaxKey, the reads that reach
 *     it ({@link AnalysisRanges}); empty when there are no reads
 */
public record ReadDistributionMetrics(
        long total,
        long find,
        long aggregate,
        long count,
        long distinct,
        long numSingleShardReads,
        long numMultiShardReads,
        long numScatterGatherReads,
        List<Long> numReadsByRange) {

    public ReadDistributionMetrics {
        if (find < 0 || aggregate < 0 || count < 0 || distinct < 0 || total != find + aggregate + count + distinct) {
            throw new IllegalArgumentException(
                    "total: the sum of the commands, got " + total); // untranslated: a developer's contract
        }
        if (numSingleShardReads < 0
                || numMultiShardReads < 0
                || numScatterGatherReads < 0
                || numSingleShardReads + numMultiShardReads + numScatterGatherReads != total) {
            throw new IllegalArgumentException(String.format(
                    "numSingleShardReads/numMultiShardReads/numScatterGatherReads: one class a read, got %s + %s + %s for %s", // untranslated: a developer's contract
                    numSingleShardReads, numMultiShardReads, numScatterGatherReads, total));
        }
        numReadsByRange = List.copyOf(numReadsByRange);
        if (total == 0 != numReadsByRange.isEmpty()) {
            throw new IllegalArgumentException(
                    "numReadsByRange: present exactly when there are reads"); // untranslated: a developer's contract
        }
    }

    /** No reads. */
    public static ReadDistributionMetrics none() {
        return new ReadDistributionMetrics(0, 0, 0, 0, 0, 0, 0, 0, List.of());
    }

    /** Whether the mix has no reads. */
    public boolean isEmpty() {
        return total == 0;
    }

    public double percentageOfSingleShardReads() {
        return pct(numSingleShardReads);
    }

    public double percentageOfMultiShardReads() {
        return pct(numMultiShardReads);
    }

    public double percentageOfScatterGatherReads() {
        return pct(numScatterGatherReads);
    }

    private double pct(long part) {
        return total == 0 ? 0 : MetricRounding.percentage(part, total);
    }
}

package io.shardlab.advisor;

import java.util.List;

/**
 * analyzeShardKey's {@code writeDistribution} for a query mix on one candidate key (docs
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}; mongo
 * {@code analyze_shard_key_read_write_distribution.cpp}; {@code src/mongo/s/analyze_shard_key_cmd.idl},
 * {@code WriteDistributionMetrics}). Counts are weights; percentages are of {@code total}, rounded as
 * MongoDB rounds them; with no writes only the sample size is reported ({@link #isEmpty}). As for
 * reads, the raw counts are MongoDB's but left out of its reply.
 *
 * @param total writes in the mix
 * @param update update commands (updateOne, updateMany, replaceOne)
 * @param delete delete commands
 * @param findAndModify findAndModify commands
 * @param numSingleShardWrites writes whose filter (or, for a non-upsert replacement, whose
 *     replacement document) gives the full shard key
 * @param numMultiShardWrites writes that narrow the key to part of its range
 * @param numScatterGatherWrites writes with no usable shard-key condition
 * @param numWritesByRange per range of the candidate key the writes that reach it; empty without writes
 * @param numShardKeyUpdates updates that change a shard-key field ({@link ReadWriteDistribution})
 * @param numSingleWritesWithoutShardKey single-document writes that are not single-shard
 * @param numMultiWritesWithoutShardKey multi-document writes that are not single-shard
 */
public record WriteDistributionMetrics(
        long total,
        long update,
        long delete,
        long findAndModify,
        long numSingleShardWrites,
        long numMultiShardWrites,
        long numScatterGatherWrites,
        List<Long> numWritesByRange,
        long numShardKeyUpdates,
        long numSingleWritesWithoutShardKey,
        long numMultiWritesWithoutShardKey) {

    public WriteDistributionMetrics {
        if (update < 0 || delete < 0 || findAndModify < 0 || total != update + delete + findAndModify) {
            throw new IllegalArgumentException(String.format(
                    "total: the sum of the commands, got %s", // untranslated: a developer's contract
                    total));
        }
        if (numSingleShardWrites < 0
                || numMultiShardWrites < 0
                || numScatterGatherWrites < 0
                || numSingleShardWrites + numMultiShardWrites + numScatterGatherWrites != total) {
            throw new IllegalArgumentException(
                    "num{SingleShard,MultiShard,ScatterGather}Writes: sum"); // untranslated: a developer's contract
        }
        if (numShardKeyUpdates < 0 || numShardKeyUpdates > update + findAndModify) {
            throw new IllegalArgumentException(String.format(
                    "numShardKeyUpdates: between 0 and the updates, got %s", // untranslated: a developer's contract
                    numShardKeyUpdates));
        }
        if (numSingleWritesWithoutShardKey < 0
                || numMultiWritesWithoutShardKey < 0
                || numSingleWritesWithoutShardKey + numMultiWritesWithoutShardKey + numSingleShardWrites != total) {
            throw new IllegalArgumentException(
                    "num{Single,Multi}WritesWithoutShardKey: not single-shard"); // untranslated: a developer's contract
        }
        numWritesByRange = List.copyOf(numWritesByRange);
        if (total == 0 != numWritesByRange.isEmpty()) {
            throw new IllegalArgumentException(
                    "numWritesByRange: present exactly when there are writes"); // untranslated: a developer's contract
        }
    }

    /** No writes. */
    public static WriteDistributionMetrics none() {
        return new WriteDistributionMetrics(0, 0, 0, 0, 0, 0, 0, List.of(), 0, 0, 0);
    }

    /** Whether the mix has no writes. */
    public boolean isEmpty() {
        return total == 0;
    }

    public double percentageOfSingleShardWrites() {
        return pct(numSingleShardWrites);
    }

    public double percentageOfMultiShardWrites() {
        return pct(numMultiShardWrites);
    }

    public double percentageOfScatterGatherWrites() {
        return pct(numScatterGatherWrites);
    }

    public double percentageOfShardKeyUpdates() {
        return pct(numShardKeyUpdates);
    }

    public double percentageOfSingleWritesWithoutShardKey() {
        return pct(numSingleWritesWithoutShardKey);
    }

    public double percentageOfMultiWritesWithoutShardKey() {
        return pct(numMultiWritesWithoutShardKey);
    }

    private double pct(long part) {
        return total == 0 ? 0 : MetricRounding.percentage(part, total);
    }
}

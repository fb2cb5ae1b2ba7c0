package io.shardlab.routing;

/**
 * How a query shape targets shards, in analyzeShardKey's vocabulary (docs
 * {@code analyzeShardKey-readWriteDistribution-structure}; mongo
 * {@code src/mongo/db/s/analyze_shard_key_read_write_distribution.cpp},
 * {@code _incrementMetricsForQuery}).
 *
 * <p>The class describes the filter's shape, not the layout: a range that happens to fall in one
 * chunk is still {@link #MULTI_SHARD}, and an equality on the full shard key is
 * {@link #SINGLE_SHARD} whatever the data distribution.
 */
public enum TargetingClass {

    /** Equality on the full shard key: one shard, regardless of how the data is distributed. */
    SINGLE_SHARD("single-shard"),
    /** A shard-key condition that leaves a sub-range of the key space (a range, a prefix, an $in). */
    MULTI_SHARD("multi-shard"),
    /** No usable shard-key condition: the whole key space [MinKey, MaxKey], every shard. */
    SCATTER_GATHER("scatter-gather");

    private final String label;

    TargetingClass(String label) {
        this.label = label;
    }

    /** The word analyzeShardKey's documentation uses, e.g. {@code "single-shard"}. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}

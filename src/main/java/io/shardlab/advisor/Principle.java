package io.shardlab.advisor;

/**
 * The shard-key principles of MongoDB's documentation ({@code core/sharding-choose-a-shard-key}:
 * "Shard Key Cardinality", "Shard Key Frequency", "Monotonically Changing Shard Keys"; query
 * targeting: {@code core/sharded-cluster-query-router}, "Targeted Operations vs. Broadcast
 * Operations"; jumbo chunks: {@code core/sharding-data-partitioning}) that findings are tied to.
 */
public enum Principle {
    CARDINALITY(
            "cardinality",
            "the number of distinct values caps the number of chunks, so the cluster's ability " + "to spread data"),
    FREQUENCY(
            "frequency",
            "documents with one value always live in one chunk, so a frequent value makes a chunk "
                    + "that cannot be split"),
    MONOTONICITY(
            "monotonicity",
            "a key that grows or shrinks with every insert sends all inserts to the chunk at "
                    + "the end of the range, on one shard"),
    WRITE_DISTRIBUTION("write distribution", "inserts should land on every shard, not queue on one"),
    DATA_DISTRIBUTION("data distribution", "each shard should hold a fair share of the documents"),
    QUERY_TARGETING(
            "query targeting",
            "an operation with the full shard key reaches one shard; without it, mongos "
                    + "broadcasts it to every shard (scatter-gather)"),
    SAMPLE("sample", "metrics are only as good as the sample behind them");

    private final String label;
    private final String summary;

    Principle(String label, String summary) {
        this.label = label;
        this.summary = summary;
    }

    /** A short name, e.g. {@code "cardinality"}. */
    public String label() {
        return label;
    }

    /** The principle in one sentence. */
    public String summary() {
        return summary;
    }
}

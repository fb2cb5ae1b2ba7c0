package io.shardlab.advisor;

import io.shardlab.text.Message;

/**
 * The shard-key principles of MongoDB's documentation ({@code core/sharding-choose-a-shard-key}:
 * "Shard Key Cardinality", "Shard Key Frequency", "Monotonically Changing Shard Keys"; query
 * targeting: {@code core/sharded-cluster-query-router}, "Targeted Operations vs. Broadcast
 * Operations"; jumbo chunks: {@code core/sharding-data-partitioning}) that findings are tied to.
 */
public enum Principle {
    CARDINALITY("advisor.principle.cardinality"),
    FREQUENCY("advisor.principle.frequency"),
    MONOTONICITY("advisor.principle.monotonicity"),
    WRITE_DISTRIBUTION("advisor.principle.writeDistribution"),
    DATA_DISTRIBUTION("advisor.principle.dataDistribution"),
    QUERY_TARGETING("advisor.principle.queryTargeting"),
    SAMPLE("advisor.principle.sample");

    private final String key;

    Principle(String key) {
        this.key = key;
    }

    /** A short name, e.g. "cardinality" in English. */
    public Message label() {
        return Message.of(key);
    }

    /** The principle in one sentence. */
    public Message summary() {
        return Message.of(key + ".summary");
    }
}

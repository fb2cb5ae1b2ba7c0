package io.shardlab.live;

import java.util.Comparator;
import java.util.List;

/**
 * Per-shard data of one collection and where the figures came from.
 *
 * @param source {@code "$shardedDataDistribution"} (6.0.3+, mongos) or {@code "$collStats"}
 * @param shards one entry per shard that reported, sorted by shard id
 */
public record DataDistribution(String source, List<ShardDataSize> shards) {

    /** Source name of the 6.0.3+ aggregation stage. */
    public static final String SHARDED_DATA_DISTRIBUTION = "$shardedDataDistribution";
    /** Source name of the per-shard {@code $collStats} fallback. */
    public static final String COLL_STATS = "$collStats";

    public DataDistribution {
        shards = shards.stream()
                .sorted(Comparator.comparing(ShardDataSize::shard))
                .toList();
    }

    /** Total owned documents. */
    public long totalDocuments() {
        return shards.stream().mapToLong(ShardDataSize::documents).sum();
    }

    /** Total owned bytes. */
    public long totalBytes() {
        return shards.stream().mapToLong(ShardDataSize::bytes).sum();
    }
}

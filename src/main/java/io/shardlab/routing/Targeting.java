package io.shardlab.routing;

import java.util.List;
import java.util.Optional;

/**
 * Where one operation goes on the current chunk layout, and why.
 *
 * @param shards the shard ids mongos sends the operation to, sorted (mongos keeps a
 *     {@code std::set<ShardId>}); empty when MongoDB rejects the operation
 * @param targeting the class of the filter's shape, as analyzeShardKey defines it
 * @param reason one sentence explaining the answer
 * @param error MongoDB's error message when mongos refuses to route the operation (an upsert or single
 *     write it cannot target, a document whose shard key cannot be extracted)
 * @param ranges the full-key ranges the filter reaches ({@code flattenBounds}); empty when the filter
 *     pins one exact key or can match nothing
 */
public record Targeting(
        List<String> shards, TargetingClass targeting, String reason, Optional<String> error, List<KeyRange> ranges) {

    public Targeting {
        shards = List.copyOf(shards);
        ranges = List.copyOf(ranges);
        if (targeting == null || reason == null || reason.isBlank() || error == null) {
            throw new IllegalArgumentException("targeting/reason/error: all are required");
        }
        if (error.isPresent() && !shards.isEmpty()) {
            throw new IllegalArgumentException("shards: a rejected operation reaches no shard, got " + shards);
        }
    }

    /**
     * What the operation reached, in words that go with its class: "reaches shard02 (1 of 3 shards)",
     * "reaches shard01, shard03 (2 of 3 shards)", "reaches all 3 shards", "reaches no shard".
     *
     * @param clusterShards the cluster's shard count
     */
    public String reach(int clusterShards) {
        if (shards.isEmpty()) {
            return "reaches no shard";
        }
        if (shards.size() == clusterShards && clusterShards > 1) {
            return "reaches all " + Counts.of(clusterShards, "shard");
        }
        return "reaches " + String.join(", ", shards) + " (" + shards.size() + " of "
                + Counts.of(clusterShards, "shard") + ")";
    }

    /** Whether MongoDB refuses the operation. */
    public boolean rejected() {
        return error.isPresent();
    }
}

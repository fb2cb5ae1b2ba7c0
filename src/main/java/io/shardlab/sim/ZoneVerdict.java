package io.shardlab.sim;

import java.util.Map;

/**
 * The numbers behind the balancer's decision for one zone ({@code ""}: the range no zone covers) in one round, as
 * the release's policy computes them ({@link DataSizeBalancerPolicy}, {@link ChunkCountBalancerPolicy}), and the
 * outcome: whether it moves a chunk, and if not, which test held it back.
 *
 * @param zone the zone, {@code ""} for the range outside every zone
 * @param measure what is compared: {@code "bytes"} (data size, 6.0.3 on) or {@code "chunks"} (chunk count)
 * @param load each of the zone's shards' load in {@code measure}, by shard id
 * @param ideal the zone's ideal load per shard
 * @param threshold how far apart the donor must be (data size: from the receiver; chunk count: from the ideal)
 * @param donor the most loaded available shard, or null
 * @param receiver the least loaded available suitable shard, or null
 * @param outcome what the policy decides
 */
public record ZoneVerdict(
        String zone,
        String measure,
        Map<String, Long> load,
        long ideal,
        long threshold,
        String donor,
        String receiver,
        Outcome outcome) {

    public ZoneVerdict {
        load = Map.copyOf(load);
    }

    /**
     * What the policy decides, in the order its tests run; the front ends say it from their bundles by name
     * ({@code cli.balancer.outcome.<NAME>}, {@code balancer.outcome.<NAME>}).
     */
    public enum Outcome {
        /** The zone holds nothing to balance. */
        NO_DATA,
        /** No donor or no receiver is available (all in a migration, draining, or outside the zone). */
        NO_SHARD_AVAILABLE,
        /** The most loaded shard is also the least loaded one. */
        SAME_SHARD,
        /** The donor holds no more than the ideal. */
        DONOR_NOT_ABOVE_IDEAL,
        /** The receiver already holds the ideal or more. */
        RECEIVER_NOT_BELOW_IDEAL,
        /** The imbalance is under the release's threshold. */
        UNDER_THRESHOLD,
        /** The donor has no chunk of the zone it can move (all jumbo). */
        NO_MOVABLE_CHUNK,
        /** A chunk (or a range of about one chunk size) moves from the donor to the receiver. */
        MIGRATES
    }

    /** Whether the policy moves a chunk of this zone. */
    public boolean migrates() {
        return outcome == Outcome.MIGRATES;
    }
}

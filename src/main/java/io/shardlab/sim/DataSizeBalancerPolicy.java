package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The data-size balancer of 6.0 and later, mongo {@code balancer_policy.cpp}
 * ({@code _singleZoneBalanceBasedOnDataSize}, 7.0/8.0 files; DOCS-15792 "The migration threshold
 * for 6.0 is 3x the configured chunk size"):
 * <ul>
 *   <li>per zone: {@code ideal = (sum of the collection's data size on the zone's shards) /
 *       shardsInZone} (integer division); a zone without data is skipped;</li>
 *   <li>donor: the available shard holding the most data of the collection, among the zone's shards from
 *       8.2.6 (SERVER-115962; before, among all shards, {@code _getMostOverloadedShard} ignoring its
 *       {@code chunkZone}, so a zone whose shards were not the cluster's most loaded was never balanced);
 *       receiver: the available suitable shard holding the least;</li>
 *   <li>migrate iff donor ≠ receiver, {@code fromSize > ideal}, {@code toSize < ideal} and
 *       {@code fromSize - toSize >= 3 * maxChunkSizeBytes};</li>
 *   <li>the migration is a {@code moveRange} from the min of the donor's first non-jumbo chunk of
 *       the zone with no max: the donor cuts about one max chunk size of data
 *       ({@code autoSplitVector} with limit 1, {@link AutoSplitVector}).</li>
 * </ul>
 * Draining and zone-violation moves are also {@code moveRange}s without max from 6.0. (The first
 * 6.0 releases compared only the 3 × chunk size difference, without the two ideal checks; ShardLab
 * follows the later 6.0+ code.)
 */
final class DataSizeBalancerPolicy extends BalancerPolicy {

    private final boolean donorWithinZone;

    /** @param donorWithinZone whether the donor is taken among the zone's shards only (8.2.6 on) */
    DataSizeBalancerPolicy(boolean donorWithinZone) {
        this.donorWithinZone = donorWithinZone;
    }

    @Override
    ZoneVerdict verdict(ClusterState state, String zone, int shardsInZone, Set<String> available) {
        Map<String, long[]> data = state.dataByShard();
        Map<String, Long> load = new TreeMap<>();
        long total = 0;
        for (Shard s : state.shards().values()) {
            if (zone.isEmpty() || s.zones().contains(zone)) {
                total += data.get(s.id())[1];
                load.put(s.id(), data.get(s.id())[1]);
            }
        }
        long ideal = total / shardsInZone;
        long threshold = 3 * state.maxChunkSizeBytes();
        if (total == 0) {
            return new ZoneVerdict(zone, "bytes", load, ideal, threshold, null, null, ZoneVerdict.Outcome.NO_DATA);
        }
        String from = null;
        long fromSize = Long.MIN_VALUE;
        for (Shard s : state.shards().values()) {
            boolean inZone = !donorWithinZone || zone.isEmpty() || s.zones().contains(zone);
            if (inZone && available.contains(s.id()) && data.get(s.id())[1] > fromSize) {
                fromSize = data.get(s.id())[1];
                from = s.id();
            }
        }
        String to = leastLoadedReceiver(state, zone, available);
        ZoneVerdict.Outcome outcome;
        if (from == null || to == null) {
            outcome = ZoneVerdict.Outcome.NO_SHARD_AVAILABLE;
        } else if (from.equals(to)) {
            outcome = ZoneVerdict.Outcome.SAME_SHARD;
        } else if (fromSize <= ideal) {
            outcome = ZoneVerdict.Outcome.DONOR_NOT_ABOVE_IDEAL;
        } else if (data.get(to)[1] >= ideal) {
            outcome = ZoneVerdict.Outcome.RECEIVER_NOT_BELOW_IDEAL;
        } else if (fromSize - data.get(to)[1] < threshold) {
            outcome = ZoneVerdict.Outcome.UNDER_THRESHOLD;
        } else if (firstMovableChunk(state, from, zone) < 0) {
            outcome = ZoneVerdict.Outcome.NO_MOVABLE_CHUNK;
        } else {
            outcome = ZoneVerdict.Outcome.MIGRATES;
        }
        return new ZoneVerdict(zone, "bytes", load, ideal, threshold, from, to, outcome);
    }

    /** {@code _getLeastLoadedReceiverShard} with data sizes: least data of the collection. */
    @Override
    String leastLoadedReceiver(ClusterState state, String zone, Set<String> available) {
        Map<String, long[]> data = state.dataByShard();
        String best = null;
        long min = Long.MAX_VALUE;
        for (Shard s : state.shards().values()) {
            if (!available.contains(s.id()) || !suitableReceiver(state, s, zone)) {
                continue;
            }
            long size = data.get(s.id())[1];
            if (size < min) {
                min = size;
                best = s.id();
            }
        }
        return best;
    }
}

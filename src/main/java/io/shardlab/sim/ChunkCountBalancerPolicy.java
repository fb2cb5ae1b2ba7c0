package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.Shard;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The chunk-count balancer of 4.0 to 6.0.2, mongo {@code balancer_policy.cpp} ({@code balance},
 * {@code _singleZoneBalance}); the ideal and the threshold are the release's
 * {@link ReleaseRules.ChunkCountRule} (4.0: ceiling, threshold 2 or 1 under 20 chunks; 4.2 on: roundf,
 * threshold 1, DOCS-11680 / SERVER-35003):
 * <ul>
 *   <li>{@code ideal} of chunksInZone over shardsInZone, where the no-zone range counts every chunk of
 *       the collection and every shard;</li>
 *   <li>donor: the available shard with the most chunks of the zone; stop if it has
 *       {@code <= ideal};</li>
 *   <li>receiver: the available suitable shard with the fewest chunks in total; stop if it has
 *       {@code >= ideal} chunks of the zone;</li>
 *   <li>migrate the donor's first non-jumbo chunk of the zone when {@code max - ideal >= threshold};
 *       repeat while shards remain.</li>
 * </ul>
 */
final class ChunkCountBalancerPolicy extends BalancerPolicy {

    private final ReleaseRules.ChunkCountRule rule;

    ChunkCountBalancerPolicy(ReleaseRules.ChunkCountRule rule) {
        this.rule = rule;
    }

    @Override
    ZoneVerdict verdict(ClusterState state, String zone, int shardsInZone, Set<String> available) {
        ChunkMap chunks = state.chunks();
        int total = zone.isEmpty() ? chunks.size() : chunksInZone(state, zone, null);
        int ideal = rule.ideal(total, shardsInZone);
        int threshold = rule.threshold(chunks.size());
        Map<String, Long> load = new TreeMap<>();
        String from = null;
        int max = 0;
        for (Shard s : state.shards().values()) {
            int n = chunksInZone(state, zone, s.id());
            if (zone.isEmpty() || s.zones().contains(zone)) {
                load.put(s.id(), (long) n);
            }
            if (available.contains(s.id()) && n > max) {
                max = n;
                from = s.id();
            }
        }
        if (from == null || max <= ideal) {
            return new ZoneVerdict(
                    zone,
                    "chunks",
                    load,
                    ideal,
                    threshold,
                    from,
                    null,
                    from == null ? ZoneVerdict.Outcome.NO_DATA : ZoneVerdict.Outcome.DONOR_NOT_ABOVE_IDEAL);
        }
        String to = leastLoadedReceiver(state, zone, available);
        ZoneVerdict.Outcome outcome;
        if (to == null) {
            outcome = ZoneVerdict.Outcome.NO_SHARD_AVAILABLE;
        } else if (chunksInZone(state, zone, to) >= ideal) {
            outcome = ZoneVerdict.Outcome.RECEIVER_NOT_BELOW_IDEAL;
        } else if (max - ideal < threshold) {
            outcome = ZoneVerdict.Outcome.UNDER_THRESHOLD;
        } else if (firstMovableChunk(state, from, zone) < 0) {
            outcome = ZoneVerdict.Outcome.NO_MOVABLE_CHUNK;
        } else {
            outcome = ZoneVerdict.Outcome.MIGRATES;
        }
        return new ZoneVerdict(zone, "chunks", load, ideal, threshold, from, to, outcome);
    }

    private static int chunksInZone(ClusterState state, String zone, String shard) {
        int n = 0;
        for (Chunk c : state.chunks().chunks()) {
            if ((shard == null || c.shard().equals(shard)) && state.zoneOf(c).equals(zone)) {
                n++;
            }
        }
        return n;
    }

    /** {@code _getLeastLoadedReceiverShard} with chunk counts: fewest chunks of the collection in total. */
    @Override
    String leastLoadedReceiver(ClusterState state, String zone, Set<String> available) {
        Map<String, Integer> counts = state.chunks().chunksPerShard();
        String best = null;
        int min = Integer.MAX_VALUE;
        for (Shard s : state.shards().values()) {
            if (!available.contains(s.id()) || !suitableReceiver(state, s, zone)) {
                continue;
            }
            int n = counts.getOrDefault(s.id(), 0);
            if (n < min) {
                min = n;
                best = s.id();
            }
        }
        return best;
    }
}

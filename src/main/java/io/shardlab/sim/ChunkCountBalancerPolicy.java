package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.Shard;
import java.util.List;
import java.util.Set;

/**
 * The chunk-count balancer of 4.4 and 5.0, mongo {@code balancer_policy.cpp} (5.x era,
 * {@code _singleZoneBalance}; DOCS-11680 / SERVER-35003 for the 4.0 change to round + threshold 1):
 * <ul>
 *   <li>{@code ideal = roundf(chunksInZone / (float) shardsInZone)}, where the no-zone range counts
 *       every chunk of the collection and every shard;</li>
 *   <li>donor: the available shard with the most chunks of the zone; stop if it has
 *       {@code <= ideal};</li>
 *   <li>receiver: the available suitable shard with the fewest chunks in total; stop if it has
 *       {@code >= ideal} chunks of the zone;</li>
 *   <li>migrate the donor's first non-jumbo chunk of the zone when {@code max - ideal >= 1}
 *       ({@code kDefaultImbalanceThreshold = 1}); repeat while shards remain.</li>
 * </ul>
 */
final class ChunkCountBalancerPolicy extends BalancerPolicy {

    static final int IMBALANCE_THRESHOLD = 1;

    @Override
    void balanceZone(ClusterState state, String zone, int shardsInZone, Set<String> available, List<Plan> plans) {
        ChunkMap chunks = state.chunks();
        int total = zone.isEmpty() ? chunks.size() : chunksInZone(state, zone, null);
        int ideal = Math.round(total / (float) shardsInZone);
        while (true) {
            String from = null;
            int max = 0;
            for (Shard s : state.shards.values()) {
                if (!available.contains(s.id())) {
                    continue;
                }
                int n = chunksInZone(state, zone, s.id());
                if (n > max) {
                    max = n;
                    from = s.id();
                }
            }
            if (from == null || max <= ideal) {
                return;
            }
            String to = leastLoadedReceiver(state, zone, available);
            if (to == null) {
                return;
            }
            int min = chunksInZone(state, zone, to);
            if (min >= ideal || max - ideal < IMBALANCE_THRESHOLD) {
                return;
            }
            int index = firstMovableChunk(state, from, zone);
            if (index < 0) {
                return;
            }
            plans.add(new Plan(index, to, MigrationReason.CHUNKS_IMBALANCE, false));
            use(available, from, to);
        }
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
        java.util.Map<String, Integer> counts = state.chunks().chunksPerShard();
        String best = null;
        int min = Integer.MAX_VALUE;
        for (Shard s : state.shards.values()) {
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

package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.Shard;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One balancer round's choice of migrations, mongo {@code src/mongo/db/s/balancer/balancer_policy.cpp}
 * ({@code BalancerPolicy::balance}). The order is the same in every supported version:
 * <ol>
 *   <li>draining shards first: per draining shard the first non-jumbo chunk (key order) goes to
 *       the least loaded suitable receiver;</li>
 *   <li>then, if zones exist, per shard the first non-jumbo chunk that lies in a zone the shard is
 *       not in (a zone violation) goes to the least loaded shard of that zone;</li>
 *   <li>then each zone, and finally the no-zone range {@code ""}, is balanced by the version's
 *       measure: chunk counts before 6.0 ({@link ChunkCountBalancerPolicy}), data size from 6.0
 *       ({@link DataSizeBalancerPolicy}).</li>
 * </ol>
 * A shard takes part in at most one migration per round ({@code availableShards} /
 * {@code usedShards}), so at most ⌊shards / 2⌋ migrations run in parallel; shards already in a
 * migration when the round starts (the migrations in flight) are not available. A receiver is
 * suitable when it is not draining, for a zoned chunk belongs to the zone, and before 6.2 is not at
 * its {@code maxSize} ({@code isShardSuitableReceiver}). Ties go to the first shard in id order (MongoDB's order is the
 * config.shards order).
 */
abstract class BalancerPolicy {

    /** A chosen migration: the chunk at {@code chunkIndex} (or a range from its min) goes to {@code to}. */
    record Plan(int chunkIndex, String to, MigrationReason reason, boolean forceJumbo) {}

    /**
     * The migrations of one round. {@code busy} are shards already in a migration (they are not
     * available this round).
     */
    final List<Plan> selectMigrations(ClusterState state, Set<String> busy) {
        Set<String> available = new TreeSet<>(state.shards().keySet());
        available.removeAll(busy);
        List<Plan> plans = new ArrayList<>();
        ChunkMap chunks = state.chunks();
        // 1) draining shards
        for (Shard s : state.shards().values()) {
            if (!s.draining() || !available.contains(s.id())) {
                continue;
            }
            for (int i = 0; i < chunks.size(); i++) {
                Chunk c = chunks.get(i);
                if (!c.shard().equals(s.id()) || c.jumbo()) {
                    continue;
                }
                String to = leastLoadedReceiver(state, state.zoneOf(c), available);
                if (to == null) {
                    continue;
                }
                plans.add(new Plan(i, to, MigrationReason.DRAIN, true));
                use(available, s.id(), to);
                break;
            }
            if (available.size() < 2) {
                return plans;
            }
        }
        // 2) zone violations
        if (!state.collection().zones().isEmpty()) {
            for (Shard s : state.shards().values()) {
                if (!available.contains(s.id())) {
                    continue;
                }
                for (int i = 0; i < chunks.size(); i++) {
                    Chunk c = chunks.get(i);
                    if (!c.shard().equals(s.id())) {
                        continue;
                    }
                    String zone = state.zoneOf(c);
                    if (zone.isEmpty() || s.zones().contains(zone)) {
                        continue;
                    }
                    state.emit(new ClusterEvent.ZoneViolation(state.clock(), c, zone));
                    if (c.jumbo()) {
                        continue;
                    }
                    String to = leastLoadedReceiver(state, zone, available);
                    if (to == null) {
                        continue;
                    }
                    plans.add(new Plan(i, to, MigrationReason.ZONE_VIOLATION, false));
                    use(available, s.id(), to);
                    break;
                }
                if (available.size() < 2) {
                    return plans;
                }
            }
        }
        // 3) each zone, then the no-zone range
        Set<String> zones = new TreeSet<>();
        state.collection().zones().forEach(z -> zones.add(z.zone()));
        List<String> zonesPlusEmpty = new ArrayList<>(zones);
        zonesPlusEmpty.add("");
        for (String zone : zonesPlusEmpty) {
            int shardsInZone = 0;
            for (Shard s : state.shards().values()) {
                if (zone.isEmpty() || s.zones().contains(zone)) {
                    shardsInZone++;
                }
            }
            if (shardsInZone == 0) {
                continue;
            }
            balanceZone(state, zone, shardsInZone, available, plans);
        }
        return plans;
    }

    /**
     * Adds this version's migrations for one zone ({@code ""} = no zone) to {@code plans}: while the release's
     * {@link #verdict} moves a chunk, the donor's first movable chunk goes to the receiver, and both leave the round.
     */
    void balanceZone(ClusterState state, String zone, int shardsInZone, Set<String> available, List<Plan> plans) {
        while (true) {
            ZoneVerdict v = verdict(state, zone, shardsInZone, available);
            if (!v.migrates()) {
                return;
            }
            plans.add(new Plan(
                    firstMovableChunk(state, v.donor(), zone), v.receiver(), MigrationReason.CHUNKS_IMBALANCE, false));
            use(available, v.donor(), v.receiver());
        }
    }

    /**
     * The numbers this release's policy compares for {@code zone} with {@code available} shards, and what it
     * decides: the one place the rule is written, which {@link #balanceZone} follows.
     */
    abstract ZoneVerdict verdict(ClusterState state, String zone, int shardsInZone, Set<String> available);

    /** The least loaded available suitable receiver for a chunk of {@code zone}, or null. */
    abstract String leastLoadedReceiver(ClusterState state, String zone, Set<String> available);

    /**
     * Whether {@code s} may receive a chunk of {@code zone} ({@code isShardSuitableReceiver}): not
     * draining, in the zone, and, where the release honours {@code maxSize}
     * ({@link io.shardlab.cluster.ReleaseRules#maxSize}), not at or over it.
     */
    static boolean suitableReceiver(ClusterState state, Shard s, String zone) {
        if (state.policies().rules().maxSize() && sizeMaxed(state, s)) {
            return false;
        }
        return !s.draining() && (zone.isEmpty() || s.zones().contains(zone));
    }

    /**
     * {@code ShardStatistics::isSizeMaxed} (mongo {@code src/mongo/db/s/balancer/cluster_statistics.cpp}):
     * a maxSize and a current size are set and {@code currSizeMB >= maxSizeMB}. MongoDB's current
     * size is the shard's {@code listDatabases} {@code totalSize} in whole MB
     * ({@code cluster_statistics_impl.cpp}); the simulator holds one collection and counts its data
     * on the shard.
     */
    static boolean sizeMaxed(ClusterState state, Shard s) {
        if (s.maxSizeMB() == 0) {
            return false;
        }
        long currSizeMB = state.dataByShard().get(s.id())[1] / (1024 * 1024);
        return currSizeMB != 0 && currSizeMB >= s.maxSizeMB();
    }

    /** The index of the first non-jumbo chunk of {@code zone} on {@code shard}, or -1. */
    static int firstMovableChunk(ClusterState state, String shard, String zone) {
        ChunkMap chunks = state.chunks();
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            if (c.shard().equals(shard) && !c.jumbo() && state.zoneOf(c).equals(zone)) {
                return i;
            }
        }
        return -1;
    }

    /** Marks both shards of a plan as used this round. */
    static void use(Set<String> available, String from, String to) {
        available.remove(from);
        available.remove(to);
    }

    /** Shards in a migration in flight. */
    static Set<String> busyShards(ClusterState state) {
        Set<String> busy = new HashSet<>();
        for (Migration m : state.migrations()) {
            busy.add(m.from());
            busy.add(m.to());
        }
        return busy;
    }
}

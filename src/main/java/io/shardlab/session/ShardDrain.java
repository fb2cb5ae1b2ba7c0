package io.shardlab.session;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.DrainRemaining;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How far a draining shard's removal has come and what keeps it, as MongoDB's {@code shardDrainingStatus} (8.3) and
 * {@code removeShard} (before) count it in {@code remaining}: what is left on it is the mongos's own count ({@link
 * DrainRemaining}: its chunks, jumbo ones apart, as the balancer leaves a chunk flagged jumbo, {@code
 * balancer_policy.cpp}; the collections with data on it; the unsharded ones among them, {@code moveCollection} each
 * from 8.0; the databases whose primary it is, {@code movePrimary}), and beside it the zones with ranges that only it
 * holds (their chunks have nowhere to go: 8.3's {@code startShardDraining} refuses such a shard with ZoneStillInUse,
 * {@link io.shardlab.sim.StartShardDraining}).
 *
 * @param pausable whether the release drains with 8.3's {@code startShardDraining} … {@code commitShardRemoval}
 *     rather than {@code removeShard}
 * @param remaining what is left on the shard, as the mongos counts it
 * @param soleZones the zones with ranges whose only shard it is, sorted
 */
public record ShardDrain(boolean pausable, DrainRemaining remaining, List<String> soleZones) {

    public ShardDrain {
        Objects.requireNonNull(remaining, "remaining");
        soleZones = List.copyOf(soleZones);
    }

    /**
     * Every draining shard of the explorer's cluster: what the session's mongos counts on it when the mongos exists
     * (a client or the Shell panel reached the cluster), else what the collection on show and its primary leave
     * there. A sole zone is judged over every sharded collection of the mongos's catalog (and the ranges set for
     * collections not sharded yet), as {@code startShardDraining} judges ZoneStillInUse over config.tags; without a
     * mongos the collection on show is the cluster's only one. Read on the simulation thread.
     */
    public static List<ShardDrain> of(SimulatedCluster shown, Optional<MongosCommands> mongos) {
        boolean pausable = ReleaseRules.of(shown.version()).shardDrainingCommands();
        SimulationSnapshot snapshot = shown.snapshot();
        List<Shard> shards = snapshot.shards();
        String ns = snapshot.collection().map(ClusterSnapshot::namespace).orElse("");
        List<ShardDrain> out = new ArrayList<>();
        for (Shard s : shards) {
            if (!s.draining()) {
                continue;
            }
            String id = s.id();
            DrainRemaining remaining =
                    mongos.map(m -> m.drainRemaining(id)).orElseGet(() -> DrainRemaining.of(shown, ns, id));
            TreeSet<String> soleZones = new TreeSet<>();
            for (String zone : s.zones()) {
                boolean alone = shards.stream()
                        .noneMatch(o -> !o.id().equals(id) && o.zones().contains(zone));
                boolean ranged =
                        mongos.map(m -> m.catalog().zoneHasRange(zone)).orElseGet(() -> shown.hasZoneRangeIn(zone));
                if (alone && ranged) {
                    soleZones.add(zone);
                }
            }
            out.add(new ShardDrain(pausable, remaining, List.copyOf(soleZones)));
        }
        return out;
    }

    /**
     * What is left of each draining shard's drain ({@link #left}), by shard id, counted as {@link #of} counts: what
     * the lanes' DRAINING badges say, measured with every new state on the simulation thread.
     */
    public static Map<String, Message> leftByShard(SimulatedCluster shown, Optional<MongosCommands> mongos) {
        Map<String, Message> out = new LinkedHashMap<>();
        of(shown, mongos).forEach(d -> out.put(d.remaining().shard(), d.left()));
        return out;
    }

    /** Whether nothing is left: the removal can be completed ({@code commitShardRemoval}, or removeShard again). */
    public boolean drained() {
        return remaining.drained();
    }

    /** What the lane's DRAINING badge adds: {@code 3 chunks · 2 collections left}. */
    public Message left() {
        return left(remaining);
    }

    /**
     * The words of what is left on a draining shard, {@code 3 chunks · 2 collections left}: every DRAINING badge says
     * them (the explorer's lanes, the placement board, their exports, the CLI's pictures).
     */
    public static Message left(DrainRemaining remaining) {
        return Message.of(
                "balancer.drain.left",
                remaining.chunks(),
                remaining.collections().size());
    }

    /**
     * What is left of each draining shard of {@code mongos}'s catalog, by shard id, as the mongos counts it: the
     * placement board's badges, and a picture the CLI draws of a cluster it simulated.
     */
    public static Map<String, Message> leftByShard(MongosCommands mongos) {
        Map<String, Message> out = new LinkedHashMap<>();
        for (Shard s : mongos.catalog().shards()) {
            if (s.draining()) {
                out.put(s.id(), left(mongos.drainRemaining(s.id())));
            }
        }
        return out;
    }

    /**
     * The drain in Why no move?'s words: how far it has come, then each thing that keeps it, the balancer's own
     * switch and window first (off or outside its window the balancer moves nothing off the shard: mongo
     * {@code balancer.cpp}).
     *
     * @param decision the balancer's decision for the collection on show
     */
    public List<Message> words(BalancerDecision decision) {
        long chunks = remaining.chunks();
        long jumboChunks = remaining.jumboChunks();
        List<String> unsharded = remaining.collectionsToMove();
        List<String> databases = remaining.databases();
        List<Message> out = new ArrayList<>();
        out.add(Message.of(
                "balancer.drain",
                remaining.shard(),
                pausable ? 1 : 0,
                chunks,
                remaining.collections().size()));
        if (chunks > jumboChunks && !decision.balancerEnabled()) {
            out.add(Message.of("balancer.drain.off"));
        } else if (chunks > jumboChunks && !decision.insideWindow()) {
            out.add(Message.of("balancer.drain.window"));
        }
        if (jumboChunks > 0) {
            out.add(Message.of("balancer.drain.jumbo", jumboChunks));
        }
        soleZones.forEach(zone -> out.add(Message.of("balancer.drain.zone", zone)));
        if (!unsharded.isEmpty()) {
            out.add(Message.of("balancer.drain.unsharded", unsharded.size(), String.join(", ", unsharded)));
        }
        if (!databases.isEmpty()) {
            out.add(Message.of("balancer.drain.primary", databases.size(), String.join(", ", databases)));
        }
        if (drained()) {
            out.add(Message.of("balancer.drain.done", pausable ? 1 : 0));
        }
        return out;
    }
}

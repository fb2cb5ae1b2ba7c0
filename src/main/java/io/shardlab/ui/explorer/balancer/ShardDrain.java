package io.shardlab.ui.explorer.balancer;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.SimulatedCluster;
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
 * {@code removeShard} (before) count it in {@code remaining} (mongo {@code sharding_catalog_manager_shard_operations.cpp},
 * {@code checkDrainingProgress}; the fields of {@code remove_shard_draining_progress.idl}; the same count as the
 * mongos's {@link io.shardlab.mongos.ShardDrainingCommands}): its chunks, jumbo ones apart (the balancer leaves a
 * chunk flagged jumbo, {@code balancer_policy.cpp}), the collections that still have data on it, the unsharded ones
 * among them ({@code collectionsToMove}: {@code moveCollection} each, from 8.0), the databases whose primary it is
 * ({@code dbsToMove}: {@code movePrimary}), and the zones with ranges that only it holds (their chunks have nowhere
 * to go: 8.3's {@code startShardDraining} refuses such a shard with ZoneStillInUse, {@link
 * io.shardlab.sim.StartShardDraining}).
 *
 * @param shard the draining shard's id
 * @param pausable whether the release drains with 8.3's {@code startShardDraining} … {@code commitShardRemoval}
 *     rather than {@code removeShard}
 * @param chunks chunks still on it, over every sharded collection, at least 0
 * @param jumboChunks those of them flagged jumbo, at most {@code chunks}
 * @param collections namespaces with data still on it (sharded with chunks there, or unsharded living there), sorted
 * @param unsharded the unsharded collections among {@code collections}, sorted
 * @param databases the databases whose primary it is, sorted
 * @param soleZones the zones with ranges whose only shard it is, sorted
 */
public record ShardDrain(
        String shard,
        boolean pausable,
        long chunks,
        long jumboChunks,
        List<String> collections,
        List<String> unsharded,
        List<String> databases,
        List<String> soleZones) {

    public ShardDrain {
        Objects.requireNonNull(shard, "shard");
        if (chunks < 0 || jumboChunks < 0 || jumboChunks > chunks) {
            String bounds = "chunks: 0 ≤ jumboChunks ≤ chunks, got "; // untranslated: a developer's contract
            throw new IllegalArgumentException(bounds + jumboChunks + " of " + chunks);
        }
        collections = List.copyOf(collections);
        unsharded = List.copyOf(unsharded);
        databases = List.copyOf(databases);
        soleZones = List.copyOf(soleZones);
    }

    /**
     * Every draining shard of the explorer's cluster: over the catalog's collections and databases when the catalog
     * exists (a client or the Shell panel reached the cluster), else over the collection on show and its primary.
     * Read on the simulation thread.
     */
    public static List<ShardDrain> of(SimulatedCluster shown, Optional<ShardedCatalog> catalog) {
        boolean pausable = ReleaseRules.of(shown.version()).shardDrainingCommands();
        List<Shard> shards = shown.snapshot().shards();
        List<ShardDrain> out = new ArrayList<>();
        for (Shard s : shards) {
            if (!s.draining()) {
                continue;
            }
            String id = s.id();
            long[] counts = new long[2];
            TreeSet<String> collections = new TreeSet<>();
            TreeSet<String> unsharded = new TreeSet<>();
            TreeSet<String> databases = new TreeSet<>();
            if (catalog.isPresent()) {
                ShardedCatalog c = catalog.get();
                c.collections().values().forEach(e -> count(e.namespace(), e.cluster(), id, counts, collections));
                c.databases().values().stream()
                        .filter(db -> db.primaryShard().equals(id))
                        .forEach(db -> databases.add(db.name()));
                for (String ns : c.unshardedCollections().keySet()) {
                    if (c.collection(ns).isEmpty()
                            && c.shardOfUnsharded(ns).orElse("").equals(id)) {
                        unsharded.add(ns);
                        collections.add(ns);
                    }
                }
            } else {
                String ns = shown.snapshot()
                        .collection()
                        .map(ClusterSnapshot::namespace)
                        .orElse("");
                count(ns, shown, id, counts, collections);
                if (shown.primaryShard().equals(id) && ns.contains(".")) {
                    databases.add(ns.substring(0, ns.indexOf('.')));
                }
            }
            TreeSet<String> soleZones = new TreeSet<>();
            for (String zone : s.zones()) {
                boolean alone = shards.stream()
                        .noneMatch(o -> !o.id().equals(id) && o.zones().contains(zone));
                if (alone && shown.hasZoneRangeIn(zone)) {
                    soleZones.add(zone);
                }
            }
            out.add(new ShardDrain(
                    id,
                    pausable,
                    counts[0],
                    counts[1],
                    List.copyOf(collections),
                    List.copyOf(unsharded),
                    List.copyOf(databases),
                    List.copyOf(soleZones)));
        }
        return out;
    }

    /**
     * What is left of each draining shard's drain ({@link #left}), by shard id, counted as {@link #of} counts: what
     * the lanes' DRAINING badges say, measured with every new state on the simulation thread.
     */
    public static Map<String, Message> leftByShard(SimulatedCluster shown, Optional<ShardedCatalog> catalog) {
        Map<String, Message> out = new LinkedHashMap<>();
        of(shown, catalog).forEach(d -> out.put(d.shard(), d.left()));
        return out;
    }

    private static void count(String ns, SimulatedCluster cluster, String shard, long[] counts, TreeSet<String> into) {
        for (Chunk chunk : cluster.chunks().chunks()) {
            if (chunk.shard().equals(shard)) {
                counts[0]++;
                counts[1] += chunk.jumbo() ? 1 : 0;
                into.add(ns);
            }
        }
    }

    /** Whether nothing is left: the removal can be completed ({@code commitShardRemoval}, or removeShard again). */
    public boolean drained() {
        return chunks == 0 && collections.isEmpty() && databases.isEmpty();
    }

    /** What the lane's DRAINING badge adds: {@code 3 chunks · 2 collections left}. */
    public Message left() {
        return Message.of("balancer.drain.left", chunks, collections.size());
    }

    /**
     * The drain in Why no move?'s words: how far it has come, then each thing that keeps it, the balancer's own
     * switch and window first (off or outside its window the balancer moves nothing off the shard: mongo
     * {@code balancer.cpp}).
     *
     * @param decision the balancer's decision for the collection on show
     */
    public List<Message> words(BalancerDecision decision) {
        List<Message> out = new ArrayList<>();
        out.add(Message.of("balancer.drain", shard, pausable ? 1 : 0, chunks, collections.size()));
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

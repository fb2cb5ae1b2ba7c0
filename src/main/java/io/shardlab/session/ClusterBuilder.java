package io.shardlab.session;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.workload.InitialSplit;
import java.util.List;
import java.util.Optional;

/**
 * Builds the in-memory cluster a session starts from: a scenario's fresh cluster (its shards, named as
 * every new cluster is, {@link Shard#newClusterId}; its zones; the collection sharded with its options;
 * its pre-split) or a copy of a layout read elsewhere ({@link LayoutFork}). Every cluster it builds keeps
 * the session's bounded undo history.
 */
final class ClusterBuilder {

    /** Undo history entries the cluster keeps (each insert batch and each automatic step is one). */
    static final int HISTORY_ENTRIES = 2_000;
    /** Inserted documents whose undo data the cluster keeps. */
    static final long HISTORY_DOCUMENTS = 2_000_000;

    private ClusterBuilder() {}

    /**
     * The cluster of {@code scenario}: its shards, its zones and zone ranges, the collection sharded on
     * its key with its initial-split options, cut at its split points (or, with no zones or options, the
     * workload's own pre-split) with the chunks spread round-robin.
     *
     * @throws IllegalArgumentException with MongoDB's text when the cluster refuses the key or a split point
     */
    static SimulatedCluster of(ResolvedScenario scenario) {
        Scenario s = scenario.scenario();
        SimulationConfig config = SimulationConfig.of(s.version())
                .withSeed(s.seed())
                .withHistoryLimit(HISTORY_ENTRIES, HISTORY_DOCUMENTS);
        if (s.chunkSizeMegabytes() > 0) {
            config = config.withMaxChunkSizeBytes(s.chunkSizeMegabytes() * 1024L * 1024L);
        }
        SimulatedCluster cluster = new SimulatedCluster(config);
        try {
            for (String id : Shard.newClusterIds(s.shards())) {
                cluster.execute(new AddShard(id));
            }
            for (ClusterCommand c : s.sharding().beforeSharding(s.namespace())) {
                cluster.execute(c);
            }
            cluster.execute(s.sharding().shardCollection(s.namespace(), scenario.key()));
            List<ShardKey> points = scenario.splitPoints();
            if (points.isEmpty() && s.sharding().isEmpty()) {
                points = scenario.source()
                        .initialSplit(scenario.settings())
                        .filter(split -> split.key().equals(scenario.key()))
                        .map(InitialSplit::splitPoints)
                        .orElse(List.of());
            }
            preSplit(cluster, scenario, points);
        } catch (CommandFailedException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return cluster;
    }

    /**
     * A copy of {@code fork}'s layout: the same shards, chunks, zones and per-chunk contents
     * ({@link SimulatedCluster#fromLayout}), simulating the fork's version and chunk size rather than the
     * scenario's (which gives the seed).
     *
     * @throws IllegalArgumentException with what the simulator refuses in the layout
     */
    static SimulatedCluster forked(ResolvedScenario scenario, LayoutFork fork) {
        Scenario s = scenario.scenario();
        SimulationConfig config = SimulationConfig.of(fork.version())
                .withSeed(s.seed())
                .withHistoryLimit(HISTORY_ENTRIES, HISTORY_DOCUMENTS);
        if (fork.chunkSizeBytes() > 0) {
            config = config.withMaxChunkSizeBytes(fork.chunkSizeBytes());
        }
        try {
            return SimulatedCluster.fromLayout(config, fork.load());
        } catch (CommandFailedException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * What the explorer draws of a collection {@code unshardCollection} gathered onto {@code shard} (8.0+): {@code
     * sharded}'s shards and key, one range {@code [MinKey, MaxKey)} on {@code shard} holding every document the
     * collection's chunks held (MongoDB keeps an unsplittable collection as one chunk on its shard, mongo {@code
     * reshard_collection_coordinator.cpp}). The documents are counted, not kept ({@link LoadLayout}). The copy is
     * not the catalog's: nothing advances it, so no balancer round spreads it again.
     */
    static SimulatedCluster gathered(SimulatedCluster sharded, String shard) {
        var snapshot = sharded.snapshot();
        ClusterSnapshot was = snapshot.cluster();
        long documents = 0;
        long bytes = 0;
        for (ChunkStatistics s : snapshot.chunkStatistics()) {
            documents += s.documents();
            bytes += s.bytes();
        }
        ChunkMap one = ChunkMap.single(was.key().arity(), shard);
        ClusterSnapshot layout =
                new ClusterSnapshot(was.namespace(), was.key(), was.unique(), was.shards(), one, List.of());
        try {
            return SimulatedCluster.fromLayout(
                    sharded.config(),
                    new LoadLayout(
                            layout, List.of(new ChunkStatistics(one.chunks().get(0), documents, bytes))));
        } catch (CommandFailedException e) {
            throw new IllegalStateException("one range on " + shard + " refused: " + e.getMessage(), e);
        }
    }

    /**
     * Lays out a pre-split ({@link InitialSplit#layOut}) with the release's move command ({@link ChunkCommands#move});
     * where the release cannot move a chunk of this key, the chunks stay where the splits left them.
     */
    private static void preSplit(SimulatedCluster cluster, ResolvedScenario scenario, List<ShardKey> points) {
        if (points.isEmpty()) {
            return;
        }
        ChunkCommands commands = new ChunkCommands(
                scenario.namespace(), scenario.key(), scenario.scenario().version());
        new InitialSplit(scenario.key(), points)
                .layOut(
                        cluster,
                        scenario.namespace(),
                        commands.moveUnsupportedReason().isEmpty() ? Optional.of(commands::move) : Optional.empty(),
                        ExplorerSession.SETTLE_LIMIT_MILLIS);
    }
}

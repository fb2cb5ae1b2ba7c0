package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One balancer round, run by the simulated clock at MongoDB's interval (mongo
 * {@code src/mongo/db/s/balancer/balancer.cpp}: {@code kBalanceRoundDefaultInterval} 10 s after a
 * round with nothing to do; after a round that moved chunks, the next starts once its migrations
 * finished plus {@code balancerMigrationsThrottlingMs} (1 s), the former
 * {@code kShortBalanceRoundInterval}).
 *
 * <p>A round first splits chunks that straddle a zone boundary (the balancer's split phase,
 * {@code BalancerChunkSelectionPolicy::selectChunksToSplit}), then asks the version's
 * {@link BalancerPolicy} for migrations and starts them. Nothing happens while the balancer is off
 * or outside its active window.
 */
public record BalancerRound() implements ClusterCommand {

    /** mongo balancer.cpp {@code kBalanceRoundDefaultInterval}. */
    public static final long DEFAULT_INTERVAL_MILLIS = 10_000;
    /** mongo sharding_config_server_parameters.idl {@code balancerMigrationsThrottlingMs} default. */
    public static final long AFTER_MIGRATIONS_INTERVAL_MILLIS = 1_000;

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        if (state.collection() == null || !BalancerGate.balancingAllowed(state)) {
            state.scheduleBalancerRound(state.clock() + DEFAULT_INTERVAL_MILLIS);
            return;
        }
        state.countBalancerRound();
        splitAtZoneBoundaries(state);
        Set<String> busy = new HashSet<>(BalancerPolicy.busyShards(state));
        busy.addAll(state.shardsBusyElsewhere());
        boolean shardsBusy = !busy.isEmpty();
        int chosen = 0;
        int started = 0;
        if (state.defragmentation() != null) {
            // a defragmenting collection gets the defragmentation's migrations, never the policy's
            // (balancer_chunk_selection_policy.cpp canBalanceCollection: defragmentCollection)
            started = Defragmenter.round(state, busy);
            chosen = started;
        } else if (!state.balancing().noBalance() && state.balancing().permitMigrations()) {
            List<BalancerPolicy.Plan> plans = selectChunksToMove(state, busy);
            chosen = plans.size();
            // start in descending chunk index so that earlier indexes stay valid if a start splits a chunk
            List<BalancerPolicy.Plan> ordered = new ArrayList<>(plans);
            ordered.sort((a, b) -> Integer.compare(b.chunkIndex(), a.chunkIndex()));
            for (BalancerPolicy.Plan plan : ordered) {
                if (MigrationStarter.startBalancerMigration(state, plan)) {
                    started++;
                }
            }
        }
        state.emit(new ClusterEvent.BalancerRound(state.clock(), chosen, started, shardsBusy));
        if (started > 0) {
            state.balancerRoundAwaitsMigrations();
        } else {
            state.scheduleBalancerRound(state.clock() + DEFAULT_INTERVAL_MILLIS);
        }
    }

    /**
     * {@code BalancerChunkSelectionPolicy::selectChunksToMove} for the collection: the version's
     * {@link BalancerPolicy}, unless a zone bound still falls inside a chunk.
     */
    static List<BalancerPolicy.Plan> selectChunksToMove(ClusterState state, Set<String> busy) {
        if (zoneBoundFallsInsideAChunk(state)) {
            return List.of();
        }
        return state.policies().balancer().selectMigrations(state, busy);
    }

    /**
     * Whether a zone range's min or max lies inside a chunk rather than on a chunk bound: MongoDB then
     * postpones the collection's whole round, draining included, "until the chunk is split
     * appropriately" (IllegalOperation "Zone boundaries … fall in the middle of an existing chunk",
     * mongo {@code balancer_chunk_selection_policy_impl.cpp} {@code _getMigrateCandidatesForCollection},
     * every release; the round's split phase normally cuts such chunks first).
     */
    static boolean zoneBoundFallsInsideAChunk(ClusterState state) {
        ChunkMap chunks = state.chunks();
        for (ZoneRange z : state.collection().zones()) {
            if (!chunks.chunkFor(z.min()).min().equals(z.min())) {
                return true;
            }
            if (!z.max().isGlobalMax() && !chunks.chunkFor(z.max()).min().equals(z.max())) {
                return true;
            }
        }
        return false;
    }

    private static void splitAtZoneBoundaries(ClusterState state) {
        for (ZoneRange z : state.collection().zones()) {
            for (ShardKey bound : List.of(z.min(), z.max())) {
                int i = state.chunks().indexOf(bound);
                Chunk c = state.chunks().get(i);
                if (c.min().compareTo(bound) < 0 && bound.compareTo(c.max()) < 0 && !state.isMigrating(i)) {
                    if (state.canPlace(i, List.of(bound))) {
                        state.split(i, List.of(bound), ClusterEvent.SplitCause.ZONE_BOUNDARY);
                    } else {
                        state.emit(new ClusterEvent.DocumentsUnknown(
                                state.clock(),
                                c,
                                null,
                                "the balancer would split "
                                        + "this chunk at the zone boundary " + bound
                                        + ", and the chunk's key range gives no "
                                        + "place to divide its documents"));
                    }
                }
            }
        }
    }

    @Override
    public String describe() {
        return "balancer round";
    }

    @Override
    public String mongoshCommand() {
        return "// the balancer runs a round (automatic)";
    }

    @Override
    public boolean automatic() {
        return true;
    }
}

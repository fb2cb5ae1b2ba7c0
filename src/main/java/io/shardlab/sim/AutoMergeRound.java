package io.shardlab.sim;

import java.util.Optional;

/**
 * One auto-merger round (7.0+), run by the simulated clock every
 * {@link AutoMerger#INTERVAL_MILLIS}; see {@link AutoMerger} for the rules. Gated like MongoDB's
 * {@code BalancerConfiguration::shouldBalanceForAutoMerge}: balancer not off, auto-merge enabled,
 * inside the active window. A collection that defragments is left to the defragmentation (mongo
 * {@code auto_merger_policy.cpp} {@code _getNamespacesWithMergeableChunksPerShard} matches only
 * {@code defragmentCollection: {$ne: true}}; {@code auto_merger_policy_test.cpp}
 * {@code FetchCollectionsWithMergeableChunks}).
 */
public record AutoMergeRound() implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.scheduleAutoMerge(state.clock() + AutoMerger.INTERVAL_MILLIS);
        if (state.collection() != null
                && state.policies().rules().autoMerge()
                && state.settings().autoMergeEnabled()
                && state.defragmentation() == null
                && BalancerGate.balancingAllowed(state)) {
            AutoMerger.mergeAll(state);
        }
    }

    @Override
    public String describe() {
        return "auto-merger round";
    }

    @Override
    public String mongoshCommand() {
        return "// the auto-merger runs (automatic)";
    }

    @Override
    public boolean automatic() {
        return true;
    }
}

package io.shardlab.sim;

import java.util.Optional;

/**
 * One auto-merger round (7.0+), run by the simulated clock every
 * {@link AutoMerger#INTERVAL_MILLIS}; see {@link AutoMerger} for the rules. Gated like MongoDB's
 * {@code BalancerConfiguration::shouldBalanceForAutoMerge}: balancer not off, auto-merge enabled,
 * inside the active window.
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

package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code sh.startAutoMerger()} / {@code sh.stopAutoMerger()} (7.0+, {@code config.settings {_id:
 * "automerge", enabled}}). Before 7.0 the helpers do not exist.
 *
 * @param enabled the new setting
 */
public record SetAutoMerge(boolean enabled) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        if (!state.policies().rules().autoMerge()) {
            // ShardLab's text: the shell helper is missing before 7.0
            return Optional.of("the auto-merger exists from MongoDB 7.0; this cluster runs "
                    + state.config().version());
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.setSettings(state.settings().withAutoMerge(enabled));
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    @Override
    public String describe() {
        return enabled ? "start the auto-merger" : "stop the auto-merger";
    }

    @Override
    public String mongoshCommand() {
        return enabled ? "sh.startAutoMerger()" : "sh.stopAutoMerger()";
    }
}

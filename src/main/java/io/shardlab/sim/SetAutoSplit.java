package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code sh.enableAutoSplit()} / {@code sh.disableAutoSplit()} ({@code config.settings {_id:
 * "autosplit", enabled}}); it only matters before 6.0, where inserts can trigger splits.
 *
 * @param enabled the new setting
 */
public record SetAutoSplit(boolean enabled) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.changeSettings(settings -> settings.withAutoSplit(enabled), describe());
    }

    @Override
    public String describe() {
        return enabled ? "enable auto-split" : "disable auto-split";
    }

    @Override
    public String mongoshCommand() {
        return enabled ? "sh.enableAutoSplit()" : "sh.disableAutoSplit()";
    }
}

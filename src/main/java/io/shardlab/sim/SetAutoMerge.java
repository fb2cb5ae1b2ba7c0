package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
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
        return refusalIn(state.config().version());
    }

    /**
     * Empty from 7.0; before, ShardLab's text (the shell helper is missing there): what any cluster of
     * {@code version} answers, for a catalog that checks the setting before it has a collection.
     */
    public static Optional<String> refusalIn(MongoVersion version) {
        if (!ReleaseRules.of(version).autoMerge()) {
            return Optional.of("the auto-merger exists from MongoDB 7.0; this cluster runs " + version);
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.changeSettings(settings -> settings.withAutoMerge(enabled), describe());
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

package io.shardlab.sim;

import io.shardlab.cluster.ActiveWindow;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Sets or clears the balancer's active window: {@code config.settings.updateOne({_id: "balancer"},
 * {$set: {activeWindow: {start, stop}}})} or {@code $unset}. See {@link ActiveWindow} for the rule.
 *
 * @param window the window, or null for "always"
 */
public record SetBalancerWindow(ActiveWindow window) implements ClusterCommand {

    private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm");

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.changeSettings(settings -> settings.withWindow(Optional.ofNullable(window)), describe());
    }

    @Override
    public String describe() {
        return window == null
                ? "balance at any time"
                : "balance only between " + HH_MM.format(window.start()) + " and " + HH_MM.format(window.stop());
    }

    @Override
    public String mongoshCommand() {
        if (window == null) {
            return "db.getSiblingDB(\"config\").settings.updateOne({ _id: \"balancer\" }, "
                    + "{ $unset: { activeWindow: true } }, { upsert: true })";
        }
        return "db.getSiblingDB(\"config\").settings.updateOne({ _id: \"balancer\" }, { $set: { activeWindow: { start: \""
                + HH_MM.format(window.start()) + "\", stop: \"" + HH_MM.format(window.stop())
                + "\" } } }, { upsert: true })";
    }
}

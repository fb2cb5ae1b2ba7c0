package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code sh.startBalancer()} / {@code sh.stopBalancer()}: {@code config.settings {_id: "balancer",
 * mode: "full" | "off"}}.
 *
 * @param enabled true to start, false to stop
 */
public record SetBalancerState(boolean enabled) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.changeSettings(settings -> settings.withBalancer(enabled), describe());
    }

    @Override
    public String describe() {
        return enabled ? "start the balancer" : "stop the balancer";
    }

    @Override
    public String mongoshCommand() {
        return enabled ? "sh.startBalancer()" : "sh.stopBalancer()";
    }
}

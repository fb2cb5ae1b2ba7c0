package io.shardlab.sim;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Whether the balancer may act now: {@code mode: "full"} and, when an active window is set, the
 * simulated time of day inside it (mongo {@code src/mongo/s/balancer_configuration.cpp},
 * {@code shouldBalance} / {@code isTimeInBalancingWindow}, {@link io.shardlab.cluster.ActiveWindow#contains}).
 * The simulated clock starts at midnight UTC of day 0.
 */
final class BalancerGate {

    private BalancerGate() {}

    static boolean balancingAllowed(ClusterState state) {
        if (!state.settings().balancerEnabled()) {
            return false;
        }
        return state.settings()
                .window()
                .map(w -> w.contains(timeOfDay(state.clock())))
                .orElse(true);
    }

    /** The simulated time of day. */
    static LocalTime timeOfDay(long clockMillis) {
        return LocalTime.ofInstant(Instant.ofEpochMilli(clockMillis), ZoneOffset.UTC);
    }
}

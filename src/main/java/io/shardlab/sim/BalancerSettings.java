package io.shardlab.sim;

import io.shardlab.cluster.ActiveWindow;
import java.util.Optional;

/**
 * The cluster-wide switches the shell's {@code sh.startBalancer()}, {@code sh.stopBalancer()},
 * {@code sh.enableAutoSplit()}, {@code sh.startAutoMerger()} and the balancer's active window set
 * in config.settings.
 *
 * @param balancerEnabled {@code mode: "full"} (true) or {@code "off"}
 * @param window the active window, empty for "always" ({@link SetBalancerWindow})
 * @param autoSplitEnabled {@code {_id: "autosplit", enabled}}; meaningful before 6.0 only
 * @param autoMergeEnabled {@code {_id: "automerge", enabled}}; meaningful from 7.0 only
 */
public record BalancerSettings(
        boolean balancerEnabled, Optional<ActiveWindow> window, boolean autoSplitEnabled, boolean autoMergeEnabled) {

    /** A new cluster's settings: everything on, no window. */
    public static final BalancerSettings DEFAULT = new BalancerSettings(true, Optional.empty(), true, true);

    public BalancerSettings {
        window = window == null ? Optional.empty() : window;
    }

    BalancerSettings withBalancer(boolean enabled) {
        return new BalancerSettings(enabled, window, autoSplitEnabled, autoMergeEnabled);
    }

    BalancerSettings withWindow(Optional<ActiveWindow> newWindow) {
        return new BalancerSettings(balancerEnabled, newWindow, autoSplitEnabled, autoMergeEnabled);
    }

    BalancerSettings withAutoSplit(boolean enabled) {
        return new BalancerSettings(balancerEnabled, window, enabled, autoMergeEnabled);
    }

    BalancerSettings withAutoMerge(boolean enabled) {
        return new BalancerSettings(balancerEnabled, window, autoSplitEnabled, enabled);
    }
}

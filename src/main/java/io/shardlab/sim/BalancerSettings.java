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
 * @param chunkSizeBytes {@code {_id: "chunksize", value}} in bytes, or 0 for the cluster's configured size
 *     ({@link SimulationConfig#effectiveMaxChunkSizeBytes()})
 */
public record BalancerSettings(
        boolean balancerEnabled,
        Optional<ActiveWindow> window,
        boolean autoSplitEnabled,
        boolean autoMergeEnabled,
        long chunkSizeBytes) {

    /** A new cluster's settings: everything on, no window, the configured chunk size. */
    public static final BalancerSettings DEFAULT = new BalancerSettings(true, Optional.empty(), true, true, 0);

    public BalancerSettings {
        window = window == null ? Optional.empty() : window;
    }

    BalancerSettings withBalancer(boolean enabled) {
        return new BalancerSettings(enabled, window, autoSplitEnabled, autoMergeEnabled, chunkSizeBytes);
    }

    BalancerSettings withWindow(Optional<ActiveWindow> newWindow) {
        return new BalancerSettings(balancerEnabled, newWindow, autoSplitEnabled, autoMergeEnabled, chunkSizeBytes);
    }

    BalancerSettings withAutoSplit(boolean enabled) {
        return new BalancerSettings(balancerEnabled, window, enabled, autoMergeEnabled, chunkSizeBytes);
    }

    BalancerSettings withAutoMerge(boolean enabled) {
        return new BalancerSettings(balancerEnabled, window, autoSplitEnabled, enabled, chunkSizeBytes);
    }

    BalancerSettings withChunkSize(long bytes) {
        return new BalancerSettings(balancerEnabled, window, autoSplitEnabled, autoMergeEnabled, bytes);
    }
}

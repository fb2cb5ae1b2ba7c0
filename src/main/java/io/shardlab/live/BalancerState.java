package io.shardlab.live;

import io.shardlab.cluster.ActiveWindow;

/**
 * The balancer as the reader found it.
 *
 * <p>Where possible the state comes from the {@code balancerStatus} command (mongos and config
 * servers): {@code {mode: "full"|"off", inBalancerRound, numBalancerRounds}} (docs
 * {@code reference/command/balancerStatus}). Otherwise (older shapes, a restored config database,
 * an offline dump) it is derived from config.settings {@code {_id: "balancer", mode, stopped,
 * activeWindow}}, where an absent document means the default mode {@code "full"} and
 * {@code stopped: true} forces {@code "off"} (mongo {@code src/mongo/s/balancer_configuration.cpp}).
 *
 * @param mode {@code "full"}, {@code "off"} or (4.x-5.x) {@code "autoSplitOnly"}
 * @param source {@code "balancerStatus"} or {@code "config.settings"}
 * @param inBalancerRound whether a round is running; null when only config.settings was read
 * @param numBalancerRounds rounds since the config primary started; null when unknown
 * @param activeWindow the balancing window, or null when balancing may run at any time (or config.settings' window
 *     is one the server refuses, reported as a problem)
 * @param chunkSizeMB the cluster chunk size in MB, or null when neither set nor known by version
 * @param chunkSizeSource {@code "config.settings"}, {@code "default for <version>"}, or a note
 * @param autoSplit config.settings {@code autosplit.enabled}; absent means enabled
 * @param autoMerge config.settings {@code automerge.enabled} (7.0+); null when absent
 */
public record BalancerState(
        String mode,
        String source,
        Boolean inBalancerRound,
        Long numBalancerRounds,
        ActiveWindow activeWindow,
        Integer chunkSizeMB,
        String chunkSizeSource,
        boolean autoSplit,
        Boolean autoMerge) {

    /** Source name for the balancerStatus command. */
    public static final String FROM_BALANCER_STATUS = "balancerStatus";
    /** Source name for config.settings. */
    public static final String FROM_SETTINGS = "config.settings";

    public BalancerState {
        if (mode == null || mode.isEmpty()) {
            throw new IllegalArgumentException("mode: required"); // untranslated: a developer's contract
        }
    }

    /**
     * What sh.status() prints as "Currently enabled": whether the balancer migrates chunks. That is
     * mode {@code "full"}; {@code "off"} stops it and the 4.x-5.x {@code "autoSplitOnly"} leaves
     * only auto-splitting running. (Derived from the mode names; the server's check was not read.)
     */
    public boolean enabled() {
        return !mode.equals("off") && !mode.equals("autoSplitOnly");
    }
}

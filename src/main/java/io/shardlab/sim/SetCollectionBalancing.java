package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code sh.disableBalancing(ns)} / {@code sh.enableBalancing(ns)}: {@code config.collections.noBalance}
 * (mongosh {@code packages/shell-api/src/shard.ts}).
 * While it is set the balancer policy leaves the collection alone, draining and zone violations
 * included ({@code canBalanceCollection}: {@code !coll.getAllowBalance()}, mongo
 * {@code src/mongo/db/s/balancer/balancer_chunk_selection_policy.cpp}); a defragmentation asked for
 * still runs, its policy does not read the flag ({@code balancer_defragmentation_policy.cpp}).
 *
 * @param namespace {@code "db.coll"}
 * @param enabled false sets {@code noBalance: true}
 */
public record SetCollectionBalancing(String namespace, boolean enabled) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        return Optional.empty();
    }

    /** mongosh's helper is an {@code updateOne} on config.collections: another namespace matches nothing. */
    @Override
    public void apply(ClusterState state) {
        if (state.collection() != null && state.collection().namespace().equals(namespace)) {
            state.setBalancing(state.balancing().withNoBalance(!enabled));
            state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
        }
    }

    @Override
    public String describe() {
        return (enabled ? "enable" : "disable") + " balancing of " + namespace;
    }

    @Override
    public String mongoshCommand() {
        return (enabled ? "sh.enableBalancing(\"" : "sh.disableBalancing(\"") + namespace + "\")";
    }
}

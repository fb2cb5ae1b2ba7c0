package io.shardlab.sim;

import java.util.Map;
import java.util.Optional;

/**
 * {@code configureCollectionBalancing: ns, defragmentCollection: true | false} (5.3+): true asks the
 * balancer to defragment the collection (see {@link Defragmenter}); asking again while it defragments
 * changes nothing. False stops a defragmentation in progress: its migrations already started still
 * commit, the merges they were for are dropped, the estimates and the flag are cleared (mongo
 * {@code sharding_catalog_manager_collection_operations.cpp} {@code configureCollectionBalancing},
 * {@code BalancerDefragmentationPolicy::abortCollectionDefragmentation}). While the release still has
 * the split phase (it auto-splits, 5.3 to 6.0.2, {@link Defragmenter#splitPhase}) a stop in phase 1 or 2
 * goes on to that phase instead, which the next round runs before finishing (the 5.3/6.0
 * {@code balancer_defragmentation_policy_impl.cpp}: {@code abortCollectionDefragmentation} persists
 * {@code kSplitChunks}, the phases' {@code userAbort} moves to it;
 * {@code balancer_defragmentation_policy_test.cpp} {@code TestPhaseOneUserCancellationBeginsPhase3}).
 *
 * @param namespace {@code "db.coll"}
 * @param defragment whether to defragment
 */
public record ConfigureDefragmentation(String namespace, boolean defragment) implements CodedCommand {

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (!state.policies().rules().defragmentation()) {
            // a mongos before 5.3 has no such command
            return Optional.of(new Refusal("CommandNotFound", "no such command: 'configureCollectionBalancing'"));
        }
        if (state.collection() == null || !state.collection().namespace().equals(namespace)) {
            // sharding_catalog_manager_collection_operations.cpp: the update must match one config.collections doc
            return Optional.of(new Refusal(
                    "NamespaceNotSharded",
                    "Expected to match one doc for query { _id: \"" + namespace + "\" } but matched 0"));
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        if (defragment && state.defragmentation() == null) {
            state.setDefragmentation(Defragmentation.started());
            state.emit(new ClusterEvent.MetadataChanged(
                    state.clock(),
                    "defragmentation of " + namespace + ": phase "
                            + DefragmentationPhase.MERGE_AND_MEASURE_CHUNKS.mongoName()));
        } else if (!defragment
                && state.defragmentation() != null
                && Defragmenter.splitPhase(state.policies().rules())
                && state.defragmentation().phase() != DefragmentationPhase.SPLIT_CHUNKS) {
            state.setDefragmentation(state.defragmentation()
                    .withPhase(DefragmentationPhase.SPLIT_CHUNKS)
                    .withPendingMerges(Map.of()));
            state.emit(new ClusterEvent.MetadataChanged(
                    state.clock(),
                    "defragmentation of " + namespace + " stopped: phase "
                            + DefragmentationPhase.SPLIT_CHUNKS.mongoName()));
        } else if (!defragment && state.defragmentation() != null) {
            state.setDefragmentation(null);
            state.emit(new ClusterEvent.MetadataChanged(state.clock(), "defragmentation of " + namespace + " stopped"));
        }
    }

    @Override
    public String describe() {
        return (defragment ? "defragment " : "stop defragmenting ") + namespace;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({configureCollectionBalancing: \"" + namespace + "\", defragmentCollection: "
                + defragment + "})";
    }
}

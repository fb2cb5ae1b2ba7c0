package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code db.adminCommand({mergeAllChunksOnShard: ns, shard, maxNumberOfChunksToMerge?})} (7.0+): merges every run of
 * contiguous mergeable chunks the shard owns, as one round of the auto-merger does for that shard ({@link AutoMerger}:
 * not jumbo, on the shard longer than the snapshot history window, within one zone segment), among at most
 * {@code maxNumberOfChunksToMerge} of them (default 1000). Mongo {@code cluster_merge_all_chunks_on_shard_cmd.cpp},
 * {@code ShardingCatalogManager::commitMergeAllChunksOnShard}; test {@code jstests/sharding/merge_all_chunks_on_shard.js}.
 * Nothing to merge is a success that changes nothing ({@link Refusal#alreadyDone} for the simulator). Errors: before
 * 7.0 the command does not exist; an unknown shard is ShardNotFound.
 *
 * @param namespace the collection
 * @param shard the shard whose chunks merge
 * @param maxNumberOfChunksToMerge the most chunks considered, at least 2
 */
public record MergeAllChunksOnShard(String namespace, String shard, int maxNumberOfChunksToMerge)
        implements CodedCommand {

    public MergeAllChunksOnShard {
        Namespaces.check(namespace);
    }

    /** With the default limit, {@code MAX_NUMBER_OF_CHUNKS_TO_MERGE}. */
    public MergeAllChunksOnShard(String namespace, String shard) {
        this(namespace, shard, AutoMerger.MAX_CHUNKS_PER_ACTION);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (!state.policies().rules().autoMerge()) {
            return Optional.of(new Refusal("CommandNotFound", "no such command: 'mergeAllChunksOnShard'"));
        }
        Optional<Refusal> sharded = CommandSupport.requireShardedRefusal(state, "mergeAllChunksOnShard", namespace);
        if (sharded.isPresent()) {
            return sharded;
        }
        if (!state.shards().containsKey(shard)) {
            return Optional.of(Refusal.shardNotFound(shard));
        }
        if (state.migrations().stream().anyMatch(m -> m.from().equals(shard) || m.to().equals(shard))) {
            // ShardLab's text: MongoDB's merge waits for the shard's migration
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("merge chunks")));
        }
        return AutoMerger.mergeableRuns(state, shard, maxNumberOfChunksToMerge).isEmpty()
                ? Optional.of(
                        Refusal.alreadyDone("shard " + shard + " has no contiguous mergeable chunks of " + namespace))
                : Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        AutoMerger.mergeOnShard(state, shard, maxNumberOfChunksToMerge, ClusterEvent.MergeCause.COMMAND);
    }

    @Override
    public String describe() {
        return "merge all contiguous chunks of " + namespace + " on " + shard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ mergeAllChunksOnShard: \"" + namespace + "\", shard: \"" + shard + "\""
                + (maxNumberOfChunksToMerge == AutoMerger.MAX_CHUNKS_PER_ACTION
                        ? ""
                        : ", maxNumberOfChunksToMerge: " + maxNumberOfChunksToMerge)
                + " })";
    }
}

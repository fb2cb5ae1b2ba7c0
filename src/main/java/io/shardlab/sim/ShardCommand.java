package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * A command on the cluster's shards ({@code config.shards}) rather than on a collection: it is checked
 * against a {@link ShardRegistry} and changes it, whoever owns that registry. Run on a lone
 * {@link SimulatedCluster} it changes the cluster's own shards (recorded in its history, undone by its
 * undo); run on the cluster of one collection of a catalog it is run by the registry's one owner, for
 * every collection ({@link SimulatedCluster#execute}).
 *
 * <p>Contract: {@link #refusal(ShardRegistry)} is side-effect free; {@link #applyTo} is called only by the
 * registry, after the refusal was empty, and returns what changed.
 */
public sealed interface ShardCommand extends CodedCommand
        permits AddShard, AddShardToZone, RemoveShard, RemoveShardFromZone, StartShardDraining, StopShardDraining {

    /**
     * Empty when the command can be applied to {@code shards} now; otherwise MongoDB's code name and
     * error message. Reads what uses the shards ({@link ShardRegistry#zoneHasRange},
     * {@link ShardRegistry#chunksOn}) from the registry, which asks its owner.
     */
    Optional<Refusal> refusal(ShardRegistry shards);

    /**
     * Changes {@code shards} (by id) in place; returns the change. Precondition: {@link
     * #refusal(ShardRegistry)} was empty for the registry that holds them.
     */
    ShardChange applyTo(NavigableMap<String, Shard> shards);

    /**
     * Marks {@code shard} draining in {@code shards} (the first step of removeShard and startShardDraining);
     * returns whether it was not draining before.
     */
    static boolean startDraining(NavigableMap<String, Shard> shards, String shard) {
        Shard s = shards.get(shard);
        if (s.draining()) {
            return false;
        }
        shards.put(shard, s.withDraining(true));
        return true;
    }

    @Override
    default Optional<Refusal> refusal(ClusterState state) {
        return refusal(state.shardRegistry());
    }

    @Override
    default void apply(ClusterState state) {
        state.clusterShards().apply(this);
    }
}

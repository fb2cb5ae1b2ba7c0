package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.Collection;
import java.util.TreeMap;

/**
 * The shards a {@link ClusterState} reads, and its database's primary shard. The shards are a {@link
 * ShardRegistry}: the cluster's own (a lone cluster: its shard commands change it, its undo restores
 * it) or another owner's, a catalog's, which the cluster only reads ({@link #owned()}).
 *
 * <p>The primary shard follows the shards: the first shard added becomes it, and a removed primary
 * hands over to the first non-draining shard ({@link #follow}).
 */
final class ClusterShards {

    private ShardRegistry registry;
    private boolean owned;
    private String primaryShard;

    /** What undo puts back: the shards when they are the cluster's own (else null), and the primary shard. */
    record Saved(TreeMap<String, Shard> shards, String primaryShard) {}

    /** The cluster's own shards, none yet, with {@code owner} answering for them. */
    ClusterShards(ShardRegistry.Owner owner) {
        this.registry = new ShardRegistry(owner);
        this.owned = true;
    }

    /**
     * Another owner's shards, with {@code primaryShard} as the primary.
     *
     * @throws IllegalArgumentException when {@code primaryShard} is not one of the shards
     */
    ClusterShards(ShardRegistry shared, String primaryShard) {
        if (!shared.contains(primaryShard)) {
            throw new IllegalArgumentException(
                    "primaryShard: " + primaryShard + " is not one of the shards " + shared.shardIds());
        }
        this.registry = shared;
        this.owned = false;
        this.primaryShard = primaryShard;
    }

    ShardRegistry registry() {
        return registry;
    }

    /** Whether the shards are the cluster's own (else another owner's, which the cluster only reads). */
    boolean owned() {
        return owned;
    }

    /** The database's primary shard, or null before the first shard. */
    String primaryShard() {
        return primaryShard;
    }

    /**
     * Applies a checked shard command to the cluster's own shards.
     *
     * @throws IllegalStateException when the shards are another owner's ({@link SimulatedCluster#execute}
     *     hands such a command to that owner instead)
     */
    void apply(ShardCommand command) {
        if (!owned) {
            throw new IllegalStateException(command.describe() + ": the shards are the catalog's; it runs the command");
        }
        registry.apply(command);
    }

    /** The primary shard after {@code change}. */
    void follow(ShardChange change) {
        if (change.kind() == ShardChange.Kind.ADDED && primaryShard == null) {
            primaryShard = change.shard();
        } else if (change.kind() == ShardChange.Kind.REMOVED && change.shard().equals(primaryShard)) {
            primaryShard = registry.shards().isEmpty()
                    ? null
                    : registry.nonDrainingShardIds().get(0);
        }
    }

    /** Installs a loaded layout's shards into the cluster's own; the first by id becomes the primary shard. */
    void load(Collection<Shard> loaded) {
        if (!owned) {
            throw new IllegalStateException("a layout's shards load only into a cluster that owns its shards");
        }
        registry.load(loaded);
        primaryShard = registry.shards().firstKey();
    }

    /**
     * From now on the cluster reads {@code owner}'s shards instead of its own, which {@code owner} takes
     * in ({@link ShardRegistry#takeIn}).
     *
     * @throws IllegalStateException when the cluster already reads another owner's shards
     * @throws IllegalArgumentException when {@code owner} has other shard ids
     */
    void readFrom(ShardRegistry owner) {
        if (!owned) {
            throw new IllegalStateException("shards: this cluster already reads the shards of another owner");
        }
        owner.takeIn(registry.shards().values());
        registry = owner;
        owned = false;
    }

    Saved save() {
        return new Saved(owned ? registry.copy() : null, primaryShard);
    }

    void restore(Saved saved) {
        if (owned && saved.shards() != null) {
            // shards read from another owner are not this cluster's to put back
            registry.restore(saved.shards());
        }
        primaryShard = saved.primaryShard();
    }
}

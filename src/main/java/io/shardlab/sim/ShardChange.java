package io.shardlab.sim;

import java.util.Objects;

/**
 * What a {@link ShardCommand} changed in a {@link ShardRegistry}: every cluster that reads the registry
 * publishes it as its own {@link ClusterEvent}, at its own simulated time ({@link #event}).
 *
 * @param command the command that made the change
 * @param kind what happened to the shard
 * @param shard the shard's id
 * @param description what changed, in words; for {@link Kind#ZONES} the event's text, e.g. {@code "shard
 *     shard01 added to zone EU"}
 */
public record ShardChange(ShardCommand command, Kind kind, String shard, String description) {

    /** What happened to the shard. */
    public enum Kind {
        /** {@code addShard}: a new shard ({@link ClusterEvent.ShardAdded}). */
        ADDED,
        /** The first {@code removeShard} call: the shard drains ({@link ClusterEvent.ShardDraining}). */
        DRAINING,
        /** The {@code removeShard} call that completes the removal ({@link ClusterEvent.ShardRemoved}). */
        REMOVED,
        /** {@code addShardToZone} / {@code removeShardFromZone} ({@link ClusterEvent.MetadataChanged}). */
        ZONES
    }

    public ShardChange {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(description, "description");
    }

    /** The event a cluster publishes for this change at {@code atMillis}, its simulated time. */
    public ClusterEvent event(long atMillis) {
        return switch (kind) {
            case ADDED -> new ClusterEvent.ShardAdded(atMillis, shard);
            case DRAINING -> new ClusterEvent.ShardDraining(atMillis, shard);
            case REMOVED -> new ClusterEvent.ShardRemoved(atMillis, shard);
            case ZONES -> new ClusterEvent.MetadataChanged(atMillis, description);
        };
    }
}

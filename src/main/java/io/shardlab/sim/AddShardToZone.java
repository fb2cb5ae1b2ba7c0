package io.shardlab.sim;

import java.util.Optional;

/**
 * {@code sh.addShardToZone(shard, zone)}: adds {@code zone} to the shard's {@code tags}. Error,
 * mongo {@code sharding_catalog_manager_zone_operations.cpp}: "shard … does not exist" (ShardNotFound).
 *
 * @param shard the shard id
 * @param zone the zone name
 */
public record AddShardToZone(String shard, String zone) implements CodedCommand {

    public AddShardToZone {
        CommandSupport.zoneName(zone);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardForZone(state, shard);
    }

    @Override
    public void apply(ClusterState state) {
        state.setShardInZone(shard, zone, true);
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), "shard " + shard + " added to zone " + zone));
    }

    @Override
    public String describe() {
        return "add shard " + shard + " to zone " + zone;
    }

    @Override
    public String mongoshCommand() {
        return "sh.addShardToZone(\"" + shard + "\", \"" + zone + "\")";
    }
}

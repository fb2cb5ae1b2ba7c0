package io.shardlab.sim;

import io.shardlab.cluster.ZoneRange;
import java.util.List;
import java.util.Optional;

/**
 * {@code sh.removeShardFromZone(shard, zone)}: takes {@code zone} out of the shard's {@code tags}
 * (a shard not in the zone, or a zone that does not exist, is left as it is: MongoDB's {@code $pull}
 * matches nothing). Errors, mongo {@code sharding_catalog_manager_zone_operations.cpp}
 * ({@code removeShardFromZone}, {@code _isShardRequiredByZoneStillInUse}): an unknown shard
 * ("shard … does not exist", ShardNotFound) and the last shard of a zone that still has a range
 * ("cannot remove a shard from zone if a chunk range is associated with it", ZoneStillInUse). A
 * cluster checks the ranges of its own collection, including ranges waiting for it to be sharded.
 *
 * @param shard the shard id
 * @param zone the zone name
 */
public record RemoveShardFromZone(String shard, String zone) implements CodedCommand {

    public RemoveShardFromZone {
        CommandSupport.zoneName(zone);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        return CommandSupport.requireShardForZone(state, shard).or(() -> stillInUseRefusal(state));
    }

    private Optional<Refusal> stillInUseRefusal(ClusterState state) {
        List<String> members = state.zoneShards().getOrDefault(zone, List.of());
        if (members.equals(List.of(shard)) && zoneHasRange(state)) {
            return Optional.of(new Refusal(
                    "ZoneStillInUse", "cannot remove a shard from zone if a chunk range is associated with it"));
        }
        return Optional.empty();
    }

    private boolean zoneHasRange(ClusterState state) {
        if (state.collection() != null) {
            for (ZoneRange z : state.collection().zones()) {
                if (z.zone().equals(zone)) {
                    return true;
                }
            }
        }
        return state.pendingZones().stream().anyMatch(p -> p.zone().equals(zone));
    }

    @Override
    public void apply(ClusterState state) {
        state.setShardInZone(shard, zone, false);
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), "shard " + shard + " removed from zone " + zone));
    }

    @Override
    public String describe() {
        return "remove shard " + shard + " from zone " + zone;
    }

    @Override
    public String mongoshCommand() {
        return "sh.removeShardFromZone(\"" + shard + "\", \"" + zone + "\")";
    }
}

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code sh.addShardToZone(shard, zone)}: adds {@code zone} to the shard's {@code tags}. Error,
 * mongo {@code sharding_catalog_manager_zone_operations.cpp}: "shard … does not exist" (ShardNotFound).
 *
 * @param shard the shard id
 * @param zone the zone name
 */
public record AddShardToZone(String shard, String zone) implements ClusterCommand {

    public AddShardToZone {
        if (zone == null || zone.isBlank()) {
            // ShardLab's refusal: MongoDB's parser takes any string (add_shard_to_zone_request_type.cpp),
            // but "" is the balancer's own name for "no zone" (ZoneInfo::kNoZoneName)
            throw new IllegalArgumentException("zone: a zone needs a name, got '" + zone + "'");
        }
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return refusal(state).map(Refusal::message);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (!state.shards().containsKey(shard)) {
            return Optional.of(new Refusal("ShardNotFound", "shard " + shard + " does not exist"));
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        Shard s = state.shards().get(shard);
        Set<String> zones = new HashSet<>(s.zones());
        zones.add(zone);
        state.replaceShard(s.withZones(zones));
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

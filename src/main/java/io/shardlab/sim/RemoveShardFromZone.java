package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * {@code sh.removeShardFromZone(shard, zone)}: takes {@code zone} out of the shard's {@code tags}
 * (a shard not in the zone, or a zone that does not exist, is left as it is: MongoDB's {@code $pull}
 * matches nothing). Errors, mongo {@code sharding_catalog_manager_zone_operations.cpp}
 * ({@code removeShardFromZone}, {@code _isShardRequiredByZoneStillInUse}): an unknown shard
 * ("shard … does not exist", ShardNotFound) and the last shard of a zone that still has a range
 * ("cannot remove a shard from zone if a chunk range is associated with it", ZoneStillInUse). The
 * ranges are those of every namespace the shards' owner knows ({@link ShardRegistry#zoneHasRange}):
 * a lone cluster's collection and the ranges waiting for a collection to be sharded, or every
 * collection of a catalog.
 *
 * @param shard the shard id
 * @param zone the zone name
 */
public record RemoveShardFromZone(String shard, String zone) implements ShardCommand {

    public RemoveShardFromZone {
        CommandSupport.zoneName(zone);
    }

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        return CommandSupport.requireShardForZone(shards, shard).or(() -> stillInUseRefusal(shards));
    }

    private Optional<Refusal> stillInUseRefusal(ShardRegistry shards) {
        // _isShardRequiredByZoneStillInUse: the zone's only shard, and config.tags holds a range of it
        List<String> members = shards.zoneShards().getOrDefault(zone, List.of());
        if (members.equals(List.of(shard)) && shards.zoneHasRange(zone)) {
            return Optional.of(new Refusal(
                    "ZoneStillInUse", "cannot remove a shard from zone if a chunk range is associated with it"));
        }
        return Optional.empty();
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        CommandSupport.setShardInZone(shards, shard, zone, false);
        return new ShardChange(this, ShardChange.Kind.ZONES, shard, "shard " + shard + " removed from zone " + zone);
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

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * {@code sh.addShardToZone(shard, zone)}: adds {@code zone} to the shard's {@code tags}. Error,
 * mongo {@code sharding_catalog_manager_zone_operations.cpp}: "shard … does not exist" (ShardNotFound).
 *
 * @param shard the shard id
 * @param zone the zone name
 */
public record AddShardToZone(String shard, String zone) implements ShardCommand {

    public AddShardToZone {
        CommandSupport.zoneName(zone);
    }

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        return CommandSupport.requireShardForZone(shards, shard);
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        CommandSupport.setShardInZone(shards, shard, zone, true);
        return new ShardChange(this, ShardChange.Kind.ZONES, shard, "shard " + shard + " added to zone " + zone);
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

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * {@code db.adminCommand({stopShardDraining: shard})} (8.3+): the shard stops draining and the balancer may
 * move chunks onto it again; the chunks already moved stay where they are. On a shard that is not draining it
 * changes nothing. mongo {@code sharding_catalog_manager_shard_operations.cpp} ({@code stopDrain}, which unsets
 * {@code config.shards.draining}): an unknown shard is ShardNotFound "Couldn't find the shard … in the cluster".
 * Ported: jstests/sharding/stop_shard_draining_test.js.
 *
 * @param shard the shard id
 */
public record StopShardDraining(String shard) implements ShardCommand {

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        if (!shards.contains(shard)) {
            return Optional.of(new Refusal("ShardNotFound", "Couldn't find the shard " + shard + " in the cluster"));
        }
        return Optional.empty();
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        Shard s = shards.get(shard);
        if (s.draining()) {
            shards.put(shard, s.withDraining(false));
        }
        return new ShardChange(this, ShardChange.Kind.DRAINING_STOPPED, shard, "shard " + shard + " stops draining");
    }

    @Override
    public String describe() {
        return "stop draining shard " + shard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ stopShardDraining: \"" + shard + "\" })";
    }
}

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * {@code db.adminCommand({startShardDraining: shard})} (8.3+): the shard drains, the balancer moves its chunks
 * off first ({@link BalancerPolicy}); unlike {@link RemoveShard} it never removes the shard
 * ({@link StopShardDraining} undoes it, {@code commitShardRemoval} completes it). On a shard already draining it
 * changes nothing. Checks in MongoDB's order, mongo {@code sharding_catalog_manager_shard_operations.cpp}
 * ({@code checkPreconditionsAndStartDrain}) behind {@code configsvr_start_shard_draining_command.cpp}: the shard
 * must exist ({@code ShardNotFound} "Shard … not found", {@code shard_registry.cpp}); another shard must be left
 * that does not drain (IllegalOperation "Operation not allowed because it would drain the last shard"); no zone
 * with ranges may have it as its only shard (ZoneStillInUse "Operation not allowed because there is no other
 * shard in zone … to drain to."). Ported: jstests/sharding/start_shard_draining_test.js
 * ({@code checkDrainingCorrectAndIllegalOperations}).
 *
 * @param shard the shard id
 */
public record StartShardDraining(String shard) implements ShardCommand {

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        Shard s = shards.shards().get(shard);
        if (s == null) {
            return Optional.of(Refusal.shardNotFound(shard));
        }
        if (!shards.anotherShardNotDraining(shard)) {
            return Optional.of(
                    new Refusal("IllegalOperation", "Operation not allowed because it would drain the last shard"));
        }
        for (String zone : s.zones()) {
            List<String> members = shards.zoneShards().getOrDefault(zone, List.of());
            if (members.equals(List.of(shard)) && shards.zoneHasRange(zone)) {
                return Optional.of(new Refusal(
                        "ZoneStillInUse",
                        "Operation not allowed because there is no other shard in zone " + zone + " to drain to."));
            }
        }
        return Optional.empty();
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        ShardCommand.startDraining(shards, shard);
        return new ShardChange(this, ShardChange.Kind.DRAINING, shard, describe());
    }

    @Override
    public String describe() {
        return "start draining shard " + shard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ startShardDraining: \"" + shard + "\" })";
    }
}

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * {@code db.adminCommand({removeShard: shard})}: the first call starts draining (the balancer then
 * moves the shard's chunks off first, {@link BalancerPolicy}); a later call completes the removal
 * once no chunk is left on it. Errors, mongo {@code sharding_catalog_manager_shard_operations.cpp}:
 * "Operation not allowed because it would remove the last shard" (IllegalOperation); the shard must exist
 * ({@code ShardNotFound} "Shard … not found"); completing while chunks remain is refused with
 * ShardLab's text (MongoDB answers {@code state: "ongoing"} with the remaining counts). The chunks
 * counted are those of every collection the shards' owner knows ({@link ShardRegistry#chunksOn}).
 *
 * @param shard the shard id
 */
public record RemoveShard(String shard) implements ShardCommand {

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        Shard s = shards.shards().get(shard);
        if (s == null) {
            return Optional.of(Refusal.shardNotFound(shard));
        }
        if (!s.draining()) {
            if (!shards.anotherShardNotDraining(shard)) {
                return Optional.of(new Refusal(
                        "IllegalOperation", "Operation not allowed because it would remove the last shard"));
            }
            return Optional.empty();
        }
        long remaining = shards.chunksOn(shard);
        if (remaining > 0) {
            return Optional.of(Refusal.operationFailed(
                    "removeShard ongoing: shard " + shard + " still owns " + remaining + " chunks"));
        }
        return Optional.empty();
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        if (ShardCommand.startDraining(shards, shard)) {
            return new ShardChange(this, ShardChange.Kind.DRAINING, shard, describe());
        }
        shards.remove(shard);
        return new ShardChange(this, ShardChange.Kind.REMOVED, shard, describe());
    }

    @Override
    public String describe() {
        return "remove shard " + shard;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ removeShard: \"" + shard + "\" })";
    }
}

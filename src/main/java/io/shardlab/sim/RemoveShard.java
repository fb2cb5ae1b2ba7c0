package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import java.util.Optional;

/**
 * {@code db.adminCommand({removeShard: shard})}: the first call starts draining (the balancer then
 * moves the shard's chunks off first, {@link BalancerPolicy}); a later call completes the removal
 * once no chunk is left on it. Errors, mongo {@code sharding_catalog_manager_shard_operations.cpp}:
 * "Operation not allowed because it would remove the last shard" (IllegalOperation); the shard must exist
 * ({@code ShardNotFound} "Shard … not found"); completing while chunks remain is refused with
 * ShardLab's text (MongoDB answers {@code state: "ongoing"} with the remaining counts).
 *
 * @param shard the shard id
 */
public record RemoveShard(String shard) implements CodedCommand {

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        Shard s = state.shards().get(shard);
        if (s == null) {
            return Optional.of(new Refusal("ShardNotFound", "Shard " + shard + " not found"));
        }
        if (!s.draining()) {
            long others = state.shards().values().stream()
                    .filter(o -> !o.id().equals(shard) && !o.draining())
                    .count();
            if (others == 0) {
                return Optional.of(new Refusal(
                        "IllegalOperation", "Operation not allowed because it would remove the last shard"));
            }
            return Optional.empty();
        }
        long remaining = remainingChunks(state);
        if (remaining > 0) {
            return Optional.of(Refusal.operationFailed(
                    "removeShard ongoing: shard " + shard + " still owns " + remaining + " chunks"));
        }
        return Optional.empty();
    }

    private long remainingChunks(ClusterState state) {
        if (state.collection() == null) {
            return 0;
        }
        long n = 0;
        for (Chunk c : state.chunks().chunks()) {
            if (c.shard().equals(shard)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void apply(ClusterState state) {
        Shard s = state.shards().get(shard);
        if (!s.draining()) {
            state.replaceShard(s.withDraining(true));
            state.emit(new ClusterEvent.ShardDraining(state.clock(), shard));
            return;
        }
        state.removeShard(shard);
        state.emit(new ClusterEvent.ShardRemoved(state.clock(), shard));
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

package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;

/**
 * {@code sh.addShard("<rs>/<host>")}: a replica set joins the cluster as shard {@code id}. The
 * first shard becomes the primary shard of the simulated database (where a ranged collection's
 * first chunk lives).
 *
 * @param id the shard's {@code _id}, e.g. {@code "shard01"}
 */
public record AddShard(String id) implements ShardCommand {

    public AddShard {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("id: a shard needs a name, got '" + id + "'");
        }
    }

    /** The simulated replica-set connection string, {@code "<id>/<id>.shardlab:27018"}. */
    public String host() {
        return id + "/" + id + ".shardlab:27018";
    }

    @Override
    public Optional<Refusal> refusal(ShardRegistry shards) {
        if (shards.contains(id)) {
            // mongo src/mongo/db/s/config/sharding_catalog_manager_shard_operations.cpp
            // (_checkIfShardExists): the text for a replica set that is already a shard. MongoDB
            // accepts an identical repeat as a no-op; the simulator refuses it so that the history
            // holds no empty steps. IllegalOperation, as MongoDB answers a different shard of that set.
            return Optional.of(
                    new Refusal("IllegalOperation", "A shard already exists containing the replica set '" + id + "'"));
        }
        return Optional.empty();
    }

    @Override
    public ShardChange applyTo(NavigableMap<String, Shard> shards) {
        shards.put(id, new Shard(id, host(), Set.of(), false));
        return new ShardChange(this, ShardChange.Kind.ADDED, id, describe());
    }

    @Override
    public String describe() {
        return "add shard " + id;
    }

    @Override
    public String mongoshCommand() {
        return "sh.addShard(\"" + host() + "\")";
    }
}

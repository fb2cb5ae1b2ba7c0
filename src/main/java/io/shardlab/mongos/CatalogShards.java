package io.shardlab.mongos;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.PendingZoneRange;
import io.shardlab.sim.Refusal;
import io.shardlab.sim.RemoveShard;
import io.shardlab.sim.ShardChange;
import io.shardlab.sim.ShardCommand;
import io.shardlab.sim.ShardRegistry;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * A {@link ShardedCatalog}'s shards and zones, owned once, as MongoDB's config server owns them (mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager.h}; {@code sharding_catalog_manager_shard_operations.cpp},
 * {@code sharding_catalog_manager_zone_operations.cpp}):
 *
 * <ul>
 *   <li>{@code config.shards}, every shard with its zones ({@code tags}) and draining state, is one
 *       {@link ShardRegistry}; the cluster of every sharded collection reads it and holds no copy;
 *   <li>{@code config.tags}, the zone ranges, stays per namespace: a sharded collection's ranges are its
 *       cluster's; those set for a namespace not sharded yet are kept here until {@code shardCollection}
 *       sets them on the new cluster ({@link #rangesOf}).
 * </ul>
 *
 * <p>Every shard and zone command is checked here against the one registry and against every
 * collection (a zone's last shard stays in it while any namespace has a range in it; a draining shard
 * leaves once no collection has a chunk on it), and a refused one changes nothing. After a change, every
 * collection's cluster is told ({@link SimulatedCluster#shardsChanged}), in namespace order.
 *
 * <p>Threading: confined to the catalog's thread, as the catalog is.
 */
final class CatalogShards implements ShardRegistry.Owner {

    private final ShardRegistry registry;
    private final Supplier<Collection<SimulatedCluster>> clusters;
    private List<PendingZoneRange> pendingRanges = List.of();

    /**
     * The shards {@code shardIds}, in no zone.
     *
     * @param clusters the clusters of the catalog's sharded collections now, in namespace order
     */
    CatalogShards(List<String> shardIds, Supplier<Collection<SimulatedCluster>> clusters) {
        this.clusters = clusters;
        this.registry = new ShardRegistry(this);
        for (String id : shardIds) {
            registry.execute(new AddShard(id));
        }
    }

    /** The registry every collection's cluster reads. */
    ShardRegistry registry() {
        return registry;
    }

    /** The shards, by id: {@code config.shards}. */
    List<Shard> shards() {
        return List.copyOf(registry.shards().values());
    }

    /** The shard ids, sorted. */
    List<String> shardIds() {
        return registry.shardIds();
    }

    boolean contains(String id) {
        return registry.contains(id);
    }

    /** The ids of the shards {@code removeShard} drains. */
    Set<String> drainingShardIds() {
        Set<String> out = new TreeSet<>(registry.shardIds());
        out.removeAll(registry.nonDrainingShardIds());
        return Set.copyOf(out);
    }

    /** The ids of the shards that do not drain, sorted. */
    List<String> nonDrainingShardIds() {
        return registry.nonDrainingShardIds();
    }

    /**
     * Checks {@code command} against the shards and every collection, then applies it.
     *
     * @throws CommandFailedException with MongoDB's code and text when refused (nothing changed)
     */
    void execute(ShardCommand command) {
        registry.execute(command);
    }

    /**
     * {@code removeShard} (mongo {@code sharding_catalog_manager_shard_operations.cpp}): the first call
     * starts draining the shard, for every collection; later calls report the chunks left on it over
     * every collection, {@code dbsToMove}, the databases whose primary it still is, and
     * {@code collectionsToMove}, the unsharded collections living on it (8.0: the shard stays ongoing while one
     * is there), and complete the removal once none is left.
     *
     * @throws MongoCommandException ShardNotFound for an unknown shard
     * @throws CommandFailedException with MongoDB's text when refused (the last shard; nothing changed)
     */
    RemoveShardProgress removeShard(String id, List<String> dbsToMove, List<String> collectionsToMove) {
        Shard shard = registry.shards().get(id);
        if (shard == null) {
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + id + " not found");
        }
        if (!shard.draining()) {
            registry.execute(new RemoveShard(id));
            return new RemoveShardProgress(RemoveShardState.STARTED, 0, 0, dbsToMove, collectionsToMove);
        }
        ChunksLeft left = chunksLeftOn(id);
        if (left.chunks() > 0 || !dbsToMove.isEmpty() || !collectionsToMove.isEmpty()) {
            return new RemoveShardProgress(
                    RemoveShardState.ONGOING, left.chunks(), left.jumboChunks(), dbsToMove, collectionsToMove);
        }
        registry.execute(new RemoveShard(id));
        return new RemoveShardProgress(RemoveShardState.COMPLETED, 0, 0, List.of(), List.of());
    }

    /**
     * The chunks on a shard over every collection, the jumbo ones among them counted apart: what keeps a draining
     * shard from its removal ({@code removeShard}, {@code shardDrainingStatus}, {@code commitShardRemoval}).
     */
    record ChunksLeft(long chunks, long jumboChunks) {

        /** The chunks of one collection's {@code cluster} on shard {@code id}. */
        static ChunksLeft on(SimulatedCluster cluster, String id) {
            long chunks = 0;
            long jumbo = 0;
            for (Chunk chunk : cluster.chunks().chunks()) {
                if (chunk.shard().equals(id)) {
                    chunks++;
                    jumbo += chunk.jumbo() ? 1 : 0;
                }
            }
            return new ChunksLeft(chunks, jumbo);
        }
    }

    /** The chunks on shard {@code id} over every collection (mongo {@code config.chunks} {@code {shard: id}}). */
    ChunksLeft chunksLeftOn(String id) {
        long chunks = 0;
        long jumbo = 0;
        for (SimulatedCluster c : clusters.get()) {
            ChunksLeft left = ChunksLeft.on(c, id);
            chunks += left.chunks();
            jumbo += left.jumboChunks();
        }
        return new ChunksLeft(chunks, jumbo);
    }

    /**
     * {@code updateZoneKeyRange} on a namespace not sharded yet: checked against the shards' zones and
     * the ranges kept for such namespaces, then kept.
     *
     * @throws CommandFailedException with MongoDB's code and text when refused (nothing changed)
     */
    void keepRange(UpdateZoneKeyRange command) {
        Optional<Refusal> refusal = command.refusalBeforeSharding(registry, pendingRanges);
        if (refusal.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), refusal.get());
        }
        pendingRanges = List.copyOf(command.keptAfter(pendingRanges));
    }

    /** The ranges kept for namespace {@code ns}, in the order they were set. */
    List<PendingZoneRange> rangesOf(String ns) {
        return pendingRanges.stream().filter(r -> r.namespace().equals(ns)).toList();
    }

    /** Forgets the ranges kept for {@code ns}: its collection is sharded and holds them now. */
    void forgetRangesOf(String ns) {
        pendingRanges =
                pendingRanges.stream().filter(r -> !r.namespace().equals(ns)).toList();
    }

    /** The ranges kept for namespaces not sharded yet. */
    List<PendingZoneRange> pendingRanges() {
        return pendingRanges;
    }

    // ---- ShardRegistry.Owner ---------------------------------------------------------------------------

    @Override
    public boolean zoneHasRange(String zone) {
        for (SimulatedCluster c : clusters.get()) {
            if (c.hasZoneRangeIn(zone)) {
                return true;
            }
        }
        return pendingRanges.stream().anyMatch(r -> r.zone().equals(zone));
    }

    @Override
    public long chunksOn(String shard) {
        return chunksLeftOn(shard).chunks();
    }

    @Override
    public void shardsChanged(ShardChange change) {
        for (SimulatedCluster c : clusters.get()) {
            c.shardsChanged(change);
        }
    }
}

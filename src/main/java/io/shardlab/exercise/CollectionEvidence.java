package io.shardlab.exercise;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.sim.SimulationSnapshot;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * One sharded collection of a student's database as the checks see it: an immutable picture taken on the thread
 * that owns the cluster.
 *
 * @param snapshot the collection's cluster: key, chunks (jumbo flags included), zones, shards and their zones,
 *     documents and bytes per chunk, the chunks no split can make smaller, the maximum chunk size
 * @param balancingOn whether the balancer may move this collection's chunks now: the cluster's balancer is on
 *     ({@code sh.startBalancer}) and the collection's is not off ({@code sh.disableBalancing},
 *     {@code config.collections.noBalance})
 * @param distinctKeyValues the distinct shard-key values among its documents, counted up to what a check asks for;
 *     empty when no check asks
 */
public record CollectionEvidence(SimulationSnapshot snapshot, boolean balancingOn, OptionalLong distinctKeyValues) {

    public CollectionEvidence {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(distinctKeyValues, "distinctKeyValues");
        if (snapshot.collection().isEmpty()) {
            throw new IllegalArgumentException("snapshot: the collection is not sharded");
        }
    }

    /** The collection's key, chunks and zones. */
    public ClusterSnapshot collection() {
        return snapshot.cluster();
    }

    /** Documents per shard id, every shard of the cluster listed (0 for a shard holding none), by id. */
    public Map<String, Long> documentsPerShard() {
        Map<String, Long> out = new TreeMap<>();
        collection().shardIds().forEach(id -> out.put(id, 0L));
        for (ChunkStatistics s : snapshot.chunkStatistics()) {
            out.merge(s.chunk().shard(), s.documents(), Long::sum);
        }
        return out;
    }
}

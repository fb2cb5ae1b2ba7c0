package io.shardlab.sim;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.OrphanedRange;
import io.shardlab.cluster.Shard;
import java.util.List;
import java.util.Optional;

/**
 * An immutable picture of the simulated cluster at one simulated moment; safe to hand to another
 * thread.
 *
 * @param atMillis simulated time, in ms
 * @param version the MongoDB version being simulated
 * @param maxChunkSizeBytes the collection's maximum chunk size, in bytes
 * @param shards all shards, sorted by id (draining ones included)
 * @param collection the sharded collection, empty before shardCollection
 * @param chunkStatistics per chunk, in key order, documents and bytes (empty before shardCollection)
 * @param oversizedOneValueChunks the indexes, ascending, of the chunks larger than the max chunk size whose
 *     documents all share one shard-key value: no split can make them smaller (jumbo or not: releases that
 *     never try to move or split them do not mark them jumbo)
 * @param migrationsInFlight migrations started and not yet committed
 * @param settings balancer, auto-split and auto-merge switches
 * @param counters running totals
 * @param orphanedRanges the donors' orphaned ranges the range deleter has not removed yet at {@code atMillis},
 *     oldest first ({@link OrphanedRange})
 */
public record SimulationSnapshot(
        long atMillis,
        MongoVersion version,
        long maxChunkSizeBytes,
        List<Shard> shards,
        Optional<ClusterSnapshot> collection,
        List<ChunkStatistics> chunkStatistics,
        List<Integer> oversizedOneValueChunks,
        List<Migration> migrationsInFlight,
        BalancerSettings settings,
        SimulationCounters counters,
        List<OrphanedRange> orphanedRanges) {

    public SimulationSnapshot {
        shards = List.copyOf(shards);
        chunkStatistics = List.copyOf(chunkStatistics);
        oversizedOneValueChunks = List.copyOf(oversizedOneValueChunks);
        migrationsInFlight = List.copyOf(migrationsInFlight);
        orphanedRanges = List.copyOf(orphanedRanges);
    }

    /** Total documents in the collection. */
    public long documents() {
        return chunkStatistics.stream().mapToLong(ChunkStatistics::documents).sum();
    }

    /** Total bytes in the collection. */
    public long bytes() {
        return chunkStatistics.stream().mapToLong(ChunkStatistics::bytes).sum();
    }

    /** The sharded collection's snapshot. @throws IllegalStateException before shardCollection */
    public ClusterSnapshot cluster() {
        return collection.orElseThrow(() -> new IllegalStateException("no collection has been sharded yet"));
    }
}

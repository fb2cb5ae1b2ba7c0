package io.shardlab.sim;

import io.shardlab.cluster.OrphanedRange;
import java.util.List;

/**
 * Everything of a {@link ClusterState} but the documents, for undo ({@link ClusterState#memento()},
 * {@link ClusterState#restore}); {@code shards} only when the cluster owns them (else null).
 */
record ClusterStateMemento(
        long clock,
        ClusterShards.Saved shards,
        CollectionMetadata collection,
        List<PendingZoneRange> pendingZones,
        BalancerSettings settings,
        List<Migration> migrations,
        List<OrphanedRange> orphans,
        long nextMigrationId,
        SimulationCounters counters,
        long nextBalancerRoundAt,
        boolean balancerRoundInProgress,
        long nextAutoMergeAt,
        long randomState,
        CollectionDocuments.ChunkCounters chunkCounters,
        long documentsLoaded,
        long bytesLoaded,
        Defragmentation defragmentation,
        CollectionBalancingOptions balancing) {}

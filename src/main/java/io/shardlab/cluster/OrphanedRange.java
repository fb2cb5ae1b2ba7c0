package io.shardlab.cluster;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;

/**
 * A range a migration moved away, whose documents the donor shard still holds as orphans until its range
 * deleter removes them: a {@code config.rangeDeletions} task on the donor (mongo
 * {@code src/mongo/db/s/range_deletion_task.idl}), scheduled when the migration commits with the delay
 * {@code orphanCleanupDelaySecs} ({@code migration_source_manager.cpp}, {@code CleanWhen::kDelayed};
 * {@link ReleaseRules#orphanCleanupDelaySeconds()}: 900 s, 3600 s from 8.2). Orphans are not the
 * collection's documents: queries filter them out, {@code $shardedDataDistribution} counts them apart
 * ({@code numOrphanedDocs}, {@code orphanedSizeBytes}).
 *
 * <p>ShardLab removes the whole range at {@link #deleteAtMillis}; MongoDB deletes it in batches
 * ({@code rangeDeleterBatchSize}, {@code rangeDeleterBatchDelayMS}) from then on.
 *
 * @param donor the shard that keeps the orphans
 * @param min the range's inclusive lower bound
 * @param max the range's exclusive upper bound
 * @param documents orphaned documents
 * @param bytes their size, bytes
 * @param migratedAtMillis when the migration committed, simulated ms
 * @param deleteAtMillis when the range deleter removes them, simulated ms; not before {@code migratedAtMillis}
 */
public record OrphanedRange(
        String donor,
        ShardKey min,
        ShardKey max,
        long documents,
        long bytes,
        long migratedAtMillis,
        long deleteAtMillis) {

    public OrphanedRange {
        if (donor == null || min == null || max == null) {
            throw new IllegalArgumentException("orphaned range: donor, min and max are required");
        }
        if (documents < 0 || bytes < 0 || deleteAtMillis < migratedAtMillis) {
            throw new IllegalArgumentException("orphaned range: counts must not be negative and the deletion must "
                    + "not come before the migration, got " + documents + " documents, " + bytes + " bytes, "
                    + migratedAtMillis + " → " + deleteAtMillis + " ms");
        }
    }

    /** Whether the donor still holds the orphans at {@code nowMillis}. */
    public boolean pendingAt(long nowMillis) {
        return nowMillis < deleteAtMillis;
    }

    /** Whole seconds until the range deleter removes the orphans, rounded up; 0 once due. */
    public long secondsLeftAt(long nowMillis) {
        return Math.max(0, (deleteAtMillis - nowMillis + 999) / 1000);
    }

    /**
     * {@code ranges} with the range {@code [min, max)} that a migration from {@code donor} committed at
     * {@code nowMillis} leaves as orphans ({@code content}: its documents and bytes), to be deleted after
     * {@code rules}' {@link ReleaseRules#orphanCleanupDelaySeconds()}; the ranges no longer pending are dropped.
     */
    public static List<OrphanedRange> scheduled(
            List<OrphanedRange> ranges,
            String donor,
            ShardKey min,
            ShardKey max,
            long[] content,
            long nowMillis,
            ReleaseRules rules) {
        OrphanedRange added = new OrphanedRange(
                donor,
                min,
                max,
                content[0],
                content[1],
                nowMillis,
                nowMillis + 1000L * rules.orphanCleanupDelaySeconds());
        List<OrphanedRange> out = new ArrayList<>();
        for (OrphanedRange r : ranges) {
            if (r.pendingAt(nowMillis)) {
                out.add(r);
            }
        }
        out.add(added);
        return List.copyOf(out);
    }
}

package io.shardlab.sim;

import java.util.List;
import java.util.Optional;

/**
 * What {@link SimulatedCluster#runBalancerRounds} saw: the migrations the balancer started round
 * by round, whether they committed, and what else the rounds did.
 *
 * @param requested rounds asked for
 * @param run rounds that ran (fewer than requested when the run stopped early)
 * @param migrations every migration the rounds started, in start order
 * @param events the rounds' other events in order: splits, jumbo flags, failed migrations
 *     (ChunkTooBig), merges of the 7.0+ auto-merger, and {@link ClusterEvent.DocumentsUnknown}
 * @param stoppedBecause why the run stopped before {@code requested} rounds, if it did
 * @param startedAtMillis simulated time when the run started
 * @param endedAtMillis simulated time when the run ended, after the last round's migrations committed
 */
public record BalancerRoundsRun(
        int requested,
        int run,
        List<PlannedMigration> migrations,
        List<ClusterEvent> events,
        Optional<String> stoppedBecause,
        long startedAtMillis,
        long endedAtMillis) {

    public BalancerRoundsRun {
        migrations = List.copyOf(migrations);
        events = List.copyOf(events);
    }

    /**
     * One migration a balancer round started.
     *
     * @param round the round that started it, from 1
     * @param migration the migration (range, shards, documents, bytes, reason)
     * @param committed whether it committed before the run ended
     */
    public record PlannedMigration(int round, Migration migration, boolean committed) {}

    /** Migrations that committed. */
    public long committed() {
        return migrations.stream().filter(PlannedMigration::committed).count();
    }
}

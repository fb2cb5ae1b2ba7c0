package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A shard's removal played on a simulated cluster before anyone runs it on the real one: the release's commands
 * (8.3's {@code startShardDraining} … {@code commitShardRemoval}, {@code removeShard} twice before), the balancer's
 * rounds moving the shard's chunks off first ({@link BalancerPolicy}), the progress after each round with an
 * estimate of the time left from the rate the rehearsal's own migrations reached, and what keeps the removal
 * from completing.
 *
 * <p>What blocks a removal, as MongoDB reports it in {@code removeShard} / {@code shardDrainingStatus}'s
 * {@code remaining} (mongo {@code sharding_catalog_manager_shard_operations.cpp}, {@code checkDrainingProgress};
 * the fields of {@code remove_shard_draining_progress.idl}): chunks the balancer will not move ({@code jumboChunks}:
 * {@code balancer_policy.cpp} skips the chunks of a draining shard flagged jumbo and counts them, while it forces
 * off one too large to move that is not flagged, {@code ForceJumbo::kForceBalancer}), the databases whose primary
 * it is ({@code dbsToMove}, to move with {@code movePrimary}). A zone whose only shard it is refuses the start
 * (ZoneStillInUse, {@link StartShardDraining}); the last shard refuses it (IllegalOperation); with the balancer off
 * nothing moves. Outside the balancing window the rounds wait for it (the wait counts in the time taken). When the
 * balancer leaves the collection for three rounds in a row, the blocker names why from its
 * {@link BalancerDecision}: the collection's {@code noBalance}, its {@code permitMigrations: false}, a
 * defragmentation ({@link #whyNothingMoves}).
 *
 * <p>The rehearsal changes the cluster it is given: run it on a copy (a cluster loaded again from the same layout).
 */
public final class DrainRehearsal {

    /** Rounds in a row without a migration after which a drain that still has chunks is stuck. */
    static final int ROUNDS_WITHOUT_PROGRESS = 3;

    /** Why the removal cannot complete (the names of {@code removeShard}'s {@code remaining} fields). */
    public enum BlockerKind {
        /** Chunks flagged jumbo: the balancer leaves them ({@code remaining.jumboChunks}). */
        JUMBO_CHUNKS,
        /** The database whose primary shard it is ({@code dbsToMove}: {@code movePrimary} first). */
        PRIMARY_SHARD,
        /** The balancer is off: nothing moves ({@code sh.startBalancer()}). */
        BALANCER_OFF,
        /** The rehearsal's round limit came before the end of the drain. */
        ROUND_LIMIT,
        /** The time of day is outside the balancing window: the balancer waits for it (config.settings {@code activeWindow}). */
        OUTSIDE_WINDOW,
        /** The collection's balancing is off ({@code noBalance: true}, {@code sh.disableBalancing}). */
        BALANCING_DISABLED,
        /** The collection's migrations are not allowed ({@code setAllowMigrations} false, {@code permitMigrations}). */
        MIGRATIONS_NOT_ALLOWED,
        /** The collection defragments: its rounds merge and move small chunks instead. */
        DEFRAGMENTING,
        /** The balancer started no migration for another reason (shards busy, zones) in the rounds played. */
        NO_MIGRATION
    }

    /**
     * What keeps the shard.
     *
     * @param kind which rule
     * @param count how many chunks (jumbo), or 1
     */
    public record Blocker(BlockerKind kind, long count) {}

    /**
     * The drain after one balancer round.
     *
     * @param round from 1
     * @param atMillis simulated time since the drain started, in ms
     * @param chunksLeft chunks still on the shard
     * @param bytesLeft their bytes
     * @param millisLeft the time left at the rate reached so far (bytes moved per ms), empty before the first move
     */
    public record Progress(int round, long atMillis, long chunksLeft, long bytesLeft, OptionalLong millisLeft) {}

    /**
     * The rehearsal.
     *
     * @param shard the shard removed
     * @param version the release whose commands and balancer played
     * @param refusal MongoDB's refusal of the first command, when it refused (nothing else happened then)
     * @param commands the commands run, as mongosh runs them, in order
     * @param startChunks chunks on the shard when the drain started
     * @param startBytes their bytes
     * @param progress one entry per balancer round
     * @param blockers what keeps the removal from completing; empty when the shard was removed
     * @param removed whether the shard was removed at the end
     * @param tookMillis simulated time from the first command to the last
     */
    public record Result(
            String shard,
            MongoVersion version,
            Optional<Refusal> refusal,
            List<String> commands,
            long startChunks,
            long startBytes,
            List<Progress> progress,
            List<Blocker> blockers,
            boolean removed,
            long tookMillis) {

        public Result {
            commands = List.copyOf(commands);
            progress = List.copyOf(progress);
            blockers = List.copyOf(blockers);
        }
    }

    private DrainRehearsal() {}

    /**
     * Drains {@code shard} of {@code cluster} and removes it when nothing blocks it.
     *
     * @param maxRounds the most balancer rounds to play, at least 1
     * @throws IllegalArgumentException when {@code maxRounds < 1}
     * @throws IllegalStateException when no collection is sharded
     */
    public static Result run(SimulatedCluster cluster, String shard, int maxRounds) {
        return run(cluster, shard, cluster.primaryShard(), maxRounds);
    }

    /**
     * Rehearses the removal of {@code shard} on a copy of {@code original}, which stays as it was: what the window
     * plays while clients may still write to the cluster on show. The copy is loaded from the original's layout
     * ({@link LoadLayout}: its shards, chunks, zones and each chunk's documents and bytes) with the original's
     * configuration, balancer switch, balancing window and the collection's {@code noBalance} and
     * {@code permitMigrations}; the original's primary shard stays the primary shard. The copy's clock starts at
     * midnight (a window is read against the copy's time of day).
     *
     * @param maxRounds the most balancer rounds to play, at least 1
     * @throws IllegalArgumentException when {@code maxRounds < 1}
     * @throws IllegalStateException when no collection is sharded
     */
    public static Result runOnCopy(SimulatedCluster original, String shard, int maxRounds) {
        SimulationSnapshot now = original.snapshot();
        ClusterSnapshot layout =
                now.collection().orElseThrow(() -> new IllegalStateException("no sharded collection to drain"));
        SimulatedCluster copy =
                SimulatedCluster.fromLayout(original.config(), new LoadLayout(layout, now.chunkStatistics()));
        if (!now.settings().balancerEnabled()) {
            copy.execute(new SetBalancerState(false));
        }
        original.balancerWindow().ifPresent(window -> copy.execute(new SetBalancerWindow(window)));
        if (original.balancingDisabled()) {
            copy.execute(new SetCollectionBalancing(layout.namespace(), false));
        }
        if (!original.migrationsPermitted()) {
            copy.execute(new SetAllowMigrations(layout.namespace(), false));
        }
        return run(copy, shard, original.primaryShard(), maxRounds);
    }

    private static Result run(SimulatedCluster cluster, String shard, String primaryShard, int maxRounds) {
        Objects.requireNonNull(shard, "shard");
        if (maxRounds < 1) {
            throw new IllegalArgumentException("rounds: at least 1, got " + maxRounds);
        }
        MongoVersion version = cluster.version();
        boolean pausable = ReleaseRules.of(version).shardDrainingCommands();
        ShardCommand start = pausable ? new StartShardDraining(shard) : new RemoveShard(shard);
        Optional<Refusal> refused = cluster.refusal(start);
        Load before = load(cluster, shard);
        if (refused.isPresent()) {
            return new Result(
                    shard,
                    version,
                    refused,
                    List.of(start.mongoshCommand()),
                    before.chunks,
                    before.bytes,
                    List.of(),
                    List.of(),
                    false,
                    0);
        }
        long startedAt = cluster.now();
        List<String> commands = new ArrayList<>(List.of(start.mongoshCommand()));
        cluster.execute(start);
        List<Progress> progress = new ArrayList<>();
        List<Blocker> blockers = new ArrayList<>();
        Load left = before;
        int idle = 0;
        boolean balancerOn = cluster.snapshot().settings().balancerEnabled();
        if (!balancerOn && left.chunks > 0) {
            blockers.add(new Blocker(BlockerKind.BALANCER_OFF, 1));
        }
        for (int round = 1; balancerOn && left.chunks > left.jumbo && round <= maxRounds; round++) {
            BalancerRoundsRun run = cluster.runBalancerRounds(1);
            Load now = load(cluster, shard);
            idle = run.migrations().isEmpty() ? idle + 1 : 0;
            long elapsed = cluster.now() - startedAt;
            long moved = before.bytes - now.bytes;
            OptionalLong millisLeft = moved > 0 && elapsed > 0
                    ? OptionalLong.of((long) Math.ceil((double) now.bytes * elapsed / moved))
                    : OptionalLong.empty();
            progress.add(new Progress(round, elapsed, now.chunks, now.bytes, millisLeft));
            left = now;
            if (idle >= ROUNDS_WITHOUT_PROGRESS) {
                blockers.add(new Blocker(whyNothingMoves(cluster.balancerDecision()), left.chunks - left.jumbo));
                break;
            }
            if (round == maxRounds && left.chunks > left.jumbo) {
                blockers.add(new Blocker(BlockerKind.ROUND_LIMIT, left.chunks - left.jumbo));
            }
        }
        if (left.jumbo > 0) {
            blockers.add(new Blocker(BlockerKind.JUMBO_CHUNKS, left.jumbo));
        }
        if (shard.equals(primaryShard)) {
            blockers.add(new Blocker(BlockerKind.PRIMARY_SHARD, 1));
        }
        boolean removed = false;
        if (blockers.isEmpty() && left.chunks == 0) {
            RemoveShard remove = new RemoveShard(shard);
            commands.add(
                    pausable ? "db.adminCommand({ commitShardRemoval: \"" + shard + "\" })" : remove.mongoshCommand());
            cluster.execute(remove);
            removed = true;
        }
        return new Result(
                shard,
                version,
                Optional.empty(),
                commands,
                before.chunks,
                before.bytes,
                progress,
                blockers,
                removed,
                cluster.now() - startedAt);
    }

    /**
     * Why the balancer's rounds moved none of a draining shard's chunks, from its decision's switches, the first that
     * stops it in the order mongo {@code balancer.cpp} and {@code balancer_chunk_selection_policy.cpp} check them:
     * the window, the collection's {@code noBalance}, its {@code permitMigrations}, a defragmentation.
     */
    static BlockerKind whyNothingMoves(BalancerDecision decision) {
        if (!decision.insideWindow()) {
            return BlockerKind.OUTSIDE_WINDOW;
        }
        if (!decision.collectionBalanced()) {
            return BlockerKind.BALANCING_DISABLED;
        }
        if (!decision.migrationsAllowed()) {
            return BlockerKind.MIGRATIONS_NOT_ALLOWED;
        }
        return decision.defragmenting() ? BlockerKind.DEFRAGMENTING : BlockerKind.NO_MIGRATION;
    }

    private record Load(long chunks, long jumbo, long bytes) {}

    private static Load load(SimulatedCluster cluster, String shard) {
        long chunks = 0;
        long jumbo = 0;
        long bytes = 0;
        for (ChunkStatistics statistics : cluster.snapshot().chunkStatistics()) {
            Chunk chunk = statistics.chunk();
            if (chunk.shard().equals(shard)) {
                chunks++;
                jumbo += chunk.jumbo() ? 1 : 0;
                bytes += statistics.bytes();
            }
        }
        return new Load(chunks, jumbo, bytes);
    }
}

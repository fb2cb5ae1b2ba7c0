package io.shardlab.sim;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.OrphanedRange;
import io.shardlab.key.ShardKeyPattern;
import java.time.LocalTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory sharded cluster that behaves like a real one of the chosen {@link MongoVersion}:
 * the one mutable aggregate of the simulator. It changes only through {@link ClusterCommand}s
 * ({@link #execute}), each recorded with what undo needs, and through the passage of simulated time
 * ({@link #advance}), which runs what MongoDB does by itself (balancer rounds, migration commits,
 * auto-merges) as automatic commands in the same history.
 *
 * <p>It starts empty (then {@link AddShard}, {@link ShardCollection}, …) or from a layout read
 * elsewhere ({@link #fromLayout}, {@link LoadLayout}), whose documents it knows only as per-chunk
 * totals; {@link #runBalancerRounds} lets N balancer rounds pass and reports their migrations.
 *
 * <p>Threading: not thread-safe; drive it from one thread. Listeners are called synchronously on
 * that thread; hand them immutable events and {@link #snapshot()}s only.
 *
 * <p>Determinism: given the same configuration (seed included) and the same calls, the same events
 * happen at the same simulated times.
 *
 * <p>Shards: a cluster built here owns its shards (a {@link ShardRegistry} of its own, changed by
 * {@link ShardCommand}s in its history). The cluster of one collection of a catalog reads the catalog's
 * registry instead ({@link #SimulatedCluster(SimulationConfig, ShardRegistry, String)}, or {@link
 * #handShardsTo} for a cluster built on its own first): it holds no copy, a shard command run on it is
 * run by the catalog for every collection, and the catalog tells it of each change ({@link
 * #shardsChanged}).
 *
 * <p>Undo: every history entry keeps the catalog state from before it (chunks, zones, shards it owns,
 * settings, migrations, clock, counters, random state) and, for inserts, the batch; undo restores
 * the catalog, re-partitions the documents to the restored chunk boundaries and removes the batch's
 * documents. Redo re-applies the command, which replays identically because the random state was
 * restored too. Shards another owner holds are not this cluster's to restore: undoing an entry of a
 * shard change it only read (recorded so that its history shows it) leaves the shards as they are.
 */
public final class SimulatedCluster {

    private final ClusterState state;
    private final List<ClusterEventListener> listeners = new CopyOnWriteArrayList<>();
    private final Deque<HistoryEntry> history = new ArrayDeque<>();
    private long historyDocuments;

    /** One undoable step: the command and the state before it. */
    private record HistoryEntry(ClusterCommand command, ClusterStateMemento before, long documents) {}

    /** A cluster with no shards yet, simulating {@code config.version()}; it owns the shards it gets. */
    public SimulatedCluster(SimulationConfig config) {
        this.state = new ClusterState(config, this::publish);
        state.scheduleAutoMerge(AutoMerger.INTERVAL_MILLIS);
    }

    /**
     * The cluster of one collection of a catalog: it reads {@code shards}, which the catalog owns and
     * changes (the cluster never copies them), with {@code primaryShard} as its database's primary
     * shard, where a ranged collection's first chunk lives.
     *
     * @throws IllegalArgumentException when {@code primaryShard} is not one of the shards
     */
    public SimulatedCluster(SimulationConfig config, ShardRegistry shards, String primaryShard) {
        this.state = new ClusterState(config, this::publish, shards, primaryShard);
        state.scheduleAutoMerge(AutoMerger.INTERVAL_MILLIS);
    }

    /**
     * A cluster that starts from a layout read elsewhere rather than from {@code shardCollection}
     * ({@link LoadLayout}: the load is the first history entry).
     *
     * @param load the layout and, if known, what each chunk holds
     */
    public static SimulatedCluster fromLayout(SimulationConfig config, LoadLayout load) {
        SimulatedCluster cluster = new SimulatedCluster(config);
        cluster.execute(load);
        return cluster;
    }

    private void publish(ClusterEvent event) {
        for (ClusterEventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /** Registers a listener for every future event. */
    public void addListener(ClusterEventListener listener) {
        listeners.add(listener);
    }

    /** Unregisters a listener. */
    public void removeListener(ClusterEventListener listener) {
        listeners.remove(listener);
    }

    /** The configuration. */
    public SimulationConfig config() {
        return state.config();
    }

    /** The simulated MongoDB version. */
    public MongoVersion version() {
        return state.config().version();
    }

    /** Simulated time, in ms since the simulation started. */
    public long now() {
        return state.clock();
    }

    /**
     * The simulated time of day, UTC (the clock starts at midnight of day 0): what the balancing window is read
     * against ({@link BalancerGate}).
     */
    public LocalTime timeOfDay() {
        return BalancerGate.timeOfDay(state.clock());
    }

    /** The balancer's active window (config.settings {@code activeWindow}), empty when none is set. */
    public Optional<ActiveWindow> balancerWindow() {
        return state.settings().window();
    }

    // ---- commands ---------------------------------------------------------------------------------

    /** Empty when {@code command} can be applied now, else MongoDB's error text. */
    public Optional<String> canApply(ClusterCommand command) {
        return command.canApply(state);
    }

    /** Empty when {@code command} can be applied now, else MongoDB's refusal with its error code name. */
    public Optional<Refusal> refusal(ClusterCommand command) {
        return command.refusal(state);
    }

    /**
     * Applies {@code command} and records it for undo. (Redo is the session's: it re-applies the
     * command, {@code session.UndoTimeline}.) A {@link ShardCommand} on shards this cluster only reads
     * goes to their owner ({@link ShardRegistry#execute}), which checks it against every collection and
     * tells every cluster reading them, this one included ({@link #shardsChanged}).
     *
     * @throws CommandFailedException with MongoDB's error text when the command cannot be applied
     */
    public void execute(ClusterCommand command) {
        if (command instanceof ShardCommand shardCommand
                && !state.clusterShards().owned()) {
            state.shardRegistry().execute(shardCommand);
            return;
        }
        Optional<Refusal> error = command.refusal(state);
        if (error.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), error.get());
        }
        // with no history kept nothing is ever restored: no memento (a copy of every chunk's counters)
        ClusterStateMemento before = state.config().historyLimit() == 0 ? null : state.memento();
        command.apply(state);
        long docs = command instanceof InsertDocuments insert ? insert.batch().size() : 0;
        record(new HistoryEntry(command, before, docs));
        if (state.config().checkInvariants()) {
            state.checkInvariants();
        }
    }

    private void record(HistoryEntry entry) {
        if (state.config().historyLimit() == 0) {
            return;
        }
        history.push(entry);
        historyDocuments += entry.documents();
        while (history.size() > state.config().historyLimit()
                || (historyDocuments > state.config().historyDocumentLimit() && history.size() > 1)) {
            HistoryEntry dropped = history.removeLast();
            historyDocuments -= dropped.documents();
        }
    }

    /** Whether there is something to undo. */
    public boolean canUndo() {
        return !history.isEmpty();
    }

    /**
     * Undoes the newest history entry, restoring the cluster (clock included) to what it was before
     * it; returns the undone command.
     *
     * @throws IllegalStateException when the history is empty
     */
    public ClusterCommand undo() {
        if (history.isEmpty()) {
            throw new IllegalStateException("undo: nothing to undo");
        }
        HistoryEntry entry = history.pop();
        historyDocuments -= entry.documents();
        state.restore(entry.before());
        if (entry.command() instanceof InsertDocuments insert) {
            insert.removeFrom(state);
        }
        if (state.config().checkInvariants()) {
            state.checkInvariants();
        }
        publish(new ClusterEvent.Undone(state.clock(), entry.command().describe()));
        return entry.command();
    }

    /** The history, newest first: one description per undoable entry. */
    public List<String> history() {
        List<String> out = new ArrayList<>();
        for (HistoryEntry e : history) {
            out.add(e.command().describe());
        }
        return out;
    }

    /** The newest history entry's command, or null when the history is empty: {@code historyCommands().get(0)}, without the copy. */
    public ClusterCommand newestCommand() {
        HistoryEntry newest = history.peekFirst();
        return newest == null ? null : newest.command();
    }

    /** The history's commands, newest first. */
    public List<ClusterCommand> historyCommands() {
        List<ClusterCommand> out = new ArrayList<>();
        for (HistoryEntry e : history) {
            out.add(e.command());
        }
        return out;
    }

    // ---- shards ------------------------------------------------------------------------------------

    /** Whether the shards this cluster reads are its own (else a catalog's, see {@link #handShardsTo}). */
    public boolean ownsShards() {
        return state.clusterShards().owned();
    }

    /**
     * Hands this cluster's shards to {@code owner}, a catalog's registry with the same shard ids: {@code
     * owner} takes in their zones and draining state, and from now on this cluster reads {@code owner}'s
     * shards, as if it had been built over them. Its history stays; undoing an entry leaves the shards,
     * no longer its own, as they are.
     *
     * @throws IllegalArgumentException when {@code owner}'s shard ids are not this cluster's
     * @throws IllegalStateException when this cluster already reads another owner's shards
     */
    public void handShardsTo(ShardRegistry owner) {
        state.clusterShards().readFrom(owner);
    }

    /**
     * The shards this cluster reads changed at their owner (who calls this for every cluster reading
     * them): the cluster publishes the change as its event at its time, moves its primary shard off a
     * removed shard, and records the command in its history (so that the history lists it, and a
     * session's undo stops at a client's); undoing that entry leaves the shards as they are.
     *
     * @throws IllegalStateException when the cluster owns its shards (a command changes those: {@link #execute})
     */
    public void shardsChanged(ShardChange change) {
        if (state.clusterShards().owned()) {
            throw new IllegalStateException("shardsChanged: this cluster owns its shards; execute the command on it");
        }
        ClusterStateMemento before = state.config().historyLimit() == 0 ? null : state.memento();
        state.shardsChanged(change);
        if (before != null) {
            record(new HistoryEntry(change.command(), before, 0));
        }
    }

    /**
     * Whether a zone range of this cluster is in {@code zone}: one of its collection's, or one set for a
     * collection not sharded yet ({@code config.tags} as this cluster knows it).
     */
    public boolean hasZoneRangeIn(String zone) {
        return state.zoneHasRange(zone);
    }

    // ---- simulated time ----------------------------------------------------------------------------

    /**
     * The grid insert streams play on, in ms: every player inserts the documents due at each grid point
     * from its stream's start ({@code workload.InsertPace}), so no two batches are further apart.
     */
    public static final long INSERT_STEP_MILLIS = 100;

    /**
     * Lets {@code millis} of simulated time pass: migrations commit when their copy time is over,
     * balancer rounds and (7.0+) auto-merge rounds run when due. Each of these is an automatic
     * history entry.
     *
     * @throws IllegalArgumentException for a negative duration
     */
    public void advance(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("advance: duration must not be negative, got " + millis + " ms");
        }
        long end = state.clock() + millis;
        while (true) {
            long nextEvent = nextEventAt();
            long stepEnd = Math.min(end, nextEvent);
            state.setClock(stepEnd);
            if (stepEnd == nextEvent) {
                runDueEvents();
            } else if (stepEnd >= end) {
                return;
            }
        }
    }

    /** The database's primary shard: it keeps the database's unsharded data and cannot be removed. */
    public String primaryShard() {
        return state.primaryShard();
    }

    /** Advances until no migration is in flight (at most {@code limitMillis}); returns the time spent. */
    public long settle(long limitMillis) {
        long start = state.clock();
        while (!state.migrations().isEmpty() && state.clock() - start < limitMillis) {
            long next = Long.MAX_VALUE;
            for (Migration m : state.migrations()) {
                next = Math.min(next, m.commitAtMillis());
            }
            advance(Math.max(0, Math.min(next, start + limitMillis) - state.clock()));
        }
        return state.clock() - start;
    }

    /**
     * Lets simulated time pass until {@code rounds} more balancer rounds have run, at MongoDB's
     * interval ({@link BalancerRound}: 10 s after a round with nothing to do, 1 s after the
     * migrations of a round committed), with migrations committing as their copy time passes and
     * the 7.0+ auto-merger running when due; then lets the migrations of the last round commit.
     * Nothing is inserted. The run stops early after a round in which a step could not place a
     * loaded chunk's unknown documents ({@link ClusterEvent.DocumentsUnknown}): what the balancer
     * does next would depend on where it put them.
     *
     * @param rounds how many rounds, at least 1
     * @throws IllegalArgumentException when {@code rounds < 1}
     * @throws IllegalStateException when there is no sharded collection or the balancer is off
     */
    public BalancerRoundsRun runBalancerRounds(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds: at least 1, got " + rounds);
        }
        if (state.collection() == null) {
            throw new IllegalStateException("balancer rounds: no collection is sharded");
        }
        if (!state.settings().balancerEnabled()) {
            throw new IllegalStateException("balancer rounds: the balancer is off (sh.startBalancer() turns it on)");
        }
        RoundRecorder recorder = new RoundRecorder();
        long start = state.clock();
        addListener(recorder);
        try {
            while (recorder.rounds < rounds && recorder.stop == null) {
                advance(Math.max(0, nextEventAt() - state.clock()));
            }
            settle(Long.MAX_VALUE / 4);
        } finally {
            removeListener(recorder);
        }
        List<BalancerRoundsRun.PlannedMigration> planned = new ArrayList<>();
        for (int i = 0; i < recorder.started.size(); i++) {
            Migration m = recorder.started.get(i);
            planned.add(new BalancerRoundsRun.PlannedMigration(
                    recorder.roundOf.get(i), m, recorder.committed.contains(m.id())));
        }
        return new BalancerRoundsRun(
                rounds,
                recorder.rounds,
                planned,
                recorder.events,
                Optional.ofNullable(recorder.rounds < rounds ? recorder.stop : null),
                start,
                state.clock());
    }

    /** Collects what {@link #runBalancerRounds} reports. */
    private static final class RoundRecorder implements ClusterEventListener {
        int rounds;
        String stop;
        final List<Migration> started = new ArrayList<>();
        final List<Integer> roundOf = new ArrayList<>();
        final Set<Long> committed = new HashSet<>();
        final List<ClusterEvent> events = new ArrayList<>();

        @Override
        public void onEvent(ClusterEvent event) {
            if (event instanceof ClusterEvent.BalancerRound) {
                rounds++;
                if (stop == null && pendingUnknown != null) {
                    stop = "round " + rounds + " needed the keys of documents the layout does not hold: "
                            + pendingUnknown;
                }
            } else if (event instanceof ClusterEvent.MigrationStarted m) {
                started.add(m.migration());
                roundOf.add(rounds + 1);
            } else if (event instanceof ClusterEvent.MigrationCommitted m) {
                committed.add(m.migration().id());
            } else if (event instanceof ClusterEvent.DocumentsUnknown u) {
                events.add(u);
                if (pendingUnknown == null) {
                    pendingUnknown = u.step();
                }
            } else if (event instanceof ClusterEvent.ChunkSplit
                    || event instanceof ClusterEvent.JumboMarked
                    || event instanceof ClusterEvent.MigrationFailed
                    || event instanceof ClusterEvent.ChunksMerged) {
                events.add(event);
            }
        }

        private String pendingUnknown;
    }

    private long nextEventAt() {
        long next = Long.MAX_VALUE;
        for (Migration m : state.migrations()) {
            next = Math.min(next, m.commitAtMillis());
        }
        if (state.collection() != null && !state.balancerRoundInProgress()) {
            next = Math.min(next, Math.max(state.nextBalancerRoundAt(), state.clock()));
        }
        if (state.collection() != null && state.policies().rules().autoMerge()) {
            next = Math.min(next, Math.max(state.nextAutoMergeAt(), state.clock()));
        }
        return next;
    }

    /** Runs every automatic event due now: commits first (oldest first), then a round, then auto-merge. */
    private void runDueEvents() {
        boolean progress = true;
        while (progress) {
            progress = false;
            Migration due = null;
            for (Migration m : state.migrations()) {
                if (m.commitAtMillis() <= state.clock() && (due == null || m.commitAtMillis() < due.commitAtMillis())) {
                    due = m;
                }
            }
            if (due != null) {
                execute(new CommitMigration(due.id()));
                progress = true;
                continue;
            }
            if (state.collection() != null
                    && !state.balancerRoundInProgress()
                    && state.nextBalancerRoundAt() <= state.clock()) {
                execute(new BalancerRound());
                progress = true;
                continue;
            }
            if (state.collection() != null
                    && state.policies().rules().autoMerge()
                    && state.nextAutoMergeAt() <= state.clock()) {
                execute(new AutoMergeRound());
                progress = true;
            }
        }
    }

    // ---- other collections of the same cluster ------------------------------------------------------

    /**
     * The shards in a migration of other collections on the same shards: the balancer leaves them out
     * of this collection's rounds until the next call (a shard takes part in one migration at a time,
     * across collections; mongo {@code src/mongo/db/s/active_migrations_registry.cpp}, and the
     * balancer's per-round used-shards set in {@code balancer_chunk_selection_policy.cpp}).
     *
     * @param shards shard ids; an empty set lifts the restriction
     */
    public void setShardsBusyElsewhere(Set<String> shards) {
        state.setShardsBusyElsewhere(shards);
    }

    /**
     * What {@code balancerCollectionStatus} reports: empty when the balancer would move nothing of the
     * collection now, else the reason of the first migration it would choose ({@link
     * MigrationReason#DRAIN}, {@link MigrationReason#ZONE_VIOLATION} or
     * {@link MigrationReason#CHUNKS_IMBALANCE}, checked in that order as mongo
     * {@code src/mongo/db/s/balancer/balancer.cpp} getBalancerStatusForNs does; a zone bound inside a
     * chunk is {@link MigrationReason#ZONE_VIOLATION}, as {@code selectChunksToSplit} finds it before any
     * migration). A collection that defragments is reported by {@link #defragmentationProgress()}
     * instead. Changes nothing and publishes no event.
     *
     * @throws IllegalStateException when no collection is sharded
     */
    public Optional<MigrationReason> balancerComplianceViolation() {
        if (state.collection() == null) {
            throw new IllegalStateException("balancerCollectionStatus: no collection is sharded");
        }
        if (BalancerRound.zoneBoundFallsInsideAChunk(state)) {
            // getBalancerStatusForNs asks selectChunksToSplit first: a chunk to cut at a zone bound is a
            // zoneViolation
            return Optional.of(MigrationReason.ZONE_VIOLATION);
        }
        List<BalancerPolicy.Plan> plans =
                state.quietly(() -> state.policies().balancer().selectMigrations(state, Set.of()));
        return plans.isEmpty() ? Optional.empty() : Optional.of(plans.get(0).reason());
    }

    /**
     * Why the balancer moves what it moves, or nothing, in its next round: the release's own comparisons per zone
     * and the migrations it would start ({@link BalancerDecision}). Changes nothing and publishes no event.
     *
     * @throws IllegalStateException when no collection is sharded
     */
    public BalancerDecision balancerDecision() {
        if (state.collection() == null) {
            throw new IllegalStateException("balancer decision: no collection is sharded");
        }
        Set<String> busy = new TreeSet<>(BalancerPolicy.busyShards(state));
        busy.addAll(state.shardsBusyElsewhere());
        BalancerPolicy policy = state.policies().balancer();
        List<ZoneVerdict> zones = new ArrayList<>();
        List<String> names = new ArrayList<>(new TreeSet<>(
                state.collection().zones().stream().map(z -> z.zone()).toList()));
        names.add("");
        for (String zone : names) {
            long inZone = state.shards().values().stream()
                    .filter(s -> zone.isEmpty() || s.zones().contains(zone))
                    .count();
            Set<String> available = new TreeSet<>(state.shards().keySet());
            available.removeAll(busy);
            if (inZone > 0) {
                zones.add(state.quietly(() -> policy.verdict(state, zone, (int) inZone, available)));
            }
        }
        boolean splitFirst = BalancerRound.zoneBoundFallsInsideAChunk(state);
        List<BalancerDecision.Move> moves = new ArrayList<>();
        if (!splitFirst
                && !state.balancing().noBalance()
                && state.balancing().permitMigrations()
                && state.defragmentation() == null) {
            boolean range = state.policies().rules().balancesDataSize();
            for (BalancerPolicy.Plan p : state.quietly(() -> policy.selectMigrations(state, busy))) {
                Chunk c = state.chunks().get(p.chunkIndex());
                long bytes = state.contentBelow(p.chunkIndex(), c.max())[1];
                moves.add(new BalancerDecision.Move(
                        c.shard(),
                        p.to(),
                        c.min(),
                        c.max(),
                        p.reason(),
                        range ? Math.min(bytes, state.maxChunkSizeBytes()) : bytes));
            }
        }
        Map<String, Long> before = new TreeMap<>();
        state.dataByShard().forEach((shard, t) -> before.put(shard, t[1]));
        int jumbo = (int) state.chunks().chunks().stream().filter(Chunk::jumbo).count();
        return new BalancerDecision(
                version(),
                state.settings().balancerEnabled(),
                state.settings()
                        .window()
                        .map(w -> w.contains(BalancerGate.timeOfDay(state.clock())))
                        .orElse(true),
                !state.balancing().noBalance(),
                state.balancing().permitMigrations(),
                state.defragmentation() != null,
                splitFirst,
                List.copyOf(busy),
                jumbo,
                zones,
                moves,
                before);
    }

    /**
     * The collection's defragmentation in progress ({@code balancerCollectionStatus}'s
     * {@code defragmentingChunks} details), or empty when it does not defragment.
     */
    public Optional<DefragmentationProgress> defragmentationProgress() {
        return state.collection() == null || state.defragmentation() == null
                ? Optional.empty()
                : Optional.of(Defragmenter.progress(state));
    }

    /** Whether {@code config.collections.noBalance} is set ({@link SetCollectionBalancing}). */
    public boolean balancingDisabled() {
        return state.balancing().noBalance();
    }

    /** The collection's own max chunk size in bytes ({@code configureCollectionBalancing}), 0 when it has none. */
    public long collectionMaxChunkSizeBytes() {
        return state.balancing().maxChunkSizeBytes();
    }

    /** The max chunk size the collection's balancer uses, in bytes: its own, else the cluster's. */
    public long effectiveMaxChunkSizeBytes() {
        return state.maxChunkSizeBytes();
    }

    /** Whether migrations of the collection are permitted ({@code setAllowMigrations}). */
    public boolean migrationsPermitted() {
        return state.balancing().permitMigrations();
    }

    /** The shards donating or receiving a migration of this collection now. */
    public Set<String> shardsInMigration() {
        return Set.copyOf(BalancerPolicy.busyShards(state));
    }

    // ---- convenience -------------------------------------------------------------------------------

    /** Inserts a batch at the current simulated time ({@code execute(new InsertDocuments(ns, batch))}). */
    public void insert(String namespace, InsertBatch batch) {
        execute(new InsertDocuments(namespace, batch));
    }

    /**
     * The sharded collection's shard key now (a reshard or refine changes it), read without building a
     * {@link #snapshot()} (which copies every chunk's statistics).
     *
     * @throws IllegalStateException when no collection has been sharded yet, as {@code snapshot().cluster()}
     */
    public ShardKeyPattern shardKey() {
        if (state.collection() == null) {
            throw new IllegalStateException("no collection has been sharded yet");
        }
        return state.collection().key();
    }

    /**
     * The sharded collection's chunks now, read without building a {@link #snapshot()}.
     *
     * @throws IllegalStateException when no collection has been sharded yet, as {@code snapshot().cluster()}
     */
    public ChunkMap chunks() {
        if (state.collection() == null) {
            throw new IllegalStateException("no collection has been sharded yet");
        }
        return state.chunks();
    }

    /**
     * The collection's distinct shard-key values among the documents whose keys the cluster holds (not a loaded
     * layout's unknown documents), counted up to {@code atMost}: how many pieces its data could be split into at
     * most, whatever the chunk size (a split point lies between two different key values, mongo
     * {@code src/mongo/db/s/split_vector.cpp}). Chunks partition the key space, so their counts add up.
     * Costs a pass over the documents; 0 before shardCollection.
     */
    public long distinctKeyValues(long atMost) {
        if (state.collection() == null) {
            return 0;
        }
        long distinct = 0;
        for (int i = 0; i < state.chunks().size() && distinct < atMost; i++) {
            distinct += state.documentsOf(i).distinctKeyValues(atMost - distinct);
        }
        return distinct;
    }

    /**
     * The ranges committed migrations left on their donors whose range deleter has not run yet
     * ({@link OrphanedRange}: {@code orphanCleanupDelaySecs} after each commit, 900 s, 3600 s from 8.2), oldest
     * first. Undo puts back the orphans of the state it restores.
     */
    public List<OrphanedRange> orphanedRanges() {
        return state.orphanedRanges();
    }

    /** An immutable picture of the cluster now. */
    public SimulationSnapshot snapshot() {
        return state.snapshot();
    }

    /**
     * Checks the invariants now (tests call this after every event).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void checkInvariants() {
        state.checkInvariants();
    }

    /** The package's view of the state, for tests in this package. */
    ClusterState state() {
        return state;
    }
}

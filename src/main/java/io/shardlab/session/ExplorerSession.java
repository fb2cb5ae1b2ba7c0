package io.shardlab.session;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.session.ExplorerFrame.ActivityKind;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.StreamProgress;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.InsertPace;
import io.shardlab.workload.Query;
import io.shardlab.workload.QueryMix;
import io.shardlab.workload.QueryTemplate;
import io.shardlab.workload.StreamStep;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bson.BsonDocument;

/**
 * One scenario playing on one {@link SimulatedCluster}: the stream's cursor, the write and heat
 * counts, the recent inserts and moves, the user's commands and their undo. Confined to the
 * simulation thread, like the cluster it owns; everything it hands out is an immutable
 * {@link ExplorerFrame}.
 *
 * <p>Time: {@link #advance} lets simulated time pass in steps of at most
 * {@link SimulatedCluster#INSERT_STEP_MILLIS}; at the end of each step the documents due by then
 * arrive as one insert batch, at the stream's {@link InsertPace} (the CLI's
 * {@link io.shardlab.workload.WorkloadDriver} plays at the same).
 * The cluster's own automatic work (balancer rounds, migration commits, auto-merges) runs inside
 * those steps.
 *
 * <p>Undo is a rewind: it takes back the newest user command <em>and every insert and automatic
 * step after it</em>, moving the stream's cursor back by the undone inserts, so that the world is
 * exactly as it was just before the command. Redo re-applies the command and the steps that followed
 * it. The cluster keeps a bounded history ({@link ClusterBuilder#HISTORY_ENTRIES} entries); a command older than
 * that can no longer be undone.
 */
public final class ExplorerSession {

    /** Rows of the key-range × time heatmap. */
    public static final int HEAT_ROWS = io.shardlab.render.HeatmapRanges.DEFAULT_ROWS;
    /** About how many time windows a whole stream spans on the charts. */
    static final int TARGET_WINDOWS = 120;
    /** Insert marks kept for the screen. */
    static final int MARKS = 192;
    /** Insert marks sampled from one batch. */
    static final int MARKS_PER_BATCH = 12;
    /** Committed migrations kept for the sliding animation. */
    static final int MOVES = 48;
    /** Activity lines kept. */
    static final int ACTIVITY = 200;
    /** How long the balancer may keep moving chunks after the last insert before the run counts as finished. */
    static final long SETTLE_LIMIT_MILLIS = 3_600_000;

    private final ResolvedScenario scenario;
    private final SimulatedCluster cluster;
    private final PreparedStream stream;
    /**
     * The stream's documents keyed on the collection's key now: the scenario's key until a client changes
     * it (reshardCollection, refineCollectionShardKey), then the new one, so the rest of the stream is
     * routed as mongos would route it.
     */
    private PreparedInserts inserts;
    /** The stream read on another key for a command that is placing the documents again, or null. */
    private PreparedInserts rekeyed;

    private final int[] heatRowOf;
    private final List<ShardKey> heatBounds;
    private final Map<String, Integer> shardRow = new HashMap<>();
    /** The scenario's steps in the order they run ({@link Scenario#steps()}). */
    private final List<StreamStep> steps;

    private final WindowedCounts writes;
    private final WindowedCounts heat;
    private final long streamStartMillis;
    private final InsertPace pace;
    private final List<Query> sampleQueries;
    /** The session whose stream plays: this one, or for {@link #observe a collection beside it} the scenario's. */
    private final ExplorerSession streamPlayer;

    /** The user's commands and what undo took back: the one undo/redo of the session. */
    private final UndoTimeline timeline;
    /** The newest history entry this session has accounted for; a client's commands come after it. */
    private ClusterCommand accountedHead;
    /** Whether the stream's own batch is being inserted (else landed inserts are a client's). */
    private boolean streamInserting;
    /** Documents clients have inserted. */
    private long clientDocuments;

    private final InsertMarkRing marks = new InsertMarkRing(MARKS);
    private final Deque<ChunkMove> moves = new ArrayDeque<>();
    private final Deque<ExplorerFrame.SplitMark> splits = new ArrayDeque<>();
    private long splitSequence;
    private final ActivityLog activity = new ActivityLog(ACTIVITY);
    private long markSequence;
    private long moveSequence;
    private int cursor;
    private long exhaustedAtMillis = -1;
    private boolean idleRoundSinceExhausted;
    private ClusterEvent.InsertsLanded landed;
    private Optional<String> error = Optional.empty();
    private final FilterTargeting targeting;
    private ValueLine valueLine;
    private final FrameAssembler frames;

    private ExplorerSession(ResolvedScenario scenario, SimulatedCluster cluster, PreparedStream stream) {
        this(
                scenario,
                cluster,
                stream,
                windowMillis(stream.inserts().size(), scenario.scenario().docsPerSecond()));
    }

    private ExplorerSession(ResolvedScenario scenario, SimulatedCluster cluster, PreparedStream stream, long window) {
        this(scenario, cluster, stream, window, sampleQueries(scenario), null);
    }

    private ExplorerSession(
            ResolvedScenario scenario,
            SimulatedCluster cluster,
            PreparedStream stream,
            long window,
            List<Query> sampleQueries,
            ExplorerSession streamPlayer) {
        this.scenario = scenario;
        this.streamPlayer = streamPlayer == null ? this : streamPlayer;
        this.cluster = cluster;
        this.stream = stream;
        this.inserts = stream.inserts();
        List<String> shardIds = cluster.snapshot().cluster().shardIds();
        this.steps = scenario.scenario().steps();
        for (int i = 0; i < shardIds.size(); i++) {
            shardRow.put(shardIds.get(i), i);
        }
        this.heatBounds = stream.heatBounds();
        this.heatRowOf = stream.heatRowOf();
        this.streamStartMillis = cluster.now();
        this.pace = new InsertPace(streamStartMillis, scenario.scenario().docsPerSecond());
        this.writes = new WindowedCounts(shardIds.size(), streamStartMillis, window);
        this.heat = new WindowedCounts(heatBounds.size() - 1, streamStartMillis, window);
        this.sampleQueries = sampleQueries;
        this.targeting = new FilterTargeting(scenario.scenario().version(), scenario.filter());
        this.valueLine = stream.valueLine();
        this.timeline = new UndoTimeline(cluster);
        this.frames = new FrameAssembler(
                scenario,
                timeline,
                writes,
                shardRow,
                heat,
                heatBounds,
                marks,
                moves,
                splits,
                activity,
                targeting,
                sampleQueries);
        cluster.addListener(this::onEvent);
        markAccounted();
    }

    /** The cluster, for the mongos the explorer serves to run clients' commands on (on this thread). */
    public SimulatedCluster cluster() {
        return cluster;
    }

    /** The shard key of the collection this session shows. */
    io.shardlab.key.ShardKeyPattern key() {
        return scenario.key();
    }

    private void markAccounted() {
        List<ClusterCommand> history = cluster.historyCommands();
        accountedHead = history.isEmpty() ? null : history.get(0);
    }

    /**
     * Takes in what clients did to the cluster since the session last looked: the charts reach the
     * cluster's time, and undo can no longer reach past their commands (their inserts became marks,
     * heat and per-shard writes as they landed). Called on this thread after every client command.
     */
    public void accountClientWork() {
        followKeyChange();
        writes.extendTo(cluster.now());
        heat.extendTo(cluster.now());
        List<ClusterCommand> history = cluster.historyCommands();
        if (history.isEmpty() || history.get(0) == accountedHead) {
            return;
        }
        timeline.clientCommandsRan(history.get(0));
        accountedHead = history.get(0);
    }

    /**
     * The stream's documents inserted so far, keyed on {@code key} as MongoDB keys stored documents when the
     * collection changes key (missing fields null): what a reshardCollection or refineCollectionShardKey a
     * client runs places again, since they are in the cluster only, not in the served mongos's document
     * store. Reads the stream again on {@code key} (kept for {@link #followKeyChange}).
     */
    public InsertBatch streamDocumentsKeyedOn(io.shardlab.key.ShardKeyPattern key) {
        if (!key.equals(inserts.pattern())
                && (rekeyed == null || !rekeyed.pattern().equals(key))) {
            rekeyed = PreparedInserts.readStored(scenario.source().open(scenario.settings()), key);
        }
        PreparedInserts on = key.equals(inserts.pattern()) ? inserts : rekeyed;
        return on.batch(0, cursor);
    }

    /**
     * After a client changed the collection's key: the rest of the stream is keyed on the new key, and the
     * value line (a hashed key's) follows it. The heatmap keeps its ranges of the scenario's key: its rows
     * are where each document fell on that key, before and after.
     */
    private void followKeyChange() {
        // on every client command and tick: the key alone, not a snapshot of every chunk
        io.shardlab.key.ShardKeyPattern now = cluster.shardKey();
        if (now.equals(inserts.pattern())) {
            return;
        }
        inserts = rekeyed != null && rekeyed.pattern().equals(now)
                ? rekeyed
                : PreparedInserts.readStored(scenario.source().open(scenario.settings()), now);
        rekeyed = null;
        valueLine = now.isHashed() && inserts.size() > 0 ? ValueLine.of(inserts, scenario.namespace()) : null;
    }

    /** Documents clients have inserted into the cluster. */
    public long clientDocuments() {
        return clientDocuments;
    }

    /**
     * Builds the cluster of {@code scenario}: its shards, its zones and zone ranges, the collection
     * sharded on its key with its initial-split options, cut at its split points (or, with no zones or
     * options, the workload's own pre-split) with the chunks spread round-robin, and the stream read
     * ahead.
     *
     * @throws IllegalArgumentException with MongoDB's text when the cluster refuses the key or a split
     *     point, or naming the document of the stream that cannot be routed on the key
     */
    public static ExplorerSession load(ResolvedScenario scenario) {
        return load(scenario, null);
    }

    /**
     * As {@link #load(ResolvedScenario)}, reusing {@code prepared} (the same scenario's stream, read
     * before) instead of reading the stream again; null reads it.
     */
    public static ExplorerSession load(ResolvedScenario scenario, PreparedStream prepared) {
        return load(scenario, prepared, 0);
    }

    /**
     * As {@link #load(ResolvedScenario, PreparedStream)}, with charts of {@code chartWindowMillis} windows (0:
     * the scenario's own, {@link #windowMillis(long, double)}): two sessions compared side by side share one
     * window so their charts share one time axis.
     */
    public static ExplorerSession load(ResolvedScenario scenario, PreparedStream prepared, long chartWindowMillis) {
        SimulatedCluster cluster = ClusterBuilder.of(scenario);
        PreparedStream stream = prepared != null
                ? prepared
                : PreparedStream.of(
                        PreparedInserts.read(scenario.source().open(scenario.settings()), scenario.key()),
                        scenario.namespace());
        return chartWindowMillis > 0
                ? new ExplorerSession(scenario, cluster, stream, chartWindowMillis)
                : new ExplorerSession(scenario, cluster, stream);
    }

    /**
     * Builds the cluster from a layout read elsewhere ({@link LayoutFork}): the same shards, chunks,
     * zones and per-chunk contents ({@link SimulatedCluster#fromLayout}), simulating {@code fork}'s
     * version and chunk size rather than the scenario's; the scenario gives the insert stream, read on
     * the layout's shard key. The load is not a user command, so undo stops at the forked layout.
     *
     * A stream that cannot be read on the layout's key (its documents lack a key field) is left out: the
     * session then plays no stream, and its log says why; the forked layout is always shown.
     *
     * @throws IllegalArgumentException naming what the simulator refuses in the layout
     */
    public static ExplorerSession fork(ResolvedScenario scenario, LayoutFork fork, PreparedStream prepared) {
        SimulatedCluster cluster = ClusterBuilder.forked(scenario, fork);
        if (prepared != null) {
            return new ExplorerSession(scenario, cluster, prepared);
        }
        PreparedInserts inserts;
        try {
            inserts = PreparedInserts.read(scenario.source().open(scenario.settings()), scenario.key());
        } catch (IllegalArgumentException e) {
            PreparedInserts none = PreparedInserts.none(scenario.key(), "no insert stream");
            List<ShardKey> bounds = heatBoundsWithoutStream(
                    scenario.key(), cluster.snapshot().cluster().chunks());
            ExplorerSession session =
                    new ExplorerSession(scenario, cluster, new PreparedStream(none, bounds, new int[0], null));
            session.log(cluster.now(), ActivityKind.FAILURE, "forked without an insert stream: " + e.getMessage());
            return session;
        }
        return new ExplorerSession(scenario, cluster, PreparedStream.of(inserts, scenario.namespace()));
    }

    /**
     * A session over a sharded collection the catalog holds beside {@code player}'s (one a client or the
     * shell sharded): no stream of its own (its frames tell {@code player}'s stream progress, which the
     * transport drives), charts in {@code player}'s window length from now on, heat over the hashed space
     * or the collection's chunks, the clients' writes drawn as they land. The cluster belongs to the
     * catalog: this session only listens to it and runs the user's chunk commands on it.
     *
     * @param collection the collection as a scenario ({@link ResolvedScenario#forCollection})
     */
    public static ExplorerSession observe(
            ResolvedScenario collection, SimulatedCluster cluster, ExplorerSession player) {
        PreparedInserts none = PreparedInserts.none(collection.key(), "clients' writes to " + collection.namespace());
        List<ShardKey> bounds = heatBoundsWithoutStream(
                collection.key(), cluster.snapshot().cluster().chunks());
        PreparedStream stream = new PreparedStream(none, bounds, new int[0], null);
        return new ExplorerSession(collection, cluster, stream, player.windowMillis(), List.of(), player);
    }

    /**
     * Heat rows for a collection no stream was read for: {@link #HEAT_ROWS} equal slices of the hashed space
     * for a single hashed field (where hashed writes spread), else the collection's chunk bounds now.
     */
    static List<ShardKey> heatBoundsWithoutStream(io.shardlab.key.ShardKeyPattern key, ChunkMap chunks) {
        List<ShardKey> bounds = new ArrayList<>();
        bounds.add(chunks.get(0).min());
        if (key.isHashed() && key.arity() == 1) {
            double step = Math.pow(2, 64) / HEAT_ROWS;
            for (int r = 1; r < HEAT_ROWS; r++) {
                bounds.add(ShardKey.of(new org.bson.BsonInt64((long) (Long.MIN_VALUE + step * r))));
            }
        } else {
            for (int i = 1; i < chunks.size(); i++) {
                bounds.add(chunks.get(i).min());
            }
        }
        bounds.add(chunks.get(chunks.size() - 1).max());
        return List.copyOf(bounds);
    }

    /**
     * The charts' window length: about {@link #TARGET_WINDOWS} windows over the whole stream, rounded
     * up to 1, 2 or 5 times a power of ten, at least 100 ms (one insert step).
     */
    public static long windowMillis(long documents, double docsPerSecond) {
        double streamMillis = documents * 1000.0 / docsPerSecond;
        double raw = Math.max(SimulatedCluster.INSERT_STEP_MILLIS, streamMillis / TARGET_WINDOWS);
        long power = 1;
        while (power * 10 <= raw) {
            power *= 10;
        }
        for (long m : new long[] {1, 2, 5, 10}) {
            if (m * power >= raw) {
                return m * power;
            }
        }
        return 10 * power;
    }

    private static List<Query> sampleQueries(ResolvedScenario scenario) {
        Optional<QueryMix> mix = scenario.source().queries(scenario.settings());
        if (mix.isEmpty()) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(scenario.scenario().seed());
        List<Query> out = new ArrayList<>();
        for (QueryTemplate t : mix.get().templates()) {
            out.add(t.draw(random));
        }
        return List.copyOf(out);
    }

    /** Index of the range {@code [bounds[r], bounds[r + 1])} holding {@code key}. */
    static int rowOf(List<ShardKey> bounds, ShardKey key) {
        return io.shardlab.render.HeatmapRanges.rowOf(bounds, key);
    }

    // ---- events ------------------------------------------------------------------------------------

    private void onEvent(ClusterEvent event) {
        if (event instanceof ClusterEvent.ShardAdded added && !shardRow.containsKey(added.shard())) {
            // a shard that joins mid-stream gets a row of its own; the row stays if undo takes the shard back
            shardRow.put(added.shard(), writes.addRow());
        }
        if (event instanceof ClusterEvent.InsertsLanded l) {
            landed = l;
            if (!streamInserting) {
                clientDocuments += l.documents();
                for (Map.Entry<String, Long> e : l.documentsByShard().entrySet()) {
                    Integer row = shardRow.get(e.getKey());
                    if (row != null) {
                        writes.addArrived(l.atMillis(), row, e.getValue());
                    }
                }
                recordClientBatch(l.batch(), l.atMillis());
            }
        } else if (event instanceof ClusterEvent.MigrationCommitted c) {
            push(
                    moves,
                    new ChunkMove(
                            ++moveSequence,
                            c.migration().min(),
                            c.migration().max(),
                            c.migration().from(),
                            c.migration().to(),
                            c.atMillis()),
                    MOVES);
        } else if (event instanceof ClusterEvent.ChunkSplit s) {
            push(splits, new ExplorerFrame.SplitMark(++splitSequence, s.splitPoints(), s.atMillis()), MOVES);
        } else if (event instanceof ClusterEvent.BalancerRound b
                && b.migrationsStarted() == 0
                && exhaustedAtMillis >= 0) {
            idleRoundSinceExhausted = true;
        }
        activity.add(event);
    }

    /** A client's inserts: heat per key range (shown as it arrives, paused or not) and a sample of insert marks. */
    private void recordClientBatch(InsertBatch batch, long atMillis) {
        int[] perRow = new int[heatBounds.size() - 1];
        for (int i = 0; i < batch.size(); i++) {
            perRow[rowOf(heatBounds, batch.key(i))]++;
        }
        for (int r = 0; r < perRow.length; r++) {
            if (perRow[r] > 0) {
                heat.addArrived(atMillis, r, perRow[r]);
            }
        }
        int samples = Math.min(batch.size(), MARKS_PER_BATCH);
        for (int s = 0; s < samples; s++) {
            marks.addClient(++markSequence, batch.key((int) ((long) s * batch.size() / samples)), atMillis);
        }
    }

    /**
     * A line in the activity log about what happened outside this session's cluster (a client dropped a
     * collection), at the cluster's time now.
     */
    public void logOutside(String text) {
        log(cluster.now(), ActivityKind.COMMAND, text);
    }

    private void log(long atMillis, ActivityKind kind, String text) {
        activity.add(atMillis, kind, text);
    }

    private static <T> void push(Deque<T> deque, T value, int cap) {
        deque.addLast(value);
        while (deque.size() > cap) {
            deque.removeFirst();
        }
    }

    // ---- time and the stream -----------------------------------------------------------------------

    /** The stream read ahead, for a reset to reuse. */
    public PreparedStream stream() {
        return stream;
    }

    /** Simulated time now, in ms. */
    public long now() {
        return cluster.now();
    }

    /** The length of one chart window, in simulated ms. */
    public long windowMillis() {
        return writes.snapshot().windowMillis();
    }

    /** Whether every document of the stream is in (the balancer may still be moving chunks). */
    public boolean streamExhausted() {
        return cursor == inserts.size();
    }

    /** Whether every document is in and the balancer has nothing left to move. */
    public boolean finished() {
        return finished(cluster.snapshot());
    }

    private boolean finished(SimulationSnapshot snapshot) {
        return cursor == inserts.size()
                && snapshot.migrationsInFlight().isEmpty()
                && (idleRoundSinceExhausted
                        || !snapshot.settings().balancerEnabled()
                        || cluster.now() - exhaustedAtMillis >= SETTLE_LIMIT_MILLIS);
    }

    /**
     * Lets {@code millis} of simulated time pass with the stream flowing; returns the documents
     * inserted. Forgets what undo took back (the timeline has moved on).
     */
    public long advance(long millis) {
        timeline.movedOn();
        return run(millis);
    }

    /**
     * Lets time pass. Inserts happen only at the points of a fixed grid, every
     * {@link SimulatedCluster#INSERT_STEP_MILLIS} from the stream's start, so any split of an interval
     * into calls (ticks of any length) inserts the same batches at the same times: that is what
     * makes redo, which replays an interval in one call, land exactly where the original run did.
     */
    private long run(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("millis: must not be negative, got " + millis);
        }
        long end = cluster.now() + millis;
        long before = cursor;
        while (cluster.now() < end) {
            long nextGridPoint = pace.nextGridPointAfter(cluster.now());
            long next = Math.min(end, nextGridPoint);
            cluster.advance(next - cluster.now());
            if (next == nextGridPoint) {
                insertDue();
            }
        }
        writes.extendTo(cluster.now());
        heat.extendTo(cluster.now());
        markAccounted();
        return cursor - before;
    }

    private void insertDue() {
        if (cursor == inserts.size()) {
            return;
        }
        long due = pace.documentsDueBy(cluster.now());
        int n = (int) Math.min(inserts.size() - cursor, due - cursor);
        Optional<StreamStep> nextStep = nextStep();
        if (nextStep.isPresent()) {
            n = (int) Math.min(n, nextStep.get().afterDocuments() - cursor);
        }
        if (n <= 0) {
            return;
        }
        InsertDocuments command = new InsertDocuments(scenario.namespace(), inserts.batch(cursor, cursor + n));
        landed = null;
        streamInserting = true;
        try {
            cluster.execute(command);
        } finally {
            streamInserting = false;
        }
        record(cursor, n, landed, cluster.now(), 1);
        sampleMarks(cursor, n);
        cursor += n;
        runStepsDue();
        if (cursor == inserts.size()) {
            exhaustedAtMillis = cluster.now();
            idleRoundSinceExhausted = false;
        }
    }

    /**
     * The first step still to run. A step has run exactly when the stream's cursor has reached its
     * document (it runs right after the batch that gets there, and undo takes both back together).
     */
    private Optional<StreamStep> nextStep() {
        return steps.stream().filter(s -> s.afterDocuments() > cursor).findFirst();
    }

    private void runStepsDue() {
        for (StreamStep step : steps) {
            if (step.afterDocuments() == cursor) {
                try {
                    cluster.execute(step.command());
                    log(cluster.now(), ActivityKind.COMMAND, step.describe());
                } catch (CommandFailedException e) {
                    error = Optional.of(step.where() + ": " + e.getMessage());
                }
            }
        }
    }

    /** Adds ({@code sign} 1) or takes back (-1) the writes and heat of documents {@code [from, from + n)}. */
    private void record(int from, int n, ClusterEvent.InsertsLanded event, long atMillis, int sign) {
        if (event == null) {
            throw new IllegalStateException("the simulated cluster reported no landed inserts for " + n + " documents");
        }
        for (Map.Entry<String, Long> e : event.documentsByShard().entrySet()) {
            Integer row = shardRow.get(e.getKey());
            if (row == null) {
                continue;
            }
            if (sign > 0) {
                writes.add(atMillis, row, e.getValue());
            } else {
                writes.subtract(atMillis, row, e.getValue());
            }
        }
        int[] perRow = new int[heatBounds.size() - 1];
        for (int i = from; i < from + n; i++) {
            perRow[heatRowOf[i]]++;
        }
        for (int r = 0; r < perRow.length; r++) {
            if (perRow[r] > 0) {
                if (sign > 0) {
                    heat.add(atMillis, r, perRow[r]);
                } else {
                    heat.subtract(atMillis, r, perRow[r]);
                }
            }
        }
    }

    private void sampleMarks(int from, int n) {
        int samples = Math.min(n, MARKS_PER_BATCH);
        for (int s = 0; s < samples; s++) {
            int i = from + (int) ((long) s * n / samples);
            marks.add(++markSequence, i, cluster.now());
        }
    }

    // ---- commands, undo and redo -------------------------------------------------------------------

    /**
     * Runs one of the user's commands; a refusal becomes the frame's error (MongoDB's text) instead of
     * an exception, since it answers a user's gesture.
     */
    public void execute(ClusterCommand command) {
        try {
            cluster.execute(command);
            timeline.userCommandRan(command);
            error = Optional.empty();
            log(cluster.now(), ActivityKind.COMMAND, command.describe());
        } catch (CommandFailedException e) {
            error = Optional.of(e.reason());
            log(cluster.now(), ActivityKind.FAILURE, command.describe() + ": " + e.reason());
        }
        markAccounted();
    }

    /** Clears the last command's error. */
    public void clearError() {
        error = Optional.empty();
    }

    /** Sets or clears the filter whose targeting the frames show. */
    public void showFilter(Optional<BsonDocument> document) {
        targeting.show(document);
    }

    /** Undoes the newest user command and everything after it; false when there is none in reach. */
    public boolean undo() {
        boolean undid = timeline.undo(command -> {
            if (command instanceof InsertDocuments insert) {
                int n = insert.batch().size();
                cursor -= n;
                takeBack(insert, n);
            }
        });
        if (!undid) {
            return false;
        }
        markAccounted();
        error = Optional.empty();
        if (cursor < inserts.size()) {
            exhaustedAtMillis = -1;
            idleRoundSinceExhausted = false;
        }
        return true;
    }

    /** After the cluster undid an insert batch (clock and chunks back as they were), takes back its counts. */
    private void takeBack(InsertDocuments insert, int n) {
        Map<String, Long> byShard = new HashMap<>();
        ChunkMap chunks = cluster.snapshot().cluster().chunks();
        InsertBatch batch = insert.batch();
        for (int i = 0; i < n; i++) {
            byShard.merge(chunks.chunkFor(batch.key(i)).shard(), 1L, Long::sum);
        }
        record(
                cursor,
                n,
                new ClusterEvent.InsertsLanded(cluster.now(), n, batch.totalBytes(), byShard, batch),
                cluster.now(),
                -1);
        marks.dropFrom(cluster.now());
    }

    /**
     * Re-applies what the newest undo took back: the user's command at the moment it first ran, then
     * the stream and the cluster's own work up to where the timeline had got. The simulation is
     * deterministic (seeded, inserts on a fixed grid), so this is the same world as before the undo.
     * False when there is nothing to redo.
     */
    public boolean redo() {
        boolean redid;
        try {
            redid = timeline.redo(
                    command -> {
                        cluster.execute(command);
                        log(cluster.now(), ActivityKind.COMMAND, "redo: " + command.describe());
                    },
                    this::run);
        } catch (CommandFailedException e) {
            error = Optional.of(e.reason());
            return false;
        }
        if (!redid) {
            return false;
        }
        markAccounted();
        error = Optional.empty();
        return true;
    }

    /** Counts every change of the session's timeline ({@link UndoTimeline#revision()}). */
    public long revision() {
        return timeline.revision();
    }

    // ---- frames --------------------------------------------------------------------------------------

    /** The current state as an immutable frame ({@link FrameAssembler}). */
    public ExplorerFrame frame() {
        SimulationSnapshot snapshot = cluster.snapshot();
        StreamProgress progress =
                streamPlayer == this ? progress(snapshot) : streamPlayer.progress(streamPlayer.cluster.snapshot());
        return frames.assemble(snapshot, cluster.historyCommands(), progress, inserts, error, valueLine);
    }

    private StreamProgress progress(SimulationSnapshot snapshot) {
        return new StreamProgress(
                cursor, inserts.size(), streamStartMillis, cursor == inserts.size(), finished(snapshot));
    }
}

package io.shardlab.session;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.HeatmapRanges;
import io.shardlab.session.ExplorerFrame.ActivityKind;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.StreamProgress;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.SetCollectionBalancing;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationCounters;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import io.shardlab.workload.InsertPace;
import io.shardlab.workload.Query;
import io.shardlab.workload.StreamPlayer;
import io.shardlab.workload.StreamStep;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.bson.BsonDocument;

/**
 * One scenario playing on one {@link SimulatedCluster}: the stream's cursor, the write and heat counts, the recent
 * inserts and moves, the user's commands and their undo. Confined to the simulation thread, like the cluster it owns;
 * everything it hands out is an immutable {@link ExplorerFrame}.
 *
 * <p>Time: {@link #advance} lets simulated time pass in steps of at most {@link SimulatedCluster#INSERT_STEP_MILLIS};
 * at the end of each step the documents due by then arrive as one insert batch, at the stream's {@link InsertPace},
 * through the one {@link StreamPlayer} (cursor and steps; the CLI's {@link io.shardlab.workload.WorkloadDriver} plays
 * through it too). The cluster's own automatic work (balancer rounds, migration commits, auto-merges) runs inside
 * those steps.
 *
 * <p>Undo is a rewind: it takes back the newest user command <em>and every insert and automatic step after it</em>,
 * moving the stream's cursor back by the undone inserts, so that the world is exactly as it was just before the
 * command. Redo re-applies the command and the steps that followed it. The cluster keeps a bounded history
 * ({@link ClusterBuilder#HISTORY_ENTRIES} entries); a command older than that can no longer be undone.
 */
public final class ExplorerSession {

    private static final String NO_STREAM = "no insert stream"; // untranslated: a label no view shows
    private static final String CLIENTS_WRITES = "clients' writes to %s"; // untranslated: as NO_STREAM
    private static final String DATA_FILE = "a data file's documents"; // untranslated: as NO_STREAM

    /** Rows of the key-range × time heatmap. */
    public static final int HEAT_ROWS = HeatmapRanges.DEFAULT_ROWS;
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
    /**
     * How long the balancer may keep moving chunks after the last insert, or after a later change that gave it work
     * ({@link #settleAgain}), before the run counts as finished.
     */
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

    /** The stream's cursor, pace and steps ({@link Scenario#steps()}). */
    private final StreamPlayer player;
    /** Writes, heat and insert marks of the documents that arrive. */
    private final ArrivalCounts counts;

    private final List<Query> sampleQueries;
    /** The session whose stream plays: this one, or for {@link #observe a collection beside it} the scenario's. */
    private final ExplorerSession streamSession;

    /** The user's commands and what undo took back: the one undo/redo of the session. */
    private final UndoTimeline timeline;
    /** The newest history entry this session has accounted for; a client's commands come after it. */
    private ClusterCommand accountedHead;
    /** Whether a stream's batch is being inserted (else landed inserts are a client's); see {@link #landFromStream}. */
    private boolean streamInserting;
    /**
     * Where the stream's writes also go, or null: the collection {@link #unsharded unsharded} or sharded again, where
     * MongoDB routes the next inserts. This cluster keeps taking them (the stream's progress; undo of the unsharding).
     */
    private ExplorerSession writesGoTo;
    /** Hears the bytes each of the stream's batches brought to {@link #writesGoTo}. */
    private LongConsumer bytesWrittenThere = bytes -> {};
    /** Whether this draws an unsplittable collection's one range (chunk commands: {@link UnsplittableChunkCommands}). */
    private boolean unsplittable;
    /** Documents clients have inserted. */
    private long clientDocuments;

    private final Deque<ChunkMove> moves = new ArrayDeque<>();
    private final Deque<ExplorerFrame.SplitMark> splits = new ArrayDeque<>();
    private long splitSequence;
    private final ActivityLog activity = new ActivityLog(ACTIVITY);
    private long moveSequence;
    /**
     * Once the stream is in, when the balancer's last chance to settle began: the last insert, or the latest change
     * that gave it work since; -1 while the stream flows.
     */
    private long settlingSinceMillis = -1;
    /**
     * Whether a balancer round has found nothing to move, with no migration in flight, since {@link
     * #settlingSinceMillis} (a round that started nothing because its shards were busy has not settled).
     */
    private boolean idleRoundSinceSettling;

    private ClusterEvent.InsertsLanded landed;
    private Optional<String> error = Optional.empty();
    private final FilterTargeting targeting;
    private ValueLine valueLine;
    private final FrameAssembler frames;
    /** The cluster's counts when this session took it over: what its set-up (the pre-split and its moves) did. */
    private final SimulationCounters atStart;

    private ExplorerSession(ResolvedScenario scenario, SimulatedCluster cluster, PreparedStream stream) {
        this(
                scenario,
                cluster,
                stream,
                windowMillis(stream.inserts().size(), scenario.scenario().docsPerSecond()));
    }

    private ExplorerSession(ResolvedScenario scenario, SimulatedCluster cluster, PreparedStream stream, long window) {
        this(scenario, cluster, stream, window, scenario.sampleQueries(), null);
    }

    private ExplorerSession(
            ResolvedScenario scenario,
            SimulatedCluster cluster,
            PreparedStream stream,
            long window,
            List<Query> sampleQueries,
            ExplorerSession streamSession) {
        this.scenario = scenario;
        this.streamSession = streamSession == null ? this : streamSession;
        this.cluster = cluster;
        this.atStart = cluster.snapshot().counters();
        this.stream = stream;
        this.inserts = stream.inserts();
        this.player = new StreamPlayer(
                cluster,
                scenario.scenario().docsPerSecond(),
                scenario.scenario().steps());
        this.counts = new ArrivalCounts(
                cluster.snapshot().cluster().shardIds(), stream, cluster.now(), window, MARKS, MARKS_PER_BATCH);
        this.sampleQueries = sampleQueries;
        this.targeting = new FilterTargeting(scenario.scenario().version(), scenario.filter());
        this.valueLine = stream.valueLine();
        this.timeline = new UndoTimeline(cluster);
        this.frames = new FrameAssembler(
                scenario,
                timeline,
                counts.writes(),
                counts.shardRow(),
                counts.heat(),
                counts.heatBounds(),
                counts.marks(),
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
    ShardKeyPattern key() {
        return scenario.key();
    }

    private void markAccounted() {
        accountedHead = cluster.newestCommand();
    }

    /**
     * Takes in what clients did to the cluster since the session last looked: the charts reach the
     * cluster's time, and undo can no longer reach past their commands (their inserts became marks,
     * heat and per-shard writes as they landed). Called on this thread after every client command.
     */
    public void accountClientWork() {
        followKeyChange();
        counts.extendTo(cluster.now());
        ClusterCommand newest = cluster.newestCommand();
        if (newest == null || newest == accountedHead) {
            return;
        }
        timeline.clientCommandsRan(newest);
        accountedHead = newest;
    }

    /**
     * The stream's documents inserted so far, keyed on {@code key} as MongoDB keys stored documents when the
     * collection changes key (missing fields null): what a reshardCollection or refineCollectionShardKey a
     * client runs places again, since they are in the cluster only, not in the served mongos's document
     * store. Reads the stream again on {@code key} (kept for {@link #followKeyChange}).
     */
    public InsertBatch streamDocumentsKeyedOn(ShardKeyPattern key) {
        if (!key.equals(inserts.pattern())
                && (rekeyed == null || !rekeyed.pattern().equals(key))) {
            rekeyed = PreparedInserts.readStored(scenario.source().open(scenario.settings()), key);
        }
        PreparedInserts on = key.equals(inserts.pattern()) ? inserts : rekeyed;
        return on.batch(0, cursor());
    }

    /**
     * After a client changed the collection's key: the rest of the stream is keyed on the new key, and the
     * value line (a hashed key's) follows it. The heatmap keeps its ranges of the scenario's key: its rows
     * are where each document fell on that key, before and after.
     */
    private void followKeyChange() {
        // on every client command and tick: the key alone, not a snapshot of every chunk
        ShardKeyPattern now = cluster.shardKey();
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
            PreparedStream none = PreparedStream.without(
                    PreparedInserts.none(scenario.key(), NO_STREAM),
                    cluster.snapshot().cluster().chunks());
            ExplorerSession session = new ExplorerSession(scenario, cluster, none);
            session.log(
                    cluster.now(),
                    ActivityKind.FAILURE,
                    Message.of("explorer.log.forkedWithoutStream", e.getMessage()));
            return session;
        }
        return new ExplorerSession(scenario, cluster, PreparedStream.of(inserts, scenario.namespace()));
    }

    /**
     * A session over a sharded collection the catalog holds beside {@code streamSession}'s (one a client or the
     * shell sharded): no stream of its own (its frames tell {@code streamSession}'s stream progress, which the
     * transport drives), charts in {@code streamSession}'s window length from now on, heat over the hashed space
     * or the collection's chunks, the clients' writes drawn as they land. The cluster belongs to the
     * catalog: this session only listens to it and runs the user's chunk commands on it.
     *
     * @param collection the collection as a scenario ({@link ResolvedScenario#forCollection})
     */
    public static ExplorerSession observe(
            ResolvedScenario collection, SimulatedCluster cluster, ExplorerSession streamSession) {
        PreparedStream stream = PreparedStream.without(
                PreparedInserts.none(collection.key(), String.format(CLIENTS_WRITES, collection.namespace())),
                cluster.snapshot().cluster().chunks());
        return new ExplorerSession(collection, cluster, stream, streamSession.windowMillis(), List.of(), streamSession);
    }

    /**
     * A session drawing the collection {@code unshardCollection} gathered onto one shard (8.0+) as its one range on
     * {@code cluster} (a copy no catalog holds, {@link ClusterBuilder#gathered}): as {@link #observe}, with its
     * balancing off (MongoDB's balancer leaves an unsplittable collection alone) and the chunk commands refused
     * with mongos's NamespaceNotSharded ({@link UnsplittableChunkCommands}).
     */
    static ExplorerSession unsharded(
            ResolvedScenario collection, SimulatedCluster cluster, ExplorerSession streamSession) {
        cluster.execute(new SetCollectionBalancing(collection.namespace(), false));
        ExplorerSession session = observe(collection, cluster, streamSession);
        session.unsplittable = true;
        return session;
    }

    /**
     * The stream's writes reach {@code target}'s collection from now on (null: this session's own again), besides
     * this session's cluster ({@link #writesGoTo}); {@code bytes} hears what each batch brought there.
     */
    void sendWritesTo(ExplorerSession target, LongConsumer bytes) {
        writesGoTo = target;
        bytesWrittenThere = bytes;
    }

    /**
     * The stream of the session beside this one wrote {@code batch} at {@code atMillis} to this session's collection:
     * an unsharded collection's copy keeps that time first (nothing else runs its clock; its balancing is off), a
     * catalog's collection takes it at its own time. Drawn as it lands (marks, writes per shard, heat).
     *
     * @return the bytes that landed
     */
    long landFromStream(InsertBatch batch, long atMillis) {
        if (unsplittable && atMillis > cluster.now()) {
            cluster.advance(atMillis - cluster.now());
        }
        landed = null;
        streamInserting = true;
        try {
            cluster.execute(new InsertDocuments(scenario.namespace(), batch));
        } finally {
            streamInserting = false;
        }
        markAccounted();
        return landed == null ? 0 : landed.bytes();
    }

    /**
     * A session over a sharded collection of a cluster read from a data file (File → Open cluster): no stream (the
     * file's documents are in its chunks already), charts in windows of the scenario's length, the clients' and the
     * Shell panel's writes drawn as they land. The cluster belongs to the catalog read with it; undo stops at the
     * layout as opened.
     *
     * @param collection the collection as a scenario ({@link ResolvedScenario#forOpenedCollection})
     */
    public static ExplorerSession opened(ResolvedScenario collection, SimulatedCluster cluster) {
        PreparedStream stream = PreparedStream.without(
                PreparedInserts.none(collection.key(), DATA_FILE),
                cluster.snapshot().cluster().chunks());
        long window = windowMillis(
                collection.scenario().documents(), collection.scenario().docsPerSecond());
        return new ExplorerSession(collection, cluster, stream, window, List.of(), null);
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

    /** Index of the range {@code [bounds[r], bounds[r + 1])} holding {@code key}. */
    static int rowOf(List<ShardKey> bounds, ShardKey key) {
        return HeatmapRanges.rowOf(bounds, key);
    }

    // ---- events ------------------------------------------------------------------------------------

    private void onEvent(ClusterEvent event) {
        if (event instanceof ClusterEvent.ShardAdded added) {
            counts.shardAdded(added.shard());
        }
        if (settlingSinceMillis >= 0 && mayGiveTheBalancerWork(event)) {
            settleAgain();
        }
        if (event instanceof ClusterEvent.InsertsLanded l) {
            landed = l;
            if (streamInserting && streamSession != this) {
                // another session's stream writes here: drawn as it lands, not counted as a client's documents
                counts.clientBatch(l);
            } else if (!streamInserting) {
                clientDocuments += l.documents();
                counts.clientBatch(l);
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
                && b.foundNothingToMove()
                && settlingSinceMillis >= 0) {
            idleRoundSinceSettling = true;
        }
        activity.add(event);
    }

    /**
     * Whether {@code event} may give the balancer chunks to move: a shard joins or starts draining, or metadata the
     * balancer reads changes (a zone, the balancer started, a window, a chunk size, a collection's balancing, a refined
     * or resharded key). Each restarts the settling, as MongoDB's balancer keeps running its rounds: every round
     * re-reads the routing table, and a refine or reshard from the Shell first waits for the migrations in flight
     * (CollectionShardingCommands), so no migration planned on the chunks before it commits onto the chunks after.
     */
    private static boolean mayGiveTheBalancerWork(ClusterEvent event) {
        return event instanceof ClusterEvent.ShardAdded
                || event instanceof ClusterEvent.ShardDraining
                || event instanceof ClusterEvent.MetadataChanged;
    }

    /**
     * After the stream: a change gave the balancer work, so the run is not over until a balancer round finds nothing
     * to move again. MongoDB's balancer does not stop when the inserts do: a shard added from the Shell once the
     * stream has ended gets its chunks as it would have during it, time running (Play enabled, the engine ticking by
     * itself as after a drag) until the balancer settles or {@link #SETTLE_LIMIT_MILLIS} pass.
     */
    private void settleAgain() {
        settlingSinceMillis = cluster.now();
        idleRoundSinceSettling = false;
    }

    /**
     * A line in the activity log about what happened outside this session's cluster (a client dropped a
     * collection), at the cluster's time now.
     */
    public void logOutside(String text) {
        log(cluster.now(), ActivityKind.COMMAND, Message.of("explorer.log.line", text));
    }

    /** {@link #logOutside(String)} in the reader's words. */
    public void logOutside(Message line) {
        log(cluster.now(), ActivityKind.COMMAND, line);
    }

    private void log(long atMillis, ActivityKind kind, Message line) {
        activity.add(atMillis, kind, line);
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
        return counts.windowMillis();
    }

    /** Whether every document of the stream is in (the balancer may still be moving chunks). */
    public boolean streamExhausted() {
        return cursor() == inserts.size();
    }

    /** The stream's documents inserted so far. */
    private int cursor() {
        return (int) player.inserted();
    }

    /** Whether every document is in and the balancer has nothing left to move. */
    public boolean finished() {
        return finished(cluster.snapshot());
    }

    private boolean finished(SimulationSnapshot snapshot) {
        return cursor() == inserts.size()
                && snapshot.migrationsInFlight().isEmpty()
                && (idleRoundSinceSettling
                        || !snapshot.settings().balancerEnabled()
                        || cluster.now() - settlingSinceMillis >= SETTLE_LIMIT_MILLIS);
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
            throw new IllegalArgumentException(
                    "millis: must not be negative, got " + millis); // untranslated: a developer's contract
        }
        long end = cluster.now() + millis;
        long before = player.inserted();
        while (cluster.now() < end) {
            if (player.advanceToward(end)) {
                insertDue();
            }
        }
        counts.extendTo(cluster.now());
        markAccounted();
        return player.inserted() - before;
    }

    private void insertDue() {
        int cursor = cursor();
        if (cursor == inserts.size()) {
            return;
        }
        int n = player.nextBatch(inserts.size() - cursor);
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
        if (landed == null) {
            throw new IllegalStateException("the simulated cluster reported no landed inserts for " + n + " documents");
        }
        counts.streamBatch(cursor, n, landed.documentsByShard(), cluster.now());
        if (writesGoTo != null) {
            bytesWrittenThere.accept(writesGoTo.landFromStream(command.batch(), cluster.now()));
        }
        player.inserted(n, this::runStep);
        if (cursor() == inserts.size()) {
            settlingSinceMillis = cluster.now();
            idleRoundSinceSettling = false;
        }
    }

    /** A step the stream reached: a refusal becomes the frame's error, as a user's command's does. */
    private void runStep(StreamStep step) {
        try {
            cluster.execute(step.command());
            log(cluster.now(), ActivityKind.COMMAND, Message.of("explorer.log.line", step.describe()));
        } catch (CommandFailedException e) {
            // the frame's error is MongoDB's text after the command, as a user's command's; where in the stream the
            // step failed is said in the activity log, in the user's language
            log(cluster.now(), ActivityKind.FAILURE, Message.of("workload.step.refused", step.where(), e.getMessage()));
            error = Optional.of(step.command().mongoshCommand() + ": " + e.getMessage());
        }
    }

    // ---- commands, undo and redo -------------------------------------------------------------------

    /**
     * Runs one of the user's commands; a refusal becomes the frame's error (MongoDB's text) instead of
     * an exception, since it answers a user's gesture.
     */
    public void execute(ClusterCommand command) {
        Optional<String> unsharded =
                unsplittable ? UnsplittableChunkCommands.refusal(command, scenario.namespace()) : Optional.empty();
        if (unsharded.isPresent()) {
            error = unsharded;
            log(
                    cluster.now(),
                    ActivityKind.FAILURE,
                    Message.of("explorer.log.refused", command.describe(), unsharded.get()));
            return;
        }
        try {
            cluster.execute(command);
            timeline.userCommandRan(command);
            error = Optional.empty();
            log(cluster.now(), ActivityKind.COMMAND, Message.of("explorer.log.line", command.describe()));
        } catch (CommandFailedException e) {
            error = Optional.of(e.reason());
            log(
                    cluster.now(),
                    ActivityKind.FAILURE,
                    Message.of("explorer.log.refused", command.describe(), e.reason()));
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
                // the cluster undid the batch (clock and chunks back as they were): its counts go too
                player.takeBack(insert.batch().size());
                counts.streamBatchTakenBack(
                        cursor(), insert.batch(), cluster.snapshot().cluster().chunks(), cluster.now());
            }
        });
        if (!undid) {
            return false;
        }
        markAccounted();
        error = Optional.empty();
        if (cursor() < inserts.size()) {
            settlingSinceMillis = -1;
            idleRoundSinceSettling = false;
        }
        return true;
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
                        log(cluster.now(), ActivityKind.COMMAND, Message.of("explorer.log.redo", command.describe()));
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
                streamSession == this ? progress(snapshot) : streamSession.progress(streamSession.cluster.snapshot());
        return frames.assemble(snapshot, cluster.historyCommands(), progress, inserts, error, valueLine);
    }

    /** The collection at a glance: the cluster now and the writes of the newest {@code windows} windows. */
    public CollectionGlance glance(int windows) {
        return frames.glance(cluster.snapshot(), windows);
    }

    private StreamProgress progress(SimulationSnapshot snapshot) {
        return new StreamProgress(
                cursor(),
                inserts.size(),
                player.pace().startMillis(),
                cursor() == inserts.size(),
                finished(snapshot),
                atStart);
    }
}

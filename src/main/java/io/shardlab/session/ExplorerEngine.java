package io.shardlab.ui.explorer;

import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerSession;
import io.shardlab.session.LayoutFork;
import io.shardlab.session.PlaybackPacer;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.PreparedStream;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.SimulationThread;
import io.shardlab.session.Transport;
import io.shardlab.shell.CommandLayer;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.ui.BackgroundFailure;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.bson.BsonDocument;

/**
 * Runs the explorer's simulation on its {@link SimulationThread}: every method here only submits a
 * task, so it can be called from the JavaFX thread and never blocks it. The session, the play state
 * and the speed live on the simulation thread; what comes back is an immutable {@link EngineState}
 * handed to {@code publish} after every change (in the application, a {@link LatestValueMailbox}'s
 * {@code offer}, so the newest state wins and at most one screen update is pending).
 *
 * <p>Playing: a repeating task lets simulated time pass at the {@link PlaybackPacer}'s rule (wall-clock
 * time times the speed, or a budget of work per tick at {@link PlaybackSpeed#MAX}), publishing at its rate. Play stops by itself when the stream is in and the balancer has settled.
 */
public final class ExplorerEngine implements Transport {

    private final SimulationThread thread;
    private final Consumer<EngineState> publish;
    private final BooleanSupplier screenBehind;

    // confined to the simulation thread
    private ExplorerSession session;
    private ResolvedScenario scenario;
    /** The layout the current session was forked from, or null for a scenario built from scratch. */
    private LayoutFork forked;

    private PreparedStream prepared;
    private SimulationThread.Repeating ticking;
    private PlaybackSpeed speed = PlaybackSpeed.X10;
    private final PlaybackPacer pacer;
    /** The mongos clients connect to while accepting connections, over the session's cluster; else null. Written on the simulation thread, read by connection threads for the client list. */
    private volatile MongosServer server;
    /**
     * The sharded catalog over the session's cluster, made when the shell or a client first needs it and
     * dropped with the session: clients and the shell see the same databases and collections.
     */
    private ShardedCatalog catalog;
    /** The shell's command layer over {@link #catalog} while no server runs (then the shell uses the server's). */
    /** The cluster's mongos: the Shell panel's commands and, while accepting connections, the clients'. */
    private MongosServer.InProcess mongos;

    private volatile Consumer<ConnectionsState> connectionsReport;
    /** Client commands waiting for the simulation thread, failed at once when the server stops. */
    private final Set<CompletableFuture<?>> waitingCommands = ConcurrentHashMap.newKeySet();

    private boolean publishQueued;
    /**
     * Sessions over the catalog's other sharded collections (a client or the shell sharded them), by
     * namespace: they count those collections' writes from the moment they appear, so the picker can show
     * any of them with its history.
     */
    private final Map<String, ExplorerSession> observed = new TreeMap<>();
    /** Each observed collection's shard key as the picker shows it, printed once. */
    private final Map<ExplorerSession, String> observedKeys = new java.util.IdentityHashMap<>();
    /** The collection on show: null for the scenario's, else a key of {@link #observed}. */
    private String shownNamespace;
    /** Whether a client dropped the scenario's collection: its stream has nothing left to play into. */
    private boolean scenarioDropped;
    /** The filter whose targeting shows; a collection picked later routes it too. */
    private Optional<BsonDocument> filter = Optional.empty();

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives every new state, on the simulation thread
     */
    public ExplorerEngine(SimulationThread thread, LongSupplier nanoTime, Consumer<EngineState> publish) {
        this(thread, nanoTime, publish, () -> false);
    }

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives every new state, on the simulation thread
     * @param screenBehind whether the screen has not yet taken the last published state (e.g. {@link
     *     LatestValueMailbox#pending()}): at full speed a tick then does no work, so that on a machine
     *     with few cores the JavaFX and render threads get the processor until the screen has caught up
     */
    public ExplorerEngine(
            SimulationThread thread,
            LongSupplier nanoTime,
            Consumer<EngineState> publish,
            BooleanSupplier screenBehind) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.pacer = new PlaybackPacer(nanoTime);
        this.publish = Objects.requireNonNull(publish, "publish");
        this.screenBehind = Objects.requireNonNull(screenBehind, "screenBehind");
    }

    /** Builds the scenario's cluster and reads its stream; stops what played before. */
    public void load(ResolvedScenario resolved) {
        Objects.requireNonNull(resolved, "resolved");
        submit(() -> start(resolved, null));
    }

    /**
     * Copies {@code fork}'s layout into a new in-memory cluster and plays {@code resolved}'s stream on it
     * (on the layout's shard key); stops what played before. A {@link #reset} forks the same layout again.
     */
    public void fork(ResolvedScenario resolved, LayoutFork fork) {
        Objects.requireNonNull(resolved, "resolved");
        Objects.requireNonNull(fork, "fork");
        submit(() -> start(resolved, fork));
    }

    private void start(ResolvedScenario resolved, LayoutFork fork) {
        stopTicking();
        if (server != null) {
            // the clients' collection was this session's cluster: they would write to a cluster no longer shown
            stopServing(Optional.of("Stopped accepting connections: the explorer loaded a new cluster."));
        }
        session = null;
        catalog = null;
        mongos = null;
        observed.clear();
        observedKeys.clear();
        shownNamespace = null;
        scenarioDropped = false;
        filter = resolved.filter().map(BsonDocument::clone);
        // a reset loads the same scenario again: its stream, read before, is reused
        PreparedStream reuse = resolved == scenario ? prepared : null;
        scenario = resolved;
        forked = fork;
        prepared = null;
        publish.accept(new EngineState.Loading(resolved.scenario()));
        try {
            session =
                    fork != null ? ExplorerSession.fork(resolved, fork, reuse) : ExplorerSession.load(resolved, reuse);
            prepared = session.stream();
        } catch (IllegalArgumentException e) {
            publish.accept(new EngineState.Failed(resolved.scenario(), e.getMessage()));
            return;
        }
        publishFrame();
    }

    /** Loads the current scenario (or forked layout) again: a fresh cluster, the stream at its start. */
    @Override
    public void reset() {
        submit(() -> {
            if (scenario != null) {
                start(scenario, forked);
            }
        });
    }

    /** Lets time run at the current speed. */
    @Override
    public void play() {
        submit(() -> {
            if (session == null || ticking != null || finished()) {
                return;
            }
            startTicking();
            publishFrame();
        });
    }

    private void startTicking() {
        ticking = thread.repeat(pacer.start(speed), () -> guarded(this::tick));
    }

    /** Stops time. */
    @Override
    public void pause() {
        submit(() -> {
            stopTicking();
            publishFrame();
        });
    }

    /** While paused, lets one chart window of simulated time pass. */
    @Override
    public void step() {
        submit(() -> {
            if (session == null || ticking != null || scenarioDropped) {
                return;
            }
            session.advance(session.windowMillis());
            publishFrame();
        });
    }

    /** Sets the speed; takes effect at once when playing. */
    @Override
    public void speed(PlaybackSpeed newSpeed) {
        Objects.requireNonNull(newSpeed, "newSpeed");
        submit(() -> {
            boolean wasPlaying = ticking != null;
            stopTicking();
            speed = newSpeed;
            if (wasPlaying) {
                play();
            } else {
                publishFrame();
            }
        });
    }

    /** Runs one of the user's commands; MongoDB's refusal shows as the frame's error. */
    public void execute(ClusterCommand command) {
        Objects.requireNonNull(command, "command");
        submit(() -> {
            if (session != null && shown() != session) {
                ExplorerSession other = shown();
                other.execute(command);
                // the catalog's collection moves with the catalog's time: a migration the command started
                // commits as a client's moveChunk does, at once
                if (!other.cluster().snapshot().migrationsInFlight().isEmpty()) {
                    catalog.settle(shownNamespace);
                }
                publishFrame();
            } else if (session != null) {
                session.execute(command);
                // once every document is in, nothing else runs the clock: a migration the command started
                // (a drag onto a lane) would wait for Play; time runs until it commits and the balancer settles
                if (ticking == null && session.streamExhausted() && !finished()) {
                    startTicking();
                }
                publishFrame();
            }
        });
    }

    /** Undoes the newest user command and everything after it. */
    public void undo() {
        submit(() -> {
            if (session != null) {
                stopTicking();
                shown().undo();
                publishFrame();
            }
        });
    }

    /** Re-applies what the newest undo took back. */
    public void redo() {
        submit(() -> {
            if (session != null) {
                stopTicking();
                shown().redo();
                publishFrame();
            }
        });
    }

    /** Shows the targeting of {@code filter}, or none. */
    public void showFilter(Optional<BsonDocument> filter) {
        BsonDocument copy = filter.map(BsonDocument::clone).orElse(null);
        submit(() -> {
            this.filter = Optional.ofNullable(copy);
            if (session != null) {
                shown().showFilter(this.filter);
                publishFrame();
            }
        });
    }

    /** Dismisses the last command's error. */
    public void clearError() {
        submit(() -> {
            if (session != null) {
                shown().clearError();
                publishFrame();
            }
        });
    }

    private void submit(Runnable task) {
        thread.submit(() -> guarded(task));
    }

    /**
     * Runs a task of the simulation thread; one that fails (an Error included) stops the play and
     * shows the failure as the scenario's load error, so the screen never waits on a dead engine.
     */
    private void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            if (scenario == null) {
                throw e;
            }
            stopTicking();
            session = null;
            observed.clear();
            observedKeys.clear();
            shownNamespace = null;
            publish.accept(new EngineState.Failed(scenario.scenario(), BackgroundFailure.describe(e)));
        }
    }

    private void tick() {
        if (session == null || ticking == null) {
            return;
        }
        if (!pacer.advance(speed, screenBehind, session::advance, this::finished)) {
            return;
        }
        MongosCommands commands = mongos == null ? null : mongos.commands();
        if (commands != null) {
            // the catalog's other collections keep the explorer's time (balancer rounds, migrations)
            commands.advance(Math.max(0, session.now() - commands.catalog().now()));
            observed.values().forEach(ExplorerSession::accountClientWork);
        }
        if (finished()) {
            stopTicking();
            publishFrame();
            return;
        }
        if (pacer.publishDue(speed)) {
            publishFrame();
        }
    }

    /** Whether play has nothing left to do: the stream is in and settled, and no client can write. */
    private boolean finished() {
        return scenarioDropped || (session.finished() && server == null);
    }

    // ---- accepting connections ------------------------------------------------------------------------

    /** The port mongosh and the drivers try first. */
    public static final int DEFAULT_PORT = 27017;

    /**
     * Listens on 127.0.0.1 as a mongos whose sharded collection is the cluster on screen: port {@code
     * port}, or any free one when it is taken (the state's note says so). Every client command runs on
     * the simulation thread, so the cluster is still changed by that thread only, and a client's write
     * is drawn as the stream's are. {@code report} receives every change (start, clients connecting or
     * leaving, stop, a one-line error), on the simulation thread or a connection thread.
     */
    public void acceptConnections(int port, Consumer<ConnectionsState> report) {
        Objects.requireNonNull(report, "report");
        submit(() -> {
            if (server != null) {
                report.accept(connectionsState(Optional.empty()));
                return;
            }
            if (session == null) {
                report.accept(failed("Load a scenario first: clients write to the cluster the explorer shows."));
                return;
            }
            connectionsReport = report;
            Optional<String> note = Optional.empty();
            try {
                server = listen(port);
            } catch (MongosServer.PortInUseException taken) {
                try {
                    server = listen(0);
                    note = Optional.of("Port " + port + " is taken; listening on port " + server.port() + ".");
                } catch (IllegalArgumentException e) {
                    report.accept(failed("Cannot accept connections on 127.0.0.1: " + e.getMessage()));
                    return;
                }
            } catch (IllegalArgumentException e) {
                report.accept(failed("Cannot accept connections on 127.0.0.1: " + e.getMessage()));
                return;
            }
            report.accept(connectionsState(note));
            publishFrame();
        });
    }

    /** Stops accepting connections and closes the clients'. */
    public void stopAccepting() {
        submit(() -> {
            if (server != null) {
                stopServing(Optional.empty());
                publishFrame();
            }
        });
    }

    /**
     * At application exit, on the caller's thread (the simulation thread stops with the application):
     * closes the server so that its connection threads end with the window.
     */
    public void closeConnections() {
        MongosServer s = server;
        if (s != null) {
            synchronized (reportLock) {
                server = null;
            }
            for (CompletableFuture<?> waiting : waitingCommands) {
                waiting.completeExceptionally(new IllegalStateException("ShardLab stopped accepting connections"));
            }
            s.close();
        }
    }

    /** On the simulation thread: the catalog over the session's cluster, made once per session. */
    private ShardedCatalog catalog() {
        if (catalog == null) {
            SimulatedCluster cluster = session.cluster();
            catalog = new ShardedCatalog(
                    cluster.config(), cluster.snapshot().cluster().shardIds());
            // the stream's documents reach the cluster only: a reshard or refine reads them from the session
            catalog.adoptCollection(cluster, session::streamDocumentsKeyedOn);
        }
        return catalog;
    }

    // ---- the Shell panel --------------------------------------------------------------------------------

    /**
     * The command layer the Shell panel's scripts drive: the cluster on screen, through the server's
     * command layer while accepting connections (so the shell and the clients see the same documents)
     * and through one of its own otherwise. Each command runs on the simulation thread, as a client's
     * does, and is drawn the same way (marks, heat, counters) before the next one runs; once the stream
     * is in, a command that starts a migration lets time run until the balancer settles, as the chunk
     * commands do. A script's {@code sleep} waits in wall-clock time while the explorer plays on.
     */
    public CommandLayer shellCommandLayer() {
        return new CommandLayer() {
            @Override
            public BsonDocument run(String database, BsonDocument command) {
                return runClientCommand(() -> shellCommandsOnThisThread().run(database, command));
            }

            @Override
            public void sleep(long millis, Runnable check) {
                long left = millis;
                while (left > 0) {
                    long slice = Math.min(left, SHELL_SLEEP_SLICE_MILLIS);
                    try {
                        Thread.sleep(slice);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("the script's sleep was interrupted");
                    }
                    left -= slice;
                    check.run();
                }
            }
        };
    }

    /** The longest wall-clock wait of a shell script's sleep between two checks of its cancel flag, in ms. */
    static final long SHELL_SLEEP_SLICE_MILLIS = 50;

    /** On the simulation thread: the command layer a shell command runs on now. */
    private MongosCommands shellCommandsOnThisThread() {
        if (session == null) {
            throw new IllegalStateException("no cluster is on show: load a scenario first");
        }
        MongosCommands commands = mongos().commands();
        // the catalog's other collections keep the explorer's time (balancer rounds, migrations)
        commands.advance(Math.max(0, session.now() - commands.catalog().now()));
        return commands;
    }

    /** On the simulation thread: the session's mongos, made once per session. */
    private MongosServer.InProcess mongos() {
        if (mongos == null) {
            mongos = new MongosServer.InProcess(
                    catalog(),
                    "localhost:" + DEFAULT_PORT,
                    serveMemoryBudgetBytes(Runtime.getRuntime().maxMemory()),
                    SERVE_MAX_CLIENTS,
                    line -> reportClients(),
                    this::runClientCommand);
        }
        return mongos;
    }

    private MongosServer listen(int port) {
        return MongosServer.listen(mongos(), "127.0.0.1", port, 0);
    }

    /** {@code serve}'s default memory budget for the documents its clients write. */
    static final long SERVE_MEMORY_BUDGET_BYTES = 256L * 1024 * 1024;

    /**
     * Heap the served mongos may fill with client documents in the window: {@code serve}'s default, and at
     * most a quarter of the heap, since the window itself needs the rest (the launchers cap the heap at
     * 448 MB, of which a workshop session uses up to 310 MB after a collection: a budget of 256 MB would
     * run the window out of memory, a quarter of it is 112 MB, about 700,000 small documents).
     */
    static long serveMemoryBudgetBytes(long maxHeapBytes) {
        return Math.min(SERVE_MEMORY_BUDGET_BYTES, maxHeapBytes / 4);
    }
    /** Connections served at once, as {@code serve}'s default. */
    static final int SERVE_MAX_CLIENTS = 200;
    /** How long a client command waits for the simulation thread before it is answered with an error. */
    static final long CLIENT_COMMAND_TIMEOUT_SECONDS = 30;

    /**
     * Guards the check-and-report of a client change against the stop: a client report is handed on
     * before the stop clears {@link #server}, or not at all, so the stop's report is the last one.
     */
    private final Object reportLock = new Object();

    private void reportClients() {
        synchronized (reportLock) {
            MongosServer s = server;
            Consumer<ConnectionsState> report = connectionsReport;
            if (s != null && report != null) {
                report.accept(new ConnectionsState(
                        Optional.of(s.connectionString()), s.clients(), Optional.empty(), Optional.empty()));
            }
        }
    }

    private ConnectionsState connectionsState(Optional<String> note) {
        return new ConnectionsState(Optional.of(server.connectionString()), server.clients(), note, Optional.empty());
    }

    private static ConnectionsState failed(String message) {
        return new ConnectionsState(Optional.empty(), java.util.List.of(), Optional.empty(), Optional.of(message));
    }

    /** On a connection thread: runs a client's command on the simulation thread and waits for its reply. */
    private <T> T runClientCommand(Supplier<T> command) {
        CompletableFuture<T> reply = new CompletableFuture<>();
        waitingCommands.add(reply);
        submit(() -> {
            if (reply.isDone()) {
                return;
            }
            awaitScreen();
            // the reply is handed over after the explorer has accounted for the command and queued its frame, so
            // whatever the client does next already sees the command on the explorer's side
            T result = null;
            RuntimeException failure = null;
            try {
                result = command.get();
            } catch (RuntimeException e) {
                failure = e;
            }
            try {
                if (session != null) {
                    session.accountClientWork();
                    observeCatalog();
                    // once every document is in, nothing else runs the clock: a migration the command started
                    // would wait for Play; time runs until it commits and the balancer settles
                    if (ticking == null && server == null && session.streamExhausted() && !finished()) {
                        startTicking();
                    }
                    queuePublish();
                }
            } finally {
                if (failure != null) {
                    reply.completeExceptionally(failure);
                } else {
                    reply.complete(result);
                }
            }
        });
        try {
            return reply.get(CLIENT_COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(
                    "ShardLab could not run the command: " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "ShardLab's simulation did not answer within " + CLIENT_COMMAND_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("ShardLab stopped accepting connections");
        } finally {
            waitingCommands.remove(reply);
        }
    }

    /**
     * One frame for the client commands run so far: queued behind the commands already waiting, so a
     * client writing at full speed gets one frame per burst; while playing, the ticks publish.
     */
    /** How many milliseconds a client command waits at most for the screen to take the last published state. */
    static final int SCREEN_WAIT_MILLIS = 40;

    /**
     * On the simulation thread, before a client command: while the screen has not taken the last published
     * state, for at most {@link #SCREEN_WAIT_MILLIS}, the command waits. A client writing at full speed keeps
     * the connection threads, this thread and the collector busy; on a machine with two cores the JavaFX
     * thread then waited for a processor (pulse gaps of 100 ms and more). The wait lends it the processor,
     * as a tick at full speed does ({@code screenBehind}); the client sees a mongos that answers after the
     * screen has caught up.
     */
    private void awaitScreen() {
        for (int waited = 0; waited < SCREEN_WAIT_MILLIS && screenBehind.getAsBoolean(); waited++) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void queuePublish() {
        if (ticking != null || publishQueued) {
            return;
        }
        publishQueued = true;
        submit(() -> {
            publishQueued = false;
            publishFrame();
        });
    }

    private void stopServing(Optional<String> note) {
        MongosServer s = server;
        synchronized (reportLock) {
            server = null;
        }
        // the connection threads waiting on this thread must not wait while the server closes them
        for (CompletableFuture<?> waiting : waitingCommands) {
            waiting.completeExceptionally(new IllegalStateException("ShardLab stopped accepting connections"));
        }
        s.close();
        Consumer<ConnectionsState> report = connectionsReport;
        connectionsReport = null;
        report.accept(new ConnectionsState(Optional.empty(), java.util.List.of(), note, Optional.empty()));
    }

    private void stopTicking() {
        if (ticking != null) {
            ticking.cancel();
            ticking = null;
        }
    }

    private void publishFrame() {
        if (session != null) {
            publish.accept(new EngineState.Running(shown().frame(), ticking != null, speed, collections()));
        }
    }

    // ---- the collection on show ---------------------------------------------------------------------------

    /**
     * Shows the sharded collection {@code namespace} of the cluster: the scenario's, or one a client or the
     * Shell panel sharded. Its chunks, lanes, counters, activity and charts replace the shown collection's;
     * the stream and the clock run on as before. An unknown namespace (dropped meanwhile) changes nothing.
     */
    public void showCollection(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        submit(() -> {
            if (session == null) {
                return;
            }
            ExplorerSession before = shown();
            if (observed.containsKey(namespace)) {
                shownNamespace = namespace;
            } else if (namespace.equals(scenario.namespace())) {
                shownNamespace = null;
            }
            if (shown() != before) {
                shown().showFilter(filter);
                publishFrame();
            }
        });
    }

    /** On the simulation thread: the session whose frames show. */
    private ExplorerSession shown() {
        ExplorerSession other = shownNamespace == null ? null : observed.get(shownNamespace);
        return other != null ? other : session;
    }

    /**
     * On the simulation thread, after a client's command: a session for every sharded collection the
     * catalog gained (the scenario's cluster excepted), none for those it dropped; a collection sharded
     * again after a drop is a new cluster and gets a new session.
     */
    private void observeCatalog() {
        if (catalog == null) {
            return;
        }
        observed.values().forEach(ExplorerSession::accountClientWork);
        Map<String, ShardedCatalog.CollectionEntry> now = catalog.collections();
        observed.entrySet().removeIf(e -> {
            boolean gone = !now.containsKey(e.getKey())
                    || now.get(e.getKey()).cluster() != e.getValue().cluster();
            if (gone) {
                observedKeys.remove(e.getValue());
            }
            return gone;
        });
        for (ShardedCatalog.CollectionEntry entry : now.values()) {
            if (entry.cluster() != session.cluster() && !observed.containsKey(entry.namespace())) {
                io.shardlab.key.ShardKeyPattern key = entry.cluster().shardKey();
                ExplorerSession o = ExplorerSession.observe(
                        scenario.forCollection(entry.namespace(), key), entry.cluster(), session);
                observed.put(entry.namespace(), o);
                observedKeys.put(o, key.toString());
            }
        }
        boolean scenarioHere = catalog.collection(scenario.namespace())
                .filter(c -> c.cluster() == session.cluster())
                .isPresent();
        if (!scenarioHere && !scenarioDropped) {
            // the stream has no collection left (MongoDB would create a new, unsharded one for its next
            // insert, which the number line has nothing to draw for): it stops, and the picker moves on
            scenarioDropped = true;
            stopTicking();
            session.logOutside(scenario.namespace() + " was dropped by a client: the scenario's stream stops"
                    + (observed.isEmpty()
                            ? "; no sharded collection is left to show"
                            : "; showing " + firstObserved()));
        }
        if (shownNamespace != null && !observed.containsKey(shownNamespace)) {
            String gone = shownNamespace;
            shownNamespace = scenarioDropped ? firstObserved() : null;
            shown().logOutside(gone + " was dropped by a client; showing "
                    + (shownNamespace == null ? scenario.namespace() : shownNamespace));
        } else if (scenarioDropped && shownNamespace == null && !observed.isEmpty()) {
            shownNamespace = firstObserved();
            shown().logOutside(scenario.namespace() + " was dropped by a client; showing " + shownNamespace);
        }
    }

    /** The first observed collection by namespace, or null when there is none. */
    private String firstObserved() {
        return observed.isEmpty() ? null : observed.keySet().iterator().next();
    }

    /** The sharded collections for the picker, by namespace: the scenario's and the observed ones. */
    private List<EngineState.Collection> collections() {
        Map<String, EngineState.Collection> out = new TreeMap<>();
        if (catalog == null
                || catalog.collection(scenario.namespace())
                        .filter(c -> c.cluster() == session.cluster())
                        .isPresent()) {
            out.put(
                    scenario.namespace(),
                    new EngineState.Collection(
                            scenario.namespace(), scenario.key().toString(), session.clientDocuments()));
        }
        for (Map.Entry<String, ExplorerSession> e : observed.entrySet()) {
            ExplorerSession o = e.getValue();
            out.put(e.getKey(), new EngineState.Collection(e.getKey(), observedKeys.get(o), o.clientDocuments()));
        }
        return List.copyOf(out.values());
    }
}

package io.shardlab.session;

import io.shardlab.cluster.Shard;
import io.shardlab.files.FileException;
import io.shardlab.mongos.MemoryBudgetUse;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;

/**
 * The explorer's live session host: one scenario's {@link ExplorerSession} playing on its
 * {@link SimulationThread} (the transport is {@link Playback}'s), the user's commands with their undo, the
 * sharded collections of its cluster and the one on show ({@link CollectionsOnShow}), and the mongos over that
 * cluster which the Shell panel drives and clients reach while it accepts connections ({@link MongosEndpoint},
 * {@link AcceptedClients}).
 * Every method here only submits a task, so it can be called from the JavaFX thread and never blocks it. The
 * session, the play state and the speed live on the simulation thread; what comes back is an immutable
 * {@link EngineState} handed to {@code publish} after every change (in the application, a newest-wins mailbox's
 * {@code offer}, so the newest state wins and at most one screen update is pending).
 *
 * <p>Play stops by itself when the stream is in and the balancer has settled, unless clients can still write.
 */
public final class ExplorerEngine extends Playback {

    /** The port mongosh and the drivers try first. */
    public static final int DEFAULT_PORT = 27017;

    private final Consumer<EngineState> toScreen;
    private final MongosEndpoint.Factory endpoints;
    /** The heap the window holds, in bytes: read once per session, when its mongos opens. */
    private final LongSupplier heapInUse;

    private final DataFileReader dataFiles;
    /** Where the Shell panel's and the clients' commands wait for the simulation thread. */
    private final SimulationThreadLane lane;

    // confined to the simulation thread
    private ExplorerSession session;
    private ResolvedScenario scenario;
    /** The layout the current session was forked from, or null for a scenario built from scratch. */
    private LayoutFork forked;
    /** The data file the current session was opened from (File → Open cluster), or null. */
    private Path opened;

    private PreparedStream prepared;
    /** The scenario's collection and the others of its catalog, and the one on show; null without a session. */
    private CollectionsOnShow collections;
    /**
     * The sharded catalog over the session's cluster, made when the shell or a client first needs it and
     * dropped with the session: clients and the shell see the same databases and collections.
     */
    private ShardedCatalog catalog;
    /** The cluster's mongos: the Shell panel's commands and, while accepting connections, the clients'. */
    private MongosEndpoint mongos;
    /** The placement board's verbs on this session's catalog, and their undo. */
    private PlacementEditor placement = new PlacementEditor();
    /** Paces the frames client and Shell commands ask for. */
    private final FramePacer frames;
    /** The filter whose targeting shows; a collection picked later routes it too. */
    private Optional<BsonDocument> filter = Optional.empty();

    /** The listener while accepting connections, its roster and read-only switch. */
    private final AcceptedClients clients;
    /** Hears the memory budget's use after the Shell panel's commands while not accepting, else null. */
    private volatile Consumer<Optional<MemoryBudgetUse>> shellMemoryReport;
    /** Where File → Save cluster writes, off the simulation thread. */
    private final SaveLane saves = new SaveLane();

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives every new state, on the simulation thread
     * @param screenBehind whether the screen has not yet taken the last published state (e.g. the mailbox's
     *     {@code pending()}): at full speed a tick then does no work, so that on a machine with few cores the
     *     JavaFX and render threads get the processor until the screen has caught up (a client's command does
     *     not wait for the screen: its frames are coalesced, {@link SimulationThreadLane})
     * @param describeFailure the one line a task that dies shows as the scenario's error
     * @param endpoints makes the mongos over the session's cluster (serve's, wired by the application)
     * @param heapInUse the heap the window holds, in bytes, read once when the session's mongos opens for its memory
     *     budget ({@link WindowMongosLimits#memoryBudgetBytes}); the application's measures it after a full collection
     *     ({@link WindowMongosLimits#heapInUseBytes})
     * @param dataFiles reads the layout of a data file File → Open cluster opens (serve's, wired by the application)
     */
    public ExplorerEngine(
            SimulationThread thread,
            LongSupplier nanoTime,
            Consumer<EngineState> publish,
            BooleanSupplier screenBehind,
            Function<Throwable, String> describeFailure,
            MongosEndpoint.Factory endpoints,
            LongSupplier heapInUse,
            DataFileReader dataFiles) {
        super(thread, nanoTime, screenBehind, describeFailure);
        this.toScreen = Objects.requireNonNull(publish, "publish");
        this.endpoints = Objects.requireNonNull(endpoints, "endpoints");
        this.heapInUse = Objects.requireNonNull(heapInUse, "heapInUse");
        this.dataFiles = Objects.requireNonNull(dataFiles, "dataFiles");
        this.lane = new SimulationThreadLane(this::submit, this::accountClientCommand);
        this.clients = new AcceptedClients(nanoTime, lane, this::repeat);
        this.frames = new FramePacer(thread, nanoTime, this::publish);
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
        leaveSession();
        filter = resolved.filter().map(BsonDocument::clone);
        // a reset loads the same scenario again: its stream, read before, is reused
        PreparedStream reuse = resolved == scenario ? prepared : null;
        scenario = resolved;
        forked = fork;
        opened = null;
        prepared = null;
        toScreen.accept(new EngineState.Loading(resolved.scenario()));
        try {
            session =
                    fork != null ? ExplorerSession.fork(resolved, fork, reuse) : ExplorerSession.load(resolved, reuse);
            prepared = session.stream();
        } catch (IllegalArgumentException e) {
            toScreen.accept(EngineState.Failed.of(resolved.scenario(), e));
            return;
        }
        collections = new CollectionsOnShow(resolved, session);
        publish();
    }

    /** On the simulation thread: play stops, the clients are sent away, and the session and its mongos go. */
    private void leaveSession() {
        stopTicking();
        if (clients.listening()) {
            // the clients' collection was this session's cluster: they would write to a cluster no longer shown
            clients.stop(Optional.of(Message.of("session.clients.stoppedForNewCluster")));
        }
        session = null;
        collections = null;
        catalog = null;
        Optional.ofNullable(shellMemoryReport).filter(r -> mongos != null).ifPresent(r -> r.accept(Optional.empty()));
        mongos = null;
        placement = new PlacementEditor();
    }

    /**
     * File → Open cluster: the cluster data file {@code file} holds ({@code serve --data-file}, File → Save cluster
     * with its documents) in place of the one on show: its layout, and its documents in their chunks and in the
     * mongos the Shell panel and clients reach. The first of its sharded collections (by namespace) shows, the
     * others are in the collection picker; nothing streams (Play runs the clock: balancer rounds, migrations). The
     * file is read in full before anything changes: a damaged file, one whose documents do not fit the memory budget,
     * or one without a sharded collection leaves the cluster on show as it was.
     *
     * @param base the stream settings kept for the opened collection (its pace and workload): the setup's
     * @param done receives the scenario that now shows and what the file held, on the simulation thread
     * @param failed receives one line naming the file and the problem, on the simulation thread
     */
    public void openCluster(
            Path file,
            ResolvedScenario base,
            BiConsumer<ResolvedScenario, DataFileContents> done,
            Consumer<Message> failed) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(done, "done");
        Objects.requireNonNull(failed, "failed");
        submit(() -> open(file, base, done, failed));
    }

    private void open(
            Path file,
            ResolvedScenario base,
            BiConsumer<ResolvedScenario, DataFileContents> done,
            Consumer<Message> failed) {
        ShardedCatalog read;
        MongosEndpoint endpoint;
        DataFileContents contents;
        ResolvedScenario shown;
        try {
            read = dataFiles.catalog(file);
            ShardedCatalog.CollectionEntry first = read.collections().values().stream()
                    .findFirst()
                    .orElseThrow(() -> new FileException(Message.of(
                            "session.cluster.noShardedCollection",
                            file.toString(),
                            file.getFileName().toString())));
            shown = base.forOpenedCollection(read, first);
            endpoint = openEndpoint(read);
            contents = endpoint.restoreFrom(file);
        } catch (IllegalArgumentException e) { // FileException among them
            failed.accept(Message.of("session.cluster.cannotOpen", RefusedInput.said(e)));
            return;
        }
        leaveSession();
        scenario = shown;
        forked = null;
        opened = file;
        prepared = null;
        filter = Optional.empty();
        catalog = read;
        mongos = endpoint;
        session = ExplorerSession.opened(
                shown, read.collections().get(shown.namespace()).cluster());
        collections = new CollectionsOnShow(shown, session);
        collections.follow(read);
        done.accept(shown, contents);
        publish();
    }

    // ---- what plays (Playback), on the simulation thread ------------------------------------------------------

    @Override
    boolean playable() {
        return session != null && !collections.scenarioDropped();
    }

    /** Whether play has nothing left to do: the stream is in and settled, and no client can write. */
    @Override
    boolean finished() {
        return collections.scenarioDropped() || (session.finished() && !clients.listening());
    }

    @Override
    void advance(long millis) {
        session.advance(millis);
    }

    @Override
    long stepMillis() {
        return session.windowMillis();
    }

    @Override
    void ticked() {
        if (mongos != null) {
            // the catalog's other collections keep the explorer's time (balancer rounds, migrations)
            keepCatalogTime(mongos.commands());
        }
    }

    /**
     * Loads the current scenario (or forked layout) again: a fresh cluster, the stream at its start; a cluster opened
     * from a data file is read from it again.
     */
    @Override
    void reload() {
        if (opened != null) {
            open(opened, scenario, (shown, contents) -> {}, this::failedSaying);
        } else if (scenario != null) {
            start(scenario, forked);
        }
    }

    @Override
    void publish() {
        if (session != null) {
            accountObservedWork();
            ExplorerFrame frame = placement.onTimeline(collections.shown().frame());
            toScreen.accept(new EngineState.Running(
                    frame,
                    playing(),
                    currentSpeed(),
                    collections.list(catalog),
                    clients.listening(),
                    collections.shownNamespace() == null
                            ? Optional.empty()
                            : Optional.of(CollectionSummary.of(frame.cluster())),
                    // measured only while a shard drains: the measure reads the cluster's state again
                    frame.cluster().shards().stream().anyMatch(Shard::draining)
                            ? ShardDrain.leftByShard(
                                    collections.shown().cluster(),
                                    Optional.ofNullable(mongos).map(MongosEndpoint::commands))
                            : Map.of()));
        }
    }

    /**
     * The sessions of the catalog's other collections take in what clients did to them: their charts reach the
     * clock, and undo stops before the clients' commands. Before every publish and every command of the user's,
     * rather than after every client command: a class writes hundreds of commands a second.
     */
    private void accountObservedWork() {
        if (mongos != null) {
            collections.accountClientWork();
        }
    }

    /** The failure shows as the scenario's load error. */
    @Override
    boolean failed(String message) {
        return failedSaying(Message.of("common.verbatim", message));
    }

    private boolean failedSaying(Message said) {
        if (scenario == null) {
            return false;
        }
        session = null;
        collections = null;
        toScreen.accept(new EngineState.Failed(scenario.scenario(), said));
        return true;
    }

    // ---- the user's commands ----------------------------------------------------------------------------------

    /** Runs one of the user's commands; MongoDB's refusal shows as the frame's error. */
    public void execute(ClusterCommand command) {
        Objects.requireNonNull(command, "command");
        submit(() -> {
            accountObservedWork();
            placement.explorerCommandRan();
            if (session != null && collections.shown() != session) {
                ExplorerSession other = collections.shown();
                other.execute(command);
                // the catalog's collection moves with the catalog's time: a migration the command started
                // commits as a client's moveChunk does, at once
                if (!other.cluster().snapshot().migrationsInFlight().isEmpty()) {
                    catalog.settle(collections.shownNamespace());
                }
                publish();
            } else if (session != null) {
                session.execute(command);
                // once every document is in, nothing else runs the clock: a migration the command started
                // (a drag onto a lane) would wait for Play; time runs until it commits and the balancer settles
                if (!playing() && session.streamExhausted() && !finished()) {
                    startTicking();
                }
                publish();
            }
        });
    }

    /** Undoes the newest user command and everything after it. */
    public void undo() {
        stepOnTimeline(() -> placement.undo(catalog, collections.shown()::undo));
    }

    /** Re-applies what the newest undo took back. */
    public void redo() {
        stepOnTimeline(() -> placement.redo(catalog, collections.shown()::redo));
    }

    /**
     * One step on the one undo timeline, on the engine's thread while a session runs: playback stops, the observed
     * work is accounted, {@code step} runs (true when the placement changed, so the collections on show follow the
     * catalog) and the frame is published.
     */
    private void stepOnTimeline(BooleanSupplier step) {
        submit(() -> {
            if (session != null) {
                stopTicking();
                accountObservedWork();
                if (step.getAsBoolean()) {
                    collections.follow(catalog);
                }
                publish();
            }
        });
    }

    /** Shows the targeting of {@code filter}, or none. */
    public void showFilter(Optional<BsonDocument> filter) {
        BsonDocument copy = filter.map(BsonDocument::clone).orElse(null);
        submit(() -> {
            this.filter = Optional.ofNullable(copy);
            if (session != null) {
                collections.shown().showFilter(this.filter);
                publish();
            }
        });
    }

    /** Dismisses the last command's error. */
    public void clearError() {
        submit(() -> {
            if (session != null) {
                collections.shown().clearError();
                publish();
            }
        });
    }

    /**
     * Shows the sharded collection {@code namespace} of the cluster: the scenario's, or one a client or the
     * Shell panel sharded. Its chunks, lanes, counters, activity and charts replace the shown collection's;
     * the stream and the clock run on as before. An unknown namespace (dropped meanwhile) changes nothing.
     */
    public void showCollection(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        submit(() -> {
            if (session != null && collections.show(namespace)) {
                collections.shown().showFilter(filter);
                publish();
            }
        });
    }

    /**
     * Reads the whole cluster for a view of all its collections (the class board): on the simulation thread,
     * {@code reader} gets the catalog and every sharded collection at a glance with the writes of its newest
     * {@code windows} windows and the collection on show ({@link CatalogRead}), and its result goes to {@code out},
     * there too. While no scenario is loaded the read is {@link CatalogRead#NOTHING}.
     */
    public <T> void readCatalog(int windows, Function<CatalogRead, T> reader, Consumer<T> out) {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(out, "out");
        submit(() -> out.accept(reader.apply(
                session == null
                        ? CatalogRead.NOTHING
                        : new CatalogRead(
                                Optional.ofNullable(catalog),
                                collections.glances(catalog, windows),
                                Optional.of(scenario.namespace()),
                                Optional.of(collections.shown().cluster()),
                                Optional.ofNullable(mongos).map(MongosEndpoint::commands)))));
    }

    /**
     * The placement board's read or verb: on the simulation thread, {@code work} gets the board's
     * {@link PlacementEditor} and the session's mongos (none while no scenario is loaded); its result goes to
     * {@code out} there, after the collections on show followed what it changed and a frame was published.
     */
    public <T> void placement(BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out) {
        submit(() -> {
            T result = work.apply(placement, Optional.ofNullable(session == null ? null : shellCommandsOnThisThread()));
            if (session != null && collections.follow(catalog)) {
                stopTicking();
            }
            publish();
            out.accept(result);
        });
    }

    // ---- accepting connections --------------------------------------------------------------------------------

    /** {@link #acceptConnections(AcceptSettings, Consumer)} on this computer only (127.0.0.1), port {@code port}. */
    public void acceptConnections(int port, Consumer<ConnectionsState> report) {
        acceptConnections(AcceptSettings.thisComputer(port), report);
    }

    /**
     * Listens as a mongos whose sharded collections are the cluster on screen, as {@code settings} say: on
     * this computer only or for a class on the network, on its port or any free one when it is taken (the
     * state's note says so). Every client command runs on the simulation thread, so the cluster is still changed
     * by that thread only, and a client's write is drawn as the stream's are. Once the stream is in, time runs
     * for the clients (balancer rounds, auto-split, auto-merge, migrations at the chosen speed) until Pause.
     * {@code report} receives every change on the simulation thread: the start, the roster every {@value
     * AcceptedClients#ROSTER_SAMPLE_MILLIS} ms and whenever a client connects or leaves, the stop, a one-line error.
     */
    public void acceptConnections(AcceptSettings settings, Consumer<ConnectionsState> report) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(report, "report");
        submit(() -> {
            if (clients.listening()) {
                clients.reportStateTo(report);
                return;
            }
            if (session == null) {
                report.accept(ConnectionsState.failed(Message.of("session.clients.loadFirst")));
                return;
            }
            if (!clients.start(mongos(), settings, report)) {
                return;
            }
            saves.execute(mongos()::warmUpSaves);
            if (!playing() && playable() && session.streamExhausted()) {
                // the stream is in: time runs on for the clients' writes (balancer rounds, splits, migrations)
                startTicking();
            }
            publish();
        });
    }

    /**
     * File → Save cluster with its documents: the session's cluster (its layout, the clients' and the Shell panel's
     * documents, the sessions' retryable writes) to {@code file}, atomically and between two client commands, so that
     * {@code serve --data-file FILE} carries on from it. The scenario's generated stream is kept as the layout it
     * made, not as documents. The save is taken on the simulation thread and written on the {@link SaveLane}, so the
     * clients wait only while it is taken. {@code saved} or {@code failed} (one line naming the file) receives the
     * outcome on the save lane's thread (a failure to take it, on the simulation thread).
     */
    public void saveCluster(Path file, Consumer<DataFileContents> saved, Consumer<Message> failed) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(saved, "saved");
        Objects.requireNonNull(failed, "failed");
        submit(() -> {
            if (session == null) {
                failed.accept(Message.of("session.cluster.saveNothingLoaded"));
                return;
            }
            PendingSave taken = mongos().takeSave(file);
            saves.execute(() -> {
                try {
                    saved.accept(taken.write());
                } catch (FileException e) {
                    failed.accept(Message.of("session.cluster.cannotSave", RefusedInput.said(e)));
                }
            });
        });
    }

    /** Stops accepting connections and closes the clients'. */
    public void stopAccepting() {
        submit(() -> {
            if (clients.listening()) {
                clients.stop(Optional.empty());
                publish();
            }
        });
    }

    /**
     * "Eyes on the projector": refuses (true) every client command that would change a database or the cluster,
     * with MongoDB's {@code Unauthorized} (13) as a user whose roles only read is refused; false serves them
     * again. The Shell panel is not refused. Nothing while not accepting connections.
     */
    public void readOnly(boolean refuseWrites) {
        submit(() -> {
            if (clients.listening()) {
                clients.readOnly(refuseWrites);
            }
        });
    }

    /**
     * Closes {@code client}'s connections and refuses its new ones (same host and {@code appName}) until accepting
     * stops. Nothing for a client already gone or while not accepting connections.
     */
    public void disconnect(Roster.Client client) {
        Objects.requireNonNull(client, "client");
        submit(() -> {
            if (clients.listening()) {
                clients.disconnect(client);
            }
        });
    }

    /**
     * At application exit, on the caller's thread (the simulation thread stops with the application):
     * closes the server so that its connection threads end with the window.
     */
    public void closeConnections() {
        clients.closeAtExit();
    }

    /** On a connection thread: a client connected or left; the roster goes to the screen from the simulation thread. */
    private void reportClients() {
        if (!clients.listening()) {
            return;
        }
        try {
            submit(clients::reportRoster);
        } catch (RejectedExecutionException e) {
            // the application is closing: the simulation thread takes no more tasks, and nobody looks
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

    /** On the simulation thread: the session's mongos, made once per session. */
    private MongosEndpoint mongos() {
        if (mongos == null) {
            mongos = openEndpoint(catalog());
        }
        return mongos;
    }

    private MongosEndpoint openEndpoint(ShardedCatalog over) {
        return endpoints.open(
                over,
                "localhost:" + DEFAULT_PORT,
                WindowMongosLimits.memoryBudgetBytes(Runtime.getRuntime().maxMemory(), heapInUse.getAsLong()),
                WindowMongosLimits.MAX_CLIENTS,
                line -> reportClients(),
                lane);
    }

    /** The catalog's other collections keep the explorer's time (balancer rounds, migrations). */
    private void keepCatalogTime(MongosCommands commands) {
        commands.advance(Math.max(0, session.now() - commands.catalog().now()));
    }

    /**
     * On the simulation thread, after a client's (or the shell's) command, before its reply: the session takes
     * in what it did, the catalog's collections are followed, and a frame is queued; once the stream is in, a
     * migration the command started lets time run until it commits and the balancer settles.
     */
    private void accountClientCommand() {
        if (session == null) {
            return;
        }
        session.accountClientWork();
        reportShellMemory();
        if (catalog != null && collections.follow(catalog)) {
            stopTicking();
        }
        // once every document is in, nothing else runs the clock: a migration the command started
        // would wait for Play; time runs until it commits and the balancer settles
        if (!playing() && !clients.listening() && session.streamExhausted() && !finished()) {
            startTicking();
        }
        queuePublish();
    }

    private void queuePublish() {
        if (!playing()) {
            frames.request();
        }
    }

    /**
     * The least time between two frames client and Shell commands ask for, in ms ({@link FramePacer}); 0 (the
     * default) draws one frame per burst of commands.
     */
    public void paceCommandFrames(long millis) {
        submit(() -> frames.intervalMillis(millis));
    }

    // ---- the Shell panel --------------------------------------------------------------------------------------

    /**
     * The command layer the Shell panel's scripts drive: the cluster on screen, through the session's mongos
     * (the one clients reach while accepting connections, so the shell and the clients see the same documents).
     * Each command runs on the simulation thread, as a client's does, and is drawn the same way (marks, heat,
     * counters) before the next one runs; once the stream is in, a command that starts a migration lets time
     * run until the balancer settles, as the chunk commands do. A script's {@code sleep} waits in wall-clock
     * time while the explorer plays on.
     */
    public CommandLayer shellCommandLayer() {
        return CommandLayer.inWallClock((database, command) ->
                lane.run(() -> shellCommandsOnThisThread().run(database, command)));
    }

    /**
     * The Shell panel's writes count against the memory budget clients' do (one budget per mongos, refused past it
     * alike): while no client is served, {@code report} hears how full it is after each Shell command (on the
     * simulation thread), and empty when the cluster on show changes; while accepting, the connections' state says it.
     */
    public void reportShellMemory(Consumer<Optional<MemoryBudgetUse>> report) {
        shellMemoryReport = Objects.requireNonNull(report, "report");
    }

    private void reportShellMemory() {
        if (!clients.listening() && shellMemoryReport != null && mongos != null) {
            shellMemoryReport.accept(Optional.of(mongos.commands().memoryBudget()));
        }
    }

    /** On the simulation thread: the command layer a shell command runs on now. */
    private MongosCommands shellCommandsOnThisThread() {
        if (session == null) {
            throw new IllegalStateException("no cluster is on show: load a scenario first");
        }
        MongosCommands commands = mongos().commands();
        keepCatalogTime(commands);
        return commands;
    }
}

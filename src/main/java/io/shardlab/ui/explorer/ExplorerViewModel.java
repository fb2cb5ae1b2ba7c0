package io.shardlab.ui.explorer;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.render.LayoutData;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.session.CatalogRead;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.LayoutFork;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.ui.explorer.balancer.BalancerWhy;
import io.shardlab.ui.explorer.balancer.BalancerWhyViewModel;
import io.shardlab.ui.explorer.balancer.DrainRehearsalViewModel;
import io.shardlab.ui.explorer.collections.CollectionPickerViewModel;
import io.shardlab.ui.explorer.comparison.ComparisonViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.explorer.diagram.ChunkActionsViewModel;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.explorer.history.HistoryViewModel;
import io.shardlab.ui.explorer.log.LogViewModel;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import io.shardlab.ui.explorer.query.QueryViewModel;
import io.shardlab.ui.explorer.setup.SetupViewModel;
import io.shardlab.workload.UniformWorkload;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;

/**
 * The explorer: an in-memory cluster playing a scenario, seen through the number line, the lanes, the
 * charts and the side panels. Composes one ViewModel per part and routes each {@link EngineState} from
 * the simulation thread to them (on the JavaFX thread). Also the {@link ScenarioLauncher} the lessons
 * panel loads its scenarios through.
 */
public final class ExplorerViewModel implements ScenarioLauncher {

    /** Where the explorer is. */
    public enum Phase {
        /** No scenario loaded yet. */
        EMPTY,
        /** Building the cluster and reading the stream. */
        LOADING,
        /** The scenario could not be loaded; see {@link #loadErrorProperty()}. */
        FAILED,
        /** A scenario is on show. */
        READY
    }

    private final ExplorerEngine engine;
    private final WorkloadRegistry workloads;
    private final BiConsumer<ClusterSnapshot, MongoVersion> collectionShown;
    private final SetupViewModel setup;
    private final PlaybackViewModel playback;
    private final NumberLineViewModel numberLine;
    private final ChunkActionsViewModel actions;
    private final QueryViewModel query;
    private final HistoryViewModel history;
    private final LogViewModel log = new LogViewModel();
    private final ConnectionsViewModel connections;
    private final CollectionPickerViewModel collections;
    private final BalancerWhyViewModel balancer;
    private final DrainRehearsalViewModel drain;
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.EMPTY);
    private final ReadOnlyObjectWrapper<Message> loadError = new ReadOnlyObjectWrapper<>(this, "loadError");
    private final ReadOnlyObjectWrapper<Message> title = new ReadOnlyObjectWrapper<>(this, "title");
    /** Whether a layout no simulation drives is on show: the engine's frames wait until the simulator returns. */
    private final ReadOnlyBooleanWrapper readOnlyLayout = new ReadOnlyBooleanWrapper(this, "readOnlyLayout", false);

    private final ReadOnlyObjectWrapper<Message> layoutSummary = new ReadOnlyObjectWrapper<>(this, "layoutSummary");
    private final ReadOnlyBooleanWrapper canFork = new ReadOnlyBooleanWrapper(this, "canFork", false);
    private Runnable forkShownLayout;
    /** The layout last told to the window and the balancer panel: its chunks and shards; null before one. */
    private ClusterSnapshot shownLayout;

    private ComparisonViewModel comparison;
    /** The scenario the simulation on show plays; null before the first frame. */
    private Scenario shownScenario;

    private final ReadOnlyBooleanWrapper comparing = new ReadOnlyBooleanWrapper(this, "comparing", false);
    private final ReadOnlyObjectWrapper<PlaybackSpeed> activeSpeed = new ReadOnlyObjectWrapper<>(this, "activeSpeed");

    /**
     * @param engine runs the simulation on its own thread
     * @param workloads the workloads the setup offers
     * @param dark whether the dark theme shows
     * @param clipboard puts text on the system clipboard
     * @param collectionShown told, with the simulated version, whenever the shown collection's chunks
     *     change (the window's title and status bar follow)
     * @param wiring the connections part's thread, first port and classroom address
     *     ({@link ConnectionsWiring#application()} in the application)
     */
    public ExplorerViewModel(
            ExplorerEngine engine,
            WorkloadRegistry workloads,
            ObservableBooleanValue dark,
            Consumer<String> clipboard,
            BiConsumer<ClusterSnapshot, MongoVersion> collectionShown,
            ConnectionsWiring wiring) {
        this.connections = new ConnectionsViewModel(engine, clipboard, wiring);
        this.engine = Objects.requireNonNull(engine, "engine");
        this.workloads = Objects.requireNonNull(workloads, "workloads");
        this.collectionShown = Objects.requireNonNull(collectionShown, "collectionShown");
        this.setup = new SetupViewModel(workloads, this::launch);
        this.playback = new PlaybackViewModel(engine);
        activeSpeed.bind(playback.speedProperty());
        this.numberLine = new NumberLineViewModel(dark);
        this.actions = new ChunkActionsViewModel(numberLine, engine::execute);
        this.query = new QueryViewModel(engine::showFilter, numberLine::highlightShards);
        this.history = new HistoryViewModel(engine::undo, engine::redo, clipboard);
        this.collections = new CollectionPickerViewModel(engine::showCollection, System::nanoTime);
        this.balancer = new BalancerWhyViewModel(
                out -> engine.readCatalog(1, BalancerWhyViewModel::read, out), wiring.uiThread());
        this.drain = new DrainRehearsalViewModel(
                new DrainRehearsalViewModel.Reader() {
                    @Override
                    public <T> void read(Function<CatalogRead, T> reader, Consumer<T> out) {
                        engine.readCatalog(1, reader, out);
                    }
                },
                wiring.uiThread());
        drain.readOnlyProperty().bind(readOnlyLayout);
        // Why no move?'s plan preview is drawn on the line and the lanes while its panel is open
        numberLine
                .plannedMoveProperty()
                .bind(Bindings.createObjectBinding(
                        () -> balancer.previewProperty().get().map(BalancerWhy.Preview::plannedMove),
                        balancer.previewProperty()));
    }

    /**
     * Loads {@code scenario}: the setup form shows it, the engine builds its cluster, its filter shows.
     *
     * @throws IllegalArgumentException naming the field when the scenario cannot be understood
     */
    @Override
    public void launch(Scenario scenario) {
        ResolvedScenario resolved = ResolvedScenario.of(scenario, workloads);
        closeComparison();
        leaveLayout();
        numberLine.sizesUnknown(false);
        setup.fill(scenario);
        query.reset(scenario.queryFilter());
        loadError.set(null);
        phase.set(Phase.LOADING);
        engine.load(resolved);
    }

    /**
     * Names the side-by-side view {@link #compare} opens (the application wires one); without one, a
     * comparison runs its second scenario alone, as {@link ScenarioLauncher#compare} allows.
     */
    public void offerComparison(ComparisonViewModel view) {
        this.comparison = Objects.requireNonNull(view, "view");
        comparing.bind(view.openProperty());
        activeSpeed.bind(
                Bindings.when(comparing).then(view.transport().speedProperty()).otherwise(playback.speedProperty()));
        view.openProperty().addListener((obs, was, now) -> {
            if (!now) {
                // the window's title and status bar follow the explorer again: a pause republishes its frame
                shownLayout = null;
                engine.pause();
            }
        });
    }

    /**
     * Pauses the explorer and opens the comparison of {@code left} and {@code right} in its place; closing
     * it ({@link #closeComparison}) shows the explorer again as it was.
     */
    @Override
    public void compare(Message heading, Scenario left, Scenario right) {
        if (comparison == null) {
            launch(right);
            return;
        }
        comparison.open(heading, left, right);
        engine.pause();
    }

    /**
     * Simulation → Compare with the setup: the scenario on show beside the setup form's (as edited, not
     * applied), in lockstep. Refusals show in the setup's error line.
     */
    public void compareWithSetup() {
        if (shownScenario == null || readOnlyLayout.get()) {
            return;
        }
        setup.compareWith(
                shownScenario, (shown, edited) -> compare(Message.of("explorer.comparison.withSetup"), shown, edited));
    }

    /** Closes the comparison on show, if any: the explorer shows again, paused. */
    public void closeComparison() {
        if (comparison != null) {
            comparison.close();
        }
    }

    /**
     * The transport the menus and keys drive: the comparison's while one shows, the explorer's otherwise.
     */
    public PlaybackViewModel activePlayback() {
        return comparing.get() ? comparison.transport() : playback;
    }

    /** The speed of {@link #activePlayback()}: the comparison's while one shows, the explorer's otherwise. */
    public ReadOnlyObjectProperty<PlaybackSpeed> activeSpeedProperty() {
        return activeSpeed.getReadOnlyProperty();
    }

    /** Whether a comparison shows in place of the explorer. */
    public ReadOnlyBooleanProperty comparingProperty() {
        return comparing.getReadOnlyProperty();
    }

    /** The side-by-side view {@link #offerComparison} named, if any. */
    public Optional<ComparisonViewModel> comparison() {
        return Optional.ofNullable(comparison);
    }

    @Override
    public void showQuery(Optional<String> filter) {
        query.filterTextProperty().set(filter.orElse(""));
    }

    /**
     * Copies {@code fork}'s layout into a new in-memory cluster (its shards, chunks, zones and per-chunk
     * contents, its version and chunk size) so splits, moves, merges, undo and the setup's insert stream
     * can be tried on it; the setup form then shows the forked collection and key.
     *
     * @throws IllegalArgumentException with one line when the explorer cannot show the layout (more
     *     shards than it draws) or the stream's workload cannot be found
     */
    public void fork(LayoutFork fork) {
        Objects.requireNonNull(fork, "fork");
        ClusterSnapshot layout = fork.load().layout();
        long mb = 1024L * 1024L;
        int chunkMb = fork.chunkSizeBytes() % mb == 0 && fork.chunkSizeBytes() / mb <= Scenario.MAX_CHUNK_SIZE_MEGABYTES
                ? (int) (fork.chunkSizeBytes() / mb)
                : 0;
        if (layout.shards().size() > Scenario.MAX_SHARDS) {
            throw new RefusedInput(Message.of(
                    "explorer.fork.tooManyShards",
                    layout.namespace(),
                    layout.shards().size(),
                    Scenario.MAX_SHARDS));
        }
        Scenario scenario = forkScenario(workloads, layout, fork.version(), chunkMb);
        ResolvedScenario resolved = ResolvedScenario.of(scenario, workloads);
        closeComparison();
        leaveLayout();
        // a layout whose chunks' contents the source did not tell: its sizes read "unknown", never 0
        numberLine.sizesUnknown(fork.load().contents().isEmpty());
        shownLayout = null;
        setup.fill(scenario);
        query.reset(scenario.queryFilter());
        loadError.set(null);
        phase.set(Phase.LOADING);
        engine.fork(resolved, fork);
    }

    /**
     * The scenario a fork of {@code layout} plays: the layout's namespace, key, shards, release and chunk size, with a
     * neutral stream: nothing of the scenario on show. Not its set-up steps, zones or initial split points, which
     * name the shards and zones of the lesson before (its {@code sh.addShardToZone("shard02", "EU")} failed on a
     * layout without shard02; the layout's own zones come with the fork), and not its workload, pace or query,
     * which belonged to the lesson before and would write that lesson's documents into the recorded collection.
     * The stream is the workload made for the layout's key if there is one, else {@code uniform} over the layout's
     * own key fields, each of the kind its chunk bounds show ({@link UniformWorkload#overKey}; the plain
     * {@code uniform} writes {@code userId}, so on another key every insert landed in the chunk of missing values), at
     * the default size and pace, so that Play shows how the recorded layout takes writes.
     */
    static Scenario forkScenario(
            WorkloadRegistry workloads, ClusterSnapshot layout, MongoVersion version, int chunkMegabytes) {
        String workload = workloads.all().stream()
                .filter(w -> w.suggestedKey().equals(layout.key()))
                .map(Workload::name)
                .findFirst()
                .orElseGet(() -> UniformWorkload.overKey(layout.key(), chunkBounds(layout))
                        .name());
        return Scenario.of(layout.key().toString(), workload)
                .withNamespace(layout.namespace())
                .withShards(layout.shards().size())
                .withVersion(version)
                .withChunkSizeMegabytes(chunkMegabytes);
    }

    /** Every chunk's lower bound, in key order, and the last chunk's upper bound. */
    private static List<ShardKey> chunkBounds(ClusterSnapshot layout) {
        List<ShardKey> bounds = new ArrayList<>();
        layout.chunks().chunks().forEach(chunk -> bounds.add(chunk.min()));
        layout.chunks().chunks().stream().reduce((a, b) -> b).ifPresent(last -> bounds.add(last.max()));
        return bounds;
    }

    /**
     * File → Open cluster: the cluster a data file holds ({@code serve --data-file}, File → Save cluster with its
     * documents), its layout and documents, replaces the one on show; the setup form then shows its first sharded
     * collection and key, with the setup's workload and pace. The outcome shows in the connections bar
     * ({@link ConnectionsViewModel#openCluster}); a file that cannot be opened changes nothing.
     */
    public void openCluster(Path file) {
        Objects.requireNonNull(file, "file");
        ResolvedScenario base = ResolvedScenario.of(setup.stream(), workloads);
        connections.openCluster(file, base, scenario -> {
            closeComparison();
            leaveLayout();
            numberLine.sizesUnknown(false);
            shownLayout = null;
            setup.fill(scenario);
            query.reset(scenario.queryFilter());
            loadError.set(null);
        });
    }

    /** Takes the engine's newest state; call on the JavaFX thread. */
    public void accept(EngineState state) {
        if (state instanceof EngineState.Loading) {
            phase.set(Phase.LOADING);
            title.set(Message.of(
                    "explorer.title.loading",
                    state.scenario().keyPattern(),
                    state.scenario().workload()));
        } else if (state instanceof EngineState.Failed failed) {
            phase.set(Phase.FAILED);
            loadError.set(failed.said());
            setup.showError(failed.said());
            setup.showClusterShards(-1);
            playback.unload();
        } else if (readOnlyLayout.get()) {
            return;
        } else if (state instanceof EngineState.Running running) {
            ExplorerFrame frame = running.frame();
            shownScenario = frame.scenario().scenario();
            phase.set(Phase.READY);
            title.set(Message.of(
                    "explorer.title.running",
                    frame.scenario().namespace(),
                    frame.cluster().cluster().key().toString()));
            playback.show(running);
            setup.showClientCollection(running.clientCollection());
            setup.showClusterShards(frame.cluster().cluster().shards().size());
            collections.show(running);
            numberLine.show(frame, running.drainsLeft());
            query.show(frame);
            actions.show(frame, engine::clearError);
            history.show(frame);
            log.show(frame);
            ClusterSnapshot snapshot = frame.cluster().cluster();
            // a shard added or drained changes the layout as a split does: the status bar's count, the plan
            if (shownLayout == null
                    || snapshot.chunks() != shownLayout.chunks()
                    || !snapshot.shards().equals(shownLayout.shards())) {
                shownLayout = snapshot;
                balancer.layoutChanged();
                collectionShown.accept(snapshot, frame.cluster().version());
            }
        }
    }

    /**
     * Shows a read-only chunk layout (a live cluster's, a snapshot's, a config dump's) in the same number
     * line, lanes and chunk details, with its per-chunk sizes when known, and makes the explorer read-only
     * ({@link #readOnlyLayoutProperty()}). Pauses the simulation; its frames stay off the screen until the
     * next {@link #launch}, {@link #fork} or {@link #backToSimulator}.
     *
     * @param caption what the title shows, e.g. {@code "shop.orders · db1:27017 (live)"}
     */
    public void showLayout(LayoutData layout, String caption) {
        showLayout(layout, caption, List.of(), List.of());
    }

    /**
     * As {@link #showLayout(io.shardlab.render.LayoutData, String)}, animating what changed since the layout
     * shown before (a live watch's poll) with the streaming overlays: migration slides and split flashes.
     * Their sequences must increase from one call to the next, as a simulation's do.
     */
    public void showLayout(
            LayoutData layout,
            String caption,
            List<ExplorerFrame.ChunkMove> moves,
            List<ExplorerFrame.SplitMark> splits) {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(caption, "caption");
        // read-only from here: the simulation's frames, the pause's included, stay off the screen
        closeComparison();
        readOnlyLayout.set(true);
        engine.pause();
        playback.showLayout();
        history.unload();
        log.unload();
        actions.unload();
        numberLine.highlightShards(Set.of());
        // the window's title and status bar follow the simulation again when it returns
        shownLayout = null;
        ClusterSnapshot s = layout.snapshot();
        int chunks = s.chunks().size();
        layoutSummary.set(Message.of(
                "explorer.layout.summary",
                s.namespace().toString(),
                s.key().toString(),
                s.shards().size(),
                chunks));
        canFork.set(forkShownLayout != null);
        loadError.set(null);
        title.set(Message.of("common.verbatim", caption));
        numberLine.showLayout(layout, moves, splits);
        phase.set(Phase.READY);
    }

    /**
     * Names the verb that copies the read-only layout on show into the simulator ("Fork into simulator",
     * the live feature's {@code LiveLayoutViewModel.fork} into {@link #fork}), so the explorer can offer
     * it beside the layout; without one, {@link #canForkProperty()} stays false.
     */
    public void offerFork(Runnable forkShownLayout) {
        this.forkShownLayout = Objects.requireNonNull(forkShownLayout, "forkShownLayout");
        canFork.set(readOnlyLayout.get());
    }

    /** Copies the read-only layout on show into the simulator, through the verb {@link #offerFork} named. */
    public void forkShownLayout() {
        if (canFork.get()) {
            forkShownLayout.run();
        }
    }

    /**
     * Leaves the read-only layout for the simulator: the simulation that was on show before comes back as
     * it was (paused); when there was none, the setup form's scenario is launched (or, when the form has
     * an error, the form shows it).
     */
    public void backToSimulator() {
        if (!readOnlyLayout.get()) {
            return;
        }
        leaveLayout();
        if (playback.loadedProperty().get()) {
            // a pause publishes the simulation's newest frame, which now reaches the screen
            engine.pause();
        } else {
            // nothing simulated yet: the form's scenario, or the form itself with its error when it has one
            phase.set(Phase.EMPTY);
            title.set(null);
            setup.apply();
        }
    }

    private void leaveLayout() {
        readOnlyLayout.set(false);
        canFork.set(false);
        layoutSummary.set(null);
        playback.leaveLayout();
    }

    // ---- parts -----------------------------------------------------------------------------------

    public SetupViewModel setup() {
        return setup;
    }

    public PlaybackViewModel playback() {
        return playback;
    }

    public NumberLineViewModel numberLine() {
        return numberLine;
    }

    /**
     * The order in which the lanes on show took their shards' colours ({@link NumberLineViewModel#colorOrderProperty}):
     * another feature's chart of the same shards colours them by it.
     */
    public ReadOnlyObjectProperty<ShardColorOrder> shardColorOrderProperty() {
        return numberLine.colorOrderProperty();
    }

    public ChunkActionsViewModel actions() {
        return actions;
    }

    public QueryViewModel query() {
        return query;
    }

    public LogViewModel log() {
        return log;
    }

    /** The placement board's drain rehearsal: a shard's removal played on a copy of the cluster on show. */
    public DrainRehearsalViewModel drain() {
        return drain;
    }

    /** "Why isn't the balancer moving?" for the collection on show. */
    public BalancerWhyViewModel balancer() {
        return balancer;
    }

    public HistoryViewModel history() {
        return history;
    }

    /** Simulation → Accept connections. */
    public ConnectionsViewModel connections() {
        return connections;
    }

    /** The collection picker: the cluster's sharded collections and the one on show. */
    public CollectionPickerViewModel collections() {
        return collections;
    }

    /**
     * Whether a read-only layout (a live cluster's, a snapshot's, a config dump's) is on show rather than
     * the simulator: true from {@link #showLayout} until the next {@link #launch}, {@link #fork} or
     * {@link #backToSimulator}. While true, the playback verbs, undo/redo and the chunk commands are
     * unavailable: nothing plays and nothing changes the layout.
     */
    public ReadOnlyBooleanProperty readOnlyLayoutProperty() {
        return readOnlyLayout.getReadOnlyProperty();
    }

    /**
     * What the read-only layout on show is, e.g. {@code "test.users · shard key { user_id: 1 } · 4 shards ·
     * 4 chunks"}; empty while the simulator shows.
     */
    public ReadOnlyObjectProperty<Message> layoutSummaryProperty() {
        return layoutSummary.getReadOnlyProperty();
    }

    /** Whether "Fork into simulator" can be offered: a read-only layout shows and {@link #offerFork} named the verb. */
    public ReadOnlyBooleanProperty canForkProperty() {
        return canFork.getReadOnlyProperty();
    }

    /** Where the explorer is. */
    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    /** Why the last scenario could not be loaded; null otherwise. */
    public ReadOnlyObjectProperty<Message> loadErrorProperty() {
        return loadError.getReadOnlyProperty();
    }

    /** The scenario on show, e.g. {@code "shardlab.events · shard key { counter: 1 }"}; null while none. */
    public ReadOnlyObjectProperty<Message> titleProperty() {
        return title.getReadOnlyProperty();
    }
}

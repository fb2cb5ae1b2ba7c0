package io.shardlab.ui.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.live.ChunkChange;
import io.shardlab.live.ChunkContents;
import io.shardlab.live.ClusterInspector;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.CollectionLayout;
import io.shardlab.live.ConfigSource;
import io.shardlab.live.LayoutChange;
import io.shardlab.live.LayoutHealth;
import io.shardlab.live.LayoutHistory;
import io.shardlab.live.LayoutReader;
import io.shardlab.live.LayoutSource;
import io.shardlab.live.LayoutWatcher;
import io.shardlab.live.LiveCapture;
import io.shardlab.live.SourceLayout;
import io.shardlab.live.SourceRead;
import io.shardlab.live.SourceRelease;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.LayoutData;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.SplitMark;
import io.shardlab.session.LayoutFork;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.shell.ClusterDescription;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A read-only chunk layout from outside the simulator: a live cluster's, a snapshot file's or a config
 * dump's. Reads run on the background executor and their results come back on the UI executor, so the
 * UI thread never waits on a disk or a network. Holds the read, the chosen collection, the history
 * position (rewinding through config.changelog with {@link LayoutHistory}) and the live watch
 * ({@link LayoutWatcher} on an injected scheduler). What to draw goes to {@code show} as render's
 * {@link LayoutData}, with a caption.
 */
public final class LiveLayoutViewModel {

    /** The watch intervals offered, in seconds. */
    public static final List<Integer> WATCH_SECONDS = List.of(2, 5, 10);
    /** How many watch changes the list keeps, newest first. */
    static final int CHANGES_KEPT = 100;

    private static final DateTimeFormatter STEP_TIME = DateTimeFormatter.ISO_INSTANT;

    private final Executor background;
    private final Executor ui;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private final LayoutShow show;

    /** Where a layout goes to be drawn: the explorer's {@code showLayout}. */
    @FunctionalInterface
    public interface LayoutShow {
        /**
         * @param layout what to draw
         * @param caption what the title shows
         * @param motion what changed since the last poll of the live watch, to animate; {@link Motion#NONE}
         *        for a plain draw (an open, a rewind, another collection)
         */
        void show(LayoutData layout, String caption, Motion motion);
    }

    /**
     * What a live watch poll saw change in the shown collection, in the explorer's animation terms: a split
     * flashes at its new bounds, a migration slides from the donor's lane to the recipient's.
     *
     * @param moves chunks that changed shard, with their sequence (increasing over the ViewModel's life)
     * @param splits new chunk bounds, with their sequence
     */
    public record Motion(List<ChunkMove> moves, List<SplitMark> splits) {
        /** Nothing to animate. */
        public static final Motion NONE = new Motion(List.of(), List.of());

        public Motion {
            moves = List.copyOf(moves);
            splits = List.copyOf(splits);
        }

        /** Whether there is nothing to animate. */
        public boolean isEmpty() {
            return moves.isEmpty() && splits.isEmpty();
        }
    }

    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(this, "shown", false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ObservableList<String> namespaces = FXCollections.observableArrayList();
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<String> namespacesView = FXCollections.unmodifiableObservableList(namespaces);
    private final ReadOnlyStringWrapper namespace = new ReadOnlyStringWrapper(this, "namespace", "");
    private final ReadOnlyIntegerWrapper historySteps = new ReadOnlyIntegerWrapper(this, "historySteps", 0);
    private final ReadOnlyIntegerWrapper historyPosition = new ReadOnlyIntegerWrapper(this, "historyPosition", 0);
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper(this, "stepText", "");
    private final ReadOnlyBooleanWrapper watching = new ReadOnlyBooleanWrapper(this, "watching", false);
    private final ReadOnlyBooleanWrapper canWatch = new ReadOnlyBooleanWrapper(this, "canWatch", false);
    private final ObservableList<String> changes = FXCollections.observableArrayList();
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<String> changesView = FXCollections.unmodifiableObservableList(changes);
    private final ReadOnlyStringWrapper highlightedChange = new ReadOnlyStringWrapper(this, "highlightedChange", "");
    private final ReadOnlyObjectWrapper<ClusterDescription> source = new ReadOnlyObjectWrapper<>(this, "source");
    private final ReadOnlyStringWrapper release = new ReadOnlyStringWrapper(this, "release", "");
    private final ReadOnlyStringWrapper activeMigrations = new ReadOnlyStringWrapper(this, "activeMigrations", "");
    private final ReadOnlyObjectWrapper<LayoutHealth> health = new ReadOnlyObjectWrapper<>(this, "health");
    private final ReadOnlyObjectWrapper<ClusterMetadata> metadata = new ReadOnlyObjectWrapper<>(this, "metadata");
    private final ReadOnlyObjectWrapper<Motion> lastMotion =
            new ReadOnlyObjectWrapper<>(this, "lastMotion", Motion.NONE);
    private Motion pendingMotion = Motion.NONE;
    private long motionSequence;

    private SourceRead read;
    private String origin = "";
    private LayoutHistory history;
    private LayoutWatcher watcher;
    /** Whether the last poll of the watch failed (the UI thread's view). */
    private boolean watchFailing;

    private ConfigSource watchedSource;
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(Language.ENGLISH);

    /**
     * @param background where files and servers are read
     * @param ui where results are applied (the JavaFX thread in the app, a synchronous executor in tests)
     * @param scheduler where the live watch polls
     * @param clock stamps reads
     * @param show draws a layout with its caption (the explorer's {@code showLayout})
     */
    public LiveLayoutViewModel(
            Executor background,
            Executor ui,
            ScheduledExecutorService scheduler,
            Clock clock,
            BiConsumer<LayoutData, String> show) {
        this(background, ui, scheduler, clock, adapt(show));
    }

    private static LayoutShow adapt(BiConsumer<LayoutData, String> show) {
        Objects.requireNonNull(show, "show");
        return (layout, caption, motion) -> show.accept(layout, caption);
    }

    /**
     * As {@link #LiveLayoutViewModel(Executor, Executor, ScheduledExecutorService, Clock, BiConsumer)}, with
     * what each live watch poll changed handed to {@code show} for animation.
     */
    public LiveLayoutViewModel(
            Executor background, Executor ui, ScheduledExecutorService scheduler, Clock clock, LayoutShow show) {
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.show = Objects.requireNonNull(show, "show");
    }

    // ---- opening -----------------------------------------------------------------------------------

    /** Reads a snapshot file ({@code snapshot} command or File → Save snapshot…) in the background. */
    public void openSnapshot(Path file) {
        Objects.requireNonNull(file, "file");
        String name = file.getFileName().toString();
        open(() -> new Opened(
                reader().read(new LayoutSource.SnapshotFileSource(file, name), EVERYTHING),
                null,
                name,
                ClusterDescription.SNAPSHOT));
    }

    /**
     * Reads a config dump in the background, with its whole changelog: a folder of config.* exports
     * (mongodump or mongoexport) or a mongodump archive file.
     */
    public void openConfigDump(Path folder) {
        Objects.requireNonNull(folder, "folder");
        open(() -> new Opened(
                reader().read(new LayoutSource.ConfigDumpSource(folder), EVERYTHING),
                null,
                folder.getFileName().toString(),
                ClusterDescription.CONFIG_DUMP));
    }

    /**
     * Reads a cluster through {@code source} in the background (every collection, the whole changelog),
     * and keeps {@code source} for the live watch; it is closed when another layout replaces this one.
     *
     * @param caption where it came from, secrets masked, e.g. {@code "db1:27017"}
     */
    public void openLive(ConfigSource source, String caption) {
        Objects.requireNonNull(source, "source");
        open(() -> new Opened(
                reader().read(new LayoutSource.OpenSource(source), EVERYTHING),
                source,
                caption,
                ClusterDescription.LIVE));
    }

    /** Every collection with its whole changelog: what history, the watch and saving need. */
    private static final ClusterInspector.Scope EVERYTHING = new ClusterInspector.Scope(null, 0);

    private LayoutReader reader() {
        return new LayoutReader(clock);
    }

    /** A read, the live source to keep for the watch (null for files), where it came from and its kind. */
    private record Opened(SourceRead read, ConfigSource live, String origin, Message kind) {}

    private void open(Supplier<Opened> reading) {
        busy.set(true);
        error.set("");
        background.execute(() -> {
            try {
                Opened r = reading.get();
                ui.execute(() -> accept(r));
            } catch (RuntimeException | Error e) {
                String message = say(BackgroundFailure.message(e));
                ui.execute(() -> {
                    busy.set(false);
                    error.set(message);
                });
            }
        });
    }

    private void accept(Opened r) {
        busy.set(false);
        if (r.read().metadata().collections().isEmpty()) {
            closeLive(r.live());
            error.set(say("live.error.noShardedCollection", r.origin()));
            return;
        }
        stopWatch();
        closeLive(watchedSource);
        read = r.read();
        metadata.set(read.metadata());
        release.set(say(read.release().said()));
        watchedSource = r.live();
        origin = r.origin();
        source.set(describe(r.kind(), read.release()));
        canWatch.set(r.live() != null);
        changes.clear();
        namespaces.setAll(read.metadata().collections().stream()
                .map(CollectionLayout::namespace)
                .toList());
        // the config database's own sharded collection (config.system.sessions) comes last as a default
        chooseCollection(namespaces.stream()
                .filter(ns -> !ns.startsWith("config."))
                .findFirst()
                .orElse(namespaces.get(0)));
    }

    /** The status bar's words for a source: its kind, and its release, marked when inferred or assumed. */
    private static ClusterDescription describe(Message kind, SourceRelease release) {
        return new ClusterDescription(kind, Optional.of(release.version().label()), release.guessed());
    }

    private static void closeLive(ConfigSource source) {
        if (source != null) {
            try {
                source.close();
            } catch (RuntimeException e) {
                // the source is being dropped: a failure to close it changes nothing on screen
            }
        }
    }

    /** Shows another collection of the read, at its current layout. */
    public void chooseCollection(String ns) {
        Objects.requireNonNull(ns, "ns");
        if (read == null || read.metadata().collection(ns).isEmpty()) {
            error.set(say("live.error.notSharded", ns, origin));
            return;
        }
        CollectionLayout layout = read.metadata().collection(ns).get();
        if (layout.map() == null) {
            error.set(say(
                    "live.error.untiled",
                    ns,
                    layout.problems().stream()
                            .map(p -> say(p.said()))
                            .findFirst()
                            .orElse(say("live.error.brokenMetadata"))));
            return;
        }
        namespace.set(ns);
        history = LayoutHistory.rewind(layout.map(), read.metadata().changes(ns));
        historySteps.set(history.size());
        historyPosition.set(history.size());
        error.set("");
        shown.set(true);
        redraw();
    }

    // ---- history -----------------------------------------------------------------------------------

    /**
     * Shows the layout after {@code position} recorded changes: 0 is before the oldest one, the number
     * of steps is now.
     */
    public void rewindTo(int position) {
        if (history == null) {
            return;
        }
        int p = Math.max(0, Math.min(history.size(), position));
        historyPosition.set(p);
        redraw();
    }

    /** One change back. */
    public void stepBack() {
        rewindTo(historyPosition.get() - 1);
    }

    /** One change forward. */
    public void stepForward() {
        rewindTo(historyPosition.get() + 1);
    }

    private void redraw() {
        int p = historyPosition.get();
        ChunkMap map = history.layoutAfter(p - 1);
        if (p == 0) {
            stepText.set(
                    history.size() == 0
                            ? say("live.history.none")
                            : say(
                                    "live.history.before",
                                    history.steps().get(0).change().time()));
        } else {
            LayoutHistory.HistoryStep step = history.steps().get(p - 1);
            ChunkChange c = step.change();
            String time = STEP_TIME.format(c.time());
            stepText.set(step.note()
                    .map(why -> say("live.history.stepInexact", p, history.size(), time, c.describe(), why))
                    .orElseGet(() -> say("live.history.step", p, history.size(), time, c.describe())));
        }
        SourceLayout now = read.layout(namespace.get());
        SourceLayout at = p == history.size() ? now : now.at(map);
        activeMigrations.set(activeMigrationsText(at));
        health.set(LayoutHealth.of(at, history));
        Motion motion = pendingMotion;
        pendingMotion = Motion.NONE;
        show.show(new LayoutData(at.cluster(), at.recordedSizes().map(ChunkSizes::of)), caption(p), motion);
    }

    /**
     * sh.status()'s "Collections with active migrations", from config.migrations (which records no start
     * time, so the range and shards are named); empty when none or when an earlier moment is on show.
     */
    private String activeMigrationsText(SourceLayout shownLayout) {
        if (shownLayout.layout().migrations().isEmpty()) {
            return "";
        }
        return say("live.migrations.active")
                + shownLayout.layout().migrations().stream()
                        .map(m -> shownLayout.cluster().namespace() + " "
                                + BsonPrinter.shell(
                                        m.min().toDocument(shownLayout.cluster().key())) + " -->> "
                                + BsonPrinter.shell(
                                        m.max().toDocument(shownLayout.cluster().key())) + " "
                                + say("live.migrations.fromTo", m.fromShard(), m.toShard()))
                        .collect(Collectors.joining("; "));
    }

    private String caption(int position) {
        String when = position == history.size() ? "" : " · " + say("live.caption.rewound", position, history.size());
        return namespace.get() + " · "
                + say(
                        "live.caption.shardKey",
                        read.metadata()
                                .collection(namespace.get())
                                .orElseThrow()
                                .key())
                + " · " + origin
                + (watchedSource != null ? " " + say("live.caption.live") : "") + when;
    }

    // ---- forking -----------------------------------------------------------------------------------

    /**
     * Copies the layout on show (at the history position shown) for the simulator, as
     * a {@link LayoutFork} of the {@link SourceLayout}: its shards, chunks and zones, and at
     * the current moment the migrations in progress; per-chunk documents and bytes from the best figures the
     * source has ({@link ChunkContents}; a rewound layout only from what a snapshot recorded per chunk, as
     * per-shard totals are today's); the source's release (recorded or inferred, {@link SourceRelease}; 8.0
     * for one older than 4.0); the collection's {@code maxChunkSizeBytes}, else config.settings
     * {@code chunksize}, else the version's default.
     * Hands it to {@code into} (the explorer's {@code fork}); on success the live watch stops and the
     * panel hides, as the explorer now shows the simulation; a refusal shows in {@link #errorProperty()}.
     */
    public void fork(Consumer<LayoutFork> into) {
        Objects.requireNonNull(into, "into");
        if (!shown.get() || history == null) {
            error.set(say("live.error.nothingToFork"));
            return;
        }
        SourceLayout now = read.layout(namespace.get());
        boolean rewound = historyPosition.get() != history.size();
        SourceLayout shownLayout = rewound ? now.at(history.layoutAfter(historyPosition.get() - 1)) : now;
        try {
            into.accept(new LayoutFork(
                    shownLayout.load(),
                    shownLayout.simulatedVersion(),
                    shownLayout.chunkSize().bytes(),
                    origin));
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return;
        }
        stopWatch();
        error.set("");
        shown.set(false);
    }

    // ---- saving ------------------------------------------------------------------------------------

    /** Writes the shown collection, as read (not rewound), to a snapshot file (atomic; no credentials). */
    public void saveSnapshot(Path file) {
        Objects.requireNonNull(file, "file");
        if (read == null) {
            error.set(say("live.error.nothingToSave"));
            return;
        }
        ClusterMetadata m = read.metadata();
        String ns = namespace.get();
        busy.set(true);
        background.execute(() -> {
            try {
                SnapshotFile.write(file, LiveCapture.toSnapshotFile(m, ns));
                ui.execute(() -> {
                    busy.set(false);
                    status.set("saved " + ns + " to " + file.getFileName());
                });
            } catch (RuntimeException | Error e) {
                String message = say(BackgroundFailure.message(e));
                ui.execute(() -> {
                    busy.set(false);
                    error.set(message);
                });
            }
        });
    }

    // ---- live watch --------------------------------------------------------------------------------

    /** Starts polling the live cluster every {@code interval}; changes since each poll are listed. */
    public void startWatch(Duration interval) {
        if (watchedSource == null || watcher != null) {
            return;
        }
        watchFailing = false;
        watcher = new LayoutWatcher(
                watchedSource,
                new ClusterInspector(clock),
                new ClusterInspector.Scope(null, 0),
                scheduler,
                interval,
                new LayoutWatcher.Listener() {
                    @Override
                    public void updated(LayoutWatcher.WatchUpdate update) {
                        ui.execute(() -> applyUpdate(update));
                    }

                    @Override
                    public void failed(Throwable e) {
                        String message = say(BackgroundFailure.message(e));
                        // the watch keeps polling, so a server that comes back is picked up again
                        ui.execute(() -> {
                            watchFailing = true;
                            error.set(
                                    interval.toMillis() % 1000 == 0
                                            ? say("live.watch.failingSeconds", message, interval.toSeconds())
                                            : say("live.watch.failingMillis", message, interval.toMillis()));
                        });
                    }
                });
        watching.set(true);
        watcher.start();
    }

    /** Stops polling. */
    public void stopWatch() {
        if (watcher != null) {
            watcher.stop();
            watcher = null;
        }
        watching.set(false);
    }

    private void applyUpdate(LayoutWatcher.WatchUpdate update) {
        if (!watching.get()) {
            return;
        }
        error.set("");
        if (watchFailing) {
            watchFailing = false;
            status.set(say("live.watch.back"));
        }
        if (update.previous() == null) {
            return; // the first poll reads the baseline
        }
        update.appeared().forEach(ns -> changes.add(0, say("live.watch.appeared", ns)));
        update.disappeared().forEach(ns -> changes.add(0, say("live.watch.disappeared", ns)));
        List<LayoutChange> mine = update.changes().getOrDefault(namespace.get(), List.of());
        for (LayoutChange c : mine) {
            changes.add(0, STEP_TIME.format(update.current().readAt()) + " · " + say(c.describe()));
        }
        while (changes.size() > CHANGES_KEPT) {
            changes.remove(changes.size() - 1);
        }
        if (update.changed()) {
            read = read.withMetadata(update.current());
            metadata.set(read.metadata());
            namespaces.setAll(read.metadata().collections().stream()
                    .map(CollectionLayout::namespace)
                    .toList());
            if (read.metadata().collection(namespace.get()).isPresent()) {
                // a rewound view jumps to now, so what changed is on show
                pendingMotion = motion(mine, update.current().readAt().toEpochMilli());
                lastMotion.set(pendingMotion);
                chooseCollection(namespace.get());
                pendingMotion = Motion.NONE;
            }
            highlightedChange.set(
                    mine.isEmpty() ? "" : say(mine.get(mine.size() - 1).describe()));
            status.set(say("live.watch.changes", mine.size(), namespace.get()));
        }
    }

    /**
     * The explorer's animations for a poll's changes: a split flashes at each bound the after-chunks have and
     * the before-chunks had not; a migration, or any after-chunk of a rechunk whose range lay on another shard
     * before, slides from that shard to its own. Merges and version updates move nothing and add no bound.
     */
    private Motion motion(List<LayoutChange> changed, long atMillis) {
        List<ChunkMove> moves = new ArrayList<>();
        List<SplitMark> splits = new ArrayList<>();
        for (LayoutChange c : changed) {
            Set<ShardKey> bounds = new HashSet<>();
            c.before().forEach(b -> bounds.add(b.min()));
            List<ShardKey> points = c.after().stream()
                    .skip(1)
                    .map(Chunk::min)
                    .filter(k -> !bounds.contains(k))
                    .toList();
            if (!points.isEmpty()) {
                splits.add(new SplitMark(motionSequence++, points, atMillis));
            }
            for (Chunk after : c.after()) {
                c.before().stream()
                        .filter(b -> b.min().compareTo(after.min()) <= 0
                                && after.min().compareTo(b.max()) < 0)
                        .findFirst()
                        .filter(b -> !b.shard().equals(after.shard()))
                        .ifPresent(b -> moves.add(new ChunkMove(
                                motionSequence++, after.min(), after.max(), b.shard(), after.shard(), atMillis)));
            }
        }
        return new Motion(moves, splits);
    }

    /**
     * The explorer went back to its simulator (a scenario launched, or "Back to simulator"): the layout is
     * no longer on show, so the watch stops and the panel hides. The read stays, for File → Save snapshot…
     */
    public void dismiss() {
        stopWatch();
        error.set("");
        shown.set(false);
    }

    /** Stops the watch and closes the live source; call when the window closes. */
    public void close() {
        stopWatch();
        closeLive(watchedSource);
        watchedSource = null;
    }

    // ---- what the view binds -----------------------------------------------------------------------

    /** Whether a layout from outside the simulator is on show. */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** Whether a read or a save is under way. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The last failure, one line; empty when none. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The last success worth a word in the status bar. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The sharded collections of the read. */
    public ObservableList<String> namespaces() {
        return namespacesView;
    }

    /** The collection on show. */
    public ReadOnlyStringProperty namespaceProperty() {
        return namespace.getReadOnlyProperty();
    }

    /** The number of recorded changes of the collection on show. */
    public ReadOnlyIntegerProperty historyStepsProperty() {
        return historySteps.getReadOnlyProperty();
    }

    /** How many recorded changes the shown layout includes (the steps count = now). */
    public ReadOnlyIntegerProperty historyPositionProperty() {
        return historyPosition.getReadOnlyProperty();
    }

    /** The shown step's position, time and description. */
    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    /** Whether the live watch polls. */
    public ReadOnlyBooleanProperty watchingProperty() {
        return watching.getReadOnlyProperty();
    }

    /** Whether the layout on show comes from a live cluster (so it can be watched). */
    public ReadOnlyBooleanProperty canWatchProperty() {
        return canWatch.getReadOnlyProperty();
    }

    /** Changes the watch saw, newest first. */
    public ObservableList<String> changes() {
        return changesView;
    }

    /**
     * The language of the view model's own words (errors, history steps, captions, watch notes); English until
     * the window binds it. A word already on show keeps the language it was said in.
     */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    private String say(String key, Object... arguments) {
        return Messages.of(language.get()).text(key, arguments);
    }

    private String say(Message message) {
        return Messages.of(language.get()).text(message);
    }

    /** What the source on show is, for the status bar, e.g. "Live cluster · MongoDB 7.0.12"; null before any read. */
    public ReadOnlyObjectProperty<ClusterDescription> sourceProperty() {
        return source.getReadOnlyProperty();
    }

    /**
     * Which MongoDB release the source's metadata came from and how ShardLab knows (the server's answer,
     * the snapshot's or dump's record, or inferred from the metadata's shape, with the evidence); empty
     * before any read.
     */
    public ReadOnlyStringProperty releaseProperty() {
        return release.getReadOnlyProperty();
    }

    /**
     * The migrations the source's balancer had in progress in the collection on show, one line in
     * sh.status()'s words; empty when none, or when the history shows an earlier moment.
     */
    public ReadOnlyStringProperty activeMigrationsProperty() {
        return activeMigrations.getReadOnlyProperty();
    }

    /** What the last live watch poll with changes in the shown collection animated; {@link Motion#NONE} before. */
    public ReadOnlyObjectProperty<Motion> lastMotionProperty() {
        return lastMotion.getReadOnlyProperty();
    }

    /** The newest change the watch saw in the shown collection, for a brief highlight; empty when none. */
    public ReadOnlyStringProperty highlightedChangeProperty() {
        return highlightedChange.getReadOnlyProperty();
    }

    /**
     * The health of the layout on show (at the history position shown): jumbo chunks, draining shards, the
     * balancer, chunks per shard through the changelog, the largest chunk and the densest run; null before any read.
     */
    public ReadOnlyObjectProperty<LayoutHealth> healthProperty() {
        return health.getReadOnlyProperty();
    }

    /**
     * The whole read of the source on show (every shard, database and collection, the placement board's), the newest
     * one a watch brought; null before any read.
     */
    public ReadOnlyObjectProperty<ClusterMetadata> metadataProperty() {
        return metadata.getReadOnlyProperty();
    }
}

package io.shardlab.ui.explorer.playback;

import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.render.DataSize;
import io.shardlab.render.ElapsedTime;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Transport;
import io.shardlab.sim.SimulationCounters;
import io.shardlab.text.Message;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The stream's transport: play, pause, step, speed, reset; how far the stream has got; the running
 * counts of splits, migrations and jumbo chunks.
 */
public final class PlaybackViewModel {

    private final Transport engine;
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final ReadOnlyBooleanWrapper layoutShown = new ReadOnlyBooleanWrapper(this, "layoutShown");
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyObjectWrapper<PlaybackSpeed> speed =
            new ReadOnlyObjectWrapper<>(this, "speed", PlaybackSpeed.X10);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyObjectWrapper<Message> progressText = new ReadOnlyObjectWrapper<>(this, "progressText");
    private final ReadOnlyStringWrapper clockText = new ReadOnlyStringWrapper(this, "clockText", "");
    private final ReadOnlyStringWrapper splitsText = new ReadOnlyStringWrapper(this, "splitsText", "0");
    private final ReadOnlyStringWrapper migrationsText = new ReadOnlyStringWrapper(this, "migrationsText", "0");
    private final ReadOnlyObjectWrapper<Message> movingText = new ReadOnlyObjectWrapper<>(this, "movingText");
    private final ReadOnlyStringWrapper jumboText = new ReadOnlyStringWrapper(this, "jumboText", "0");
    private final ReadOnlyStringWrapper chunksText = new ReadOnlyStringWrapper(this, "chunksText", "0");
    private final ReadOnlyStringWrapper routingText = new ReadOnlyStringWrapper(this, "routingText", "0 B");
    private final ReadOnlyObjectWrapper<Message> routingDetail = new ReadOnlyObjectWrapper<>(this, "routingDetail");
    private final ReadOnlyObjectWrapper<Message> statusText = new ReadOnlyObjectWrapper<>(this, "statusText");
    private final ReadOnlyObjectWrapper<Message> setupText = new ReadOnlyObjectWrapper<>(this, "setupText");
    private final ReadOnlyObjectWrapper<Message> countsText = new ReadOnlyObjectWrapper<>(this, "countsText");

    /** @param engine what the verbs drive: an explorer's engine, or a comparison's lockstep driver */
    public PlaybackViewModel(Transport engine) {
        this.engine = Objects.requireNonNull(engine, "engine");
        available.bind(loaded.and(layoutShown.not()));
    }

    public void show(EngineState.Running state) {
        ExplorerFrame f = state.frame();
        loaded.set(true);
        playing.set(state.playing());
        speed.set(state.speed());
        // while clients can write, time has something to run for after the stream: Play stays available
        finished.set(f.stream().finished() && !state.live());
        progress.set(f.stream().fraction());
        progressText.set(Message.of(
                "explorer.playback.progress", f.stream().inserted(), f.stream().total()));
        clockText.set(ElapsedTime.format(
                Math.max(0, f.cluster().atMillis() - f.stream().startMillis())));
        // the stream's and the balancer's work: what the set-up did (a pre-split and its moves) is said apart
        SimulationCounters c = f.cluster().counters();
        SimulationCounters start = f.stream().atStart();
        long splits = c.splits() - start.splits();
        long migrations = c.migrationsCommitted() - start.migrationsCommitted();
        splitsText.set(String.format(Locale.ROOT, "%,d", splits));
        migrationsText.set(String.format(Locale.ROOT, "%,d", migrations));
        setupText.set(setupText(start));
        int moving = f.cluster().migrationsInFlight().size();
        movingText.set(moving == 0 ? null : Message.of("explorer.playback.moving", moving));
        long jumbo = f.cluster()
                .collection()
                .map(s -> s.chunks().chunks().stream().filter(ch -> ch.jumbo()).count())
                .orElse(0L);
        jumboText.set(String.format(Locale.ROOT, "%,d", jumbo));
        int chunks = f.cluster().collection().map(s -> s.chunks().size()).orElse(0);
        chunksText.set(String.format(Locale.ROOT, "%,d", chunks));
        routingText.set(DataSize.format(f.routing().chunkBytes()));
        routingDetail.set(routingDetail(f.routing()));
        countsText.set(Message.of("explorer.playback.counts", chunks, splits, migrations, moving, jumbo));
        statusText.set(
                state.live() && f.stream().exhausted()
                        ? (state.playing()
                                ? Message.of("explorer.playback.status.live", speedLabel(state.speed()))
                                : Message.of("explorer.playback.status.livePaused"))
                        : f.stream().finished()
                                ? Message.of("explorer.playback.status.finished")
                                : f.stream().exhausted()
                                        ? Message.of("explorer.playback.status.draining")
                                        : state.playing()
                                                ? Message.of(
                                                        "explorer.playback.status.playing", speedLabel(state.speed()))
                                                : f.stream().inserted() == 0
                                                        ? Message.of("explorer.playback.status.ready")
                                                        : Message.of("explorer.playback.status.paused"));
    }

    /** How a speed reads in a sentence: its label, or the word for as fast as it goes. */
    public static Object speedLabel(PlaybackSpeed speed) {
        return speed == PlaybackSpeed.MAX ? Message.of("explorer.speed.max") : speed.label();
    }

    public void unload() {
        loaded.set(false);
        playing.set(false);
    }

    /** A read-only layout shows instead of the simulation: nothing plays until {@link #leaveLayout()}. */
    public void showLayout() {
        layoutShown.set(true);
        playing.set(false);
        statusText.set(Message.of("explorer.playback.status.layout"));
    }

    /** The simulator shows again; its next frame brings the counters back. */
    public void leaveLayout() {
        layoutShown.set(false);
    }

    // ---- state -----------------------------------------------------------------------------------

    /** Whether a scenario is on show. */
    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /**
     * Whether play, step, reset and the speeds can act: a scenario is loaded and no read-only layout
     * shows in its place.
     */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** Whether simulated time runs. */
    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    /** Whether the stream is in and the balancer idle: play has nothing left to do. */
    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    /** The chosen speed. */
    public ReadOnlyObjectProperty<PlaybackSpeed> speedProperty() {
        return speed.getReadOnlyProperty();
    }

    /** The speeds on offer, slowest first. */
    public List<PlaybackSpeed> speeds() {
        return List.of(PlaybackSpeed.values());
    }

    /** Inserted over total, 0 to 1. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** {@code "12,000 of 200,000 documents"}. */
    public ReadOnlyObjectProperty<Message> progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    /** Simulated time since the stream started, e.g. {@code "1m30s"}. */
    public ReadOnlyStringProperty clockTextProperty() {
        return clockText.getReadOnlyProperty();
    }

    /** Chunk splits so far. */
    public ReadOnlyStringProperty splitsTextProperty() {
        return splitsText.getReadOnlyProperty();
    }

    /** Migrations committed so far. */
    public ReadOnlyStringProperty migrationsTextProperty() {
        return migrationsText.getReadOnlyProperty();
    }

    /** {@code +1 moving}: migrations started and not yet committed; empty when none is in flight. */
    public ReadOnlyObjectProperty<Message> movingTextProperty() {
        return movingText.getReadOnlyProperty();
    }

    /** Chunks flagged jumbo now. */
    public ReadOnlyStringProperty jumboTextProperty() {
        return jumboText.getReadOnlyProperty();
    }

    /**
     * What the set-up did before the stream's first document, which the counters leave out, e.g. {@code "Before
     * the first insert the set-up made 3 splits and 2 migrations (its pre-split, placed round-robin): the
     * counters count from there."}; null when it did nothing.
     */
    static Message setupText(SimulationCounters atStart) {
        long splits = atStart.splits();
        long migrations = atStart.migrationsCommitted();
        if (splits == 0 && migrations == 0) {
            return null;
        }
        String key = migrations == 0
                ? "explorer.playback.setup.splits"
                : splits == 0 ? "explorer.playback.setup.migrations" : "explorer.playback.setup.both";
        return Message.of(key, splits, migrations);
    }

    /** What the set-up did before the stream began, which the counters leave out; null when nothing. */
    public ReadOnlyObjectProperty<Message> setupTextProperty() {
        return setupText.getReadOnlyProperty();
    }

    /**
     * The counters in one line, each with its noun in the right number: {@code "14 chunks · 3 splits · 1 migration
     * · 0 jumbo"} (a comparison's side and presenter mode's diagram caption).
     */
    public ReadOnlyObjectProperty<Message> countsTextProperty() {
        return countsText.getReadOnlyProperty();
    }

    /**
     * E.g. {@code "config.chunks: 4 documents, 996 B, beside 194 MB of data (1/194,000). One routing
     * document per data document would weigh 100 MB."}
     */
    static Message routingDetail(ConfigDatabase.MetadataSize m) {
        boolean share = m.chunkBytes() > 0 && m.dataBytes() > 0;
        return Message.of(
                share ? "explorer.playback.routing.share" : "explorer.playback.routing",
                m.chunks(),
                DataSize.format(m.chunkBytes()),
                DataSize.format(m.dataBytes()),
                share ? Math.round(m.dataBytes() / (double) m.chunkBytes()) : 0,
                DataSize.format(Math.round(m.bytesPerDocumentRouting())));
    }

    /** The size of the collection's config.chunks documents, e.g. {@code "996 B"}. */
    public ReadOnlyStringProperty routingTextProperty() {
        return routingText.getReadOnlyProperty();
    }

    /** What {@link #routingTextProperty()} is beside the data, in a sentence ({@link #routingDetail}). */
    public ReadOnlyObjectProperty<Message> routingDetailProperty() {
        return routingDetail.getReadOnlyProperty();
    }

    /** Chunks now. */
    public ReadOnlyStringProperty chunksTextProperty() {
        return chunksText.getReadOnlyProperty();
    }

    /** One line about what the stream is doing. */
    public ReadOnlyObjectProperty<Message> statusTextProperty() {
        return statusText.getReadOnlyProperty();
    }

    // ---- verbs -----------------------------------------------------------------------------------

    public void play() {
        onTheSimulation(engine::play);
    }

    public void pause() {
        onTheSimulation(engine::pause);
    }

    /** Play when paused, pause when playing. */
    public void togglePlay() {
        if (playing.get()) {
            pause();
        } else {
            play();
        }
    }

    /** One chart window of simulated time, while paused. */
    public void step() {
        onTheSimulation(engine::step);
    }

    /** A fresh cluster, the stream at its start. */
    public void reset() {
        onTheSimulation(engine::reset);
    }

    public void chooseSpeed(PlaybackSpeed s) {
        Objects.requireNonNull(s, "s");
        onTheSimulation(() -> engine.speed(s));
    }

    /** Runs a transport verb, unless a read-only layout hides the simulation: it would change what is not on show. */
    private void onTheSimulation(Runnable verb) {
        if (!layoutShown.get()) {
            verb.run();
        }
    }
}

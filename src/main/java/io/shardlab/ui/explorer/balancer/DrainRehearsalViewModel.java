package io.shardlab.ui.explorer.balancer;

import io.shardlab.cluster.Shard;
import io.shardlab.render.DataSize;
import io.shardlab.render.ElapsedTime;
import io.shardlab.session.CatalogRead;
import io.shardlab.sim.DrainRehearsal;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The drain rehearsal of the placement board: pick a shard of the cluster on show (the config shard too, once the
 * config server holds data) and see its removal played by {@link DrainRehearsal} on a copy of the cluster — the
 * release's commands, the chunks left after each balancer round with the time left at the rate reached, and what
 * keeps the shard — while the cluster on show changes in nothing. A recorded layout (a live cluster, a dump) is not
 * rehearsed here: the explorer's simulator does not hold it, so the rehearsal refuses, saying how to fork it.
 *
 * <p>Confined to the JavaFX thread, but for the reads it hands to the simulation thread.
 */
public final class DrainRehearsalViewModel {

    /** The most balancer rounds a rehearsal plays (the CLI's {@code simulate --drain} plays as many). */
    static final int MAX_ROUNDS = 100_000;

    /** Rounds listed at most: the first {@code ROWS - 1} and the last. */
    static final int ROWS = 20;

    /** Runs a read of the explorer's cluster on the simulation thread and hands its answer on, there. */
    @FunctionalInterface
    public interface Reader {
        <T> void read(Function<CatalogRead, T> reader, Consumer<T> out);
    }

    private final Reader reader;
    private final Executor uiThread;
    private final ObjectProperty<List<String>> shards = new SimpleObjectProperty<>(List.of());
    private final ObjectProperty<String> shard = new SimpleObjectProperty<>();
    private final ObjectProperty<Optional<DrainRehearsal.Result>> result = new SimpleObjectProperty<>(Optional.empty());
    private final ObjectProperty<List<Message>> lines =
            new SimpleObjectProperty<>(List.of(Message.of("drain.window.hint")));
    private final BooleanProperty readOnly = new SimpleBooleanProperty();

    /**
     * @param reader runs a read of the explorer's cluster on the simulation thread
     *     ({@code engine.readCatalog(1, reader, out)})
     * @param uiThread runs on the JavaFX thread
     */
    public DrainRehearsalViewModel(Reader reader, Executor uiThread) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        readOnly.addListener((obs, was, now) -> {
            result.set(Optional.empty());
            lines.set(List.of(Message.of(now ? "drain.window.recorded" : "drain.window.hint")));
            refresh();
        });
    }

    /** The shards of the cluster on show, by id; empty while none is loaded or the layout is recorded. */
    public ReadOnlyObjectProperty<List<String>> shardsProperty() {
        return shards;
    }

    /** The shard picked for the rehearsal; null before one is. */
    public ObjectProperty<String> shardProperty() {
        return shard;
    }

    /** The newest rehearsal; empty before the first, and after the cluster on show is read again. */
    public ReadOnlyObjectProperty<Optional<DrainRehearsal.Result>> resultProperty() {
        return result;
    }

    /** What the rehearsal says, a line each: a hint, the refusal, or the rehearsal's commands, rounds and outcome. */
    public ReadOnlyObjectProperty<List<Message>> linesProperty() {
        return lines;
    }

    /** Whether the explorer shows a recorded layout, which is not rehearsed here. */
    public BooleanProperty readOnlyProperty() {
        return readOnly;
    }

    /** Reads the shards of the cluster on show again; the picked shard stays picked while it is one of them. */
    public void refresh() {
        if (readOnly.get()) {
            shards.set(List.of());
            return;
        }
        reader.read(
                DrainRehearsalViewModel::shardIds,
                ids -> uiThread.execute(() -> {
                    shards.set(ids);
                    if (shard.get() == null || !ids.contains(shard.get())) {
                        shard.set(ids.isEmpty() ? null : ids.get(ids.size() - 1));
                    }
                }));
    }

    /** Rehearses the removal of the picked shard; {@link #linesProperty()} says how it went when it is in. */
    public void rehearse() {
        if (readOnly.get()) {
            result.set(Optional.empty());
            lines.set(List.of(Message.of("drain.window.recorded")));
            return;
        }
        String picked = shard.get();
        if (picked == null) {
            lines.set(List.of(Message.of("drain.window.noShard")));
            return;
        }
        reader.read(
                read -> read.shown().map(cluster -> DrainRehearsal.runOnCopy(cluster, picked, MAX_ROUNDS)),
                answer -> uiThread.execute(() -> {
                    result.set(answer);
                    lines.set(answer.map(DrainRehearsalViewModel::lines)
                            .orElse(List.of(Message.of("drain.window.noCluster"))));
                }));
    }

    private static List<String> shardIds(CatalogRead read) {
        return read.shown()
                .map(SimulatedCluster::snapshot)
                .map(s -> s.shards().stream().map(Shard::id).toList())
                .orElse(List.of());
    }

    /** The rehearsal in words, as {@code simulate --drain} prints it (MongoDB's refusal stays MongoDB's). */
    static List<Message> lines(DrainRehearsal.Result r) {
        List<Message> out = new ArrayList<>();
        out.add(Message.of("drain.title", r.shard(), r.version().toString()));
        out.add(Message.of("drain.runs", String.join("; ", r.commands())));
        if (r.refusal().isPresent()) {
            out.add(Message.of(
                    "drain.refused",
                    r.refusal().get().codeName() + ": " + r.refusal().get().message()));
            return out;
        }
        out.add(Message.of("drain.start", r.startChunks(), DataSize.format(r.startBytes()), r.shard()));
        List<DrainRehearsal.Progress> rounds = r.progress();
        for (int i = 0; i < rounds.size(); i++) {
            if (i == ROWS - 1 && rounds.size() > ROWS) {
                out.add(Message.of("drain.rounds-left-out", rounds.size() - ROWS));
                i = rounds.size() - 1;
            }
            DrainRehearsal.Progress p = rounds.get(i);
            out.add(
                    p.millisLeft().isPresent()
                            ? Message.of(
                                    "drain.window.row",
                                    p.round(),
                                    ElapsedTime.format(p.atMillis()),
                                    p.chunksLeft(),
                                    DataSize.format(p.bytesLeft()),
                                    ElapsedTime.format(p.millisLeft().getAsLong()))
                            : Message.of(
                                    "drain.window.rowNoEstimate",
                                    p.round(),
                                    ElapsedTime.format(p.atMillis()),
                                    p.chunksLeft(),
                                    DataSize.format(p.bytesLeft())));
        }
        if (r.removed()) {
            out.add(Message.of("drain.removed", ElapsedTime.format(r.tookMillis())));
            return out;
        }
        out.add(Message.of("drain.window.notRemoved", ElapsedTime.format(r.tookMillis())));
        for (DrainRehearsal.Blocker b : r.blockers()) {
            out.add(Message.of("drain.blocker." + b.kind().name(), b.count()));
        }
        return out;
    }
}

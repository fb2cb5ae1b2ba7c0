package io.shardlab.ui.placement;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ClusterMetadata;
import io.shardlab.live.RecordedPlacement;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.render.DataSize;
import io.shardlab.session.ClusterPlacement;
import io.shardlab.session.CollectionMove;
import io.shardlab.session.PlacementEditor;
import io.shardlab.text.Message;
import io.shardlab.ui.theme.RememberedSettings;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.bson.BsonDocument;

/**
 * The placement board (Simulation → Placement board…): where every database and collection of the explorer's
 * cluster lives, and the verbs that move them — a tile dragged onto another shard's lane runs {@code moveCollection},
 * Unshard runs {@code unshardCollection}, Shard and distribute runs {@code shardCollection} then a same-key
 * {@code reshardCollection} with {@code forceRedistribution} — each through the cluster's mongos
 * ({@link PlacementEditor}), undone by the explorer's one undo. On a recorded layout (a live cluster, a dump) the
 * board shows the recorded cluster's placement ({@link #showRecorded}) and changes nothing, saying why.
 *
 * <p>Properties change on the JavaFX thread only.
 */
public final class PlacementViewModel {

    /**
     * The key the Shard and distribute prompt offers first: {@code _id}, which every collection indexes, so the
     * mongos's {@code shardCollection} needs no other index.
     */
    static final String DEFAULT_KEY = "{ _id: 1 }";

    /** The name the disk per shard is remembered under, in MiB. */
    static final String DISK_SETTING = "placement-board.disk-mib";

    /** The largest disk per shard the board takes, in MiB (1 TiB). */
    static final int MAX_DISK_MEGABYTES = 1 << 20;

    /** Where the board's reads and verbs run: the explorer engine's {@code placement}. */
    @FunctionalInterface
    public interface Desk {
        <T> void placement(BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out);
    }

    private final Desk desk;
    private final Executor fx;
    private final Runnable undo;
    private final Runnable redo;
    private final ObjectProperty<Optional<ClusterPlacement>> placement = new SimpleObjectProperty<>(Optional.empty());
    private final ObjectProperty<Message> note = new SimpleObjectProperty<>(Message.of("placement.hint"));
    private final ObjectProperty<List<String>> commands = new SimpleObjectProperty<>(List.of());
    private final ObjectProperty<Optional<CollectionMove>> move = new SimpleObjectProperty<>(Optional.empty());
    private final BooleanProperty readOnly = new SimpleBooleanProperty(false);
    private final IntegerProperty shardCapacityMegabytes = new SimpleIntegerProperty();
    private Optional<ClusterPlacement> recorded = Optional.empty();
    private final ObjectProperty<Optional<String>> distributing = new SimpleObjectProperty<>(Optional.empty());
    private final StringProperty keyText = new SimpleStringProperty(DEFAULT_KEY);
    private final ObjectProperty<Optional<Message>> keyProblem = new SimpleObjectProperty<>(Optional.empty());

    /**
     * @param desk runs a read or verb on the simulation thread (the explorer engine's {@code placement})
     * @param fx the JavaFX thread ({@code Platform::runLater})
     * @param undo the explorer's Edit → Undo, which takes the board's newest verb back first
     * @param redo the explorer's Edit → Redo, which puts back what undo took, in the order it took it
     * @param settings where the disk per shard is kept between runs ({@link #DISK_SETTING})
     */
    public PlacementViewModel(Desk desk, Executor fx, Runnable undo, Runnable redo, RememberedSettings settings) {
        this.desk = Objects.requireNonNull(desk, "desk");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.undo = Objects.requireNonNull(undo, "undo");
        this.redo = Objects.requireNonNull(redo, "redo");
        shardCapacityMegabytes.set((int) settings.number(
                DISK_SETTING, PlacementEditor.DEFAULT_SHARD_CAPACITY_BYTES >> 20, 1, MAX_DISK_MEGABYTES));
        shardCapacityMegabytes.addListener((obs, was, now) -> settings.remember(DISK_SETTING, now.longValue()));
        keyText.addListener((obs, was, now) -> keyProblem.set(keyProblem(now)));
        shardCapacityMegabytes.addListener((obs, was, now) -> refresh());
        readOnly.addListener((obs, was, now) -> {
            if (!now) {
                note.set(Message.of("placement.hint"));
            }
            refresh();
        });
    }

    /** The placement on show; empty while no cluster is loaded. */
    public ReadOnlyObjectProperty<Optional<ClusterPlacement>> placementProperty() {
        return placement;
    }

    /** What the board says: a hint, what the last verb did, or MongoDB's refusal. */
    public ReadOnlyObjectProperty<Message> noteProperty() {
        return note;
    }

    /** The mongosh calls the last verb ran (MongoDB's words, shown as they are). */
    public ReadOnlyObjectProperty<List<String>> commandsProperty() {
        return commands;
    }

    /** The last {@code moveCollection}, for its phases; empty after any other verb. */
    public ReadOnlyObjectProperty<Optional<CollectionMove>> moveProperty() {
        return move;
    }

    /** Whether the explorer shows a recorded layout, which the board does not change. */
    public BooleanProperty readOnlyProperty() {
        return readOnly;
    }

    /**
     * The placement of the recorded layout the explorer shows (a live cluster's read, a dump's), which the board shows
     * while the explorer is read-only. On the JavaFX thread.
     */
    public void showRecorded(ClusterMetadata metadata) {
        recorded = Optional.of(RecordedPlacement.of(metadata));
        if (readOnly.get()) {
            refresh();
        }
    }

    /** Reads the placement again: the recorded one while the explorer is read-only, else the simulator's. */
    public void refresh() {
        if (readOnly.get()) {
            placement.set(recorded);
            commands.set(List.of());
            move.set(Optional.empty());
            note.set(recorded.map(PlacementViewModel::recordedNote).orElse(Message.of("placement.readOnly")));
            return;
        }
        onDesk((editor, mongos) -> mongos.map(editor::read), read -> fx.execute(() -> placement.set(read)));
    }

    /** Why the board changes nothing on a recorded placement, and whether it knows every unsharded collection. */
    private static Message recordedNote(ClusterPlacement p) {
        ClusterPlacement.Recorded r = p.recorded().orElseThrow();
        return Message.of(r.everyCollection() ? "placement.recorded.every" : "placement.recorded.tracked", r.source());
    }

    /** Drops {@code namespace}'s tile on {@code shard}'s lane: {@code moveCollection}. */
    public void moveCollection(String namespace, String shard) {
        if (refusedWhileReadOnly()) {
            return;
        }
        onDesk((editor, mongos) -> mongos.map(m -> editor.moveCollection(m, namespace, shard)), this::show);
    }

    /** Unshard on {@code namespace}'s key line: {@code unshardCollection}. */
    public void unshard(String namespace) {
        if (refusedWhileReadOnly()) {
            return;
        }
        onDesk((editor, mongos) -> mongos.map(m -> editor.unshardCollection(m, namespace)), this::show);
    }

    /**
     * The collection the Shard and distribute prompt is open for (its shard key asked); empty while it is closed.
     */
    public ReadOnlyObjectProperty<Optional<String>> distributingProperty() {
        return distributing;
    }

    /** The shard key the prompt holds, as the user types it in mongosh syntax ({@code { user: 1 }}). */
    public StringProperty keyTextProperty() {
        return keyText;
    }

    /** What is wrong with {@link #keyTextProperty()} as a shard key, in MongoDB's words; empty when it is one. */
    public ReadOnlyObjectProperty<Optional<Message>> keyProblemProperty() {
        return keyProblem;
    }

    /** Shard and distribute… on {@code namespace}'s tile: opens the prompt for its shard key. */
    public void askKey(String namespace) {
        if (refusedWhileReadOnly()) {
            return;
        }
        distributing.set(Optional.of(namespace));
        keyProblem.set(keyProblem(keyText.get()));
    }

    /** Closes the prompt; nothing runs. */
    public void cancelKey() {
        distributing.set(Optional.empty());
    }

    /**
     * Runs Shard and distribute on the prompt's collection with its key: {@code shardCollection}, then a same-key
     * {@code reshardCollection} with {@code forceRedistribution}. A malformed key runs nothing and keeps the prompt
     * open with its problem.
     */
    public void confirmKey() {
        Optional<String> namespace = distributing.get();
        Optional<Message> problem = keyProblem(keyText.get());
        keyProblem.set(problem);
        if (namespace.isEmpty() || problem.isPresent() || refusedWhileReadOnly()) {
            return;
        }
        BsonDocument key = BsonLiterals.parseDocument(keyText.get());
        distributing.set(Optional.empty());
        onDesk((editor, mongos) -> mongos.map(m -> editor.shardAndDistribute(m, namespace.get(), key)), this::show);
    }

    /**
     * What the mongos would refuse in {@code text} as a shard key before looking at the collection: text that is no
     * document, or a pattern {@code shardCollection} refuses ({@link ShardKeyPattern#of}: empty, a value other than 1
     * or "hashed", two hashed fields, a bad field name, more than 32 fields), in MongoDB's words.
     */
    static Optional<Message> keyProblem(String text) {
        try {
            ShardKeyPattern.of(BsonLiterals.parseDocument(text));
            return Optional.empty();
        } catch (IllegalArgumentException malformed) {
            // BsonParseException and InvalidShardKeyException: the parser's and MongoDB's own words
            return Optional.of(Message.of("placement.key.malformed", malformed.getMessage()));
        }
    }

    /** Edit → Undo: the board's newest verb (or the explorer's newer command) is taken back. */
    public void undo() {
        throughHistory(undo, Message.of("placement.undone"));
    }

    /** Edit → Redo: what undo took back last (a verb of the board's or the explorer's command) is put back. */
    public void redo() {
        throughHistory(redo, Message.of("placement.redone"));
    }

    /** Takes a step back or forth in the history: the proposed move and its commands are dropped, the board read anew. */
    private void throughHistory(Runnable step, Message said) {
        step.run();
        move.set(Optional.empty());
        commands.set(List.of());
        note.set(said);
        refresh();
    }

    /**
     * The size of each simulated shard's disk, in MiB, which a move's free-space check measures against (a setting of
     * the board's, kept between runs; {@link PlacementEditor#DEFAULT_SHARD_CAPACITY_BYTES} until first changed). A
     * change reads the placement again, so the lanes show their free space on the new disks.
     */
    public IntegerProperty shardCapacityMegabytesProperty() {
        return shardCapacityMegabytes;
    }

    /** Runs {@code work} on the desk with the board's shard capacity set on the editor first. */
    private <T> void onDesk(BiFunction<PlacementEditor, Optional<MongosCommands>, T> work, Consumer<T> out) {
        long capacity = (long) shardCapacityMegabytes.get() << 20;
        desk.placement(
                (editor, mongos) -> {
                    editor.shardCapacity(capacity);
                    return work.apply(editor, mongos);
                },
                out);
    }

    private boolean refusedWhileReadOnly() {
        if (readOnly.get()) {
            note.set(recorded.map(PlacementViewModel::recordedNote).orElse(Message.of("placement.readOnly")));
            return true;
        }
        return false;
    }

    private void show(Optional<PlacementEditor.Change> outcome) {
        fx.execute(() -> {
            if (outcome.isEmpty()) {
                note.set(Message.of("placement.noCluster"));
                return;
            }
            PlacementEditor.Change change = outcome.get();
            placement.set(Optional.of(change.placement()));
            commands.set(change.commands());
            Optional<CollectionMove.Room> room = change.move().map(CollectionMove::room);
            if (room.equals(Optional.of(CollectionMove.Room.NO_ROOM))) {
                CollectionMove m = change.move().get();
                move.set(Optional.empty());
                note.set(Message.of(
                        "placement.disk.noRoom",
                        m.toShard(),
                        DataSize.format(m.destinationFreeBytes()),
                        m.namespace(),
                        DataSize.format(m.copyBytes())));
                return;
            }
            move.set(change.move());
            if (room.equals(Optional.of(CollectionMove.Room.BELOW_REQUIREMENT))) {
                CollectionMove m = change.move().get();
                note.set(Message.of(
                        "placement.disk.below",
                        m.toShard(),
                        DataSize.format(m.destinationFreeBytes()),
                        DataSize.format(m.requiredFreeBytes())));
                return;
            }
            note.set(change.refusal()
                    .map(refusal -> change.placement().movesCollections()
                            ? Message.of("placement.refused", refusal)
                            : Message.of(
                                    "placement.needs80",
                                    change.placement().release().toString(),
                                    refusal))
                    .orElse(Message.of(change.move().isPresent() ? "placement.moved" : "placement.done")));
        });
    }
}

package io.shardlab.ui.explorer.diagram;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.session.ChunkCommands;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.SplitPointPicker;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.text.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * What the user can do to the selected chunk: split it (where it was clicked, or at its median), move
 * it to another shard, merge it with a neighbour. Each verb sends the command a DBA would type
 * ({@link ChunkCommands}); whether MongoDB accepts it is the simulated cluster's answer, shown in
 * {@link #errorProperty()} with MongoDB's text.
 */
public final class ChunkActionsViewModel {

    private final NumberLineViewModel line;
    private final Consumer<ClusterCommand> execute;
    private ChunkCommands commands;
    private SplitPointPicker picker;

    private final ReadOnlyBooleanWrapper canSplit = new ReadOnlyBooleanWrapper(this, "canSplit");
    private final ReadOnlyObjectWrapper<Message> splitText =
            new ReadOnlyObjectWrapper<>(this, "splitText", Message.of("explorer.actions.split"));
    private final ReadOnlyBooleanWrapper canSplitAtMedian = new ReadOnlyBooleanWrapper(this, "canSplitAtMedian");
    private final ReadOnlyBooleanWrapper canMerge = new ReadOnlyBooleanWrapper(this, "canMerge");
    private final ReadOnlyBooleanWrapper canMergeWithPrevious =
            new ReadOnlyBooleanWrapper(this, "canMergeWithPrevious");
    private final ReadOnlyBooleanWrapper canMergeWithNext = new ReadOnlyBooleanWrapper(this, "canMergeWithNext");
    private final ReadOnlyBooleanWrapper splitNamesAPoint = new ReadOnlyBooleanWrapper(this, "splitNamesAPoint");
    private final ReadOnlyBooleanWrapper canMove = new ReadOnlyBooleanWrapper(this, "canMove");
    private final ReadOnlyObjectWrapper<Optional<Message>> moveUnsupported =
            new ReadOnlyObjectWrapper<>(this, "moveUnsupported", Optional.empty());
    private final ReadOnlyListWrapper<String> moveTargets =
            new ReadOnlyListWrapper<>(this, "moveTargets", FXCollections.observableArrayList());
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private Runnable dismissError = () -> {};

    /**
     * @param line the number line whose selection the verbs act on
     * @param execute runs a command on the simulated cluster
     */
    public ChunkActionsViewModel(NumberLineViewModel line, Consumer<ClusterCommand> execute) {
        this.line = Objects.requireNonNull(line, "line");
        this.execute = Objects.requireNonNull(execute, "execute");
        line.selectedProperty().addListener((obs, was, now) -> refresh());
    }

    public void show(ExplorerFrame frame, Runnable clearError) {
        ResolvedScenario s = frame.scenario();
        // a client's reshardCollection or refineCollectionShardKey changes the key the verbs split on
        ShardKeyPattern key = frame.cluster().cluster().key();
        if (commands == null || picker == null || frame.scenario() != scenarioShown || !key.equals(keyShown)) {
            commands = new ChunkCommands(s.namespace(), key, s.scenario().version());
            picker = new SplitPointPicker(key);
            scenarioShown = frame.scenario();
            keyShown = key;
        }
        dismissError = clearError;
        error.set(frame.error().orElse(""));
        refresh();
    }

    private ResolvedScenario scenarioShown;
    private ShardKeyPattern keyShown;

    /** A read-only layout shows: no command can be sent until the simulation's next frame. */
    public void unload() {
        commands = null;
        picker = null;
        scenarioShown = null;
        error.set("");
        refresh();
    }

    private void refresh() {
        ChunkDetails s = line.selectedProperty().get();
        boolean any = s != null && commands != null;
        Optional<ShardKey> point = any ? splitPoint(s) : Optional.empty();
        canSplit.set(any && (point.isPresent() || commands.canSplitAtMedian()));
        splitText.set(point.map(p ->
                        Message.of("explorer.actions.splitAt", BsonPrinter.shell(p.toDocument(scenarioShown.key()))))
                .orElse(Message.of(
                        any && commands.canSplitAtMedian()
                                ? "explorer.actions.splitAtMedian"
                                : "explorer.actions.split")));
        canSplitAtMedian.set(any && commands.canSplitAtMedian());
        splitNamesAPoint.set(point.isPresent());
        // sh.mergeChunks merges contiguous chunks of one shard only
        canMergeWithPrevious.set(
                any && line.chunk(s.index() - 1).filter(c -> sameShard(c, s)).isPresent());
        canMergeWithNext.set(
                any && line.chunk(s.index() + 1).filter(c -> sameShard(c, s)).isPresent());
        canMerge.set(canMergeWithPrevious.get() || canMergeWithNext.get());
        moveUnsupported.set(commands == null ? Optional.empty() : commands.moveUnsupportedReason());
        canMove.set(any && moveUnsupported.get().isEmpty());
        List<String> targets = any
                ? line.shardIds().stream()
                        .filter(id -> !id.equals(s.chunk().shard()))
                        .toList()
                : List.of();
        if (!targets.equals(moveTargets)) {
            moveTargets.setAll(targets);
        }
    }

    private static boolean sameShard(ChunkDetails a, ChunkDetails b) {
        return a.chunk().shard().equals(b.chunk().shard());
    }

    private Optional<ShardKey> splitPoint(ChunkDetails s) {
        double f = line.selectedFraction();
        return picker.pointIn(s.chunk(), Double.isNaN(f) ? 0.5 : f);
    }

    // ---- state -----------------------------------------------------------------------------------

    public ReadOnlyBooleanProperty canSplitProperty() {
        return canSplit.getReadOnlyProperty();
    }

    /** {@code "Split at { counter: 1234 }"}, or {@code "Split at the median"} when no point can be named. */
    public ReadOnlyObjectProperty<Message> splitTextProperty() {
        return splitText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canSplitAtMedianProperty() {
        return canSplitAtMedian.getReadOnlyProperty();
    }

    /** Whether the selected chunk can merge with a neighbour: one on the same shard. */
    public ReadOnlyBooleanProperty canMergeProperty() {
        return canMerge.getReadOnlyProperty();
    }

    /** Whether the chunk before the selected one exists and is on the same shard. */
    public ReadOnlyBooleanProperty canMergeWithPreviousProperty() {
        return canMergeWithPrevious.getReadOnlyProperty();
    }

    /** Whether the chunk after the selected one exists and is on the same shard. */
    public ReadOnlyBooleanProperty canMergeWithNextProperty() {
        return canMergeWithNext.getReadOnlyProperty();
    }

    /**
     * Whether the split names its point ("Split at { … }"); when it does not, the split is already the median
     * one and a separate median entry would say the same twice.
     */
    public ReadOnlyBooleanProperty splitNamesAPointProperty() {
        return splitNamesAPoint.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canMoveProperty() {
        return canMove.getReadOnlyProperty();
    }

    /** Why moves are unavailable for this key and version; empty when they are available. */
    public ReadOnlyObjectProperty<Optional<Message>> moveUnsupportedProperty() {
        return moveUnsupported.getReadOnlyProperty();
    }

    /** The shards the selected chunk can move to. */
    public ReadOnlyListProperty<String> moveTargetsProperty() {
        return moveTargets.getReadOnlyProperty();
    }

    /** MongoDB's refusal of the last command; empty when it ran. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    // ---- verbs -----------------------------------------------------------------------------------

    /** Splits the selected chunk where it was clicked (its middle when selected otherwise), or at its median. */
    public void splitSelectedChunk() {
        ChunkDetails s = line.selectedProperty().get();
        if (s == null || commands == null) {
            return;
        }
        Optional<ShardKey> point = splitPoint(s);
        if (point.isPresent()) {
            execute.accept(commands.splitAt(point.get()));
        } else if (commands.canSplitAtMedian()) {
            execute.accept(commands.splitAtMedian(s.chunk()));
        }
    }

    /** Splits the selected chunk at its median key ({@code sh.splitFind}). */
    public void splitSelectedChunkAtMedian() {
        ChunkDetails s = line.selectedProperty().get();
        if (s != null && commands != null && commands.canSplitAtMedian()) {
            execute.accept(commands.splitAtMedian(s.chunk()));
        }
    }

    /** Moves the selected chunk to {@code shard}. */
    public void moveSelectedChunkTo(String shard) {
        ChunkDetails s = line.selectedProperty().get();
        if (s != null && canMove.get() && !s.chunk().shard().equals(shard)) {
            execute.accept(commands.move(s.chunk(), shard));
        }
    }

    /** Moves the chunk at {@code index} to {@code shard} (a drag onto a lane). */
    public void moveChunkTo(int index, String shard) {
        line.selectChunk(index);
        moveSelectedChunkTo(shard);
    }

    /** Merges the selected chunk with the next one ({@code sh.mergeChunks} over both). */
    public void mergeSelectedWithNext() {
        ChunkDetails s = line.selectedProperty().get();
        if (s != null && commands != null) {
            line.chunk(s.index() + 1).ifPresent(next -> execute.accept(commands.merge(s.chunk(), next.chunk())));
        }
    }

    /** Merges the selected chunk with the previous one. */
    public void mergeSelectedWithPrevious() {
        ChunkDetails s = line.selectedProperty().get();
        if (s != null && commands != null) {
            line.chunk(s.index() - 1).ifPresent(previous -> {
                Chunk left = previous.chunk();
                execute.accept(commands.merge(left, s.chunk()));
            });
        }
    }

    /** Dismisses the last refusal. */
    public void dismissError() {
        error.set("");
        dismissError.run();
    }
}

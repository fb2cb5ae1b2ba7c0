package io.shardlab.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory sharded cluster that behaves like a real one of the chosen {@link MongoVersion}:
 * the one mutable aggregate of the simulator. It changes only through {@link ClusterCommand}s
 * ({@link #execute}), each recorded with what undo needs, and through the passage of simulated time
 * ({@link #advance}), which runs what MongoDB does by itself (balancer rounds, migration commits,
 * auto-merges) as automatic commands in the same history.
 *
 * <p>Threading: not thread-safe; drive it from one thread. Listeners are called synchronously on
 * that thread; hand them immutable events and {@link #snapshot()}s only.
 *
 * <p>Determinism: given the same configuration (seed included) and the same calls, the same events
 * happen at the same simulated times.
 *
 * <p>Undo: every history entry keeps the catalog state from before it (chunks, zones, shards,
 * settings, migrations, clock, counters, random state) and, for inserts, the batch; undo restores
 * the catalog, re-partitions the documents to the restored chunk boundaries and removes the batch's
 * documents. Redo re-applies the command, which replays identically because the random state was
 * restored too.
 */
public final class SimulatedCluster {

    private final ClusterState state;
    private final List<ClusterEventListener> listeners = new CopyOnWriteArrayList<>();
    private final Deque<HistoryEntry> history = new ArrayDeque<>();
    private final Deque<ClusterCommand> redo = new ArrayDeque<>();
    private long historyDocuments;

    /** One undoable step: the command and the state before it. */
    private record HistoryEntry(ClusterCommand command, ClusterState.Memento before, long documents) {
    }

    /** A cluster with no shards yet, simulating {@code config.version()}. */
    public SimulatedCluster(SimulationConfig config) {
        this.state = new ClusterState(config, this::publish);
    }

    private void publish(ClusterEvent event) {
        for (ClusterEventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /** Registers a listener for every future event. */
    public void addListener(ClusterEventListener listener) {
        listeners.add(listener);
    }

    /** Unregisters a listener. */
    public void removeListener(ClusterEventListener listener) {
        listeners.remove(listener);
    }

    /** The configuration. */
    public SimulationConfig config() {
        return state.config;
    }

    /** The simulated MongoDB version. */
    public MongoVersion version() {
        return state.config.version();
    }

    /** Simulated time, in ms since the simulation started. */
    public long now() {
        return state.clock;
    }

    // ---- commands ---------------------------------------------------------------------------------

    /** Empty when {@code command} can be applied now, else MongoDB's error text. */
    public Optional<String> canApply(ClusterCommand command) {
        return command.canApply(state);
    }

    /**
     * Applies {@code command} and records it for undo; clears the redo list.
     *
     * @throws CommandFailedException with MongoDB's error text when the command cannot be applied
     */
    public void execute(ClusterCommand command) {
        run(command);
        redo.clear();
    }

    private void run(ClusterCommand command) {
        Optional<String> error = command.canApply(state);
        if (error.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), error.get());
        }
        ClusterState.Memento before = state.memento();
        command.apply(state);
        long docs = command instanceof InsertDocuments insert ? insert.batch().size() : 0;
        record(new HistoryEntry(command, before, docs));
        if (state.config.checkInvariants()) {
            state.checkInvariants();
        }
    }

    private void record(HistoryEntry entry) {
        if (state.config.historyLimit() == 0) {
            return;
        }
        history.push(entry);
        historyDocuments += entry.documents();
        while (history.size() > state.config.historyLimit()
                || (historyDocuments > state.config.historyDocumentLimit() && history.size() > 1)) {
            HistoryEntry dropped = history.removeLast();
            historyDocuments -= dropped.documents();
        }
    }

    /** Whether there is something to undo. */
    public boolean canUndo() {
        return !history.isEmpty();
    }

    /** Whether there is something to redo. */
    public boolean canRedo() {
        return !redo.isEmpty();
    }

    /**
     * Undoes the newest history entry, restoring the cluster (clock included) to what it was before
     * it; returns the undone command.
     *
     * @throws IllegalStateException when the history is empty
     */
    public ClusterCommand undo() {
        if (history.isEmpty()) {
            throw new IllegalStateException("undo: nothing to undo");
        }
        HistoryEntry entry = history.pop();
        historyDocuments -= entry.documents();
        state.restore(entry.before());
        if (entry.command() instanceof InsertDocuments insert) {
            insert.removeFrom(state);
        }
        redo.push(entry.command());
        if (state.config.checkInvariants()) {
            state.checkInvariants();
        }
        publish(new ClusterEvent.Undone(state.clock, entry.command().describe()));
        return entry.command();
    }

    /**
     * Re-applies the most recently undone command; returns it.
     *
     * @throws IllegalStateException when nothing was undone since the last {@link #execute}
     */
    public ClusterCommand redo() {
        if (redo.isEmpty()) {
            throw new IllegalStateException("redo: nothing to redo");
        }
        ClusterCommand command = redo.pop();
        run(command);
        return command;
    }

    /** The history, newest first: one description per undoable entry. */
    public List<String> history() {
        List<String> out = new ArrayList<>();
        for (HistoryEntry e : history) {
            out.add(e.command().describe());
        }
        return out;
    }

    /** The history's commands, newest first. */
    public List<ClusterCommand> historyCommands() {
        List<ClusterCommand> out = new ArrayList<>();
        for (HistoryEntry e : history) {
            out.add(e.command());
        }
        return out;
    }

    // ---- convenience -------------------------------------------------------------------------------

    /** Inserts a batch at the current simulated time ({@code execute(new InsertDocuments(ns, batch))}). */
    public void insert(String namespace, InsertBatch batch) {
        execute(new InsertDocuments(namespace, batch));
    }

    /** An immutable picture of the cluster now. */
    public SimulationSnapshot snapshot() {
        return state.snapshot();
    }

    /**
     * Checks the invariants now (tests call this after every event).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void checkInvariants() {
        state.checkInvariants();
    }

    /** The package's view of the state, for tests in this package. */
    ClusterState state() {
        return state;
    }
}

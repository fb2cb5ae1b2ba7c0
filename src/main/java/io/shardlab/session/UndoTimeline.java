package io.shardlab.session;

import io.shardlab.session.ExplorerFrame.CommandEntry;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SimulatedCluster;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A session's one undo/redo timeline over its cluster's history ({@link SimulatedCluster#undo}, which
 * restores the state recorded before each entry).
 *
 * <p>Undo is a rewind: it takes back the newest user command <em>and every insert and automatic step
 * after it</em>, so the world is exactly as it was just before the command. Redo re-applies the command
 * and lets the timeline run again to where it had got ({@code replay}); the simulation is deterministic
 * (seeded, inserts on a fixed grid), so this is the same world as before the undo. Whatever moves the
 * timeline on (time passing, a new command, a client's write) forgets what undo took back. Undo never
 * reaches past a client's command: what a client wrote also lives in the server's document store.
 *
 * <p>The {@link #revision()} counts every change of the timeline, so a front end can tell whether what it
 * last showed is current. Undo and redo do not nest: starting one while another runs (from
 * a cluster event listener, say) is refused. Confined to the simulation thread.
 */
final class UndoTimeline {

    /** One undo: the user command it took back and the simulated time the timeline had reached. */
    private record Undone(ClusterCommand command, long endMillis) {}

    private final SimulatedCluster cluster;
    /** The user's commands, by identity: the history entries undo stops at. */
    private final Set<ClusterCommand> userCommands = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Clients' newest commands at the moments the session took them in, by identity: undo stops before them. */
    private final Set<ClusterCommand> clientCommands = Collections.newSetFromMap(new IdentityHashMap<>());
    /** What each undo took back, the newest undo last. */
    private final Deque<Undone> redoGroups = new ArrayDeque<>();

    private long revision;
    private String running;

    UndoTimeline(SimulatedCluster cluster) {
        this.cluster = cluster;
    }

    /** Counts every change of the timeline (time passing, a command, a client's write, an undo, a redo); starts at 0. */
    long revision() {
        return revision;
    }

    /** The user ran {@code command} (it is in the cluster's history): undo stops there; redo is forgotten. */
    void userCommandRan(ClusterCommand command) {
        userCommands.add(command);
        movedOn();
    }

    /** A client's commands ran up to {@code newest}: undo stops after it; redo is forgotten. */
    void clientCommandsRan(ClusterCommand newest) {
        clientCommands.add(newest);
        movedOn();
    }

    /** The timeline moved on (time passed, a command ran): what undo took back is forgotten. */
    void movedOn() {
        redoGroups.clear();
        revision++;
    }

    /** Entries undo would take back: through the newest user command, or 0 when there is none in reach. */
    int stepsToUndo(List<ClusterCommand> history) {
        for (int i = 0; i < history.size(); i++) {
            if (clientCommands.contains(history.get(i))) {
                return 0;
            }
            if (userCommands.contains(history.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * Undoes the newest user command and everything after it, handing each undone entry, newest first, to
     * {@code undone} (after the cluster took it back); false when there is none in reach.
     *
     * @throws IllegalStateException when undo or redo is already running
     */
    boolean undo(Consumer<ClusterCommand> undone) {
        enter("undo");
        try {
            int steps = stepsToUndo(cluster.historyCommands());
            if (steps == 0) {
                return false;
            }
            long endMillis = cluster.now();
            ClusterCommand command = null;
            for (int i = 0; i < steps; i++) {
                command = cluster.undo();
                undone.accept(command);
            }
            redoGroups.addLast(new Undone(command, endMillis));
            revision++;
            return true;
        } finally {
            running = null;
        }
    }

    /**
     * Re-applies what the newest undo took back: {@code apply} runs the user's command again (throwing what
     * the cluster throws: then nothing is left to redo), then {@code replay} lets the timeline run for the
     * simulated milliseconds to where it had got. False when there is nothing to redo.
     *
     * @throws IllegalStateException when undo or redo is already running
     */
    boolean redo(Consumer<ClusterCommand> apply, LongConsumer replay) {
        enter("redo");
        try {
            if (redoGroups.isEmpty()) {
                return false;
            }
            Undone undone = redoGroups.removeLast();
            revision++;
            try {
                apply.accept(undone.command());
            } catch (RuntimeException e) {
                redoGroups.clear();
                throw e;
            }
            userCommands.add(undone.command());
            replay.accept(Math.max(0, undone.endMillis() - cluster.now()));
            return true;
        } finally {
            running = null;
        }
    }

    /** The user's commands still in the cluster's history, newest first. */
    List<CommandEntry> userEntries(List<ClusterCommand> history) {
        List<CommandEntry> out = new ArrayList<>();
        for (ClusterCommand c : history) {
            if (userCommands.contains(c)) {
                out.add(new CommandEntry(c.describe(), c.mongoshCommand()));
            }
        }
        return out;
    }

    /** What redo would re-apply. */
    Optional<String> redoLabel() {
        return redoGroups.isEmpty()
                ? Optional.empty()
                : Optional.of(redoGroups.peekLast().command().describe());
    }

    private void enter(String verb) {
        if (running != null) {
            throw new IllegalStateException(verb + ": the " + running + " in progress has not finished");
        }
        running = verb;
    }
}

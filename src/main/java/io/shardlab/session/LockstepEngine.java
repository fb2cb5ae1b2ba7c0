package io.shardlab.session;

import io.shardlab.sim.ClusterCommand;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Plays two explorers' scenarios in lockstep on one {@link SimulationThread}: two {@link ExplorerSession}s
 * (one per side, each its own in-memory cluster of its own release, key and chunk size) that every tick
 * advances by the same simulated time. Both sides stream at the same pace (checked by {@link #load}), and
 * each session inserts {@code floor(rate · t)} documents by time {@code t} after its stream's start, on the
 * same 100 ms grid: so after every tick both sides have received the same number of documents (until the
 * shorter stream ends), in batches of the same sizes, and their charts count writes in the same windows.
 * When both play the same workload with the same seed and count (two releases, two chunk sizes, two keys on
 * one workload's documents) they are the same documents, and only the clusters' rules differ.
 *
 * <p>The transport is the explorer's ({@link Playback}, pacing by {@link PlaybackPacer}): the same tick delays,
 * the same full-speed budget (spent on both sides, a grid step at a time, so neither gets ahead), the same
 * publishing rate. The two sides' states are published together as one {@link Pair}, so the screen never
 * shows one side ahead of the other. Play stops when both streams are in and both balancers have settled.
 *
 * <p>Every method only submits a task, so it can be called from the JavaFX thread.
 */
public final class LockstepEngine extends Playback {

    /** The two sides. */
    public enum Side {
        LEFT,
        RIGHT
    }

    /**
     * Both sides' states, taken at the same simulated time.
     *
     * @param left the first side's state
     * @param right the second side's state
     */
    public record Pair(EngineState left, EngineState right) {

        public Pair {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }

        /** The side's state. */
        public EngineState of(Side side) {
            return side == Side.LEFT ? left : right;
        }
    }

    private final Consumer<Pair> toScreen;

    // confined to the simulation thread
    private final ResolvedScenario[] scenarios = new ResolvedScenario[2];
    private final ExplorerSession[] sessions = new ExplorerSession[2];
    private final PreparedStream[] prepared = new PreparedStream[2];
    private final EngineState.Failed[] failures = new EngineState.Failed[2];

    /**
     * @param thread where both simulations run (the explorer's own simulation thread: one lane for all)
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives both sides' newest states, on the simulation thread
     * @param screenBehind whether the screen has not yet taken the last published pair: at full speed a tick
     *     then does no work, as the explorer's engine does
     * @param describeFailure the one line a task that dies shows as both sides' error
     */
    public LockstepEngine(
            SimulationThread thread,
            LongSupplier nanoTime,
            Consumer<Pair> publish,
            BooleanSupplier screenBehind,
            Function<Throwable, String> describeFailure) {
        super(thread, nanoTime, screenBehind, describeFailure);
        this.toScreen = Objects.requireNonNull(publish, "publish");
    }

    /**
     * Builds both sides' clusters and reads their streams; stops what played before.
     *
     * @throws IllegalArgumentException at once, naming the field, when the two sides cannot play in lockstep
     *     ({@link Scenario#lockstepDifference})
     */
    public void load(ResolvedScenario left, ResolvedScenario right) {
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        Optional<Message> difference = left.scenario().lockstepDifference(right.scenario());
        if (difference.isPresent()) {
            throw new RefusedInput(difference.get());
        }
        submit(() -> start(left, right));
    }

    private void start(ResolvedScenario left, ResolvedScenario right) {
        stopTicking();
        toScreen.accept(new Pair(new EngineState.Loading(left.scenario()), new EngineState.Loading(right.scenario())));
        ResolvedScenario[] next = {left, right};
        // one chart window for both, the longer stream's: the writes charts then share one time axis
        long window = ExplorerSession.windowMillis(
                Math.max(left.scenario().documents(), right.scenario().documents()),
                left.scenario().docsPerSecond());
        for (int i = 0; i < 2; i++) {
            // a reset loads the same scenarios again: their streams, read before, are reused
            PreparedStream reuse = next[i] == scenarios[i] ? prepared[i] : null;
            scenarios[i] = next[i];
            sessions[i] = null;
            prepared[i] = null;
            failures[i] = null;
            try {
                sessions[i] = ExplorerSession.load(next[i], reuse, window);
                prepared[i] = sessions[i].stream();
            } catch (IllegalArgumentException e) {
                failures[i] = EngineState.Failed.of(next[i].scenario(), e);
            }
        }
        publish();
    }

    /**
     * Runs one of the user's commands (a split, a move, a merge) on one side only; MongoDB's refusal shows as
     * that side's frame's error. Time stays in lockstep: the documents keep arriving on both sides alike.
     */
    public void execute(Side side, ClusterCommand command) {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(command, "command");
        submit(() -> {
            ExplorerSession session = sessions[side.ordinal()];
            if (session != null) {
                session.execute(command);
                publish();
            }
        });
    }

    /**
     * Reads one side's cluster for a view of it (Why no move?'s plan preview): on the simulation thread, {@code
     * reader} gets the side's collection as the collection on show ({@link CatalogRead}: no catalog, mongos or
     * glances; a side is one collection) and its result goes to {@code out}, there too. While the side has no
     * cluster the read is {@link CatalogRead#NOTHING}.
     */
    public <T> void readSide(Side side, Function<CatalogRead, T> reader, Consumer<T> out) {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(out, "out");
        submit(() -> {
            ExplorerSession session = sessions[side.ordinal()];
            out.accept(reader.apply(
                    session == null
                            ? CatalogRead.NOTHING
                            : new CatalogRead(
                                    Optional.empty(),
                                    Map.of(),
                                    Optional.of(scenarios[side.ordinal()].namespace()),
                                    Optional.of(session.cluster()),
                                    Optional.empty())));
        });
    }

    /** Dismisses the last command's error on {@code side}. */
    public void clearError(Side side) {
        Objects.requireNonNull(side, "side");
        submit(() -> {
            ExplorerSession session = sessions[side.ordinal()];
            if (session != null) {
                session.clearError();
                publish();
            }
        });
    }

    /** Stops playing and lets both clusters go (the comparison was closed); a later {@link #load} starts again. */
    public void unload() {
        submit(() -> {
            stopTicking();
            for (int i = 0; i < 2; i++) {
                scenarios[i] = null;
                sessions[i] = null;
                prepared[i] = null;
                failures[i] = null;
            }
        });
    }

    // ---- what plays (Playback), on the simulation thread ------------------------------------------------------

    @Override
    boolean playable() {
        return sessions[0] != null && sessions[1] != null;
    }

    @Override
    boolean finished() {
        return sessions[0].finished() && sessions[1].finished();
    }

    /** The one place both sides' time moves: by the same simulated milliseconds, left then right. */
    @Override
    void advance(long millis) {
        sessions[0].advance(millis);
        sessions[1].advance(millis);
    }

    /** One window of the chart both sides share. */
    @Override
    long stepMillis() {
        return sessions[0].windowMillis();
    }

    /** Loads both scenarios again: fresh clusters, the stream at its start on both sides. */
    @Override
    void reload() {
        if (scenarios[0] != null) {
            start(scenarios[0], scenarios[1]);
        }
    }

    /** The failure shows on both sides. */
    @Override
    boolean failed(String message) {
        if (scenarios[0] == null) {
            return false;
        }
        for (int i = 0; i < 2; i++) {
            sessions[i] = null;
            failures[i] = EngineState.Failed.of(scenarios[i].scenario(), message);
        }
        publish();
        return true;
    }

    @Override
    void publish() {
        if (scenarios[0] == null) {
            return;
        }
        List<EngineState> states = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            states.add(
                    sessions[i] != null
                            ? new EngineState.Running(sessions[i].frame(), playing(), currentSpeed())
                            : failures[i]);
        }
        toScreen.accept(new Pair(states.get(0), states.get(1)));
    }
}

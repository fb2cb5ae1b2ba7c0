package io.shardlab.ui.explorer;

import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.ui.BackgroundFailure;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;

/**
 * Runs the explorer's simulation on its {@link SimulationThread}: every method here only submits a
 * task, so it can be called from the JavaFX thread and never blocks it. The session, the play state
 * and the speed live on the simulation thread; what comes back is an immutable {@link EngineState}
 * handed to {@code publish} after every change (in the application, a {@link LatestValueMailbox}'s
 * {@code offer}, so the newest state wins and at most one screen update is pending).
 *
 * <p>Playing: a repeating task advances simulated time by the wall-clock time since the last tick
 * times the speed (at most {@link #MAX_TICK_WALL_MILLIS} of wall time per tick, so a stalled machine
 * does not make the simulation jump); at {@link PlaybackSpeed#MAX} each tick instead works for
 * {@link #MAX_SPEED_BUDGET_NANOS} and hands the thread back, so pause and commands wait at most that
 * long, and skips its work while the screen has not taken the last state published. Play stops by itself when the stream is in and the balancer has settled.
 */
public final class ExplorerEngine {

    /** Pause between two ticks at a finite speed, in ms: about one frame of a 60 Hz screen. */
    static final long TICK_DELAY_MILLIS = 15;
    /**
     * Pause between two ticks at full speed, in ms: lets submitted tasks in, and leaves the JavaFX and
     * render threads a share of a two-core machine (a third of the simulation thread's time, with
     * {@link #MAX_SPEED_BUDGET_NANOS}).
     */
    static final long MAX_SPEED_TICK_DELAY_MILLIS = 8;
    /**
     * Wall time one full-speed tick works for: about one 60 Hz frame, so that a render thread woken for
     * the next frame waits for a processor at most that long (ExplorerBenchmark measured fewer late
     * pulses with 16 ms than with 25 ms, for the same documents per second within a few per cent).
     */
    static final long MAX_SPEED_BUDGET_NANOS = 16_000_000;
    /** The most wall time one tick accounts for. */
    static final long MAX_TICK_WALL_MILLIS = 100;
    /**
     * Ticks publish at most this often (30 a second): the screen shows simulated state at that rate,
     * which reads as continuous, while the overlay's marks animate at the screen's own pace. Every other
     * change (pause, a command, undo, the end of the stream) is published at once.
     */
    static final long TICK_PUBLISH_INTERVAL_NANOS = 33_000_000;
    /**
     * At full speed ticks publish at most 20 times a second: every state repaints the number line,
     * lanes and charts, which software rendering composites on the render thread, and at full speed
     * that thread shares the machine with a simulation that never waits for the clock. The picture
     * changes so fast there that 20 frames a second lose nothing a viewer can follow, and the JavaFX
     * thread keeps its pulses (ExplorerBenchmark).
     */
    static final long MAX_SPEED_PUBLISH_INTERVAL_NANOS = 50_000_000;

    private final SimulationThread thread;
    private final LongSupplier nanoTime;
    private final Consumer<EngineState> publish;
    private final BooleanSupplier screenBehind;

    // confined to the simulation thread
    private ExplorerSession session;
    private ResolvedScenario scenario;
    /** The layout the current session was forked from, or null for a scenario built from scratch. */
    private LayoutFork forked;
    private PreparedStream prepared;
    private SimulationThread.Repeating ticking;
    private PlaybackSpeed speed = PlaybackSpeed.X10;
    private long lastTickNanos;
    private long lastTickPublishNanos;
    private double simulatedMillisOwed;

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives every new state, on the simulation thread
     */
    public ExplorerEngine(SimulationThread thread, LongSupplier nanoTime, Consumer<EngineState> publish) {
        this(thread, nanoTime, publish, () -> false);
    }

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param publish receives every new state, on the simulation thread
     * @param screenBehind whether the screen has not yet taken the last published state (e.g. {@link
     *     LatestValueMailbox#pending()}): at full speed a tick then does no work, so that on a machine
     *     with few cores the JavaFX and render threads get the processor until the screen has caught up
     */
    public ExplorerEngine(SimulationThread thread, LongSupplier nanoTime, Consumer<EngineState> publish,
            BooleanSupplier screenBehind) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.publish = Objects.requireNonNull(publish, "publish");
        this.screenBehind = Objects.requireNonNull(screenBehind, "screenBehind");
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
        stopTicking();
        session = null;
        // a reset loads the same scenario again: its stream, read before, is reused
        PreparedStream reuse = resolved == scenario ? prepared : null;
        scenario = resolved;
        forked = fork;
        prepared = null;
        publish.accept(new EngineState.Loading(resolved.scenario()));
        try {
            session = fork != null ? ExplorerSession.fork(resolved, fork, reuse) : ExplorerSession.load(resolved, reuse);
            prepared = session.stream();
        } catch (IllegalArgumentException e) {
            publish.accept(new EngineState.Failed(resolved.scenario(), e.getMessage()));
            return;
        }
        publishFrame();
    }

    /** Loads the current scenario (or forked layout) again: a fresh cluster, the stream at its start. */
    public void reset() {
        submit(() -> {
            if (scenario != null) {
                start(scenario, forked);
            }
        });
    }

    /** Lets time run at the current speed. */
    public void play() {
        submit(() -> {
            if (session == null || ticking != null || session.finished()) {
                return;
            }
            startTicking();
            publishFrame();
        });
    }

    private void startTicking() {
        lastTickNanos = nanoTime.getAsLong();
        lastTickPublishNanos = lastTickNanos - TICK_PUBLISH_INTERVAL_NANOS;
        simulatedMillisOwed = 0;
        ticking = thread.repeat(speed == PlaybackSpeed.MAX ? MAX_SPEED_TICK_DELAY_MILLIS : TICK_DELAY_MILLIS,
                () -> guarded(this::tick));
    }

    /** Stops time. */
    public void pause() {
        submit(() -> {
            stopTicking();
            publishFrame();
        });
    }

    /** While paused, lets one chart window of simulated time pass. */
    public void step() {
        submit(() -> {
            if (session == null || ticking != null) {
                return;
            }
            session.advance(session.windowMillis());
            publishFrame();
        });
    }

    /** Sets the speed; takes effect at once when playing. */
    public void speed(PlaybackSpeed newSpeed) {
        Objects.requireNonNull(newSpeed, "newSpeed");
        submit(() -> {
            boolean wasPlaying = ticking != null;
            stopTicking();
            speed = newSpeed;
            if (wasPlaying) {
                play();
            } else {
                publishFrame();
            }
        });
    }

    /** Runs one of the user's commands; MongoDB's refusal shows as the frame's error. */
    public void execute(ClusterCommand command) {
        Objects.requireNonNull(command, "command");
        submit(() -> {
            if (session != null) {
                session.execute(command);
                // once every document is in, nothing else runs the clock: a migration the command started
                // (a drag onto a lane) would wait for Play; time runs until it commits and the balancer settles
                if (ticking == null && session.streamExhausted() && !session.finished()) {
                    startTicking();
                }
                publishFrame();
            }
        });
    }

    /** Undoes the newest user command and everything after it. */
    public void undo() {
        submit(() -> {
            if (session != null) {
                stopTicking();
                session.undo();
                publishFrame();
            }
        });
    }

    /** Re-applies what the newest undo took back. */
    public void redo() {
        submit(() -> {
            if (session != null) {
                stopTicking();
                session.redo();
                publishFrame();
            }
        });
    }

    /** Shows the targeting of {@code filter}, or none. */
    public void showFilter(Optional<BsonDocument> filter) {
        BsonDocument copy = filter.map(BsonDocument::clone).orElse(null);
        submit(() -> {
            if (session != null) {
                session.showFilter(Optional.ofNullable(copy));
                publishFrame();
            }
        });
    }

    /** Dismisses the last command's error. */
    public void clearError() {
        submit(() -> {
            if (session != null) {
                session.clearError();
                publishFrame();
            }
        });
    }

    private void submit(Runnable task) {
        thread.submit(() -> guarded(task));
    }

    /**
     * Runs a task of the simulation thread; one that fails (an Error included) stops the play and
     * shows the failure as the scenario's load error, so the screen never waits on a dead engine.
     */
    private void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            if (scenario == null) {
                throw e;
            }
            stopTicking();
            session = null;
            publish.accept(new EngineState.Failed(scenario.scenario(), BackgroundFailure.describe(e)));
        }
    }

    private void tick() {
        if (session == null || ticking == null) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (speed == PlaybackSpeed.MAX) {
            if (screenBehind.getAsBoolean()) {
                return;
            }
            long deadline = now + MAX_SPEED_BUDGET_NANOS;
            do {
                session.advance(SimulatedCluster.INSERT_STEP_MILLIS);
            } while (nanoTime.getAsLong() < deadline && !session.finished());
        } else {
            double wallMillis = Math.min(MAX_TICK_WALL_MILLIS, (now - lastTickNanos) / 1e6);
            simulatedMillisOwed += wallMillis * speed.factor();
            long millis = (long) simulatedMillisOwed;
            simulatedMillisOwed -= millis;
            if (millis > 0) {
                session.advance(millis);
            }
        }
        lastTickNanos = now;
        if (session.finished()) {
            stopTicking();
            publishFrame();
            return;
        }
        long end = nanoTime.getAsLong();
        long interval = speed == PlaybackSpeed.MAX ? MAX_SPEED_PUBLISH_INTERVAL_NANOS : TICK_PUBLISH_INTERVAL_NANOS;
        if (end - lastTickPublishNanos >= interval) {
            lastTickPublishNanos = end;
            publishFrame();
        }
    }

    private void stopTicking() {
        if (ticking != null) {
            ticking.cancel();
            ticking = null;
        }
    }

    private void publishFrame() {
        if (session != null) {
            publish.accept(new EngineState.Running(session.frame(), ticking != null, speed));
        }
    }
}

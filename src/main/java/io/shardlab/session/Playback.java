package io.shardlab.session;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The transport of what plays on a {@link SimulationThread}, written once for the explorer's engine (one
 * session, {@link ExplorerEngine}) and the comparison's (two sessions in lockstep, {@link LockstepEngine}):
 * play, pause, step, reset and speed, the ticks at the {@link PlaybackPacer}'s rule, and the guard that turns
 * a task that dies into a failed state, so the screen never waits on a dead engine.
 *
 * <p>Every verb only submits a task, so it can be called from the JavaFX thread and never blocks it. The play
 * state, the speed and what plays are confined to the simulation thread; what leaves it is the subclass's
 * immutable state, published after every change.
 *
 * <p>Playing: a repeating task lets simulated time pass at the pacer's rule (wall-clock time times the speed,
 * or a budget of work per tick at {@link PlaybackSpeed#MAX}, no work while the screen is behind), publishing at
 * its rate while the screen has taken the last state (the screen takes the newest at its own pace; a state it would
 * not take is not assembled). Play stops by itself once {@link #finished()}, with a last state published.
 */
public abstract sealed class Playback implements Transport permits ExplorerEngine, LockstepEngine {

    private final SimulationThread thread;
    private final PlaybackPacer pacer;
    private final BooleanSupplier screenBehind;
    private final Function<Throwable, String> describeFailure;

    // confined to the simulation thread
    private SimulationThread.Repeating ticking;
    private PlaybackSpeed speed = PlaybackSpeed.X10;

    /**
     * @param thread where the simulation runs
     * @param nanoTime the wall clock, e.g. {@code System::nanoTime}
     * @param screenBehind whether the screen has not yet taken the last published state (e.g. the mailbox's
     *     {@code pending()}): at full speed a tick then does no work, so that on a machine with few cores the
     *     JavaFX and render threads get the processor until the screen has caught up
     * @param describeFailure the one line a failed task's throwable shows as (the application's wording of
     *     background failures)
     */
    Playback(
            SimulationThread thread,
            LongSupplier nanoTime,
            BooleanSupplier screenBehind,
            Function<Throwable, String> describeFailure) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.pacer = new PlaybackPacer(nanoTime);
        this.screenBehind = Objects.requireNonNull(screenBehind, "screenBehind");
        this.describeFailure = Objects.requireNonNull(describeFailure, "describeFailure");
    }

    // ---- the verbs ------------------------------------------------------------------------------------------

    /** Lets time run at the current speed; nothing when there is nothing to play or it has finished. */
    @Override
    public final void play() {
        submit(() -> {
            if (!playable() || ticking != null || finished()) {
                return;
            }
            startTicking();
            publish();
        });
    }

    /** Stops time. */
    @Override
    public final void pause() {
        submit(() -> {
            stopTicking();
            publish();
        });
    }

    /** While paused, lets one chart window of simulated time pass. */
    @Override
    public final void step() {
        submit(() -> {
            if (!playable() || ticking != null) {
                return;
            }
            advance(stepMillis());
            publish();
        });
    }

    /** Loads what played again: fresh clusters, the stream at its start. */
    @Override
    public final void reset() {
        submit(this::reload);
    }

    /** Sets the speed; takes effect at once when playing. */
    @Override
    public final void speed(PlaybackSpeed newSpeed) {
        Objects.requireNonNull(newSpeed, "newSpeed");
        submit(() -> {
            boolean wasPlaying = ticking != null;
            stopTicking();
            speed = newSpeed;
            if (wasPlaying && playable() && !finished()) {
                startTicking();
            }
            publish();
        });
    }

    // ---- what plays, on the simulation thread -----------------------------------------------------------------

    /** Whether there is something time can run on. */
    abstract boolean playable();

    /** Whether play has nothing left to do; asked only while {@link #playable()}. */
    abstract boolean finished();

    /** Lets {@code millis} of simulated time pass on what plays. */
    abstract void advance(long millis);

    /** One chart window of simulated time, what a step lets pass. */
    abstract long stepMillis();

    /** After a tick's time has passed, before it checks whether play has finished. Nothing by default. */
    void ticked() {}

    /** Loads what played again ({@link #reset()}); nothing when nothing was loaded. */
    abstract void reload();

    /** Hands the current state to the screen (with {@link #playing()} and {@link #currentSpeed()}). */
    abstract void publish();

    /**
     * A task died (play has stopped): what played is dropped and {@code message} shows as its failure. False
     * when nothing was ever loaded; the throwable then reaches the simulation thread's handler.
     */
    abstract boolean failed(String message);

    // ---- for what plays ---------------------------------------------------------------------------------------

    /** Runs {@code task} on the simulation thread, guarded: a task that dies stops the play and shows the failure. */
    final void submit(Runnable task) {
        thread.submit(() -> guarded(task));
    }

    /** Whether time runs. */
    final boolean playing() {
        return ticking != null;
    }

    /** How fast time runs when it does. */
    final PlaybackSpeed currentSpeed() {
        return speed;
    }

    /** Whether the screen has not yet taken the last published state. */
    final boolean screenBehind() {
        return screenBehind.getAsBoolean();
    }

    /** Runs {@code task} on the simulation thread every {@code delayMillis}, guarded, until the handle is cancelled. */
    final SimulationThread.Repeating repeat(long delayMillis, Runnable task) {
        return thread.repeat(delayMillis, () -> guarded(task));
    }

    /** Lets time run: ticks at the pacer's rule until {@link #stopTicking()}. */
    final void startTicking() {
        ticking = thread.repeat(pacer.start(speed), () -> guarded(this::tick));
    }

    /** Stops time; idempotent. */
    final void stopTicking() {
        if (ticking != null) {
            ticking.cancel();
            ticking = null;
        }
    }

    private void tick() {
        if (!playable() || ticking == null) {
            return;
        }
        if (!pacer.advance(speed, screenBehind, this::advance, this::finished)) {
            return;
        }
        ticked();
        if (finished()) {
            stopTicking();
            publish();
            return;
        }
        // a state the screen would not take (it has not yet taken the last one) is not assembled: a later tick's,
        // newer, is published once it has (a class writing while time runs had 3 of 4 states assembled for nothing)
        if (!screenBehind() && pacer.publishDue(speed)) {
            publish();
        }
    }

    /**
     * Runs a task of the simulation thread; one that fails (an Error included) stops the play and shows the
     * failure as what played's error, so the screen never waits on a dead engine.
     */
    private void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            stopTicking();
            if (!failed(describeFailure.apply(e))) {
                throw e;
            }
        }
    }
}

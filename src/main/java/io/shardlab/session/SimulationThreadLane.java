package io.shardlab.session;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The lane of the clients' commands (a connected client's, and the Shell panel's) onto the explorer's
 * simulation thread: the caller's thread (a connection thread, the shell's) hands the command over as a task
 * and waits (at most {@value #CLIENT_COMMAND_TIMEOUT_SECONDS} s) for its reply, so the cluster is still changed
 * by the simulation thread only. On that thread a command first lends the screen the processor, then runs, then
 * the engine accounts for it (marks, heat, a frame queued) before the reply is handed over: whatever the client
 * does next already sees the command on the explorer's side.
 */
final class SimulationThreadLane implements CommandLane {

    /** How long a client command waits for the simulation thread before it is answered with an error. */
    static final long CLIENT_COMMAND_TIMEOUT_SECONDS = 30;

    /** How many milliseconds a client command waits at most for the screen to take the last published state. */
    static final int SCREEN_WAIT_MILLIS = 40;

    private final Consumer<Runnable> submit;
    private final BooleanSupplier screenBehind;
    private final Runnable afterCommand;
    /** Client commands waiting for the simulation thread, failed at once when the server stops. */
    private final Set<CompletableFuture<?>> waitingCommands = ConcurrentHashMap.newKeySet();

    /**
     * @param submit runs a task on the simulation thread (the engine's guarded submission)
     * @param screenBehind whether the screen has not yet taken the last published state
     * @param afterCommand on the simulation thread, after every command (refused ones included): the engine
     *     accounts for what it did
     */
    SimulationThreadLane(Consumer<Runnable> submit, BooleanSupplier screenBehind, Runnable afterCommand) {
        this.submit = Objects.requireNonNull(submit, "submit");
        this.screenBehind = Objects.requireNonNull(screenBehind, "screenBehind");
        this.afterCommand = Objects.requireNonNull(afterCommand, "afterCommand");
    }

    /** On a connection thread: runs a client's command on the simulation thread and waits for its reply. */
    @Override
    public <T> T run(Supplier<T> command) {
        CompletableFuture<T> reply = new CompletableFuture<>();
        waitingCommands.add(reply);
        submit.accept(() -> {
            if (reply.isDone()) {
                return;
            }
            awaitScreen();
            // the reply is handed over after the explorer has accounted for the command and queued its frame, so
            // whatever the client does next already sees the command on the explorer's side
            T result = null;
            RuntimeException failure = null;
            try {
                result = command.get();
            } catch (RuntimeException e) {
                failure = e;
            }
            try {
                afterCommand.run();
            } finally {
                if (failure != null) {
                    reply.completeExceptionally(failure);
                } else {
                    reply.complete(result);
                }
            }
        });
        try {
            return reply.get(CLIENT_COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(
                    "ShardLab could not run the command: " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "ShardLab's simulation did not answer within " + CLIENT_COMMAND_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("ShardLab stopped accepting connections");
        } finally {
            waitingCommands.remove(reply);
        }
    }

    /**
     * Fails every command still waiting, at once: the server is stopping, and its connection threads must not
     * wait on the simulation thread while it closes them.
     */
    void failWaiting() {
        for (CompletableFuture<?> waiting : waitingCommands) {
            waiting.completeExceptionally(new IllegalStateException("ShardLab stopped accepting connections"));
        }
    }

    /**
     * On the simulation thread, before a client command: while the screen has not taken the last published
     * state, for at most {@link #SCREEN_WAIT_MILLIS}, the command waits. A client writing at full speed keeps
     * the connection threads, this thread and the collector busy; on a machine with two cores the JavaFX
     * thread then waited for a processor (pulse gaps of 100 ms and more). The wait lends it the processor,
     * as a tick at full speed does ({@code screenBehind}); the client sees a mongos that answers after the
     * screen has caught up.
     */
    private void awaitScreen() {
        for (int waited = 0; waited < SCREEN_WAIT_MILLIS && screenBehind.getAsBoolean(); waited++) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}

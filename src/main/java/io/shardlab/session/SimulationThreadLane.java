package io.shardlab.session;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The lane of the clients' commands (a connected client's, and the Shell panel's) onto the explorer's
 * simulation thread: the caller's thread (a connection thread, the shell's) hands the command over as a task
 * and waits (at most {@value #CLIENT_COMMAND_TIMEOUT_SECONDS} s) for its reply, so the cluster is still changed
 * by the simulation thread only. On that thread the command runs, then the engine accounts for it (marks, heat,
 * a frame due) before the reply is handed over: whatever the client does next already sees the command on the
 * explorer's side.
 *
 * <p>A command never waits for the screen: frames are coalesced instead (the engine publishes at its pace, and a
 * newest-wins mailbox hands the screen only the newest), so a class of clients writes at the speed of the
 * simulation, not of the screen. (Until the workshop measurements, each command lent the screen up to 40 ms while
 * it was behind: 11–21 ms per insert, 7–14 times {@code serve}'s.)
 */
final class SimulationThreadLane implements CommandLane {

    /** How long a client command waits for the simulation thread before it is answered with an error. */
    static final long CLIENT_COMMAND_TIMEOUT_SECONDS = 30;

    private final Consumer<Runnable> submit;
    private final Runnable afterCommand;
    /** Client commands waiting for the simulation thread, failed at once when the server stops. */
    private final Set<CompletableFuture<?>> waitingCommands = ConcurrentHashMap.newKeySet();

    /**
     * @param submit runs a task on the simulation thread (the engine's guarded submission)
     * @param afterCommand on the simulation thread, after every command (refused ones included): the engine
     *     accounts for what it did
     */
    SimulationThreadLane(Consumer<Runnable> submit, Runnable afterCommand) {
        this.submit = Objects.requireNonNull(submit, "submit");
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
}

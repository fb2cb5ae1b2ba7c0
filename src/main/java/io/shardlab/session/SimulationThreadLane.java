package io.shardlab.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The lane of the clients' commands (a connected client's, and the Shell panel's) onto the explorer's
 * simulation thread: the caller's thread (a connection thread, the shell's) queues the command and waits (at most
 * {@value #CLIENT_COMMAND_TIMEOUT_SECONDS} s) for its reply, so the cluster is still changed by the simulation thread
 * only. On that thread one task runs the commands queued, up to {@value #COMMANDS_PER_TASK} in a row, then the
 * engine accounts for them once (marks, heat, a frame due) before their replies are handed over: whatever a client
 * does next already sees its command on the explorer's side.
 *
 * <p>A command never waits for the screen: frames are coalesced instead (the engine publishes at its pace, and a
 * newest-wins mailbox hands the screen only the newest), so a class of clients writes at the speed of the
 * simulation, not of the screen. Nor does it wait for the commands of the others to be accounted one by one: a
 * class's commands that arrive together run together, with one task, one accounting and one frame request among
 * them (a task per command made the simulation thread wake, account and ask for a frame 40 times where once does).
 * Ticks and frames run between two tasks, so at most {@value #COMMANDS_PER_TASK} commands run before them.
 */
final class SimulationThreadLane implements CommandLane {

    /** How long a client command waits for the simulation thread before it is answered with an error. */
    static final long CLIENT_COMMAND_TIMEOUT_SECONDS = 30;

    /** The most commands one task on the simulation thread runs before ticks and frames get their turn. */
    static final int COMMANDS_PER_TASK = 64;

    private final Consumer<Runnable> submit;
    private final Runnable afterCommand;
    /** Client commands waiting for the simulation thread, failed at once when the server stops. */
    private final Set<CompletableFuture<?>> waitingCommands = ConcurrentHashMap.newKeySet();
    /** The commands queued for the simulation thread, in the order they came. */
    private final Queue<Queued<?>> queued = new ConcurrentLinkedQueue<>();
    /** Whether a task that runs the queued commands is submitted and has not yet finished. */
    private final AtomicBoolean taskSubmitted = new AtomicBoolean();

    /** A command and where its reply goes. */
    private record Queued<T>(Supplier<T> command, CompletableFuture<T> reply) {

        /** On the simulation thread: runs the command; its outcome is handed over later ({@link #handOver}). */
        Outcome<T> run() {
            if (reply.isDone()) {
                return null; // failed while it waited: the server stopped
            }
            try {
                return new Outcome<>(reply, command.get(), null);
            } catch (RuntimeException e) {
                return new Outcome<>(reply, null, e);
            }
        }
    }

    /** A command's reply or failure, not yet handed to the waiting thread. */
    private record Outcome<T>(CompletableFuture<T> reply, T result, RuntimeException failure) {
        void handOver() {
            if (failure != null) {
                reply.completeExceptionally(failure);
            } else {
                reply.complete(result);
            }
        }
    }

    /**
     * @param submit runs a task on the simulation thread (the engine's guarded submission)
     * @param afterCommand on the simulation thread, after the commands of one task (refused ones included): the
     *     engine accounts for what they did
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
        Queued<T> mine = new Queued<>(command, reply);
        queued.add(mine);
        if (taskSubmitted.compareAndSet(false, true)) {
            try {
                submit.accept(this::runQueued);
            } catch (RuntimeException e) {
                // the thread takes no more tasks (it is closing): nothing queued will run
                queued.remove(mine);
                waitingCommands.remove(reply);
                taskSubmitted.set(false);
                throw e;
            }
        }
        try {
            return reply.get(CLIENT_COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            String said =
                    "ShardLab could not run the command: " + e.getCause().getMessage(); // untranslated: on the wire
            throw new IllegalStateException(said, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(String.format(
                    "ShardLab's simulation did not answer within %s s", // untranslated: a client's error reply on the
                    // wire
                    CLIENT_COMMAND_TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("ShardLab stopped accepting connections");
        } finally {
            waitingCommands.remove(reply);
        }
    }

    /**
     * On the simulation thread: the commands queued, the engine's accounting once, then their replies; another
     * task follows for commands still queued (after the ticks and frames submitted meanwhile).
     */
    private void runQueued() {
        List<Outcome<?>> ran = new ArrayList<>();
        try {
            Queued<?> next;
            while (ran.size() < COMMANDS_PER_TASK && (next = queued.poll()) != null) {
                Outcome<?> outcome = next.run();
                if (outcome != null) {
                    ran.add(outcome);
                }
            }
            if (!ran.isEmpty()) {
                afterCommand.run();
            }
        } finally {
            // the replies are handed over after the explorer has accounted for the commands and queued its frame
            ran.forEach(Outcome::handOver);
            taskSubmitted.set(false);
            if (!queued.isEmpty() && taskSubmitted.compareAndSet(false, true)) {
                submit.accept(this::runQueued);
            }
        }
    }

    /** The simulation thread runs the commands one at a time, in the order they were queued. */
    @Override
    public boolean oneAtATime() {
        return true;
    }

    /** Commands queued for the simulation thread and not yet taken by a task. */
    int queuedCommands() {
        return queued.size();
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

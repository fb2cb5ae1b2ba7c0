package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The clients' lane onto the simulation thread: commands that arrive together run in one task, the engine
 * accounts for them once, and each caller gets its own reply (or failure) after that accounting.
 */
class SimulationThreadLaneTest {

    /** The simulation thread's tasks, run when the test says. */
    private final List<Runnable> tasks = new ArrayList<>();

    /** The clients' connection threads, each waiting for its reply. */
    private final ExecutorService clients = Executors.newCachedThreadPool();

    private final AtomicInteger accountings = new AtomicInteger();
    private final List<String> log = new ArrayList<>();
    private final SimulationThreadLane lane = new SimulationThreadLane(tasks::add, () -> {
        accountings.incrementAndGet();
        log.add("accounted");
    });

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
    }

    @Test
    void commands_queued_together_run_in_one_task_with_one_accounting() throws Exception {
        // given two clients whose commands wait for the simulation thread
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> lane.run(() -> ran("first")), clients);
        awaitQueued(1);
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> lane.run(() -> ran("second")), clients);
        awaitQueued(2);

        // when the simulation thread runs its tasks
        assertEquals(1, tasks.size(), "one task for the commands queued together");
        tasks.remove(0).run();

        // then both ran in order, were accounted for once, and each client has its reply
        assertEquals("first", first.get(10, TimeUnit.SECONDS));
        assertEquals("second", second.get(10, TimeUnit.SECONDS));
        assertEquals(List.of("first", "second", "accounted"), log);
        assertEquals(1, accountings.get());
        assertEquals(0, tasks.size());
    }

    @Test
    void a_failing_command_fails_its_caller_only() throws Exception {
        // given a command that fails queued before one that succeeds
        CompletableFuture<String> failing = CompletableFuture.supplyAsync(
                () -> lane.run(() -> {
                    throw new IllegalArgumentException("refused");
                }),
                clients);
        awaitQueued(1);
        CompletableFuture<String> fine = CompletableFuture.supplyAsync(() -> lane.run(() -> ran("fine")), clients);
        awaitQueued(2);

        // when the simulation thread runs them
        tasks.remove(0).run();

        // then the first caller gets its failure, the second its reply, both after the accounting
        Exception e = assertThrows(Exception.class, () -> failing.get(10, TimeUnit.SECONDS));
        assertEquals("refused", e.getCause().getMessage());
        assertEquals("fine", fine.get(10, TimeUnit.SECONDS));
        assertEquals(List.of("fine", "accounted"), log);
    }

    @Test
    void commands_past_one_tasks_share_run_in_a_task_after_it() {
        // given more commands queued than one task runs
        int commands = SimulationThreadLane.COMMANDS_PER_TASK + 1;
        List<CompletableFuture<String>> replies = new ArrayList<>();
        for (int i = 0; i < commands; i++) {
            String name = "c" + i;
            replies.add(CompletableFuture.supplyAsync(() -> lane.run(() -> ran(name)), clients));
            awaitQueued(i + 1);
        }

        // when the simulation thread runs the first task
        tasks.remove(0).run();

        // then one task's share ran and was accounted for, and another task is submitted for the rest
        assertEquals(SimulationThreadLane.COMMANDS_PER_TASK + 1, log.size());
        assertEquals(1, tasks.size());
        tasks.remove(0).run();
        assertEquals(2, accountings.get());
        replies.forEach(CompletableFuture::join);
    }

    private String ran(String name) {
        log.add(name);
        return name;
    }

    /** Waits (without a time budget of its own: the build's timeout ends a hang) until {@code n} commands wait. */
    private void awaitQueued(int n) {
        while (lane.queuedCommands() < n) {
            Thread.onSpinWait();
        }
    }
}

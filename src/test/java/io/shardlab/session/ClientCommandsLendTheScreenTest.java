package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.workload.WorkloadRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client's command (the Shell panel's, or a connected client's through the same lane) waits while the screen
 * has not taken the last published state, and never longer than {@link SimulationThreadLane#SCREEN_WAIT_MILLIS}: a
 * client at full speed must not starve the JavaFX thread of the processor, and a screen that never catches up
 * must not stop the client.
 */
class ClientCommandsLendTheScreenTest {

    private final ExecutorSimulationThread thread =
            new ExecutorSimulationThread(Executors.newSingleThreadScheduledExecutor());

    @AfterEach
    void tearDown() {
        thread.close();
    }

    /** An explorer on a small scenario whose screen reports "behind" for its first {@code behindChecks} checks. */
    private CommandLayer explorer(AtomicInteger checks, int behindChecks) {
        ExplorerEngine engine = AppWiring.explorerEngine(
                thread, System::nanoTime, state -> {}, () -> checks.incrementAndGet() <= behindChecks);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
        CompletableFuture<Void> loaded = new CompletableFuture<>();
        thread.submit(() -> loaded.complete(null));
        loaded.orTimeout(60, TimeUnit.SECONDS).join();
        return engine.shellCommandLayer();
    }

    @Test
    void a_command_runs_once_the_screen_has_taken_the_last_state() {
        AtomicInteger checks = new AtomicInteger();
        CommandLayer shell = explorer(checks, 3);
        checks.set(0);

        BsonDocument reply = shell.run("app", BsonDocument.parse("{insert: 'events', documents: [{counter: 1}]}"));

        assertEquals(1, reply.getNumber("n").intValue());
        assertEquals(4, checks.get(), "three checks found the screen behind, the fourth let the command run");
    }

    @Test
    void a_screen_that_never_catches_up_delays_a_command_by_a_bounded_wait_only() {
        AtomicInteger checks = new AtomicInteger();
        CommandLayer shell = explorer(checks, Integer.MAX_VALUE);
        checks.set(0);

        BsonDocument reply = shell.run("app", BsonDocument.parse("{insert: 'events', documents: [{counter: 1}]}"));

        assertEquals(1, reply.getNumber("n").intValue(), "the command still runs");
        assertEquals(
                SimulationThreadLane.SCREEN_WAIT_MILLIS, checks.get(), "one check per millisecond of the bounded wait");
    }
}

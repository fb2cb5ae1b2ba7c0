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
 * A client's command (the Shell panel's, or a connected client's through the same lane) runs without asking
 * whether the screen has taken the last published state: a class writes at the speed of the simulation, and the
 * screen gets the newest frame (the engine publishes at its pace, the mailbox keeps the newest).
 */
class ClientCommandsDoNotWaitForTheScreenTest {

    private final ExecutorSimulationThread thread =
            new ExecutorSimulationThread(Executors.newSingleThreadScheduledExecutor());

    @AfterEach
    void tearDown() {
        thread.close();
    }

    @Test
    void a_command_runs_while_the_screen_is_behind_without_asking_it() {
        // given an explorer whose screen is always behind, counting how often it is asked
        AtomicInteger checks = new AtomicInteger();
        ExplorerEngine engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {}, () -> {
            checks.incrementAndGet();
            return true;
        });
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
        CompletableFuture<Void> loaded = new CompletableFuture<>();
        thread.submit(() -> loaded.complete(null));
        loaded.orTimeout(60, TimeUnit.SECONDS).join();
        CommandLayer shell = engine.shellCommandLayer();
        checks.set(0);

        // when a client inserts
        BsonDocument reply = shell.run("app", BsonDocument.parse("{insert: 'events', documents: [{counter: 1}]}"));

        // then it ran, and nobody asked the screen
        assertEquals(1, reply.getNumber("n").intValue());
        assertEquals(0, checks.get(), "the command did not wait for the screen");
    }
}

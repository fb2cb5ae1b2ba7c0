package io.shardlab.ui.explorer.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.mongos.MemoryBudgetUse;
import io.shardlab.session.AppWiring;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.WorkloadRegistry;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The connections strip says how full the memory budget of the clients' documents is, from the figures the budget's
 * refusal (ExceededMemoryLimit) compares, and warns from the second announced step (80 %) on.
 */
class MemoryBudgetShownTest {

    private static final long MB = 1024L * 1024L;

    @ParameterizedTest(name = "{0} of {1} bytes: {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0         | 117440512 | Memory: 0 of 112 MB (0 %)                                                       | false",
                "12582912  | 117440512 | Memory: 12 of 112 MB (10 %)                                                     | false",
                "93952409  | 117440512 | Memory: 90 of 112 MB (79 %)                                                     | false",
                "93952410  | 117440512 | Memory nearly full: 90 of 112 MB (80 %); writes past it are refused              | true",
                "117440512 | 117440512 | Memory full: 112 of 112 MB (100 %); writes are refused until documents are deleted or dropped | true",
                "524288    | 1048576   | Memory: 0.5 of 1 MB (50 %)                                                      | false",
                "104858    | 301989888 | Memory: 0.1 of 288 MB (0 %)                                                     | false",
                "23552     | 301989888 | Memory: 0.023 of 288 MB (0 %)                                                   | false",
                "1         | 301989888 | Memory: 0.001 of 288 MB (0 %)                                                   | false"
            })
    void the_line_gives_used_and_budget_and_warns_from_80_percent(long used, long budget, String line, boolean warns) {
        MemoryBudgetUse use = new MemoryBudgetUse(used, budget);

        assertEquals(line, said(ConnectionsViewModel.memoryText(use)));
        assertEquals(warns, use.nearlyFull());
    }

    @Test
    void while_accepting_the_line_follows_the_documents_the_clients_keep_and_goes_when_accepting_stops() {
        // given the explorer accepting connections, with its budget empty
        ManualSimulationThread thread = new ManualSimulationThread();
        ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), state -> {});
        ConnectionsViewModel vm =
                new ConnectionsViewModel(engine, text -> {}, new ConnectionsWiring(Runnable::run, 0, "127.0.0.1"));
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(100), WorkloadRegistry.standard()));
        try {
            vm.start();
            String empty = said(vm.memoryProperty().get());
            assertTrue(empty.startsWith("Memory: 0 of "), empty);
            assertFalse(vm.memoryNearlyFullProperty().get());

            // when 2,000 documents of about 1 KB are written and the roster is sampled
            CommandLayer shell = engine.shellCommandLayer();
            String text = "x".repeat(1_000);
            StringBuilder documents = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                documents
                        .append(i == 0 ? "" : ", ")
                        .append("{n: ")
                        .append(i)
                        .append(", text: '")
                        .append(text)
                        .append("'}");
            }
            shell.run("school", BsonDocument.parse("{insert: 'notes', documents: [" + documents + "]}"));
            thread.tick();

            // then the line gives the figures the budget compares, as serverStatus reports them: more than 2 MB
            BsonDocument reported = shell.run("admin", BsonDocument.parse("{serverStatus: 1}"))
                    .getDocument("shardlab")
                    .getDocument("memoryBudget");
            MemoryBudgetUse use = new MemoryBudgetUse(
                    reported.getNumber("usedBytes").longValue(),
                    reported.getNumber("budgetBytes").longValue());
            assertTrue(use.usedBytes() > 2 * MB, use.describe());
            assertEquals(
                    said(ConnectionsViewModel.memoryText(use)),
                    said(vm.memoryProperty().get()));
            assertNotEquals(empty, said(vm.memoryProperty().get()));
        } finally {
            vm.stop();
        }

        // and it goes with the strip when accepting stops
        assertEquals("", said(vm.memoryProperty().get()));
    }

    /** The line in English, as the strip says it; empty while there is none. */
    private static String said(Message line) {
        return line == null ? "" : Messages.of(Language.ENGLISH).text(line);
    }
}

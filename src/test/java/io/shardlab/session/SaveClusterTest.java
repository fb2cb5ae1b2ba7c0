package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.mongos.MongosCommands;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File → Save cluster with its documents: the explorer's cluster, with what the Shell panel and the clients wrote,
 * saved as the data file {@code serve --data-file} starts from.
 */
class SaveClusterTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    @TempDir
    Path folder;

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), state -> {});
    private final List<DataFileContents> saved = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    @Test
    void the_saved_cluster_is_what_serve_starts_from_with_the_documents_written_to_it() {
        // given the explorer's cluster, a collection the Shell panel sharded and filled, and a student's notes
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000), WorkloadRegistry.standard()));
        CommandLayer shell = engine.shellCommandLayer();
        shell.run("admin", BsonDocument.parse("{shardCollection: 'school.grades', key: {student: 1}}"));
        StringBuilder documents = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            documents.append(i == 0 ? "" : ", ").append("{student: ").append(i).append('}');
        }
        shell.run("school", BsonDocument.parse("{insert: 'grades', documents: [" + documents + "]}"));
        shell.run("alice", BsonDocument.parse("{insert: 'notes', documents: [{text: 'hello'}]}"));
        shell.run("shardlab", BsonDocument.parse("{insert: 'events', documents: [{counter: 5000}, {counter: 5001}]}"));
        Path file = folder.resolve("class.data");

        // when the user saves the cluster
        saveCluster(file, saved::add, failures::add);

        // then serve's data file holds the layout and the 303 documents (2 a client wrote to the scenario's
        // collection), and a mongos started from it reads them
        assertEquals(List.of(), failures);
        assertEquals(List.of(new DataFileContents(303, 3)), saved);
        MongosServer.InProcess served = new MongosServer.InProcess(
                DataFile.catalog(file), "localhost:27017", 64L << 20, 10, line -> {}, CommandLane.DIRECT);
        served.restoreFrom(file);
        MongosCommands commands = served.commands();
        assertEquals(
                300,
                commands.run("school", BsonDocument.parse("{count: 'grades'}"))
                        .getNumber("n")
                        .intValue());
        assertEquals(
                1,
                commands.run("alice", BsonDocument.parse("{count: 'notes'}"))
                        .getNumber("n")
                        .intValue());
        assertEquals(
                2,
                commands.run("shardlab", BsonDocument.parse("{count: 'events'}"))
                        .getNumber("n")
                        .intValue());
        assertEquals(
                List.of("school.grades", "shardlab.events"),
                List.copyOf(commands.catalog().collections().keySet()));
    }

    @Test
    void a_save_before_any_cluster_or_to_a_folder_that_is_missing_says_why_in_one_line() {
        saveCluster(folder.resolve("early.data"), saved::add, failures::add);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withDocuments(100), WorkloadRegistry.standard()));
        Path missing = folder.resolve("no-such-folder").resolve("class.data");
        saveCluster(missing, saved::add, failures::add);

        assertEquals(List.of(), saved);
        assertEquals("Load a scenario first: the cluster saved is the one the explorer shows.", failures.get(0));
        assertTrue(failures.get(1).startsWith("Cannot save the cluster: "), failures.get(1));
        assertTrue(failures.get(1).contains(missing.getParent().toString()), failures.get(1));
        assertTrue(!Files.exists(missing));
    }

    /**
     * File → Save cluster, waited for: the save is taken on the simulation thread and written on the engine's save
     * lane, whose outcome arrives there.
     */
    private void saveCluster(Path file, Consumer<DataFileContents> saved, Consumer<String> failed) {
        CountDownLatch done = new CountDownLatch(1);
        engine.saveCluster(
                file,
                contents -> {
                    saved.accept(contents);
                    done.countDown();
                },
                line -> {
                    failed.accept(ENGLISH.text(line));
                    done.countDown();
                });
        try {
            assertTrue(done.await(30, TimeUnit.SECONDS), "the save did not end");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

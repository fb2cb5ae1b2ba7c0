package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
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
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File → Open cluster: a data file ({@code serve --data-file}, File → Save cluster with its documents) read back into
 * the explorer's in-memory cluster, documents included; a file that cannot be opened changes nothing.
 */
class OpenClusterTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    @TempDir
    Path folder;

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final List<EngineState> published = new ArrayList<>();
    private final ExplorerEngine engine = AppWiring.explorerEngine(thread, new FakeClock(), published::add);
    private final List<ResolvedScenario> shown = new ArrayList<>();
    private final List<DataFileContents> read = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    private static final ResolvedScenario SETUP = ResolvedScenario.of(
            Scenario.of("{ counter: 1 }", "monotonic").withDocuments(500), WorkloadRegistry.standard());

    @Test
    void an_opened_data_file_shows_its_first_sharded_collection_with_the_documents_the_class_wrote() {
        // given a class's cluster on 7.0 saved with its documents: 300 grades, a note, two events a client wrote
        Path file = savedClassCluster();

        // when another window opens it
        ExplorerEngine other = AppWiring.explorerEngine(new ManualSimulationThread(), new FakeClock(), published::add);
        published.clear();
        other.openCluster(
                file,
                SETUP,
                (scenario, contents) -> {
                    shown.add(scenario);
                    read.add(contents);
                },
                said -> failures.add(ENGLISH.text(said)));

        // then its first sharded collection shows with its 300 documents in their chunks, the other in the picker,
        // under the file's release and shards; the Shell panel reads every document back
        assertEquals(List.of(), failures);
        assertEquals(List.of(new DataFileContents(303, 3)), read);
        assertEquals("school.grades", shown.get(0).namespace());
        assertEquals("{ student: 1 }", shown.get(0).scenario().keyPattern());
        assertEquals(MongoVersion.parseModelled("7.0"), shown.get(0).scenario().version());
        assertEquals(2, shown.get(0).scenario().shards());
        EngineState.Running running = assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1));
        assertEquals("school.grades", running.frame().scenario().namespace());
        assertEquals(300, running.frame().cluster().documents());
        assertEquals(
                List.of("school.grades", "shardlab.events"),
                running.collections().stream()
                        .map(EngineState.Collection::namespace)
                        .toList());
        CommandLayer shell = other.shellCommandLayer();
        assertEquals(300, count(shell, "school", "grades"));
        assertEquals(1, count(shell, "alice", "notes"));
        assertEquals(2, count(shell, "shardlab", "events"));
    }

    @Test
    void a_file_that_is_not_a_data_file_is_refused_in_one_line_naming_it_and_the_cluster_on_show_stays()
            throws Exception {
        // given the explorer's scenario with a note the Shell panel wrote
        engine.load(SETUP);
        engine.shellCommandLayer().run("alice", BsonDocument.parse("{insert: 'notes', documents: [{text: 'hello'}]}"));
        Path notGzipped = Files.writeString(folder.resolve("notes.data"), "not an archive");
        Path missing = folder.resolve("missing.data");
        published.clear();

        // when the user opens a text file and a file that is gone
        engine.openCluster(
                notGzipped,
                SETUP,
                (scenario, contents) -> shown.add(scenario),
                said -> failures.add(ENGLISH.text(said)));
        engine.openCluster(
                missing, SETUP, (scenario, contents) -> shown.add(scenario), said -> failures.add(ENGLISH.text(said)));

        // then each refusal names the file and the problem, nothing is published, and the Shell panel still reads
        // the scenario's cluster
        assertEquals(List.of(), shown);
        assertEquals(List.of(), published);
        assertTrue(
                failures.get(0)
                        .startsWith("Cannot open the cluster: " + notGzipped
                                + ": is not a ShardLab data file: it is not gzipped"),
                failures.get(0));
        assertEquals("Cannot open the cluster: " + missing + ": no such file", failures.get(1));
        assertEquals(1, count(engine.shellCommandLayer(), "alice", "notes"));
    }

    @Test
    void a_data_file_without_a_sharded_collection_is_refused_since_the_explorer_has_nothing_to_draw() {
        // given a saved cluster whose only sharded collection a client dropped
        engine.load(SETUP);
        CommandLayer shell = engine.shellCommandLayer();
        shell.run("shardlab", BsonDocument.parse("{drop: 'events'}"));
        shell.run("alice", BsonDocument.parse("{insert: 'notes', documents: [{text: 'hello'}]}"));
        Path file = folder.resolve("unsharded.data");
        saveCluster(file, contents -> {}, failures::add);

        // when it is opened
        engine.openCluster(
                file, SETUP, (scenario, contents) -> shown.add(scenario), said -> failures.add(ENGLISH.text(said)));

        // then it is refused, naming the file and what serve does with it
        assertEquals(List.of(), shown);
        assertEquals(
                List.of("Cannot open the cluster: " + file + ": holds no sharded collection for the explorer to show "
                        + "(serve --data-file unsharded.data serves it)"),
                failures);
    }

    @Test
    void a_refused_data_file_is_said_in_chinese() {
        // given a saved cluster whose only sharded collection a client dropped
        engine.load(SETUP);
        engine.shellCommandLayer().run("shardlab", BsonDocument.parse("{drop: 'events'}"));
        Path file = folder.resolve("unsharded.data");
        saveCluster(file, contents -> {}, failures::add);
        List<String> chinese = new ArrayList<>();

        // when it is opened in a window that speaks Chinese
        engine.openCluster(
                file,
                SETUP,
                (scenario, contents) -> shown.add(scenario),
                said -> chinese.add(Messages.of(Language.SIMPLIFIED_CHINESE).text(said)));

        // then the refusal is the bundle's Chinese, the file's name and serve's option as they are
        assertEquals(List.of("无法打开集群：" + file + "：没有可供浏览器显示的分片集合（serve --data-file unsharded.data 可以提供它）"), chinese);
    }

    private Path savedClassCluster() {
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(1_000)
                        .withVersion(MongoVersion.parseModelled("7.0"))
                        .withShards(2),
                WorkloadRegistry.standard()));
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
        saveCluster(file, contents -> {}, failures::add);
        return file;
    }

    private static int count(CommandLayer shell, String database, String collection) {
        return shell.run(database, new BsonDocument("count", new BsonString(collection)))
                .getNumber("n")
                .intValue();
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

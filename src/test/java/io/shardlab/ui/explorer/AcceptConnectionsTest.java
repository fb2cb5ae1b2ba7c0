package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.session.AcceptSettings;
import io.shardlab.session.AppWiring;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.connections.ConnectionsViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.workload.WorkloadRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleBooleanProperty;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Simulation → Accept connections, driven as the menu drives it, with a real MongoDB Java driver as the
 * client: what the client writes lands in the cluster the explorer shows, and reaches the screen as
 * frames do. The simulation thread is the application's (a client waits for it).
 */
class AcceptConnectionsTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private final ExecutorSimulationThread thread =
            new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
    private final List<String> clipboard = new ArrayList<>();
    private final List<MongoClient> clients = new ArrayList<>();
    private volatile ExplorerFrame lastFrame;
    private ExplorerEngine engine;

    @AfterEach
    void tearDown() {
        clients.forEach(MongoClient::close);
        thread.close();
        tasks.shutdown();
    }

    /** The explorer on the monotonic counter, cut at 5,000 and 10,000, its stream not started; port tried first: {@code port}. */
    private ExplorerViewModel explorer(int port) {
        return explorer(port, AcceptSettings.EVERY_ADDRESS);
    }

    /** As {@link #explorer(int)}, a class accepted on {@code classroomAddress}. */
    private ExplorerViewModel explorer(int port, String classroomAddress) {
        ExplorerViewModel[] holder = new ExplorerViewModel[1];
        engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {
            if (state instanceof EngineState.Running r) {
                lastFrame = r.frame();
            }
            holder[0].accept(state);
        });
        holder[0] = new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                new SimpleBooleanProperty(false),
                clipboard::add,
                (snapshot, version) -> {},
                new ConnectionsWiring(Runnable::run, port, classroomAddress));
        holder[0].launch(Scenario.of("{ counter: 1 }", "monotonic")
                .withDocuments(20_000)
                .withDocsPerSecond(2_000)
                .withSplitPoints(List.of("{ counter: 5000 }", "{ counter: 10000 }")));
        flush();
        return holder[0];
    }

    /** Waits until the simulation thread has run every task submitted so far. */
    private void flush() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        thread.submit(() -> done.complete(null));
        done.orTimeout(30, TimeUnit.SECONDS).join();
    }

    private MongoClient connect(String connectionString, String appName) {
        MongoClient client = MongoClients.create(
                connectionString + "?directConnection=true&serverSelectionTimeoutMS=5000" + "&appName=" + appName);
        clients.add(client);
        return client;
    }

    private static long documentsBelow(ExplorerFrame frame, long counter) {
        long n = 0;
        for (ChunkStatistics s : frame.cluster().chunkStatistics()) {
            if (s.chunk().max().toString().contains(String.valueOf(counter))) {
                n += s.documents();
            }
        }
        return n;
    }

    @Test
    void a_class_accepted_with_a_password_joins_with_it_and_a_client_without_it_is_refused() {
        // given a class accepted on 127.0.0.2 with a password
        ExplorerViewModel vm = explorer(0, "127.0.0.2");
        ConnectionsViewModel connections = vm.connections();

        connections.startClass(Optional.of("s3cret pw"));
        flush();

        // then the join string carries the class's user and password, and a student writes with it
        String join = connections.joinStrings().get(0);
        assertTrue(
                join.matches("mongodb://student:s3cret%20pw@127\\.0\\.0\\.2:\\d+/\\?appName=YOURNAME&authSource=admin"),
                join);
        assertTrue(connections.passwordRequiredProperty().get());
        MongoClient student = MongoClients.create(join.replace("YOURNAME", "Ada") + "&serverSelectionTimeoutMS=5000");
        clients.add(student);
        student.getDatabase("ada").getCollection("notes").insertOne(new Document("text", "hello"));
        assertEquals(1, student.getDatabase("ada").getCollection("notes").countDocuments());
        // and a client without the password may not read or write: Unauthorized (13)
        String withoutPassword = join.replaceFirst("student:[^@]*@", "").replace("YOURNAME", "Eve");
        MongoClient outsider = MongoClients.create(withoutPassword + "&serverSelectionTimeoutMS=5000");
        clients.add(outsider);
        MongoCommandException refused = assertThrows(
                MongoCommandException.class,
                () -> outsider.getDatabase("ada").getCollection("notes").countDocuments());
        assertEquals(13, refused.getErrorCode());
        // and the Shell panel needs no password
        assertEquals(
                1,
                engine.shellCommandLayer()
                        .run("ada", BsonDocument.parse("{count: 'notes'}"))
                        .getNumber("n")
                        .intValue());
        connections.stop();
        flush();
        assertFalse(connections.passwordRequiredProperty().get());
    }

    @Test
    void a_clients_inserts_land_on_the_explorers_cluster_and_reach_the_screen_and_stop_closes_the_port() {
        ExplorerViewModel vm = explorer(0);
        ConnectionsViewModel connections = vm.connections();

        connections.setAccepting(true);
        flush();

        assertTrue(connections.acceptingProperty().get());
        String uri = connections.connectionStringProperty().get();
        assertTrue(uri.matches("mongodb://127\\.0\\.0\\.1:\\d+/"), uri);
        assertEquals(
                "No clients connected",
                ENGLISH.text(connections.clientsProperty().get()));
        long framesBefore = lastFrame.sequence();
        assertEquals(0, lastFrame.cluster().documents(), "the stream has not started");

        // given a driver connected with an app name, when it inserts 300 documents below the first split point
        MongoCollection<BsonDocument> events =
                connect(uri, "orders-app").getDatabase("shardlab").getCollection("events", BsonDocument.class);
        List<BsonDocument> documents = new ArrayList<>();
        for (long i = 1; i <= 300; i++) {
            documents.add(new BsonDocument("counter", new BsonInt64(i)));
        }
        events.insertMany(documents);
        events.insertOne(new BsonDocument("counter", new BsonInt64(15_000)));
        flush();

        // then the explorer's frames show them: chunk counts, writes per shard, insert marks
        ExplorerFrame frame = lastFrame;
        assertTrue(frame.sequence() > framesBefore, "the client's writes published a frame");
        assertEquals(301, frame.cluster().documents());
        assertEquals(300, documentsBelow(frame, 5000), "[MinKey, 5000) holds the 300 small counters");
        long written = Arrays.stream(frame.writes().counts())
                .flatMapToLong(Arrays::stream)
                .sum();
        assertEquals(301, written, "the writes chart counts the client's inserts");
        assertFalse(frame.inserts().isEmpty(), "the number line marks the client's inserts");
        assertTrue(
                frame.inserts().get(frame.inserts().size() - 1).key().toString().contains("15000"),
                frame.inserts().toString());
        assertEquals(0, frame.stream().inserted(), "the stream's own cursor did not move");
        assertEquals(301, events.countDocuments(), "reads return what was written");
        // the driver opens a monitoring connection beside the one it sends commands on: two connections, one client
        assertTrue(
                ENGLISH.text(connections.clientsProperty().get())
                        .equals("2 connections from one client: orders-app (127.0.0.1)"),
                ENGLISH.text(connections.clientsProperty().get()));

        connections.copyConnectionString();
        assertEquals(List.of(uri), clipboard);

        // when the toggle goes off, then the port is closed
        int port = Integer.parseInt(uri.substring(uri.lastIndexOf(':') + 1, uri.length() - 1));
        connections.setAccepting(false);
        flush();
        assertFalse(connections.acceptingProperty().get());
        assertEquals("", connections.connectionStringProperty().get());
        assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close());
    }

    @Test
    void undo_does_not_reach_back_past_a_clients_write() {
        ExplorerViewModel vm = explorer(0);
        engine.execute(
                new io.shardlab.sim.SplitAt("shardlab.events", new BsonDocument("counter", new BsonInt64(2_000))));
        flush();
        assertEquals(1, lastFrame.undo().stepsToUndo(), "the user's split can be undone");
        vm.connections().start();
        flush();

        connect(vm.connections().connectionStringProperty().get(), "writer")
                .getDatabase("shardlab")
                .getCollection("events", BsonDocument.class)
                .insertOne(new BsonDocument("counter", new BsonInt64(7)));
        flush();

        assertEquals(
                0,
                lastFrame.undo().stepsToUndo(),
                "the client's document is stored for its reads too: undo stops before its insert");
        assertEquals(1, lastFrame.cluster().documents());
        vm.connections().stop();
        flush();
    }

    @Test
    void a_taken_port_gives_way_to_a_free_one_and_the_note_says_which() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ExplorerViewModel vm = explorer(taken.getLocalPort());

            vm.connections().start();
            flush();

            assertTrue(vm.connections().acceptingProperty().get());
            String uri = vm.connections().connectionStringProperty().get();
            assertNotEquals("mongodb://127.0.0.1:" + taken.getLocalPort() + "/", uri);
            assertEquals(
                    "Port " + taken.getLocalPort() + " is taken; listening on port "
                            + uri.substring(uri.lastIndexOf(':') + 1, uri.length() - 1) + ".",
                    vm.connections().noteProperty().get());
            vm.connections().stop();
            flush();
        }
    }

    @Test
    void loading_another_scenario_stops_accepting_and_says_why() {
        ExplorerViewModel vm = explorer(0);
        vm.connections().start();
        flush();

        vm.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));
        flush();

        assertFalse(vm.connections().acceptingProperty().get());
        assertEquals(
                "Stopped accepting connections: the explorer loaded a new cluster.",
                vm.connections().noteProperty().get());
        assertTrue(vm.connections().shownProperty().get(), "the bar stays to say why");
    }

    @Test
    void documents_the_shell_wrote_before_accepting_are_read_by_clients_and_theirs_by_the_shell_after_the_stop() {
        ExplorerViewModel vm = explorer(0);
        CommandLayer shell = engine.shellCommandLayer();

        // given documents written in the Shell panel before Simulation → Accept connections
        shell.run(
                "school",
                BsonDocument.parse(
                        "{insert: 'pupils', documents: [{_id: 1, name: 'Ada'}, " + "{_id: 2, name: 'Alan'}]}"));
        vm.connections().setAccepting(true);
        flush();

        // when a driver connects afterwards, then it reads them and its own write is there for the shell
        MongoCollection<BsonDocument> pupils = connect(
                        vm.connections().connectionStringProperty().get(), "teacher")
                .getDatabase("school")
                .getCollection("pupils", BsonDocument.class);
        assertEquals(
                List.of("Ada", "Alan"),
                pupils.find()
                        .sort(new BsonDocument("_id", new BsonInt64(1)))
                        .map(d -> d.getString("name").getValue())
                        .into(new ArrayList<>()));
        pupils.insertOne(BsonDocument.parse("{_id: 3, name: 'Grace'}"));

        // and once the toggle goes off the shell still finds all three
        vm.connections().setAccepting(false);
        flush();
        BsonDocument found = shell.run("school", BsonDocument.parse("{find: 'pupils', filter: {}}"));
        assertEquals(3, found.getDocument("cursor").getArray("firstBatch").size(), found.toJson());
    }
}

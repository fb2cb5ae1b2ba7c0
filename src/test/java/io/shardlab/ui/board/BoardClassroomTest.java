package io.shardlab.ui.board;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.exercise.CommandJournal;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.exercise.ResultsCsv;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.LatestValueMailbox;
import io.shardlab.ui.explorer.connections.ConnectionsViewModel;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A workshop's whole flow through the real views (headless Monocle), wired as ShardLabApp wires them: the teacher
 * accepts a class on the network (127.0.0.2, another address of Linux's loopback), three students join with real
 * MongoDB Java drivers and their names as {@code appName}, each works in their own database, and the class board
 * shows them by name, says who passes the exercise and who not yet, and exports the results.
 */
@ExtendWith(ApplicationExtension.class)
class BoardClassroomTest {

    private static final String CLASS_ADDRESS = "127.0.0.2";
    private static final Exercise LOOKUPS = ExerciseCatalog.load().exercise("hashed-lookups");

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private final List<MongoClient> students = new ArrayList<>();
    private ExecutorSimulationThread thread;
    private ExplorerViewModel explorer;
    private BoardViewModel board;
    private BoardWindow boardWindow;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        thread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        ExplorerViewModel[] holder = new ExplorerViewModel[1];
        LatestValueMailbox<EngineState> mailbox =
                new LatestValueMailbox<>(Platform::runLater, s -> holder[0].accept(s));
        CommandJournal journal = new CommandJournal();
        MongosEndpoint.Factory observed = (catalog, host, budget, clients, log, lane) -> {
            MongosEndpoint endpoint = new MongosServer.InProcess(catalog, host, budget, clients, log, lane);
            endpoint.commands().observe(journal);
            return endpoint;
        };
        ExplorerEngine engine = new ExplorerEngine(
                thread,
                System::nanoTime,
                mailbox::offer,
                mailbox::pending,
                BackgroundFailure::describe,
                observed,
                () -> 0L,
                DataFile::catalog);
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        // port 0: a test must not take the port a developer's mongos or serve may be using
        explorer = new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                text -> {},
                (snapshot, version) -> {},
                new ConnectionsWiring(Platform::runLater, 0, CLASS_ADDRESS));
        holder[0] = explorer;
        List<Exercise> exercises = ExerciseCatalog.load().exercises();
        board = new BoardViewModel(
                (distinctUpTo, out) -> engine.readCatalog(
                        BoardViewModel.RECENT_WINDOWS, ClassSample.reading(journal, distinctUpTo), out),
                tasks.serial("shardlab-board"),
                Platform::runLater,
                Instant::now,
                exercises,
                engine::showCollection);
        board.followRoster(explorer.connections().roster());
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        ExplorerView view = new ExplorerView(explorer, appearance);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1240, 760));
        stage.show();
        // the board's own window, as ShardLabApp makes it; View → Class board opens it
        boardWindow = new BoardWindow(
                new UiText(Language.ENGLISH),
                board,
                appearance,
                dark,
                List.of(),
                new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop));
    }

    @AfterEach
    void stop() {
        students.forEach(MongoClient::close);
        Platform.runLater(() -> boardWindow.stage().ifPresent(Stage::hide));
        board.stop();
        explorer.connections().stop();
        thread.close();
        tasks.shutdown();
    }

    /** A student typing the join string with their name for YOURNAME. */
    private MongoClient join(String joinString, String name) {
        MongoClient client = MongoClients.create(joinString.replace(ConnectionsViewModel.YOUR_NAME, name)
                + "&directConnection=true&serverSelectionTimeoutMS=3000");
        students.add(client);
        return client;
    }

    /** What the exercise asks, as a student's driver sends it: shard users on {@code key}, insert 3,000 users. */
    private static void shardUsersAndInsert(MongoClient student, String database, Document key) {
        student.getDatabase("admin").runCommand(new Document("enableSharding", database));
        student.getDatabase("admin")
                .runCommand(new Document("shardCollection", database + ".users").append("key", key));
        List<Document> users = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            users.add(new Document("user_name", database + i));
        }
        student.getDatabase(database).getCollection("users").insertMany(users);
    }

    private static List<Node> tiles(FxRobot robot) {
        return robot.lookup(".board-tile").queryAll().stream()
                .filter(n -> !text(n, ".board-student").isEmpty())
                .toList();
    }

    private static String text(Node tile, String styleClass) {
        return ((Label) tile.lookup(styleClass)).getText();
    }

    /** Every tile's student and status, for a failure's message. */
    private static String shown(FxRobot robot) {
        return robot.lookup(".board-tile").queryAll().stream()
                .map(t -> text(t, ".board-student") + ": " + text(t, ".board-status"))
                .toList()
                .toString();
    }

    private static String status(FxRobot robot, String student) {
        return tiles(robot).stream()
                .filter(t -> text(t, ".board-student").equals(student))
                .map(t -> text(t, ".board-status"))
                .findFirst()
                .orElse("no tile");
    }

    @Test
    void a_class_joins_on_the_network_and_the_board_names_who_passes_the_exercise_and_exports_it(FxRobot robot)
            throws Exception {
        // given a lesson whose stream has played, and the teacher accepting a class on the network
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> {
            explorer.playback().chooseSpeed(PlaybackSpeed.MAX);
            explorer.playback().play();
        });
        waitUntil(() -> explorer.playback().finishedProperty().get());
        robot.interact(() -> explorer.connections().startClass());
        waitUntil(() -> explorer.connections().acceptingProperty().get()
                && explorer.connections().networkProperty().get());
        String joinString =
                onFxThread(() -> explorer.connections().joinStrings().get(0));
        assertTrue(joinString.startsWith("mongodb://127.0.0.2:"), joinString);

        // when three students join by name: Ada hashes user_name, Grace hashes _id (the common mistake), Alan
        // shards nothing yet but writes
        shardUsersAndInsert(join(joinString, "Ada"), "ada", new Document("user_name", "hashed"));
        shardUsersAndInsert(join(joinString, "Grace"), "grace", new Document("_id", "hashed"));
        join(joinString, "Alan").getDatabase("alan").getCollection("notes").insertOne(new Document("n", 1));

        // and the teacher opens the board (it looks at the class only while it shows) on the exercise
        robot.interact(boardWindow::open);
        robot.interact(() -> robot.lookup("#board-exercise")
                .queryAs(ComboBox.class)
                .getSelectionModel()
                .select(LOOKUPS));

        // then the board names each student as the roster does, Ada passes and Grace and Alan do not yet
        waitUntil(() -> status(robot, "Ada").equals("pass"));
        // the roster is sampled every second: a student's name reaches the board's tiles within one sample
        waitUntil(() -> !status(robot, "Grace").equals("no tile")
                && !status(robot, "Alan").equals("no tile"));
        assertEquals("not yet", status(robot, "Grace"), () -> shown(robot));
        assertEquals("not yet", status(robot, "Alan"), () -> shown(robot));
        assertEquals(
                "1 of 3 pass “" + LOOKUPS.title() + "”",
                robot.lookup("#board-summary").queryAs(Label.class).getText());

        // when the teacher exports the results, then each student's row says where they stand on it
        Path csv = dir.resolve("results.csv");
        robot.interact(() -> board.export(csv, Messages.of(Language.ENGLISH)));
        waitUntil(() -> Files.exists(csv));
        List<String> rows = Files.readAllLines(csv);
        assertEquals(ResultsCsv.HEADER, rows.get(0));
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("Ada,ada,hashed-lookups,pass,")), rows.toString());
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("Grace,grace,hashed-lookups,not yet,,")), rows.toString());
    }
}

package io.shardlab.ui.explorer.connections;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Roster;
import io.shardlab.session.Scenario;
import io.shardlab.ui.explorer.ExplorerView;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.WiredExplorer;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A workshop through the real window (headless Monocle) with real MongoDB Java drivers as the students: Simulation
 * → Accept students on this network (here the class's network is 127.0.0.2, another address of Linux's loopback),
 * the warning, the join card, three students joining with their names as {@code appName}, the roster, "eyes on the
 * projector" refusing a write as MongoDB refuses a user who may only read, and one student disconnected.
 */
@ExtendWith(ApplicationExtension.class)
class ClassroomTest {

    private static final String CLASS_ADDRESS = "127.0.0.2";

    private WiredExplorer wired;
    private ExplorerViewModel vm;
    private ExplorerView view;
    private final List<MongoClient> students = new ArrayList<>();

    @Start
    void start(Stage stage) {
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        // port 0: a test must not take the port a developer's mongos or serve may be using
        wired = new WiredExplorer(engine -> new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                text -> {},
                (snapshot, version) -> {},
                new ConnectionsWiring(Platform::runLater, 0, CLASS_ADDRESS)));
        vm = wired.viewModel();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        view = new ExplorerView(vm, appearance);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1240, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        students.forEach(MongoClient::close);
        vm.connections().stop();
        wired.close();
    }

    private MenuItem menuItem(String id) {
        for (Menu menu : view.menus()) {
            for (MenuItem item : menu.getItems()) {
                if (id.equals(item.getId())) {
                    return item;
                }
            }
        }
        throw new AssertionError(id + " is missing");
    }

    /** A student typing the join string with their name for YOURNAME; short timeouts, so a refusal shows fast. */
    private MongoClient join(String joinString, String name) {
        MongoClient client = MongoClients.create(joinString.replace(ConnectionsViewModel.YOUR_NAME, name)
                + "&directConnection=true&serverSelectionTimeoutMS=3000&retryWrites=false");
        students.add(client);
        return client;
    }

    private static MongoCollection<Document> events(MongoClient client, String database) {
        return client.getDatabase(database).getCollection("events");
    }

    private Map<String, Roster.Client> roster() throws Exception {
        return onFxThread(() -> {
            Map<String, Roster.Client> byName = new TreeMap<>();
            vm.connections().roster().forEach(c -> byName.put(c.name(), c));
            return byName;
        });
    }

    @Test
    void a_class_joins_on_the_network_shows_in_the_roster_is_made_read_only_and_one_student_is_disconnected(
            FxRobot robot) throws Exception {
        // given a lesson whose stream has played to its end
        robot.interact(
                () -> vm.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000)));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> {
            vm.playback().chooseSpeed(PlaybackSpeed.MAX);
            vm.playback().play();
        });
        waitUntil(() -> vm.playback().finishedProperty().get());
        robot.interact(() -> vm.playback().chooseSpeed(PlaybackSpeed.X10));

        // when the teacher accepts students on the network and goes ahead past the warning
        // the warning waits for an answer in a nested event loop: the menu item fires without waiting for it
        MenuItem acceptClass = menuItem("menu-accept-class");
        Platform.runLater(acceptClass::fire);
        waitUntil(() -> robot.lookup("#accept-class-warning").tryQuery().isPresent());
        robot.clickOn("Accept students");
        waitUntil(() -> vm.connections().acceptingProperty().get()
                && vm.connections().networkProperty().get());

        // then the join card says what to type, and time runs for the class's writes
        List<String> joins = onFxThread(() -> List.copyOf(vm.connections().joinStrings()));
        assertEquals(1, joins.size(), joins.toString());
        assertTrue(joins.get(0).matches("mongodb://127\\.0\\.0\\.2:\\d+/\\?appName=YOURNAME"), joins.get(0));
        waitUntil(() -> robot.lookup("#join-card").tryQuery().isPresent());
        // on the screen whole, at its size (the screen has room for two codes side by side)
        Window card = robot.lookup("#join-card").query().getScene().getWindow();
        Rectangle2D screen = onFxThread(() -> Screen.getPrimary().getVisualBounds());
        assertTrue(
                screen.contains(card.getX(), card.getY(), card.getWidth(), card.getHeight()),
                "the join card " + card.getX() + "," + card.getY() + " " + card.getWidth() + "x" + card.getHeight()
                        + " lies on the screen " + screen);
        assertEquals(JoinCard.SIZE.width(), card.getWidth(), 0.5);
        assertEquals(JoinCard.SIZE.height(), card.getHeight(), 0.5);
        assertTrue(vm.playback().playingProperty().get(), "the clock runs live once students can write");
        assertTrue(!vm.playback().finishedProperty().get(), "Play stays available while clients can write");

        // when three students join with their names and write to their own databases
        MongoClient ada = join(joins.get(0), "Ada");
        MongoClient grace = join(joins.get(0), "Grace");
        MongoClient alan = join(joins.get(0), "Alan");
        events(ada, "ada").insertOne(new Document("counter", 1));
        events(grace, "grace").insertOne(new Document("counter", 2));
        events(alan, "alan").insertOne(new Document("counter", 3));

        // then the roster names them, with the databases they wrote
        waitUntil(() -> {
            try {
                return roster().keySet().equals(java.util.Set.of("Ada", "Alan", "Grace"))
                        && roster().get("Ada").databases().equals(List.of("ada"));
            } catch (Exception e) {
                return false;
            }
        });
        TableView<?> table = robot.from(view.node()).lookup("#roster-table").queryTableView();
        assertEquals(3, table.getItems().size());
        // a client's own address (Linux sends from 127.0.0.1 to 127.0.0.2)
        assertTrue(
                roster().get("Grace").host().startsWith("127.0.0."),
                roster().get("Grace").host());

        // when the teacher turns "eyes on the projector" on, then a write is refused as MongoDB refuses a reader
        robot.clickOn(robot.from(view.node()).lookup("#connections-read-only").<Node>query());
        waitUntil(() -> vm.connections().readOnlyProperty().get());
        MongoCommandException refused = assertThrows(
                MongoCommandException.class,
                () -> ada.getDatabase("ada")
                        .runCommand(new Document("insert", "events")
                                .append("documents", List.of(new Document("counter", 4), new Document("counter", 5)))));
        assertEquals(13, refused.getErrorCode());
        assertEquals("Unauthorized", refused.getErrorCodeName());
        assertTrue(
                refused.getErrorMessage()
                        .startsWith("not authorized on ada to execute command { insert: \"events\", " + "documents: 2"),
                refused.getErrorMessage());
        assertEquals(1, events(ada, "ada").countDocuments(), "reads are still served");
        waitUntil(() -> {
            try {
                return roster().get("Ada").lastError().orElse("").startsWith("not authorized on ada");
            } catch (Exception e) {
                return false;
            }
        });

        // when the teacher disconnects Grace, then she leaves the roster and cannot come back
        // (the row's Disconnect button runs this verb; the table refreshes its cells every second, so the test
        // calls the verb with the row rather than chase the cell's button)
        assertTrue(robot.from(view.node())
                .lookup("#roster-disconnect-Grace")
                .tryQuery()
                .isPresent());
        Roster.Client graceRow = roster().get("Grace");
        robot.interact(() -> vm.connections().disconnect(graceRow));
        waitUntil(() -> {
            try {
                return !roster().containsKey("Grace") && roster().size() == 2;
            } catch (Exception e) {
                return false;
            }
        });
        assertThrows(MongoException.class, () -> events(grace, "grace").countDocuments());
        assertEquals(List.of("Ada", "Alan"), List.copyOf(roster().keySet()));
    }
}

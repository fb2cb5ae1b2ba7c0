package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.collections.CollectionPickerViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The collection picker in the real window (headless Monocle): a Java driver connected through Simulation →
 * Accept connections shards two collections; typing in the picker shows the second one's chunks on the
 * number line, and Follow writes switches to the collection the client then writes to.
 */
@ExtendWith(ApplicationExtension.class)
class CollectionPickerInWindowTest {

    private ShardLabApp app;
    private MongoClient client;
    private final AtomicBoolean writing = new AtomicBoolean();
    private Thread writer;

    @Start
    void start(Stage stage) throws Exception {
        app = TestDesktop.app();
        app.start(stage);
    }

    @AfterEach
    void stop() throws InterruptedException {
        writing.set(false);
        if (writer != null) {
            writer.join(10_000);
        }
        if (client != null) {
            client.close();
        }
        app.stop();
    }

    private DiagramPicture picture() {
        return app.explorer().numberLine().pictureProperty().get();
    }

    private String namespaceOnLine() {
        DiagramPicture p = picture();
        return p == null ? "" : p.data().layout().snapshot().namespace();
    }

    @Test
    void picking_the_second_collection_draws_its_chunks_and_follow_writes_switches_to_the_written_one(FxRobot robot)
            throws Exception {
        ExplorerViewModel explorer = app.explorer();
        CollectionPickerViewModel picker = explorer.collections();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(2_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY && picture() != null);
        robot.interact(() -> explorer.connections().setAccepting(true));
        waitUntil(() -> explorer.connections().acceptingProperty().get());
        waitUntil(() -> robot.lookup("#collection-picker")
                .tryQuery()
                .map(Node::isVisible)
                .orElse(false));

        // given a driver that shards social.inbox (hashed) and social.users (ranged, split in three)
        client = MongoClients.create(
                explorer.connections().connectionStringProperty().get()
                        + "?directConnection=true&serverSelectionTimeoutMS=5000");
        MongoDatabase admin = client.getDatabase("admin");
        admin.runCommand(new Document("enableSharding", "social"));
        admin.runCommand(
                new Document("shardCollection", "social.inbox").append("key", new Document("userId", "hashed")));
        admin.runCommand(new Document("shardCollection", "social.users").append("key", new Document("name", 1)));
        for (String middle : List.of("h", "p")) {
            admin.runCommand(new Document("split", "social.users").append("middle", new Document("name", middle)));
        }
        MongoCollection<BsonDocument> users = client.getDatabase("social").getCollection("users", BsonDocument.class);
        List<BsonDocument> people = new ArrayList<>();
        for (String name : List.of("ada", "grace", "linus", "margaret", "ken", "barbara", "tim")) {
            people.add(new BsonDocument("name", new BsonString(name)));
        }
        users.insertMany(people);
        waitUntil(() -> picker.choices().size() == 3);
        assertEquals("shardlab.events", namespaceOnLine(), "the scenario's collection stays on show");

        // when the user opens the picker, types part of the name and takes the match
        robot.clickOn("#collection-picker");
        robot.write("users");
        robot.push(KeyCode.ENTER);

        // then the number line, lanes and counters show social.users: its three chunks
        waitUntil(() -> namespaceOnLine().equals("social.users"));
        assertEquals(3, picture().data().layout().snapshot().chunks().size());
        assertEquals(
                "social.users · { name: 1 }",
                onFxThread(() -> robot.lookup("#collection-picker")
                        .<ComboBox<CollectionPickerViewModel.Choice>>query()
                        .getValue()
                        .label()));
        assertTrue(
                Messages.of(Language.ENGLISH)
                        .text(explorer.titleProperty().get())
                        .startsWith("social.users"),
                Messages.of(Language.ENGLISH).text(explorer.titleProperty().get()));

        // when Follow writes is on and the client writes to social.inbox at full speed
        robot.clickOn("#collection-follow");
        waitUntil(() -> picker.followWritesProperty().get());
        MongoCollection<BsonDocument> inbox = client.getDatabase("social").getCollection("inbox", BsonDocument.class);
        writing.set(true);
        writer = new Thread(
                () -> {
                    long id = 0;
                    while (writing.get()) {
                        List<BsonDocument> batch = new ArrayList<>();
                        for (int i = 0; i < 200; i++) {
                            batch.add(new BsonDocument("userId", new BsonInt64(id++)));
                        }
                        inbox.insertMany(batch);
                    }
                },
                "inbox-writer");
        writer.start();

        // then the picker follows it: the number line shows social.inbox
        waitUntil(() -> namespaceOnLine().equals("social.inbox"));
        assertTrue(picker.followWritesProperty().get(), "following goes on");
        writing.set(false);
        writer.join(10_000);
        assertFalse(writer.isAlive());
    }
}

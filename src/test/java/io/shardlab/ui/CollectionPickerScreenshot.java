package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.shardlab.session.Scenario;
import io.shardlab.ui.explorer.ExplorerViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For README screenshots only (a test-source tool, run alone under Xvfb with -Dshardlab.screenshot=FOLDER,
 * e.g. {@code xvfb-run -a -s "-screen 0 1600x1000x24" mvn -o test -Dtest=CollectionPickerScreenshot
 * -Dshardlab.screenshot=assets/screenshots}, or on an X display with openbox running, DISPLAY set): the real GTK window at 1600 × 1000 in the dark theme and
 * presenter mode, a Java driver connected through Accept connections having sharded social.inbox (hashed)
 * and social.users (ranged, three chunks) and written to both, the picker open on the search "soc"
 * (collection-picker-dark-presenter.png); and in the light theme with Follow writes on, five sharded collections,
 * the number line switched to social.inbox by the client's writes (collection-picker.png).
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.screenshot", matches = ".+")
class CollectionPickerScreenshot {

    static {
        // a real window on the X display instead of the build's headless Monocle (before the toolkit starts)
        System.setProperty("testfx.headless", "false");
        System.setProperty("glass.platform", "gtk");
        System.setProperty("java.awt.headless", "false");
        System.clearProperty("monocle.platform");
    }

    private ShardLabApp app;
    private Stage stage;
    private MongoClient client;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        app = ScreenshotWindow.open(stage, 1600, 1000).app();
        // a real window: at the display's corner, so the popup's screen position maps onto the scene's snapshot
        stage.setX(0);
        stage.setY(0);
        // under a window manager (openbox) a window set to the screen's size is made smaller: maximised it is
        // the screen's width
        stage.setMaximized(true);
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        app.stop();
    }

    @Test
    void the_picker_in_the_dark_theme_and_presenter_mode(FxRobot robot) throws Exception {
        ExplorerViewModel explorer = app.explorer();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(20_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> {
            menuItem("menu-theme-dark").fire();
            javafx.scene.control.CheckMenuItem presenter =
                    (javafx.scene.control.CheckMenuItem) menuItem("menu-presenter");
            presenter.setSelected(true);
            presenter.fire();
        });
        waitUntil(() -> stage.getScene().getRoot().getStyleClass().contains("presenter"));
        robot.interact(() -> explorer.connections().setAccepting(true));
        waitUntil(() -> explorer.connections().acceptingProperty().get());

        shardAndWrite(explorer, List.of("shop.orders"));
        waitUntil(() -> explorer.collections().choices().size() == 4);

        // show social.inbox, then open the picker again on the search "soc"
        robot.clickOn("#collection-picker");
        robot.write("inbox");
        robot.push(KeyCode.ENTER);
        waitUntil(() -> app.explorer().numberLine().pictureProperty().get() != null
                && app.explorer()
                        .numberLine()
                        .pictureProperty()
                        .get()
                        .data()
                        .layout()
                        .snapshot()
                        .namespace()
                        .equals("social.inbox"));
        robot.clickOn("#collection-picker");
        robot.write("soc");
        Thread.sleep(1500);
        shoot(robot, "collection-picker-dark-presenter.png");
        robot.push(KeyCode.ESCAPE);
    }

    @Test
    void the_picker_in_the_light_theme_following_writes(FxRobot robot) throws Exception {
        ExplorerViewModel explorer = app.explorer();
        robot.interact(
                () -> explorer.launch(Scenario.of("{ counter: 1 }", "monotonic").withDocuments(20_000)));
        waitUntil(() -> explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY);
        robot.interact(() -> explorer.connections().setAccepting(true));
        waitUntil(() -> explorer.connections().acceptingProperty().get());
        robot.interact(() -> explorer.collections().followWritesProperty().set(true));
        shardAndWrite(explorer, List.of("shop.orders", "shop.customers"));
        waitUntil(() -> explorer.collections().choices().size() == 5);
        waitUntil(() -> app.explorer().numberLine().pictureProperty().get() != null
                && app.explorer()
                        .numberLine()
                        .pictureProperty()
                        .get()
                        .data()
                        .layout()
                        .snapshot()
                        .namespace()
                        .equals("social.inbox"));
        robot.clickOn("#collection-picker");
        robot.write("soc");
        Thread.sleep(1500);
        shoot(robot, "collection-picker.png");
        robot.push(KeyCode.ESCAPE);
    }

    /**
     * A Java driver (appName social-app) through Accept connections: shards social.inbox (hashed), social.users
     * (ranged, three chunks) and each of {@code others} (ranged, one chunk), then writes users and inbox documents.
     */
    private void shardAndWrite(ExplorerViewModel explorer, List<String> others) {
        client = MongoClients.create(
                explorer.connections().connectionStringProperty().get()
                        + "?directConnection=true&serverSelectionTimeoutMS=5000&appName=social-app");
        MongoDatabase admin = client.getDatabase("admin");
        admin.runCommand(new Document("enableSharding", "social"));
        admin.runCommand(
                new Document("shardCollection", "social.inbox").append("key", new Document("userId", "hashed")));
        admin.runCommand(new Document("shardCollection", "social.users").append("key", new Document("name", 1)));
        for (String middle : List.of("h", "p")) {
            admin.runCommand(new Document("split", "social.users").append("middle", new Document("name", middle)));
        }
        admin.runCommand(new Document("enableSharding", "shop"));
        for (String namespace : others) {
            admin.runCommand(new Document("shardCollection", namespace).append("key", new Document("orderId", 1)));
        }
        MongoCollection<BsonDocument> users = client.getDatabase("social").getCollection("users", BsonDocument.class);
        List<BsonDocument> people = new ArrayList<>();
        for (String name : List.of("ada", "grace", "linus", "margaret", "ken", "barbara", "tim")) {
            people.add(new BsonDocument("name", new BsonString(name)));
        }
        users.insertMany(people);
        MongoCollection<BsonDocument> inbox = client.getDatabase("social").getCollection("inbox", BsonDocument.class);
        for (int b = 0; b < 20; b++) {
            List<BsonDocument> batch = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                batch.add(new BsonDocument("userId", new BsonInt64(b * 500L + i)));
            }
            inbox.insertMany(batch);
        }
    }

    /** The menu bar's item {@code id}, at any depth. */
    private javafx.scene.control.MenuItem menuItem(String id) {
        javafx.scene.control.MenuBar bar =
                (javafx.scene.control.MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
        java.util.ArrayDeque<javafx.scene.control.MenuItem> items = new java.util.ArrayDeque<>(bar.getMenus());
        while (!items.isEmpty()) {
            javafx.scene.control.MenuItem item = items.pop();
            if (id.equals(item.getId())) {
                return item;
            }
            if (item instanceof javafx.scene.control.Menu menu) {
                items.addAll(menu.getItems());
            }
        }
        throw new AssertionError("no menu item " + id);
    }

    /**
     * The window's scene with the picker's popup (a window of its own) drawn over it where it shows: each is
     * snapshot by JavaFX, since Xvfb has no compositor to draw the popup's transparent shadow margin, and the
     * popup's root on a transparent fill, so its shadow falls on the window as on a screen with a compositor.
     */
    private void shoot(FxRobot robot, String name) throws Exception {
        java.awt.image.BufferedImage[] shot = new java.awt.image.BufferedImage[1];
        robot.interact(() -> {
            shot[0] = SwingFXUtils.fromFXImage(stage.getScene().snapshot(null), null);
            java.awt.Graphics2D g = shot[0].createGraphics();
            double originX = stage.getX() + stage.getScene().getX();
            double originY = stage.getY() + stage.getScene().getY();
            for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
                if (w != stage && w.isShowing() && w.getScene() != null) {
                    // the root on a transparent fill: a scene's snapshot fills with the scene's paint, white for
                    // a popup's, which drew a light frame where the list's shadow is
                    javafx.scene.Parent root = w.getScene().getRoot();
                    javafx.scene.SnapshotParameters transparent = new javafx.scene.SnapshotParameters();
                    transparent.setFill(javafx.scene.paint.Color.TRANSPARENT);
                    WritableImage popup = root.snapshot(transparent, null);
                    javafx.geometry.Bounds drawn = root.getBoundsInParent();
                    g.drawImage(
                            SwingFXUtils.fromFXImage(popup, null),
                            (int) Math.round(w.getX() + w.getScene().getX() + drawn.getMinX() - originX),
                            (int) Math.round(w.getY() + w.getScene().getY() + drawn.getMinY() - originY),
                            null);
                }
            }
            g.dispose();
        });
        Path out = Path.of(System.getProperty("shardlab.screenshot"), name);
        assertEquals(1600, shot[0].getWidth(), "the whole window was shot");
        assertTrue(javax.imageio.ImageIO.write(shot[0], "png", out.toFile()), "a PNG writer is installed");
        assertTrue(Files.size(out) > 0, out + " is written");
    }
}

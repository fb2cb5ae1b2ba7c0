package io.shardlab.ui.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.render.ShardColorOrder;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The placement board on a recorded layout (headless): a dump of an 8.0 cluster shows its shards, its tracked
 * unsharded collection on its chunk's shard with its size unread, its sharded collections' key lines; a drag moves
 * nothing, Unshard is off, and the note says why.
 */
@ExtendWith(ApplicationExtension.class)
class RecordedPlacementViewTest {

    private final List<String> deskCalls = new ArrayList<>();

    private void show(FxRobot robot) {
        PlacementViewModel board = PlacementViewModelTest.noting(deskCalls);
        robot.interact(() -> {
            var root = new PlacementView(
                            new UiText(Language.ENGLISH),
                            board,
                            new SimpleBooleanProperty(false),
                            picture -> {},
                            new SimpleObjectProperty<>(ShardColorOrder.of(List.of())))
                    .build();
            new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(false)).follow(root);
            Stage stage = new Stage();
            stage.setScene(new Scene(root, 1280, 720));
            stage.show();
            board.readOnlyProperty().set(true);
            board.showRecorded(PlacementViewModelTest.dump());
        });
    }

    private static Node tile(FxRobot robot, String namespace) {
        return robot.lookup("." + PlacementView.TILE).queryAll().stream()
                .filter(n -> namespace.equals(n.getUserData()))
                .findFirst()
                .orElseThrow();
    }

    private static String laneOf(Node tile) {
        for (Node n = tile; n != null; n = n.getParent()) {
            if (n.getStyleClass().contains(PlacementView.LANE)) {
                return (String) n.getUserData();
            }
        }
        throw new AssertionError("on no lane");
    }

    @Test
    void a_dump_shows_where_its_collections_live_and_moves_nothing(FxRobot robot) {
        show(robot);

        Node tracked = tile(robot, "test.tracked");
        assertEquals("shard02", laneOf(tracked));
        assertEquals("test.tracked\nsize not read", ((Label) tracked).getText());
        // a config dump holds no sizes: each lane says its data is unknown rather than 0 B
        assertTrue(
                robot.lookup("#placement-lane-shard01 .label").queryAllAs(Label.class).stream()
                        .anyMatch(l -> "data unknown".equals(l.getText())),
                "shard01's lane says its data is unknown");
        assertEquals(3, robot.lookup("." + PlacementView.KEY_LINE).queryAll().size());
        assertTrue(robot.lookup("." + PlacementView.UNSHARD).queryAllAs(Button.class).stream()
                .allMatch(Button::isDisabled));
        assertTrue(robot.lookup("#placement-undo").queryAs(Button.class).isDisabled());
        String note = robot.lookup("#placement-note").queryAs(Label.class).getText();
        assertTrue(note.startsWith("Recorded layout of /dumps/shop, read-only"), note);

        robot.drag(tracked).dropTo("#placement-lane-shard01");

        assertEquals("shard02", laneOf(tile(robot, "test.tracked")));
        assertEquals(List.of(), deskCalls);
    }
}

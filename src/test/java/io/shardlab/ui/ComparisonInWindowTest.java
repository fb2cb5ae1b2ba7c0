package io.shardlab.ui;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.ui.explorer.comparison.ComparisonViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** A lesson's Compare follow-up in the real window: two explorers side by side, one transport, back again. */
@ExtendWith(ApplicationExtension.class)
class ComparisonInWindowTest {

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    private ComparisonViewModel comparison() {
        return window.app().explorer().comparison().orElseThrow();
    }

    private static long inserted(DiagramPicture p) {
        return p == null ? 0 : p.data().layout().sizes().orElseThrow().totalDocuments();
    }

    @Test
    void the_first_lessons_compare_follow_up_plays_both_releases_side_by_side_with_one_transport(FxRobot robot)
            throws Exception {
        // given the first lesson's "Same key on MongoDB 8.0", pressed in the lessons panel
        ScrollPane scroller = robot.lookup("#lesson-scroller").queryAs(ScrollPane.class);
        robot.interact(() -> scroller.setVvalue(scroller.getVmax()));
        robot.clickOn("#lesson-follow-up-0");

        // then the comparison shows in the explorer's place, both sides loaded
        waitUntil(() -> comparison().left().readyProperty().get()
                && comparison().right().readyProperty().get());
        Node view = robot.lookup("#comparison").query();
        assertTrue(view.isVisible());
        assertFalse(robot.lookup("#empty-state").query().isVisible());
        assertEquals(
                "MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards",
                robot.lookup("#comparison-left-caption").queryAs(Label.class).getText());
        assertEquals(
                "MongoDB 8.0 · { counter: 1 } · 1 MB chunks · 3 shards",
                robot.lookup("#comparison-right-caption").queryAs(Label.class).getText());
        assertEquals(
                2, robot.from(view).lookup("#number-line-canvas").queryAll().size(), "two number lines");
        assertEquals(1, robot.from(view).lookup("#transport-bar").queryAll().size(), "one transport bar");
        assertTrue(
                window.stage().getTitle().contains("shop.orders"),
                window.stage().getTitle());

        // when the one Play is pressed, both sides take the stream; one Pause stops both at the same document
        robot.clickOn("#comparison #transport-play");
        waitUntil(() -> comparison().transport().playingProperty().get()
                && comparison().transport().progressProperty().get() > 0.02);
        robot.clickOn("#comparison #transport-play");
        waitUntil(() -> !comparison().transport().playingProperty().get());
        waitUntil(() -> inserted(
                        comparison().left().numberLine().pictureProperty().get())
                == inserted(comparison().right().numberLine().pictureProperty().get()));
        assertTrue(inserted(comparison().left().numberLine().pictureProperty().get()) > 0);
        assertEquals(
                comparison().left().numberLine().scaleProperty().get(),
                comparison().right().numberLine().scaleProperty().get());

        // the Simulation → Speed items show the comparison's speed while it shows, the explorer's after
        io.shardlab.session.PlaybackSpeed explorerSpeed =
                window.app().explorer().playback().speedProperty().get();
        robot.interact(() -> robot.lookup("#comparison #speed-x1000")
                .queryAs(javafx.scene.control.ButtonBase.class)
                .fire());
        waitUntil(() -> comparison().transport().speedProperty().get() == io.shardlab.session.PlaybackSpeed.X1000);
        assertEquals("1000×", selectedSpeedItem(), "the menu follows the comparison's transport");

        // the header's Plan preview switch is on, and a click turns it off for both lines (and the export)
        javafx.scene.control.ToggleButton plan =
                robot.lookup("#comparison-plan").queryAs(javafx.scene.control.ToggleButton.class);
        assertTrue(plan.isSelected(), "the plan preview is drawn as a comparison opens");
        robot.clickOn("#comparison-plan");
        waitUntil(() -> !comparison().planPreviewProperty().get());
        assertFalse(comparison().left().balancer().openProperty().get());
        assertFalse(comparison().right().balancer().openProperty().get());
        robot.clickOn("#comparison-plan");
        waitUntil(() -> comparison().planPreviewProperty().get());

        // and Back to the explorer closes it: the window's empty state returns, nothing was explored before
        robot.clickOn("#comparison-close");
        waitUntil(() -> !comparison().openProperty().get());
        waitUntil(() -> robot.lookup("#empty-state").query().isVisible());
        assertTrue(robot.lookup("#comparison").tryQuery().isEmpty(), "the comparison left the window");
        assertEquals(explorerSpeed.label(), selectedSpeedItem(), "the explorer's own speed again");
    }

    /** The label of the selected item of the menu bar's Simulation → Speed. */
    private String selectedSpeedItem() {
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar)
                window.stage().getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> i instanceof javafx.scene.control.Menu m && "Speed".equals(m.getText()))
                .flatMap(i -> ((javafx.scene.control.Menu) i).getItems().stream())
                .filter(i -> i instanceof javafx.scene.control.RadioMenuItem r && r.isSelected())
                .map(javafx.scene.control.MenuItem::getText)
                .findFirst()
                .orElse("none");
    }
}

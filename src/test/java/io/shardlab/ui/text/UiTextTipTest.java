package io.shardlab.ui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.text.Language;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A tooltip given by {@link UiText#tip} is made when the pointer first enters its node (issue #32), and not before. */
@ExtendWith(ApplicationExtension.class)
class UiTextTipTest {

    private final UiText text = new UiText(Language.ENGLISH);
    private Button button;
    private Rectangle shape;
    private Label status;
    private final AtomicInteger made = new AtomicInteger();

    @Start
    void start(Stage stage) {
        button = text.tip(new Button("work"), "window.work.tooltip");
        button.setId("tipped-button");
        shape = text.tip(new Rectangle(40, 20), "window.work.tooltip");
        shape.setId("tipped-shape");
        status = text.tip(new Label("status"), () -> {
            made.incrementAndGet();
            return new Tooltip("made on hover");
        });
        status.setId("tipped-status");
        stage.setScene(new Scene(new HBox(20, button, shape, status), 300, 100));
        stage.show();
    }

    @Test
    void a_control_gets_its_tooltip_when_the_pointer_first_enters_it(FxRobot robot) {
        // given a button given a tip, the pointer elsewhere
        assertNull(button.getTooltip(), "the tooltip is made before the pointer came");

        // when the pointer moves onto it
        robot.moveTo("#tipped-button");
        WaitForAsyncUtils.waitForFxEvents();

        // then it has its tooltip, saying the bundle's words
        assertEquals("Background work: click for the list", button.getTooltip().getText());
    }

    @Test
    void a_shape_gets_its_tooltip_installed_when_the_pointer_first_enters_it(FxRobot robot) {
        assertNull(installed(), "the tooltip is made before the pointer came");

        robot.moveTo("#tipped-shape");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Background work: click for the list", installed().getText());
    }

    @Test
    void a_tooltip_of_its_own_making_is_made_once_when_the_pointer_first_enters(FxRobot robot) {
        // given a label whose tooltip is made by a function of its own, the pointer elsewhere
        assertEquals(0, made.get(), "the tooltip is made before the pointer came");

        // when the pointer comes, leaves and comes again
        robot.moveTo("#tipped-status");
        robot.moveTo("#tipped-button");
        robot.moveTo("#tipped-status");
        WaitForAsyncUtils.waitForFxEvents();

        // then it was made once, and the label holds it
        assertEquals(1, made.get());
        assertEquals("made on hover", status.getTooltip().getText());
    }

    /** What {@link Tooltip#install} keeps on a node. */
    private Tooltip installed() {
        return (Tooltip) shape.getProperties().get("javafx.scene.control.Tooltip");
    }
}

package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The installers' smoke-check hook ({@code -Dshardlab.smokeTest=true}): draw once, close, exit. */
@ExtendWith(ApplicationExtension.class)
class ShardLabAppSmokeTestTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new Label("window under test")));
        stage.show();
    }

    @Test
    void closes_the_shown_window_and_exits_once_after_it_was_drawn(FxRobot robot) throws Exception {
        // given a shown window
        assertTrue(stage.isShowing());
        AtomicInteger exits = new AtomicInteger();

        // when the hook is armed
        robot.interact(() -> ShardLabApp.closeAfterFirstFrame(stage, exits::incrementAndGet));

        // then the window closes and exit runs, once, with no further pulse running it again
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> exits.get() > 0);
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(stage.isShowing());
        assertEquals(1, exits.get());
    }

    @Test
    void is_switched_on_by_a_system_property_that_the_launcher_can_pass() {
        assertEquals("shardlab.smokeTest", ShardLabApp.SMOKE_TEST_PROPERTY);
        assertFalse(Boolean.getBoolean(ShardLabApp.SMOKE_TEST_PROPERTY), "off unless asked for");
    }
}

package io.shardlab.ui.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.geometry.Dimension2D;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Shell's own window (presenter mode) opens at a size set for the screen it is on: under half its height, so
 * the explorer's number line and lanes stay in sight on a projector, never cut to a sliver.
 */
class ShellWindowSizeTest {

    @ParameterizedTest(name = "{0} × {1} screen: {2} × {3}")
    @CsvSource({
        // screen (visual bounds) | window
        "1600, 1000, 960, 450",
        "1280,  720, 960, 324",
        "1024,  500, 921.6, 240",
        " 400,  200, 480, 240",
    })
    void the_window_takes_its_size_within_the_screen(double screenW, double screenH, double w, double h) {
        assertEquals(new Dimension2D(w, h), ConsoleView.firstSize(screenW, screenH));
    }
}

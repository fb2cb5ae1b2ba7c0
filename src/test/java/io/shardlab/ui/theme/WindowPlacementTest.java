package io.shardlab.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where windows go, as rules on rectangles (the desktop's pixels, frames included): the first start's size from the
 * screen, a remembered window restored only onto a connected screen, a dialog centred on its owner and kept on its
 * screen.
 */
class WindowPlacementTest {

    private static final WindowPlacement.Size MAIN = new WindowPlacement.Size(1680, 1020, 720, 480);

    @ParameterizedTest(name = "{0}: {1} × {2} screen -> {3} × {4} at {5}, {6}")
    @CsvSource(delimiter = '|', textBlock = """
            # what                            | screen w | screen h | width | height | x   | y
            the lead's desktop                | 1600     | 1000     | 1504  | 920    | 48  | 40
            a 1280 x 720 laptop               | 1280     | 720      | 1203  | 662    | 38  | 29
            a large screen: the roomy size    | 2560     | 1440     | 1680  | 1020   | 440 | 210
            a screen under the least size     | 700      | 450      | 700   | 450    | 0   | 0
            """)
    void aWindowFirstOpensAtItsRoomySizeOrMostOfTheScreenCentredOnIt(
            String what, double screenWidth, double screenHeight, double width, double height, double x, double y) {
        WindowGeometry first = WindowPlacement.firstStart(MAIN, new Rectangle2D(0, 0, screenWidth, screenHeight));

        assertEquals(new WindowGeometry(x, y, width, height, false), first);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # what                                        | x     | y    | width | height | restored
            where it was, on the screen                   | 100   | 80   | 1000  | 600    | 100 80 1000 600
            its bottom below the screen: moved up         | 100   | 80   | 1100  | 700    | 100 20 1100 700
            on the second screen, right of the first      | 1700  | 100  | 1000  | 700    | 1700 100 1000 700
            larger than the 1280 x 720 screen it is on: it shrinks to the screen | 0 | 0 | 1504 | 920 | 0 0 1280 720
            half off the second screen's right edge: moved in | 2600 | 50 | 600  | 400    | 2280 50 600 400
            its title bar above the screen: gone          | 100   | -60  | 800   | 500    | none
            on a screen no longer connected               | 3000  | 100  | 800   | 500    | none
            only 60 px of its title bar on the screen     | -740  | 100  | 800   | 500    | none
            """)
    void aRememberedWindowIsRestoredOnlyOntoAConnectedScreenAndWithinIt(
            String what, double x, double y, double width, double height, String restored) {
        List<Rectangle2D> screens = List.of(new Rectangle2D(0, 0, 1280, 720), new Rectangle2D(1280, 0, 1600, 1000));
        Optional<WindowGeometry> expected =
                restored.equals("none") ? Optional.empty() : Optional.of(geometry(restored, true));

        assertEquals(expected, WindowPlacement.restored(new WindowGeometry(x, y, width, height, true), screens));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # what                                          | owner                 | dialog    | placed
            centred on its owner                            | 48 40 1504 920        | 766 382   | 417 309 766 382
            centred on a small owner, overlapping it        | 500 300 400 300       | 700 500   | 350 200 700 500
            taller than room above the owner: kept on screen | 0 600 800 300        | 600 700   | 100 300 600 700
            an owner half off the left edge: kept on screen | -300 100 600 400      | 500 300   | 0 150 500 300
            """)
    void aDialogIsCentredOnItsOwnerAndKeptOnTheScreen(String what, String owner, String dialog, String placed) {
        Rectangle2D screen = new Rectangle2D(0, 0, 1600, 1000);
        double[] size = numbers(dialog);

        Rectangle2D bounds = WindowPlacement.centredOn(rectangle(owner), size[0], size[1], screen);

        assertEquals(rectangle(placed), bounds);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # what                                 | window             | screen
            on the first screen                    | 100 100 800 600    | 0 0 1280 720
            mostly on the second screen            | 1200 100 800 600   | 1280 0 1600 1000
            on no screen: the primary              | 5000 100 800 600   | 0 0 1280 720
            """)
    void aWindowIsOnTheScreenItOverlapsMost(String what, String window, String screen) {
        List<Rectangle2D> screens = List.of(new Rectangle2D(0, 0, 1280, 720), new Rectangle2D(1280, 0, 1600, 1000));

        assertEquals(rectangle(screen), WindowPlacement.screenOf(rectangle(window), screens));
    }

    @ParameterizedTest(name = "{0} × {1}, at least {2} × {3}")
    @CsvSource({"0, 100, 0, 100", "1000, 800, 1200, 600", "1000, 800, 500, 900"})
    void aSizeIsPositiveAndAtLeastItsLeastSize(double width, double height, double minWidth, double minHeight) {
        assertThrows(
                IllegalArgumentException.class, () -> new WindowPlacement.Size(width, height, minWidth, minHeight));
    }

    private static WindowGeometry geometry(String text, boolean maximized) {
        double[] n = numbers(text);
        return new WindowGeometry(n[0], n[1], n[2], n[3], maximized);
    }

    private static Rectangle2D rectangle(String text) {
        double[] n = numbers(text);
        return new Rectangle2D(n[0], n[1], n[2], n[3]);
    }

    private static double[] numbers(String text) {
        String[] parts = text.strip().split("\\s+");
        double[] n = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            n[i] = Double.parseDouble(parts[i]);
        }
        return n;
    }
}

package io.shardlab.ui.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.advisor.ShippedDataset;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.NumberLinePainter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.text.Font;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The advisor's small number lines paint their end labels whole, at every width a table cell or the
 * details pane gives them: what reaches the canvas's pixels is compared with the same text painted
 * alone on a wide canvas.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutSketchTest {

    /** Empty pixel columns that separate two labels (letters of one label are closer). */
    private static final int LABEL_SPACING = 7;

    private static List<CandidateRow> rows;

    @BeforeAll
    static void analyseTheZipCodes() throws Exception {
        AdvisorViewModel vm = new AdvisorViewModel(Runnable::run, Runnable::run, Runnable::run);
        vm.loadShippedDataset(ShippedDataset.ZIPCODES);
        vm.setShards(4);
        vm.setChunkSizeMegabytes(1);
        for (String key : List.of("{state: 1}", "{zip: 'hashed'}", "{state: 1, city: 1}")) {
            assertTrue(vm.addCandidate(key), key);
        }
        vm.analyze();
        rows = List.copyOf(vm.rowsProperty());
        assertEquals(3, rows.size());
    }

    @ParameterizedTest(name = "[{index}] row {0} at {1} px, bar {2}")
    @CsvSource(textBlock = """
            # candidate (0 range, 1 hashed, 2 compound), canvas width, bar height (table row 12, details 26)
            0,   30, 12
            1,   42, 12
            0,   60, 12
            0,  100, 12
            0,  130, 12
            0,  204, 12
            0,  217, 12
            1,  204, 12
            1,  331, 12
            2,  204, 12
            2,  160, 12
            0,  850, 26
            1,  850, 26
            1, 1123, 26
            1, 1296, 26
            2, 1501, 26
            """)
    void theEndLabelsArePaintedWhole(int candidate, int width, double bar) throws Exception {
        CandidateRow row = rows.get(candidate);
        NumberLineModel model = row.layout().model();
        String minKey = KeyLabelFormat.standard().format(model.bound(0));
        String maxKey = KeyLabelFormat.standard().format(model.bound(model.chunkCount()));
        int height = (int) Math.ceil(LayoutSketch.height(row, bar));
        int labelTop = (int) Math.floor(NumberLinePainter.height(model, bar) - 18);

        // when
        Canvas canvas = new Canvas(width, height);
        List<int[]> labels = onFx(() -> {
            LayoutSketch.paint(canvas, row, false, bar);
            return inkRuns(canvas.snapshot(null, null), labelTop, height);
        });
        // the labels' text alone, in the font the canvas drew them in
        Font font = canvas.getGraphicsContext2D().getFont();
        int minInk = onFx(() -> inkWidth(minKey, font));
        int maxInk = onFx(() -> inkWidth(maxKey, font));

        // then: the leftmost label is MinKey whole, the rightmost (when there are two) MaxKey whole
        if (!labels.isEmpty()) {
            int[] first = labels.get(0);
            assertEquals(minInk, first[1] - first[0], 1, minKey + " at the left end, ink columns " + describe(labels));
        }
        if (labels.size() >= 2) {
            int[] last = labels.get(labels.size() - 1);
            assertEquals(maxInk, last[1] - last[0], 1, maxKey + " at the right end, ink columns " + describe(labels));
            assertTrue(last[1] <= width, "inside the canvas");
        }
    }

    /** Runs of inked pixel columns in rows {@code [top, bottom)}, as [first, end) pairs, left to right. */
    private static List<int[]> inkRuns(WritableImage image, int top, int bottom) {
        PixelReader pixels = image.getPixelReader();
        int background = pixels.getArgb(0, 0);
        List<int[]> runs = new ArrayList<>();
        int start = -1;
        int lastInk = -LABEL_SPACING - 1;
        for (int x = 0; x < (int) image.getWidth(); x++) {
            boolean ink = false;
            for (int y = top; y < Math.min(bottom, (int) image.getHeight()) && !ink; y++) {
                ink = differs(pixels.getArgb(x, y), background);
            }
            if (ink) {
                if (x - lastInk > LABEL_SPACING) {
                    if (start >= 0) {
                        runs.add(new int[] {start, lastInk + 1});
                    }
                    start = x;
                }
                lastInk = x;
            }
        }
        if (start >= 0) {
            runs.add(new int[] {start, lastInk + 1});
        }
        return runs;
    }

    /** The ink width of {@code text} in {@code font}, painted alone on a canvas wide enough for it. */
    private static int inkWidth(String text, Font font) {
        Canvas canvas = new Canvas(400, 30);
        canvas.getGraphicsContext2D().setFont(font);
        canvas.getGraphicsContext2D().fillText(text, 20, 20);
        List<int[]> runs = inkRuns(canvas.snapshot(null, null), 0, 30);
        return runs.get(runs.size() - 1)[1] - runs.get(0)[0];
    }

    private static boolean differs(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > 40) {
                return true;
            }
        }
        return false;
    }

    private static String describe(List<int[]> runs) {
        return runs.stream().map(r -> r[0] + ".." + r[1]).toList().toString();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(30, TimeUnit.SECONDS);
    }
}

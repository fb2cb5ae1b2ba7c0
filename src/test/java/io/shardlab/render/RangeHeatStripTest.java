package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** numReadsByRange / numWritesByRange as a heat strip: columns aggregate their busiest range. */
class RangeHeatStripTest {

    @ParameterizedTest(name = "{0} over {1} columns -> [{2}]")
    @CsvSource(delimiter = '|', textBlock = """
            0 0 0 0     | 4 | '    '
            8 0 0 0     | 4 | '█   '
            8 4 1 0     | 4 | '█▄▁ '
            8 4 1 0     | 2 | '█▁'
            0 0 0 8     | 2 | ' █'
            5 5         | 4 | '████'
            """)
    void eachColumnShowsItsBusiestRangeAgainstTheBusiestOverall(String counts, int columns, String text) {
        List<Long> values = new ArrayList<>();
        for (String c : counts.trim().split(" +")) {
            values.add(Long.valueOf(c));
        }

        RangeHeatStrip strip = RangeHeatStrip.of(values, columns);

        assertEquals(text, strip.text());
        assertEquals(values.stream().mapToLong(Long::longValue).max().orElse(0), strip.max());
    }

    @Test
    void aHundredRangesOverManyPixelsNeverDrawMoreRectanglesThanColumns() {
        List<Long> counts = new ArrayList<>(Collections.nCopies(100, 0L));
        counts.set(99, 7L);
        RangeHeatStrip strip = RangeHeatStrip.of(counts, 100);
        BufferedImage image = new BufferedImage(200, 10, BufferedImage.TYPE_INT_RGB);
        ThemeColors colors = new ThemeColors(Theme.light());

        new RangeHeatPainter(colors).paint(image.createGraphics(), strip, 0, 0, 200, 10);

        assertEquals(colors.heat(1).getRGB(), image.getRGB(199, 5), "the MaxKey end is the busiest");
        assertEquals(colors.surface().getRGB(), image.getRGB(100, 5), "an untouched range keeps the surface");
    }

    @Test
    void noColumnsIsAMistake() {
        assertThrows(IllegalArgumentException.class, () -> RangeHeatStrip.of(List.of(1L), 0));
    }
}

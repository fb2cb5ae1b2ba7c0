package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The heatmap's colour bar names its top ("2000", the largest cell) and its bottom ("0"); on a short heatmap,
 * where the two lines would overlap, only the top's count stays.
 */
class HeatmapBarLabelsTest {

    private static double lineHeight(int fontSize) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB).createGraphics();
        try {
            return g.getFontMetrics(new Font(Font.SANS_SERIF, Font.PLAIN, fontSize))
                    .getHeight();
        } finally {
            g.dispose();
        }
    }

    @ParameterizedTest(name = "{0} px tall bar, {1} px labels: {2}")
    @CsvSource({
        // bar height | label font | labels shown
        "200, 12, 2000 0",
        "78,  12, 2000 0",
        "78,  24, 2000 0",
        "24,  12, 2000",
        "20,  12, 2000",
        "34,  24, 2000",
    })
    void the_bar_keeps_both_labels_only_while_they_stay_apart(double barHeight, int fontSize, String shown) {
        double height = lineHeight(fontSize);

        List<HeatmapPainter.BarLabel> labels = HeatmapPainter.barLabels("2000", 100, barHeight, height);

        assertEquals(
                shown,
                String.join(
                        " ", labels.stream().map(HeatmapPainter.BarLabel::text).toList()));
        for (int i = 1; i < labels.size(); i++) {
            double gap = labels.get(i).centreY() - labels.get(i - 1).centreY();
            assertTrue(gap >= height, "lines " + gap + " px apart, each " + height + " px tall");
        }
    }
}

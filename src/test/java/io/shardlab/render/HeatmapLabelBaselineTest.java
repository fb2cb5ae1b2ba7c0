package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where the heatmap's y labels sit at the edges of the plot, for the label font at the window's size, at the
 * presenter scale's sizes and larger: the clamps come from the font's metrics, not from pixel offsets.
 */
class HeatmapLabelBaselineTest {

    private static final double AREA_TOP = 100;
    private static final double PLOT_TOP = AREA_TOP + 8;
    private static final double PLOT_BOTTOM = 300;

    private static FontMetrics metrics(int size) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB).createGraphics();
        try {
            return g.getFontMetrics(new Font(Font.SANS_SERIF, Font.PLAIN, size));
        } finally {
            g.dispose();
        }
    }

    @ParameterizedTest(name = "{0} px label font")
    @CsvSource({"12", "16", "19", "24"})
    void the_top_label_stays_inside_the_area_and_the_bottom_label_above_the_time_axis(int size) {
        FontMetrics m = metrics(size);
        double ascent = m.getAscent();
        double descent = m.getDescent();

        // given MaxKey centred on the plot's top edge, MinKey on its bottom edge
        double top = HeatmapPainter.labelBaseline(PLOT_TOP, AREA_TOP, PLOT_BOTTOM, ascent, descent);
        double bottom = HeatmapPainter.labelBaseline(PLOT_BOTTOM, AREA_TOP, PLOT_BOTTOM, ascent, descent);

        // then neither leaves its room
        assertTrue(top - ascent >= AREA_TOP, "the top label's text starts at " + (top - ascent));
        double timeLabelsTop = PLOT_BOTTOM + WritesChartPainter.BOTTOM_LABELS - 6 - ascent;
        assertTrue(
                bottom + descent < timeLabelsTop,
                "the bottom label ends at " + (bottom + descent) + ", the time labels start at " + timeLabelsTop);
        assertTrue(bottom > top, "the bottom label stays below the top one");
    }

    @ParameterizedTest(name = "{0} px label font")
    @CsvSource({"12", "19"})
    void a_label_inside_the_plot_is_centred_on_its_row(int size) {
        FontMetrics m = metrics(size);
        double centre = (PLOT_TOP + PLOT_BOTTOM) / 2;

        double baseline = HeatmapPainter.labelBaseline(centre, AREA_TOP, PLOT_BOTTOM, m.getAscent(), m.getDescent());

        assertEquals(centre + (m.getAscent() - m.getDescent()) / 2.0 - 0.5, baseline, 1e-9);
    }
}

package io.shardlab.ui.advisor;

import io.shardlab.advisor.LayoutMetrics;
import io.shardlab.render.CandidateComparisonPainter;
import io.shardlab.render.Highlight;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.render.NumberLineFrame;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.NumberLinePainter;
import io.shardlab.render.RangeHeatPainter;
import io.shardlab.render.RangeHeatStrip;
import io.shardlab.render.TextMeasure;
import io.shardlab.render.Theme;
import io.shardlab.render.ThemeColors;
import io.shardlab.render.Typography;
import io.shardlab.render.Viewport;
import java.awt.Font;
import java.util.List;
import javafx.scene.canvas.Canvas;
import org.jfree.fx.FXGraphics2D;
import org.jfree.fx.FXHints;

/**
 * Draws a candidate's replayed layout on a canvas with render's number line painter (one painter
 * for screen and exports): chunks as wide as their data, coloured by shard, jumbo chunks marked.
 * Width by data size, because what the comparison asks is where the documents ended up. Under the
 * line, the query mix's reads and then writes per range of the key (analyzeShardKey's
 * {@code numReadsByRange} / {@code numWritesByRange}) as heat strips: the ranges hold about equal
 * numbers of documents, so they line up with a line scaled by data.
 */
final class LayoutSketch {

    private LayoutSketch() {}

    /** Gap between the line and a strip, and between strips, in pixels. */
    private static final double STRIP_GAP = 2;

    /** The canvas height the painter needs for {@code row} with a bar of {@code barHeight}. */
    static double height(CandidateRow row, double barHeight) {
        return NumberLinePainter.height(model(row.layout()), barHeight) + strips(row) * (STRIP_GAP + strip(barHeight));
    }

    /** Paints {@code row}'s layout and heat strips over the whole canvas (cleared first), light or dark. */
    static void paint(Canvas canvas, CandidateRow row, boolean dark, double barHeight) {
        double width = canvas.getWidth();
        canvas.getGraphicsContext2D().clearRect(0, 0, width, canvas.getHeight());
        if (width < 4 || row == null || row.layout() == null) {
            return;
        }
        LayoutMetrics layout = row.layout();
        FXGraphics2D g = new FXGraphics2D(canvas.getGraphicsContext2D());
        Typography type = Typography.standard();
        // a new FXGraphics2D believes its font is SansSerif 12 without giving it to the canvas, so setting
        // that font (the labels') is a no-op and the text came out in the canvas's default font, wider
        // than measured (MaxKey lost ~3 px): the canvas gets the font the labels are measured in, and the
        // measure is JavaFX's, the toolkit that draws them
        Font label = type.label();
        canvas.getGraphicsContext2D().setFont(javafx.scene.text.Font.font(label.getFamily(), label.getSize2D()));
        g.setRenderingHint(FXHints.KEY_USE_FX_FONT_METRICS, true);
        g.setFont(label);
        NumberLineModel model = model(layout);
        NumberLineFrame frame = NumberLineFrame.compute(
                model,
                Viewport.FULL,
                width,
                (int) Math.max(1, width),
                TextMeasure.of(g.getFontMetrics(label)),
                KeyLabelFormat.standard());
        ThemeColors colors = new ThemeColors(dark ? Theme.dark() : Theme.light());
        new NumberLinePainter(colors, type).paint(g, frame, Highlight.none(), 0, 0, barHeight);
        double y = NumberLinePainter.height(model, barHeight);
        RangeHeatPainter heat = new RangeHeatPainter(colors);
        int columns = (int) Math.max(1, width);
        for (List<Long> counts : List.of(row.numReadsByRange(), row.numWritesByRange())) {
            if (!counts.isEmpty()) {
                y += STRIP_GAP;
                heat.paint(
                        g,
                        RangeHeatStrip.of(counts, Math.min(columns, counts.size())),
                        0,
                        y,
                        width - 1,
                        strip(barHeight));
                y += strip(barHeight);
            }
        }
        g.dispose();
    }

    private static int strips(CandidateRow row) {
        return (row.numReadsByRange().isEmpty() ? 0 : 1)
                + (row.numWritesByRange().isEmpty() ? 0 : 1);
    }

    private static double strip(double barHeight) {
        return Math.max(4, Math.round(barHeight / 2));
    }

    private static NumberLineModel model(LayoutMetrics layout) {
        return CandidateComparisonPainter.dataSizeModel(layout);
    }
}

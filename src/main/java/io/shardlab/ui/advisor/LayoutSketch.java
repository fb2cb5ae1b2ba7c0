package io.shardlab.ui.advisor;

import io.shardlab.render.CandidateLayoutPainter;
import io.shardlab.render.TextMeasure;
import io.shardlab.render.Theme;
import io.shardlab.render.ThemeColors;
import io.shardlab.render.Typography;
import java.awt.Font;
import javafx.scene.canvas.Canvas;
import org.jfree.fx.FXGraphics2D;
import org.jfree.fx.FXHints;

/**
 * Puts a candidate's row picture (its replayed layout by data size and the reads and writes per range of the
 * key) on a canvas with render's {@link CandidateLayoutPainter}, the painter the comparison export uses.
 */
final class LayoutSketch {

    private LayoutSketch() {}

    /** The canvas height the painter needs for {@code row} with a bar of {@code barHeight}. */
    static double height(CandidateRow row, double barHeight) {
        return painter(Theme.light(), barHeight).height(row.layout());
    }

    /** Paints {@code row}'s layout and heat strips over the whole canvas (cleared first), light or dark. */
    static void paint(Canvas canvas, CandidateRow row, boolean dark, double barHeight) {
        double width = canvas.getWidth();
        canvas.getGraphicsContext2D().clearRect(0, 0, width, canvas.getHeight());
        if (width < 4 || row == null) {
            return;
        }
        FXGraphics2D g = new FXGraphics2D(canvas.getGraphicsContext2D());
        // a new FXGraphics2D believes its font is SansSerif 12 without giving it to the canvas, so setting
        // that font (the labels') is a no-op and the text came out in the canvas's default font, wider
        // than measured (MaxKey lost ~3 px): the canvas gets the font the labels are measured in, and the
        // measure is JavaFX's, the toolkit that draws them
        Font label = Typography.standard().label();
        canvas.getGraphicsContext2D().setFont(javafx.scene.text.Font.font(label.getFamily(), label.getSize2D()));
        g.setRenderingHint(FXHints.KEY_USE_FX_FONT_METRICS, true);
        g.setFont(label);
        painter(dark ? Theme.dark() : Theme.light(), barHeight)
                .paint(g, row.layout(), TextMeasure.of(g.getFontMetrics(label)), 0, 0, width, 1);
        g.dispose();
    }

    private static CandidateLayoutPainter painter(Theme theme, double barHeight) {
        return new CandidateLayoutPainter(new ThemeColors(theme), Typography.standard(), barHeight, 0);
    }
}

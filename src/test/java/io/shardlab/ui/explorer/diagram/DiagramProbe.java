package io.shardlab.ui.explorer.diagram;

import io.shardlab.render.DiagramPainter;
import io.shardlab.render.LaneDetail;
import java.awt.font.GlyphVector;
import java.text.AttributedCharacterIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.canvas.Canvas;
import org.controlsfx.control.PopOver;
import org.jfree.fx.FXGraphics2D;

/**
 * Test support for tests outside this package (the explorer's window tests, the frame-time benchmark): what the
 * number line's last paint decided, its details popover, and its canvas's paint. Call on the JavaFX thread.
 */
public final class DiagramProbe {

    /** The x where the lanes' swatches start, in the view's pixels at scale 1. */
    public static final double LANE_SWATCH_X = NumberLineView.PAD;

    /** How long a click on the line waits for a second one before it opens the details popover. */
    public static final double DOUBLE_CLICK_MILLIS = LineClick.DOUBLE_CLICK_MILLIS;

    private DiagramProbe() {}

    /** Paints {@code canvas} now, at its current size (a repaint otherwise waits for the next turn). */
    public static void paintNow(RenderCanvas canvas) {
        canvas.paintNow();
    }

    /**
     * The sizes, in the screen's logical pixels, of every text {@code canvas}'s painter draws at the canvas's size and
     * scale: a paint into a context that records each text's font size times the transform's vertical scale.
     */
    public static List<Double> drawnTypeSizes(RenderCanvas canvas) {
        List<Double> sizes = new ArrayList<>();
        Canvas scratch = new Canvas(canvas.getWidth(), canvas.getHeight());
        FXGraphics2D recording = new FXGraphics2D(scratch.getGraphicsContext2D()) {
            @Override
            public void drawString(String text, float x, float y) {
                sizes.add(getFont().getSize2D() * getTransform().getScaleY());
                super.drawString(text, x, y);
            }

            @Override
            public void drawString(AttributedCharacterIterator text, float x, float y) {
                sizes.add(getFont().getSize2D() * getTransform().getScaleY());
                super.drawString(text, x, y);
            }

            @Override
            public void drawGlyphVector(GlyphVector glyphs, float x, float y) {
                sizes.add(glyphs.getFont().getSize2D() * getTransform().getScaleY());
                super.drawGlyphVector(glyphs, x, y);
            }
        };
        canvas.paintInto(recording, 1);
        return sizes;
    }

    /** How long {@code canvas}'s last paint took, in nanoseconds. */
    public static long lastPaintNanos(RenderCanvas canvas) {
        return canvas.lastPaintNanos();
    }

    /** The scale {@code canvas} paints at: 1, more in presenter mode. */
    public static double scale(RenderCanvas canvas) {
        return canvas.scale();
    }

    /** The x of {@code position} on the line after the last paint; empty before. */
    public static Optional<Double> screenXOf(NumberLineView line, double position) {
        return line.screenXOf(position);
    }

    /** The y of the middle of the bar after the last paint. */
    public static Optional<Double> barMiddleY(NumberLineView line) {
        return line.barMiddleY();
    }

    /** The y of the middle of lane {@code row} after the last paint. */
    public static Optional<Double> laneMiddleY(NumberLineView line, int row) {
        return line.laneMiddleY(row);
    }

    /** The width of the number line's bar after the last paint; empty before it or when too narrow. */
    public static Optional<Double> paintedLineWidth(NumberLineView line) {
        return line.paintedLineWidth();
    }

    /** The height of the number line's bar in the view's pixels after the last paint. */
    public static Optional<Double> paintedBarHeight(NumberLineView line) {
        return line.paintedBarHeight();
    }

    /** The diagram's sections at the last paint. */
    public static List<DiagramPainter.Section> paintedSections(NumberLineView line) {
        return line.paintedSections();
    }

    /** What the lanes showed beside them at the last paint. */
    public static LaneDetail paintedLaneDetail(NumberLineView line) {
        return line.paintedLaneDetail();
    }

    /** The selected chunk's details popover (showing or not). */
    public static PopOver detailsPopover(NumberLineView line) {
        return line.detailsPopover().popOver();
    }
}

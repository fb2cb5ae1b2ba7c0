package io.shardlab.ui.explorer;

import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.util.Objects;
import javafx.application.Platform;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;
import org.jfree.fx.FXGraphics2D;

/**
 * A resizable canvas that paints through the render package's Graphics2D painters (docs/ARCHITECTURE.md rule 6:
 * one painter for the screen and every export), by way of FXGraphics2D. Repaints are coalesced: any
 * number of {@link #repaint()} calls before the JavaFX thread gets to it cost one paint.
 */
final class RenderCanvas extends Region {

    /** Paints into a Graphics2D of the canvas's size, in logical pixels. */
    @FunctionalInterface
    interface Painter {
        /**
         * @param density device pixels per logical pixel (aggregate per device column)
         */
        void paint(Graphics2D g, double width, double height, double density);
    }

    private final Canvas canvas = new Canvas();
    private final FXGraphics2D graphics;
    private final Painter painter;
    private boolean scheduled;
    private long lastPaintNanos;

    RenderCanvas(Painter painter) {
        this.painter = Objects.requireNonNull(painter, "painter");
        this.graphics = new FXGraphics2D(canvas.getGraphicsContext2D());
        getChildren().add(canvas);
        getStyleClass().add("render-canvas");
        widthProperty().addListener((obs, was, now) -> repaint());
        heightProperty().addListener((obs, was, now) -> repaint());
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth());
        double h = snapSizeY(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            repaint();
        }
    }

    /** Paints on the JavaFX thread's next turn, once however often it is asked. */
    void repaint() {
        if (!scheduled) {
            scheduled = true;
            Platform.runLater(this::paintNow);
        }
    }

    /** Paints now; the JavaFX thread only. */
    void paintNow() {
        scheduled = false;
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        if (w < 1 || h < 1) {
            return;
        }
        long start = System.nanoTime();
        canvas.getGraphicsContext2D().clearRect(0, 0, w, h);
        double density = getScene() == null || getScene().getWindow() == null ? 1
                : getScene().getWindow().getOutputScaleX();
        // painters may leave a transform or a clip behind: every paint starts clean
        graphics.setTransform(new AffineTransform());
        graphics.setClip(null);
        painter.paint(graphics, w, h, density);
        lastPaintNanos = System.nanoTime() - start;
    }

    /** How long the last paint took, for the frame-time benchmark. */
    long lastPaintNanos() {
        return lastPaintNanos;
    }
}

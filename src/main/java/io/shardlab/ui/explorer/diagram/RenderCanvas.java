package io.shardlab.ui.explorer.diagram;

import io.shardlab.ui.explorer.PresenterMode;
import io.shardlab.ui.theme.Appearance;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.transform.Affine;
import org.jfree.fx.FXGraphics2D;

/**
 * A resizable canvas that paints through the render package's Graphics2D painters (docs/ARCHITECTURE.md rule 6:
 * one painter for the screen and every export), by way of FXGraphics2D. Repaints are coalesced: any
 * number of {@link #repaint()} calls before the JavaFX thread gets to it cost one paint.
 *
 * <p>In presenter mode (the {@link Appearance#PRESENTER} style class on the window's root) the painters draw
 * at {@link Appearance#PRESENTER_DIAGRAM_SCALE}: a scaled Graphics2D and a smaller diagram-pixel size, so the
 * diagram's type, bars and gaps grow together, as the rest of the window's type does.
 */
public final class RenderCanvas extends Region {

    // style classes of its nodes, as its stylesheet names them
    private static final String RENDER_CANVAS = "render-canvas";

    /** Paints into a Graphics2D of the canvas's size, in diagram pixels (logical pixels over {@link #scale()}). */
    @FunctionalInterface
    public interface Painter {
        /**
         * @param width the canvas's width in diagram pixels
         * @param height the canvas's height in diagram pixels
         * @param density device pixels per diagram pixel (aggregate per device column)
         */
        void paint(Graphics2D g, double width, double height, double density);
    }

    private final Canvas canvas = new Canvas();
    private final FXGraphics2D graphics;
    private final Painter painter;
    private boolean scheduled;
    private long lastPaintNanos;
    private double scale = 1;
    private final ReadOnlyBooleanProperty presenter = PresenterMode.of(this);

    /** A canvas that paints through {@code painter} on every {@link #repaint()} and resize. */
    public RenderCanvas(Painter painter) {
        this.painter = Objects.requireNonNull(painter, "painter");
        this.graphics = new FXGraphics2D(canvas.getGraphicsContext2D());
        getChildren().add(canvas);
        getStyleClass().add(RENDER_CANVAS);
        widthProperty().addListener((obs, was, now) -> repaint());
        heightProperty().addListener((obs, was, now) -> repaint());
        presenter.addListener((obs, was, now) -> followScale());
    }

    private void followScale() {
        double type = presenter.get() ? Appearance.PRESENTER_DIAGRAM_SCALE : 1;
        typeScale = type;
        double now = type;
        if (leastDiagramHeight > 0 && leastDiagramHeight * type > heightLimit) {
            // the diagram gives up detail first (its painter fits the height); what still does not fit makes the
            // type give way, down to 55 % of normal type's size, rather than leave lanes off the screen
            now = Math.max(MIN_FIT_SCALE, Math.min(type, heightLimit / leastDiagramHeight));
        }
        // a smaller scale always applies (a hair too large leaves the last lane's pixels off the screen); a
        // larger one only past a threshold, so the scale does not creep with every repaint
        if (now < scale - 1e-6 || now - scale > 0.005) {
            scale = now;
            repaint();
        }
    }

    /**
     * The least scale a diagram is fitted into its height at: 55 % of normal type's size (a comparison's
     * side at 720 px with many lanes), where the lanes' bars still read, if not their figures.
     */
    static final double MIN_FIT_SCALE = 0.55;

    /**
     * Logical pixels per diagram pixel: 1, or {@link Appearance#PRESENTER_DIAGRAM_SCALE} in presenter mode, less
     * when the diagram at its most compact would not fit the height it was given ({@link #fitWithin}).
     */
    public double scale() {
        return scale;
    }

    /** The window's type scale: {@link #scale()} before fitting a height. */
    double typeScale() {
        return typeScale;
    }

    private double typeScale = 1;
    private double heightLimit = Double.POSITIVE_INFINITY;
    private double leastDiagramHeight;

    /**
     * The canvas must show its whole diagram within {@code logicalHeight} (0 or less: any height): the painter
     * fits the diagram into it ({@link #diagramHeightLimit}), and when even its most compact form
     * ({@link #reportLeastDiagramHeight}) does not fit, the scale gives way ({@link #MIN_FIT_SCALE} at least).
     */
    public void fitWithin(double logicalHeight) {
        double limit = logicalHeight > 0 ? logicalHeight : Double.POSITIVE_INFINITY;
        if (limit != heightLimit) {
            heightLimit = limit;
            repaint();
        }
        followScale();
    }

    /** The height the diagram must fit in, in diagram pixels at the current scale; infinite when any height does. */
    double diagramHeightLimit() {
        return heightLimit / scale;
    }

    /**
     * The painter's last diagram needed at least {@code diagramPixels} of height, at its most compact (or at its
     * most compact with what it must keep, as the class board's tiles keep the writes chart).
     */
    public void reportLeastDiagramHeight(double diagramPixels) {
        leastDiagramHeight = diagramPixels;
        followScale();
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
    public void repaint() {
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
        // the last paint left its scale on the context: below 1 a scaled clear would leave the right and bottom
        // edges of the last diagram under the new one
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setTransform(new Affine());
        gc.clearRect(0, 0, w, h);
        double density = getScene() == null || getScene().getWindow() == null
                ? 1
                : getScene().getWindow().getOutputScaleX();
        paintInto(graphics, density);
        lastPaintNanos = System.nanoTime() - start;
    }

    /**
     * Paints the diagram as the canvas does, at its size and scale, into {@code g}: the canvas's own context, or a
     * test's that records what is drawn.
     *
     * @param density device pixels per logical pixel
     */
    void paintInto(Graphics2D g, double density) {
        // painters may leave a transform or a clip behind: every paint starts clean
        g.setTransform(AffineTransform.getScaleInstance(scale, scale));
        g.setClip(null);
        painter.paint(g, canvas.getWidth() / scale, canvas.getHeight() / scale, density * scale);
    }

    /** How long the last paint took, for the frame-time benchmark. */
    long lastPaintNanos() {
        return lastPaintNanos;
    }
}

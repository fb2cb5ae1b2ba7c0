package io.shardlab.ui.explorer;

import io.shardlab.render.LaneDetail;
import io.shardlab.ui.explorer.diagram.DiagramProbe;
import io.shardlab.ui.explorer.diagram.RenderCanvas;

/**
 * Test support for window tests outside this package: what the explorer's last paint and layout decided.
 * Call on the JavaFX thread.
 */
public final class ExplorerProbe {

    private ExplorerProbe() {}

    /** Paints the number line now, at the canvas's current size (a repaint otherwise waits for the next turn). */
    public static void paintLineNow(ExplorerView view) {
        DiagramProbe.paintNow(view.lineCanvas());
    }

    /** The number line bar's width at the last paint, in pixels; 0 when nothing was painted. */
    public static double lineWidth(ExplorerView view) {
        return DiagramProbe.paintedLineWidth(view.numberLineView()).orElse(0.0);
    }

    /** The number line bar's height at the last paint, in the view's pixels; 0 when nothing was painted. */
    public static double barHeight(ExplorerView view) {
        return DiagramProbe.paintedBarHeight(view.numberLineView()).orElse(0.0);
    }

    /** The scale each of the explorer's canvases paints at (number line, charts), in scene-graph order. */
    public static java.util.List<Double> canvasScales(ExplorerView view) {
        return view.node().lookupAll(".render-canvas").stream()
                .map(n -> DiagramProbe.scale((RenderCanvas) n))
                .toList();
    }

    /** The size of every text the number line draws now, in the screen's logical pixels. */
    public static java.util.List<Double> lineTypeSizes(ExplorerView view) {
        return DiagramProbe.drawnTypeSizes(view.lineCanvas());
    }

    /** What the lanes showed beside them at the last paint. */
    public static LaneDetail laneDetail(ExplorerView view) {
        return DiagramProbe.paintedLaneDetail(view.numberLineView());
    }

    /** Where the side panel shows: {@code DOCKED}, {@code RAIL}, {@code DRAWER} or {@code PINNED}. */
    public static String sidePanelPlacement(ExplorerView view) {
        return view.sidePlacement().placementProperty().get().name();
    }
}

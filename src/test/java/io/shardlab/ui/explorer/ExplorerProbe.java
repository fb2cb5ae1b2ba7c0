package io.shardlab.ui.explorer;

import io.shardlab.render.LaneDetail;

/**
 * Test support for window tests outside this package: what the explorer's last paint and layout decided.
 * Call on the JavaFX thread.
 */
public final class ExplorerProbe {

    private ExplorerProbe() {}

    /** Paints the number line now, at the canvas's current size (a repaint otherwise waits for the next turn). */
    public static void paintLineNow(ExplorerView view) {
        view.lineCanvas().paintNow();
    }

    /** The number line bar's width at the last paint, in pixels; 0 when nothing was painted. */
    public static double lineWidth(ExplorerView view) {
        return view.numberLineView().paintedLineWidth().orElse(0.0);
    }

    /** The number line bar's height at the last paint, in the view's pixels; 0 when nothing was painted. */
    public static double barHeight(ExplorerView view) {
        return view.numberLineView().paintedBarHeight().orElse(0.0);
    }

    /** The scale each of the explorer's canvases paints at (number line, charts), in scene-graph order. */
    public static java.util.List<Double> canvasScales(ExplorerView view) {
        return view.node().lookupAll(".render-canvas").stream()
                .map(n -> ((RenderCanvas) n).scale())
                .toList();
    }

    /** What the lanes showed beside them at the last paint. */
    public static LaneDetail laneDetail(ExplorerView view) {
        return view.numberLineView().paintedLaneDetail();
    }

    /** Where the side panel shows: {@code DOCKED}, {@code RAIL}, {@code DRAWER} or {@code PINNED}. */
    public static String sidePanelPlacement(ExplorerView view) {
        return view.sidePlacement().placementProperty().get().name();
    }
}

package io.shardlab.ui.explorer.diagram;

import io.shardlab.render.NumberLineFrame;
import java.util.List;

/**
 * Where the number line view's last paint put things, in the view's pixels: the line, the value line
 * above it for a hashed key, the lane rows. Hit tests and the live overlay read it.
 *
 * @param frame the painted frame of the number line (its viewport, its columns)
 * @param valueFrame the painted frame of the value line, or null when the key is not hashed
 * @param lineX the x of the line's left end
 * @param lineWidth the line's width
 * @param valueBarTop the top of the value line's bar, or -1 without one
 * @param valueBlockBottom the bottom of the value line's block, its labels included, or -1 without one
 * @param barTop the top of the number line's bar
 * @param barHeight the number line bar's height
 * @param lanesTop the top of the lanes section
 * @param lanePitch the height of one lane row
 * @param laneHeaderHeight what sits above the first lane row
 * @param shards the lanes' shard names, top to bottom
 * @param height everything painted, legend included
 * @param scale view pixels per diagram pixel (the frames' pixels): 1, more in presenter mode
 */
record LineGeometry(
        NumberLineFrame frame,
        NumberLineFrame valueFrame,
        double lineX,
        double lineWidth,
        double valueBarTop,
        double valueBlockBottom,
        double barTop,
        double barHeight,
        double lanesTop,
        double lanePitch,
        double laneHeaderHeight,
        List<String> shards,
        double height,
        double scale) {

    boolean inLineX(double x) {
        return x >= lineX && x <= lineX + lineWidth;
    }

    /** The key-space position (0 = MinKey, 1 = MaxKey) shown at view x. */
    double position(double x) {
        return frame.viewport().toLine(Math.max(0, Math.min(lineWidth, x - lineX)), lineWidth);
    }

    /** The view x of a key-space position. */
    double x(double position) {
        return lineX + frame.xOf(position) * scale;
    }

    /** The view x of a position on the value line; only with a value line. */
    double valueX(double position) {
        return lineX + valueFrame.xOf(position) * scale;
    }

    /** The lane row at y, or -1. */
    int laneAt(double y) {
        double top = lanesTop + laneHeaderHeight;
        if (y < top) {
            return -1;
        }
        int row = (int) ((y - top) / lanePitch);
        return row < shards.size() ? row : -1;
    }

    double laneTop(int row) {
        return lanesTop + laneHeaderHeight + row * lanePitch;
    }

    boolean onBar(double y) {
        return y >= barTop && y <= barTop + barHeight;
    }
}

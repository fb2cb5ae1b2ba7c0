package io.shardlab.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses which chunk bounds get a value label under the number line.
 *
 * <p>Labels are real chunk bounds (split points), never invented tick values. The ends are labelled when
 * visible (MinKey flush left, MaxKey flush right) and when their text fits the line whole. Between them, from
 * left to right, the next label goes on the first bound at least {@code pitch} pixels after the previous
 * label's position whose centred text keeps {@code gap} pixels from its neighbours; bounds whose text would
 * collide are skipped. So labels never overlap, and their number is bounded by the width, whatever the chunk
 * count.
 */
public final class AxisLabels {

    /** Minimum free space between two labels, in pixels. */
    public static final double GAP = 14;
    /** Minimum distance between the positions of two consecutive labels, in pixels. */
    public static final double PITCH = 110;

    private AxisLabels() {}

    /**
     * The labels for {@code viewport} on a line {@code widthPx} wide.
     *
     * @param measure measures label text
     * @param format turns bounds into text
     */
    public static List<AxisLabel> choose(
            NumberLineModel model, Viewport viewport, double widthPx, TextMeasure measure, KeyLabelFormat format) {
        int n = model.chunkCount();
        double leftLimit = 0;
        double rightLimit = widthPx;
        AxisLabel start = null;
        AxisLabel end = null;
        if (viewport.start() == 0) {
            String text = format.format(model.bound(0));
            double w = measure.width(text);
            if (w <= widthPx) {
                start = new AxisLabel(0, text, w, AxisLabel.Anchor.START, 0);
                leftLimit = w + GAP;
            }
        }
        if (viewport.end() == 1) {
            String text = format.format(model.bound(n));
            double w = measure.width(text);
            AxisLabel label = new AxisLabel(widthPx, text, w, AxisLabel.Anchor.END, n);
            if (label.left() >= (start == null ? 0 : leftLimit)) {
                rightLimit = label.left() - GAP;
                end = label;
            }
        }
        double lastRight = leftLimit - GAP;
        double cursor = Math.max(leftLimit, start == null ? 0 : PITCH);
        List<AxisLabel> middle = new ArrayList<>();
        int nextBound = 1;
        while (cursor <= rightLimit) {
            // nextBound guarantees progress even where pixel -> line -> pixel rounding lands just before the cursor
            int k = Math.max(nextBound, model.firstBoundAtOrAfter(viewport.toLine(cursor, widthPx)));
            if (k >= n) {
                break;
            }
            double px = viewport.toPixel(model.edge(k), widthPx);
            if (px > rightLimit) {
                break;
            }
            String text = format.format(model.bound(k));
            double w = measure.width(text);
            nextBound = k + 1;
            if (px - w / 2 < lastRight + GAP) {
                cursor = Math.max(Math.nextUp(px), lastRight + GAP + w / 2);
                continue;
            }
            if (px + w / 2 > rightLimit) {
                break;
            }
            middle.add(new AxisLabel(px, text, w, AxisLabel.Anchor.MIDDLE, k));
            lastRight = px + w / 2;
            cursor = Math.max(lastRight + GAP, px + PITCH);
        }
        List<AxisLabel> ordered = new ArrayList<>();
        if (start != null) {
            ordered.add(start);
        }
        ordered.addAll(middle);
        if (end != null) {
            ordered.add(end);
        }
        return List.copyOf(ordered);
    }
}

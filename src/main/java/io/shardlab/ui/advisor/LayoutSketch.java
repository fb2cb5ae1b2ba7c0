package io.shardlab.ui.advisor;

import io.shardlab.advisor.LayoutMetrics;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.Highlight;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.render.LayoutData;
import io.shardlab.render.NumberLineFrame;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.NumberLinePainter;
import io.shardlab.render.Scale;
import io.shardlab.render.TextMeasure;
import io.shardlab.render.Theme;
import io.shardlab.render.ThemeColors;
import io.shardlab.render.Typography;
import io.shardlab.render.Viewport;
import java.util.List;
import java.util.Optional;
import javafx.scene.canvas.Canvas;
import org.jfree.fx.FXGraphics2D;

/**
 * Draws a candidate's replayed layout on a canvas with render's number line painter (one painter
 * for screen and exports): chunks as wide as their data, coloured by shard, jumbo chunks marked.
 * Width by data size, because what the comparison asks is where the documents ended up.
 */
final class LayoutSketch {

    private LayoutSketch() {
    }

    /** The canvas height the painter needs for {@code layout} with a bar of {@code barHeight}. */
    static double height(LayoutMetrics layout, double barHeight) {
        return NumberLinePainter.height(model(layout), barHeight);
    }

    /** Paints {@code layout} over the whole canvas (cleared first), light or dark. */
    static void paint(Canvas canvas, LayoutMetrics layout, boolean dark, double barHeight) {
        double width = canvas.getWidth();
        canvas.getGraphicsContext2D().clearRect(0, 0, width, canvas.getHeight());
        if (width < 4 || layout == null) {
            return;
        }
        FXGraphics2D g = new FXGraphics2D(canvas.getGraphicsContext2D());
        Typography type = Typography.standard();
        NumberLineModel model = model(layout);
        NumberLineFrame frame = NumberLineFrame.compute(model, Viewport.FULL, width, (int) Math.max(1, width),
                TextMeasure.of(g.getFontMetrics(type.label())), KeyLabelFormat.standard());
        new NumberLinePainter(new ThemeColors(dark ? Theme.dark() : Theme.light()), type)
                .paint(g, frame, Highlight.none(), 0, 0, barHeight);
        g.dispose();
    }

    private static NumberLineModel model(LayoutMetrics layout) {
        List<ChunkStatistics> stats = layout.chunkStatistics();
        long[] documents = new long[stats.size()];
        long[] bytes = new long[stats.size()];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = stats.get(i).documents();
            bytes[i] = stats.get(i).bytes();
        }
        return NumberLineModel.of(new LayoutData(layout.snapshot(), Optional.of(new ChunkSizes(documents, bytes))),
                Scale.DATA_SIZE);
    }
}

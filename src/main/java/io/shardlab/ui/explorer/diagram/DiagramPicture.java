package io.shardlab.ui.explorer.diagram;

import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.NumberLineModel;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.InsertMark;
import java.util.List;
import java.util.Optional;

/**
 * What the explorer's canvas paints now, ready for the render painter: the diagram's data and options
 * and the number line model built for them, plus what the overlay animates. Immutable.
 *
 * @param data the layout with chunk sizes and, once the stream has run, writes per shard and per key range
 * @param options view, theme, scale, viewport and highlight
 * @param model the number line model of {@code data} on the options' scale
 * @param valueLine for a hashed key, the model of the value space ({@link ValueLine}) on the equal scale
 * @param marks the newest inserts, oldest first, for the short-lived marks
 * @param moves the newest committed migrations, oldest first, for the sliding animation
 * @param splits the newest splits, oldest first, for a flash at each new bound
 */
public record DiagramPicture(
        DiagramData data,
        DiagramOptions options,
        NumberLineModel model,
        Optional<NumberLineModel> valueLine,
        List<InsertMark> marks,
        List<ChunkMove> moves,
        List<ExplorerFrame.SplitMark> splits) {

    public DiagramPicture {
        marks = List.copyOf(marks);
        moves = List.copyOf(moves);
        splits = List.copyOf(splits);
    }
}

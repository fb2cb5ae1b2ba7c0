package io.shardlab.ui.explorer.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.LayoutData;
import io.shardlab.render.MigrationMarks;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/**
 * The number line's picture carries the balancer's next migration while one is given (Why no move?'s plan
 * preview), so the canvas and an export draw it, and drops it when it is taken back.
 */
class PlannedMoveOnTheLineTest {

    private static final ClusterSnapshot ONE_CHUNK = new ClusterSnapshot(
            "db.c",
            ShardKeyPattern.parse("{x: 1}"),
            false,
            List.of(Shard.named("shard01"), Shard.named("shard02")),
            ChunkMap.single(1, "shard01"),
            List.of());

    private static final MigrationMarks.PlannedMove MOVE =
            new MigrationMarks.PlannedMove(ShardKey.globalMin(1), ShardKey.of(new BsonInt64(40)), "shard01", "shard02");

    @Test
    void the_picture_draws_the_planned_move_while_it_is_given() {
        // given a layout on show
        NumberLineViewModel line = new NumberLineViewModel(new SimpleBooleanProperty(false));
        line.showLayout(LayoutData.of(ONE_CHUNK));
        LayoutData shown = line.pictureProperty().get().data().layout();
        assertEquals(
                Optional.empty(),
                line.pictureProperty().get().data().migrations().next());

        // when the balancer's next migration is given
        line.plannedMoveProperty().set(Optional.of(MOVE));

        // then the picture carries it over the same layout
        assertEquals(
                Optional.of(MOVE),
                line.pictureProperty().get().data().migrations().next());
        assertSame(shown, line.pictureProperty().get().data().layout());

        // and when it is taken back, it goes
        line.plannedMoveProperty().set(Optional.empty());
        assertEquals(MigrationMarks.NONE, line.pictureProperty().get().data().migrations());
    }
}

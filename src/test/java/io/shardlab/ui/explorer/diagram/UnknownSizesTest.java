package io.shardlab.ui.explorer.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.LayoutData;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

/** A layout whose source did not tell its sizes (a config dump without them) shows "unknown", never 0. */
class UnknownSizesTest {

    private static final ClusterSnapshot ONE_CHUNK = new ClusterSnapshot(
            "db.c",
            ShardKeyPattern.parse("{x: 1}"),
            false,
            List.of(Shard.named("shard01")),
            ChunkMap.single(1, "shard01"),
            List.of());

    @Test
    void aChunkWithoutSizesReadsUnknownInTheDetails() {
        NumberLineViewModel line = new NumberLineViewModel(new SimpleBooleanProperty(false));
        line.showLayout(LayoutData.of(ONE_CHUNK));
        line.selectChunk(0);
        ChunkDetails d = line.selectedProperty().get();
        assertEquals("unknown", d.documentsText());
        assertEquals("unknown", d.sizeText());
    }

    @Test
    void aChunkWithSizesReadsItsFiguresEvenWhenTheyAreZero() {
        NumberLineViewModel line = new NumberLineViewModel(new SimpleBooleanProperty(false));
        line.showLayout(new LayoutData(ONE_CHUNK, Optional.of(new ChunkSizes(new long[] {0}, new long[] {0}))));
        line.selectChunk(0);
        ChunkDetails d = line.selectedProperty().get();
        assertEquals("0", d.documentsText());
        assertEquals("0B", d.sizeText());
    }
}

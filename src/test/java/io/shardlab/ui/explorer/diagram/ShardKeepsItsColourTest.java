package io.shardlab.ui.explorer.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.Highlight;
import io.shardlab.render.LayoutData;
import io.shardlab.render.LegendPainter;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.Scale;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javafx.beans.property.SimpleBooleanProperty;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/**
 * A shard keeps its colour while the view shows one cluster: {@code sh.addShard("shard0003")} beside shard01 …
 * shard03 sorts first among the lanes, but recolours none of them; a shard that leaves frees no colour for another.
 */
class ShardKeepsItsColourTest {

    private final NumberLineViewModel line = new NumberLineViewModel(new SimpleBooleanProperty(false));

    @Test
    void aShardThatJoinsAndSortsFirstRecoloursNoLane() {
        // given three shards on show
        line.showLayout(layout("shard01", "shard02", "shard03"));
        Map<String, Integer> before = colours(line.pictureProperty().get().model());

        // when a shard whose name sorts first joins
        line.showLayout(layout("shard0003", "shard01", "shard02", "shard03"));

        // then it is the first lane, yet every other shard keeps its colour and the newcomer takes the next one
        NumberLineModel after = line.pictureProperty().get().model();
        assertEquals("shard0003", after.shards().get(0));
        Map<String, Integer> expected = new LinkedHashMap<>(before);
        expected.put("shard0003", 3);
        assertEquals(expected, colours(after));
        // the legend and an export (drawn from the picture's data anew) say the same colours
        List<LegendPainter.Item> legend = LegendPainter.items(after, false, false, Highlight.none());
        assertEquals(
                List.of(3, 0, 1, 2),
                legend.subList(0, 4).stream()
                        .map(LegendPainter.Item::shardIndex)
                        .toList());
        assertEquals(
                expected,
                colours(NumberLineModel.of(line.pictureProperty().get().data().layout(), Scale.EQUAL)));
    }

    @Test
    void aShardThatLeavesFreesNoColourForAnother() {
        // given four shards on show
        line.showLayout(layout("shard01", "shard02", "shard03", "shard04"));

        // when shard02 is removed, then shard05 joins, then shard02 comes back
        line.showLayout(layout("shard01", "shard03", "shard04"));
        line.showLayout(layout("shard01", "shard03", "shard04", "shard05"));
        line.showLayout(layout("shard01", "shard02", "shard03", "shard04", "shard05"));

        // then no shard ever changed colour, and the newcomer did not take the colour of the one that left
        assertEquals(
                Map.of("shard01", 0, "shard02", 1, "shard03", 2, "shard04", 3, "shard05", 4),
                colours(line.pictureProperty().get().model()));
    }

    @Test
    void anotherCollectionStartsOverInSortedOrder() {
        // given a layout whose shards joined out of order
        line.showLayout(layout("shard02"));
        line.showLayout(layout("shard01", "shard02"));

        // when another collection is shown
        line.showLayout(collection("db.other", "shard01", "shard02"));

        // then its shards take their colours in sorted order, as a first look at a cluster does
        assertEquals(
                Map.of("shard01", 0, "shard02", 1),
                colours(line.pictureProperty().get().model()));
    }

    private static LayoutData layout(String... shards) {
        return collection("db.c", shards);
    }

    /** One chunk per shard, cut at 0, 10, 20 …. */
    private static LayoutData collection(String namespace, String... shards) {
        List<ShardKey> splits = IntStream.range(0, shards.length - 1)
                .mapToObj(i -> ShardKey.of(new BsonInt64(10L * i)))
                .toList();
        return LayoutData.of(new ClusterSnapshot(
                namespace,
                ShardKeyPattern.parse("{x: 1}"),
                false,
                List.of(shards).stream().map(Shard::named).toList(),
                ChunkMap.fromSplitPoints(1, splits, List.of(shards), 1),
                List.of()));
    }

    private static Map<String, Integer> colours(NumberLineModel model) {
        Map<String, Integer> colours = new LinkedHashMap<>();
        for (int s = 0; s < model.shards().size(); s++) {
            colours.put(model.shards().get(s), model.colorOf(s));
        }
        return colours;
    }
}

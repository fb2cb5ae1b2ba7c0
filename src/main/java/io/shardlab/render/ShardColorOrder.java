package io.shardlab.render;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which shards took their palette colours: the shard at position {@code i} has the palette's colour
 * {@code i} ({@link Theme#shardColor}), for as long as one view shows one cluster. A shard that joins later takes
 * the next colour, and a shard that leaves keeps its position, so that adding or removing a shard recolours no
 * other shard's lane — although lanes, legend and charts list shards by name, and a newcomer such as
 * {@code "shard0003"} sorts before {@code "shard01"}.
 *
 * <p>Immutable; {@link #joining} returns a longer order.
 *
 * @param shards shard ids in the order they were first seen; a repeat is dropped
 */
public record ShardColorOrder(List<String> shards) {

    public ShardColorOrder {
        // a shard seen twice keeps the colour it took first
        shards = shards.stream().distinct().toList();
    }

    /** The order of a cluster first seen with {@code shards}: each takes the colour of its position. */
    public static ShardColorOrder of(List<String> shards) {
        return new ShardColorOrder(shards);
    }

    /**
     * This order with the shards of {@code shown} it has not seen yet appended, in {@code shown}'s order; this
     * very order when it has seen them all.
     */
    public ShardColorOrder joining(List<String> shown) {
        List<String> newcomers =
                shown.stream().distinct().filter(s -> !shards.contains(s)).toList();
        if (newcomers.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(shards);
        all.addAll(newcomers);
        return new ShardColorOrder(all);
    }

    /** The palette colour index of {@code shard}, or -1 when this order has not seen it. */
    public int colorOf(String shard) {
        return shards.indexOf(shard);
    }
}

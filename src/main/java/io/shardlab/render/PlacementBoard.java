package io.shardlab.render;

import io.shardlab.text.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the placement board shows, as render draws it ({@link PlacementBoardPainter}): every shard's lane with the
 * unsharded collections living there as tiles, and each sharded collection's key line. Made from the session's
 * placement ({@code session/ClusterPlacement#board}) for the window's export and the CLI alike.
 *
 * @param release the cluster's MongoDB release, e.g. {@code 8.0}
 * @param lanes the shards in shard order
 * @param tiles the unsharded collections in namespace order
 * @param keyLines the sharded collections in namespace order
 * @param source where a recorded placement was read (a masked connection string, a dump's path); empty for the
 *     simulator's cluster
 * @param colors the order in which the shards took their colours (the explorer's, so that a shard has one colour in
 *     every view); a lane it has not seen takes the next colour in lane order ({@link #colorOf})
 */
public record PlacementBoard(
        String release,
        List<Lane> lanes,
        List<Tile> tiles,
        List<KeyLine> keyLines,
        Optional<String> source,
        ShardColorOrder colors) {

    /** A size the source did not tell, in a tile's or a lane's bytes. */
    public static final long UNKNOWN_BYTES = -1;

    /**
     * One shard's lane.
     *
     * @param configShard whether it is the config server acting as a shard
     * @param draining whether it is being removed
     * @param drainLeft what is left of its drain ({@code 3 chunks · 2 collections left}), said in its DRAINING badge
     * @param bytes the data of every collection on it
     * @param indexBytes the indexes of every collection on it
     * @param capacityBytes its disk's size, or {@link #UNKNOWN_BYTES}
     * @param primaryOf the databases whose primary shard it is, in name order
     */
    public record Lane(
            String shard,
            boolean configShard,
            boolean draining,
            Optional<Message> drainLeft,
            long bytes,
            long indexBytes,
            long capacityBytes,
            List<String> primaryOf) {

        public Lane {
            Objects.requireNonNull(shard, "shard");
            Objects.requireNonNull(drainLeft, "drainLeft");
            primaryOf = List.copyOf(primaryOf);
        }

        /** Whether its indexes' size is known. */
        public boolean indexesKnown() {
            return indexBytes != UNKNOWN_BYTES;
        }

        /** Its disk's free space: capacity less data and indexes, at least 0; {@link #UNKNOWN_BYTES} when unknown. */
        public long freeBytes() {
            return capacityBytes == UNKNOWN_BYTES ? UNKNOWN_BYTES : Math.max(0, capacityBytes - bytes - indexBytes);
        }
    }

    /** An unsharded collection on {@code shard}, its data in bytes or {@link #UNKNOWN_BYTES}. */
    public record Tile(String namespace, String shard, long bytes) {}

    /**
     * A sharded collection: its key in mongosh syntax and its chunks on their shards.
     *
     * @param bytes its data over every shard, or {@link #UNKNOWN_BYTES}
     */
    public record KeyLine(String namespace, String key, long bytes, LayoutData layout) {}

    public PlacementBoard {
        Objects.requireNonNull(release, "release");
        lanes = List.copyOf(lanes);
        tiles = List.copyOf(tiles);
        Objects.requireNonNull(source, "source");
        colors = (colors == null ? ShardColorOrder.of(List.of()) : colors)
                .joining(lanes.stream().map(Lane::shard).toList());
        ShardColorOrder all = colors;
        keyLines = keyLines.stream()
                .map(l -> new KeyLine(
                        l.namespace(), l.key(), l.bytes(), l.layout().withColors(all)))
                .toList();
    }

    /** A board whose shards take their colours in lane order. */
    public PlacementBoard(
            String release, List<Lane> lanes, List<Tile> tiles, List<KeyLine> keyLines, Optional<String> source) {
        this(release, lanes, tiles, keyLines, source, null);
    }

    /** This board with the shards coloured in {@code order} (the lanes it has not seen appended). */
    public PlacementBoard withColors(ShardColorOrder order) {
        return new PlacementBoard(release, lanes, tiles, keyLines, source, order);
    }

    /** The palette index of {@code shard}'s colour ({@link Theme#shardColor}). */
    public int colorOf(String shard) {
        return colors.colorOf(shard);
    }

    /** The unsharded collections on {@code shard}, in namespace order. */
    public List<Tile> tilesOn(String shard) {
        return tiles.stream().filter(t -> t.shard().equals(shard)).toList();
    }

    /**
     * A tile's width between {@code min} and {@code max} logical pixels: the square root of its share of the largest
     * collection's data, so that a collection a hundred times larger reads ten times wider; the smallest width for an
     * unknown or empty size. The window's tiles and the painter's are sized by this one rule.
     */
    public static double tileWidth(long bytes, long largestBytes, double min, double max) {
        double share = largestBytes <= 0 || bytes <= 0 ? 0 : Math.sqrt((double) bytes / largestBytes);
        return min + share * (max - min);
    }

    /** The largest tile's data, 0 when none is known. */
    public long largestTileBytes() {
        return tiles.stream().mapToLong(Tile::bytes).max().orElse(0);
    }
}

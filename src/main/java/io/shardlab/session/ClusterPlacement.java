package io.shardlab.session;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.LayoutData;
import io.shardlab.render.PlacementBoard;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Where every database and collection of a cluster lives, for the placement board: one lane per shard, the
 * databases with their primary shards, each unsharded collection on its shard with its bytes, and each sharded
 * collection with its chunks (its key line). Immutable; made on the simulation thread from the catalog
 * ({@link #of}), or from a recorded layout's config metadata (a live cluster, a dump), which the board only shows.
 *
 * @param release the cluster's release; {@code moveCollection} and {@code unshardCollection} exist from 8.0
 * @param lanes the shards in shard order
 * @param databases the databases in name order
 * @param tiles the unsharded collections in namespace order
 * @param keyLines the sharded collections in namespace order
 * @param recorded where a recorded placement was read (a masked connection string, a dump's path), which the board
 *     does not change; empty for the simulator's cluster
 */
public record ClusterPlacement(
        MongoVersion release,
        List<Lane> lanes,
        List<Database> databases,
        List<Tile> tiles,
        List<KeyLine> keyLines,
        Optional<Recorded> recorded) {

    /**
     * Where a recorded placement came from and how much of it the source could tell.
     *
     * @param source a masked connection string or a dump's path, safe to show
     * @param everyCollection whether the tiles are every unsharded collection ({@code $listClusterCatalog}) rather than
     *     the tracked ones only (config.collections' {@code unsplittable: true})
     */
    public record Recorded(String source, boolean everyCollection) {}

    /** A tile's {@link Tile#bytes()} when the source recorded no size for it. */
    public static final long UNKNOWN_BYTES = -1;

    /**
     * The id of the config server when it is also a shard (a config shard, 8.0+): mongo {@code src/mongo/s/shard_id.h}
     * {@code ShardId::kConfigServerId}, "config".
     */
    public static final String CONFIG_SHARD_ID = ShardedCatalog.CONFIG_SHARD_ID;

    /**
     * One shard.
     *
     * @param configShard whether it is the config server acting as a shard
     * @param draining whether it is being removed (config.shards {@code draining: true})
     * @param bytes the data it holds over every collection, or {@link #UNKNOWN_BYTES} when a recorded source told no
     *     size (a config dump)
     * @param indexBytes the indexes of every collection with data on it, their parts on this shard ({@code $collStats}'
     *     {@code totalIndexSize} per shard), in bytes; {@link #UNKNOWN_BYTES} when the source did not tell (a recorded
     *     layout: ShardLab reads no index sizes from it)
     * @param capacityBytes the size of its disk: the simulator's setting ({@link PlacementEditor#shardCapacity}), or
     *     {@link #UNKNOWN_BYTES} for a recorded layout, whose disks ShardLab does not read
     * @param drainLeft what is left of its drain while it drains ({@link ShardDrain#left}), said in its DRAINING badge;
     *     empty when it does not drain or the source did not count it
     */
    public record Lane(
            String shard,
            boolean configShard,
            boolean draining,
            long bytes,
            long indexBytes,
            long capacityBytes,
            Optional<Message> drainLeft) {

        public Lane {
            Objects.requireNonNull(drainLeft, "drainLeft");
        }

        /** Whether its disk's size is known. */
        public boolean capacityKnown() {
            return capacityBytes != UNKNOWN_BYTES;
        }

        /** Whether its data's size is known. */
        public boolean dataKnown() {
            return bytes != UNKNOWN_BYTES;
        }

        /** Whether its indexes' size is known. */
        public boolean indexesKnown() {
            return indexBytes != UNKNOWN_BYTES;
        }

        /** What its disk holds: every collection's data and indexes on it, in bytes (what is known of them). */
        public long usedBytes() {
            return (dataKnown() ? bytes : 0) + (indexesKnown() ? indexBytes : 0);
        }

        /**
         * The free space on its disk: its capacity less every collection's data and indexes on it (0 when they fill
         * it), in bytes; {@link #UNKNOWN_BYTES} when the capacity is not known.
         */
        public long freeBytes() {
            return capacityKnown() ? Math.max(0, capacityBytes - usedBytes()) : UNKNOWN_BYTES;
        }
    }

    /** A database and its primary shard (config.databases {@code primary}). */
    public record Database(String name, String primaryShard) {}

    /**
     * An unsharded collection.
     *
     * @param shard the shard it lives on: where {@code moveCollection} put it, else its database's primary
     * @param bytes its data, or {@link #UNKNOWN_BYTES} when a recorded source did not tell
     * @param tracked whether config.collections holds it ({@code unsplittable: true}, moved or unsharded)
     */
    public record Tile(String namespace, String shard, long bytes, boolean tracked) {}

    /**
     * A sharded collection: its key and its chunks, sizes and shards now.
     *
     * @param layout its chunks on their shards
     * @param chunkStatistics documents and bytes per chunk in key order; empty when a recorded source did not tell
     */
    public record KeyLine(String namespace, String key, ClusterSnapshot layout, List<ChunkStatistics> chunkStatistics) {

        public KeyLine {
            chunkStatistics = List.copyOf(chunkStatistics);
        }

        /** The bytes of its chunks, over every shard (0 when the sizes are not known). */
        public long bytes() {
            return chunkStatistics.stream().mapToLong(ChunkStatistics::bytes).sum();
        }

        /** Whether its chunks' sizes are known. */
        public boolean sizesKnown() {
            return !chunkStatistics.isEmpty();
        }
    }

    public ClusterPlacement {
        Objects.requireNonNull(release, "release");
        lanes = List.copyOf(lanes);
        databases = List.copyOf(databases);
        tiles = List.copyOf(tiles);
        keyLines = List.copyOf(keyLines);
        Objects.requireNonNull(recorded, "recorded");
    }

    /**
     * The placement of every database and collection {@code catalog} holds now, and of every collection the storage
     * holds: an empty collection ({@code db.createCollection}, or emptied) still lives somewhere, on its database's
     * primary shard unless {@code moveCollection} placed it. On the simulation thread.
     *
     * @param stored the clients' collections the storage holds ({@code MongosCommands.storedNamespaces})
     * @param shardCapacityBytes the size of each shard's disk, in bytes
     */
    public static ClusterPlacement of(ShardedCatalog catalog, Collection<String> stored, long shardCapacityBytes) {
        Map<String, Long> bytes = catalog.bytesPerShard();
        List<Lane> lanes = new ArrayList<>();
        for (Shard s : catalog.shards()) {
            lanes.add(new Lane(
                    s.id(),
                    CONFIG_SHARD_ID.equals(s.id()),
                    s.draining(),
                    bytes.getOrDefault(s.id(), 0L),
                    0,
                    shardCapacityBytes,
                    Optional.empty()));
        }
        List<Database> databases = catalog.databases().values().stream()
                .map(d -> new Database(d.name(), d.primaryShard()))
                .toList();
        TreeSet<String> unsharded = new TreeSet<>(catalog.unshardedCollections().keySet());
        unsharded.addAll(catalog.unsplittableCollections().keySet());
        stored.stream()
                .filter(ns -> !ns.substring(ns.indexOf('.') + 1).startsWith("system."))
                .forEach(unsharded::add);
        unsharded.removeAll(catalog.collections().keySet());
        List<Tile> tiles = new ArrayList<>();
        for (String ns : unsharded) {
            catalog.shardOfUnsharded(ns)
                    .ifPresent(shard -> tiles.add(new Tile(
                            ns,
                            shard,
                            catalog.unshardedBytes(ns),
                            catalog.unsplittableCollections().containsKey(ns))));
        }
        List<KeyLine> lines = catalog.collections().values().stream()
                .map(c -> {
                    SimulationSnapshot now = c.cluster().snapshot();
                    return new KeyLine(
                            c.namespace(), c.cluster().shardKey().toString(), now.cluster(), now.chunkStatistics());
                })
                .toList();
        return new ClusterPlacement(catalog.config().version(), lanes, databases, tiles, lines, Optional.empty());
    }

    /** Every collection's namespace: the unsharded ones, then the sharded ones. */
    public List<String> namespaces() {
        List<String> out = new ArrayList<>();
        tiles.forEach(t -> out.add(t.namespace()));
        keyLines.forEach(l -> out.add(l.namespace()));
        return out;
    }

    /**
     * This placement with each lane's indexes and what is left of its drain.
     *
     * @param indexBytes per shard id, the indexes of every collection on it, in bytes (a shard without an entry: 0)
     * @param drainsLeft per draining shard id, what is left of its drain
     */
    public ClusterPlacement withLaneFigures(Map<String, Long> indexBytes, Map<String, Message> drainsLeft) {
        List<Lane> figured = lanes.stream()
                .map(l -> new Lane(
                        l.shard(),
                        l.configShard(),
                        l.draining(),
                        l.bytes(),
                        indexBytes.getOrDefault(l.shard(), 0L),
                        l.capacityBytes(),
                        l.draining() ? Optional.ofNullable(drainsLeft.get(l.shard())) : Optional.empty()))
                .toList();
        return new ClusterPlacement(release, figured, databases, tiles, keyLines, recorded);
    }

    /**
     * This placement as render draws it ({@link PlacementBoard}): the window's export and the CLI's picture of the
     * board. A key line's chunk sizes go with it when known.
     */
    public PlacementBoard board() {
        List<PlacementBoard.Lane> boardLanes = lanes.stream()
                .map(l -> new PlacementBoard.Lane(
                        l.shard(),
                        l.configShard(),
                        l.draining(),
                        l.drainLeft(),
                        l.bytes(),
                        l.indexBytes(),
                        l.capacityBytes(),
                        primaryOf(l.shard())))
                .toList();
        List<PlacementBoard.Tile> boardTiles = tiles.stream()
                .map(t -> new PlacementBoard.Tile(t.namespace(), t.shard(), t.bytes()))
                .toList();
        List<PlacementBoard.KeyLine> lines = keyLines.stream()
                .map(l -> new PlacementBoard.KeyLine(
                        l.namespace(),
                        l.key(),
                        l.sizesKnown() ? l.bytes() : PlacementBoard.UNKNOWN_BYTES,
                        new LayoutData(
                                l.layout(),
                                l.sizesKnown() ? Optional.of(ChunkSizes.of(l.chunkStatistics())) : Optional.empty())))
                .toList();
        return new PlacementBoard(release.toString(), boardLanes, boardTiles, lines, recorded.map(Recorded::source));
    }

    /** Whether the board may change this placement: the simulator's, not a recorded one. */
    public boolean changeable() {
        return recorded.isEmpty();
    }

    /** Whether the release has {@code moveCollection} and {@code unshardCollection} (8.0+). */
    public boolean movesCollections() {
        return release.atLeast(8, 0);
    }

    /** The unsharded collections on {@code shard}, in namespace order. */
    public List<Tile> tilesOn(String shard) {
        return tiles.stream().filter(t -> t.shard().equals(shard)).toList();
    }

    /** The databases whose primary shard {@code shard} is, in name order. */
    public List<String> primaryOf(String shard) {
        return databases.stream()
                .filter(d -> shard.equals(d.primaryShard()))
                .map(Database::name)
                .toList();
    }

    /** The lane of {@code shard}, if the cluster has that shard. */
    public Optional<Lane> lane(String shard) {
        return lanes.stream().filter(l -> l.shard().equals(shard)).findFirst();
    }

    /** The unsharded collection {@code namespace}, if there is one. */
    public Optional<Tile> tile(String namespace) {
        return tiles.stream().filter(t -> t.namespace().equals(namespace)).findFirst();
    }
}

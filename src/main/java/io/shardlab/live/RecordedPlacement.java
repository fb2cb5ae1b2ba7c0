package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.DrainRemaining;
import io.shardlab.session.ClusterPlacement;
import io.shardlab.session.ShardDrain;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A recorded layout's placement (a live cluster's, a config dump's), read from its config metadata: config.shards'
 * shards (the config shard {@code "config"} marked, draining ones too), config.databases' primary shards, the sharded
 * collections' chunks as key lines, and the unsharded collections as tiles where the source told where they live
 * ({@link UnshardedCollections}). A lane's data is what {@code $shardedDataDistribution} or
 * {@code $collStats} reported of the sharded collections ({@link ShardDataSize}: owned documents and bytes, no index
 * sizes), unknown when the source reported none (a config dump: the config database holds no sizes); its indexes and
 * disk are unknown, and unsharded collections' sizes are not read, so their tiles say so. The placement board's window
 * and the CLI's {@code export --placement} read it alike.
 */
public final class RecordedPlacement {

    private RecordedPlacement() {}

    /** The placement {@code metadata} records; a sharded collection whose chunks do not form a layout is left out. */
    public static ClusterPlacement of(ClusterMetadata metadata) {
        Map<String, Long> bytes = new HashMap<>();
        List<ClusterPlacement.KeyLine> lines = new ArrayList<>();
        for (CollectionLayout c : metadata.collections()) {
            if (c.dataDistribution() != null) {
                for (ShardDataSize s : c.dataDistribution().shards()) {
                    bytes.merge(s.shard(), s.bytes(), Long::sum);
                }
            }
            if (c.map() != null) {
                lines.add(new ClusterPlacement.KeyLine(
                        c.namespace(), c.key().toString(), c.snapshot(metadata.shards()), List.of()));
            }
        }
        // a config dump holds no sizes at all: its lanes' data is unknown, not 0
        boolean sizesRead = metadata.collections().stream().anyMatch(c -> c.dataDistribution() != null);
        List<ClusterPlacement.Lane> lanes = new ArrayList<>();
        Map<String, Long> noIndexFigures = new HashMap<>();
        for (Shard s : metadata.shards()) {
            lanes.add(new ClusterPlacement.Lane(
                    s.id(),
                    ClusterPlacement.CONFIG_SHARD_ID.equals(s.id()),
                    s.draining(),
                    sizesRead ? bytes.getOrDefault(s.id(), 0L) : ClusterPlacement.UNKNOWN_BYTES,
                    ClusterPlacement.UNKNOWN_BYTES,
                    ClusterPlacement.UNKNOWN_BYTES,
                    Optional.empty()));
            noIndexFigures.put(s.id(), ClusterPlacement.UNKNOWN_BYTES);
        }
        List<ClusterPlacement.Database> databases = metadata.databases().stream()
                .map(d -> new ClusterPlacement.Database(d.name(), d.primary()))
                .toList();
        List<ClusterPlacement.Tile> tiles = new ArrayList<>();
        for (UnshardedCollection u : metadata.unsharded().collections()) {
            tiles.add(new ClusterPlacement.Tile(u.namespace(), u.shard(), ClusterPlacement.UNKNOWN_BYTES, u.tracked()));
        }
        ClusterPlacement placement = new ClusterPlacement(
                metadata.release().version(),
                lanes,
                databases,
                tiles,
                lines,
                Optional.of(new ClusterPlacement.Recorded(
                        metadata.source(), metadata.unsharded().everyCollection())));
        return placement.withLaneFigures(noIndexFigures, drainsLeft(metadata, placement));
    }

    /**
     * What is left of each draining shard's drain as {@code metadata} records it, by shard id: the words of its
     * DRAINING badges in every picture of a recorded layout (the board's, a collection's diagram).
     */
    public static Map<String, Message> drainsLeft(ClusterMetadata metadata) {
        return of(metadata).lanes().stream()
                .filter(l -> l.drainLeft().isPresent())
                .collect(Collectors.toMap(
                        ClusterPlacement.Lane::shard, l -> l.drainLeft().orElseThrow()));
    }

    private static Map<String, Message> drainsLeft(ClusterMetadata metadata, ClusterPlacement placement) {
        Map<String, Message> drainsLeft = new HashMap<>();
        for (Shard s : metadata.shards()) {
            if (s.draining()) {
                drainsLeft.put(s.id(), ShardDrain.left(remaining(metadata, placement, s.id())));
            }
        }
        return drainsLeft;
    }

    /**
     * What is left on a draining shard as the metadata records it, counted as MongoDB's {@code remaining} counts it
     * (mongo {@code sharding_catalog_manager_shard_operations.cpp}, {@code checkDrainingProgress}): the chunks on it
     * over every sharded collection, the collections with data there (sharded ones with chunks there, unsharded ones
     * living there) and the databases whose primary it is.
     */
    private static DrainRemaining remaining(ClusterMetadata metadata, ClusterPlacement placement, String shard) {
        long chunks = 0;
        long jumbo = 0;
        TreeSet<String> collections = new TreeSet<>();
        for (CollectionLayout c : metadata.collections()) {
            if (c.map() == null) {
                continue;
            }
            for (Chunk chunk : c.map().chunks()) {
                if (chunk.shard().equals(shard)) {
                    chunks++;
                    jumbo += chunk.jumbo() ? 1 : 0;
                    collections.add(c.namespace());
                }
            }
        }
        List<String> unsharded = placement.tilesOn(shard).stream()
                .map(ClusterPlacement.Tile::namespace)
                .toList();
        collections.addAll(unsharded);
        return new DrainRemaining(
                shard, chunks, jumbo, List.copyOf(collections), unsharded, placement.primaryOf(shard));
    }
}

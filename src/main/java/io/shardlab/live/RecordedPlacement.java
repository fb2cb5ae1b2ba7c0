package io.shardlab.live;

import io.shardlab.cluster.Shard;
import io.shardlab.session.ClusterPlacement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A recorded layout's placement (a live cluster's, a config dump's), read from its config metadata: config.shards'
 * shards (the config shard {@code "config"} marked, draining ones too), config.databases' primary shards, the sharded
 * collections' chunks as key lines, and the unsharded collections as tiles where the source told where they live
 * ({@link UnshardedCollections}). A lane's data is what {@code $shardedDataDistribution} or
 * {@code $collStats} reported of the sharded collections; unsharded collections' sizes are not read, so their tiles
 * say so. The placement board's window and the CLI's {@code export --placement} read it alike.
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
        List<ClusterPlacement.Lane> lanes = new ArrayList<>();
        for (Shard s : metadata.shards()) {
            lanes.add(new ClusterPlacement.Lane(
                    s.id(),
                    ClusterPlacement.CONFIG_SHARD_ID.equals(s.id()),
                    s.draining(),
                    bytes.getOrDefault(s.id(), 0L),
                    0,
                    ClusterPlacement.UNKNOWN_BYTES,
                    Optional.empty()));
        }
        List<ClusterPlacement.Database> databases = metadata.databases().stream()
                .map(d -> new ClusterPlacement.Database(d.name(), d.primary()))
                .toList();
        List<ClusterPlacement.Tile> tiles = new ArrayList<>();
        for (UnshardedCollection u : metadata.unsharded().collections()) {
            tiles.add(new ClusterPlacement.Tile(u.namespace(), u.shard(), ClusterPlacement.UNKNOWN_BYTES, u.tracked()));
        }
        return new ClusterPlacement(
                metadata.release().version(),
                lanes,
                databases,
                tiles,
                lines,
                Optional.of(new ClusterPlacement.Recorded(
                        metadata.source(), metadata.unsharded().everyCollection())));
    }
}

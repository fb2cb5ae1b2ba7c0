package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Test helper: a simulated cluster loaded ({@link LoadLayout}) from chunks written as text, the way
 * MongoDB's config-server unit tests set up {@code config.chunks} ({@code setupCollection}), and the
 * cluster's chunks written back the same way. A chunk is {@code [MIN, MAX) SHARD MAJOR.MINOR} (its {@code lastmod}, Timestamp(MAJOR, MINOR)), optionally
 * followed by {@code jumbo}; chunks are {@code ;}-separated, in key order, tiling {@code [MinKey, MaxKey)}.
 * Bounds are {@code MinKey}, {@code MaxKey} or int32 values of {@code x} (the key is {@code {x: 1}}). The
 * shards are the ones the chunks name plus any listed, with no zone; the loaded chunks hold no documents.
 */
final class TextLayout {

    static final String NS = "TestDB.TestColl";
    static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");

    private static final Pattern CHUNK = Pattern.compile(
            "\\[\\s*(\\w+|-?\\d+)\\s*,\\s*(\\w+|-?\\d+)\\s*\\)\\s+(\\w+)\\s+(\\d+)\\.(\\d+)(\\s+jumbo)?");

    private TextLayout() {}

    /** A cluster of {@code version} (1 MiB chunks) holding {@code layout}, with {@code moreShards} besides. */
    static SimulatedCluster load(String version, String layout, String... moreShards) {
        return load(version, layout, List.of(), moreShards);
    }

    /** As {@link #load(String, String, String...)}, with zone ranges; every shard is in every zone. */
    static SimulatedCluster load(String version, String layout, List<ZoneRange> zones, String... moreShards) {
        List<Chunk> chunks = chunks(layout);
        Set<String> ids = new TreeSet<>(List.of(moreShards));
        chunks.forEach(c -> ids.add(c.shard()));
        Set<String> zoneNames = zones.stream().map(ZoneRange::zone).collect(Collectors.toSet());
        List<Shard> shards = new ArrayList<>();
        for (String id : ids) {
            shards.add(new Shard(id, id + ":12", zoneNames, false));
        }
        SimulatedCluster cluster = new SimulatedCluster(SimulationConfig.of(MongoVersion.parse(version))
                .withMaxChunkSizeBytes(1024 * 1024)
                .withInvariantChecks(true));
        cluster.execute(
                new LoadLayout(new ClusterSnapshot(NS, KEY, false, shards, new ChunkMap(chunks), zones), List.of()));
        return cluster;
    }

    /** The chunks of {@code layout}. */
    static List<Chunk> chunks(String layout) {
        List<Chunk> chunks = new ArrayList<>();
        Matcher m = CHUNK.matcher(layout);
        while (m.find()) {
            chunks.add(new Chunk(
                    key(m.group(1)),
                    key(m.group(2)),
                    m.group(3),
                    m.group(6) != null,
                    new ChunkVersion(Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)))));
        }
        if (chunks.isEmpty()) {
            throw new IllegalArgumentException("layout: no chunk in '" + layout + "'");
        }
        return chunks;
    }

    /** The cluster's chunks in the notation of {@link #load}. */
    static String of(SimulatedCluster cluster) {
        return cluster.chunks().chunks().stream().map(TextLayout::of).collect(Collectors.joining("; "));
    }

    /** One chunk in the notation of {@link #load}. */
    static String of(Chunk c) {
        return "[" + text(c.min()) + ", " + text(c.max()) + ") " + c.shard() + " "
                + c.version().major() + "." + c.version().minor() + (c.jumbo() ? " jumbo" : "");
    }

    /** The key of a bound written {@code MinKey}, {@code MaxKey} or an int32. */
    static ShardKey key(String bound) {
        return switch (bound) {
            case "MinKey" -> KEY.globalMin();
            case "MaxKey" -> KEY.globalMax();
            default -> ShardKey.of(new BsonInt32(Integer.parseInt(bound)));
        };
    }

    /** The bound as the document a command takes: {@code {x: …}}. */
    static BsonDocument bound(String bound) {
        return key(bound).toDocument(KEY);
    }

    /** The chunk holding {@code x}, as its index. */
    static int indexOf(SimulatedCluster cluster, String x) {
        return cluster.chunks().indexOf(key(x));
    }

    private static String text(ShardKey k) {
        if (k.equals(KEY.globalMin())) {
            return "MinKey";
        }
        if (k.equals(KEY.globalMax())) {
            return "MaxKey";
        }
        return k.toDocument(KEY).get("x").isInt32()
                ? String.valueOf(k.toDocument(KEY).getInt32("x").getValue())
                : k.toDocument(KEY).get("x").toString();
    }
}

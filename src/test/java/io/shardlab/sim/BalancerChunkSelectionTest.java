package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The balancer's chunk selection, as mongo
 * {@code src/mongo/db/s/balancer/balancer_chunk_selection_policy_test.cpp} states it, on
 * {@code {x: 1}} with shards {@code shard0}, {@code shard1}, {@code db} primary on shard0.
 */
class BalancerChunkSelectionTest {

    private static final String NS = "db.coll";
    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");
    private static final long MIB = 1024 * 1024;

    private static ShardKey key(String v) {
        return switch (v) {
            case "min" -> KEY.globalMin();
            case "max" -> KEY.globalMax();
            default -> ShardKey.of(new BsonInt32(Integer.parseInt(v)));
        };
    }

    private static BsonDocument bound(String v) {
        return key(v).toDocument(KEY);
    }

    @ParameterizedTest(name = "TagRangesOverlap: A [{0}, {1}) then B [{2}, {3})")
    @CsvSource(textBlock = """
            min, -10, -15, max
            min, -5,  -10, max
            min, max, -15, max
            """)
    void tagRangesOverlap(String aMin, String aMax, String bMin, String bMax) {
        // MongoDB's balancer meets overlapping zones only when config.tags was written by hand
        // (RangeOverlapConflict); updateZoneKeyRange refuses to create them in the first place
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, MIB);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new AddShardToZone("shard01", "A"));
        c.execute(new AddShardToZone("shard02", "B"));
        c.execute(new UpdateZoneKeyRange(NS, bound(aMin), bound(aMax), "A"));
        String refusal = c.canApply(new UpdateZoneKeyRange(NS, bound(bMin), bound(bMax), "B"))
                .orElse("(accepted)");
        assertTrue(refusal.startsWith("Zone range: ") && refusal.contains(" is overlapping with existing: "), refusal);
    }

    @ParameterizedTest(name = "[{0}] TagRangeMaxNotAlignedWithChunkMax: chunks split at {1}")
    @CsvSource(textBlock = """
            6.0.2, -5
            6.0.2, -15
            8.0,   -5
            8.0,   -15
            """)
    void aChunkAcrossAZoneBoundIsNotMovedUntilItIsSplit(String version, String split) {
        // zone A [MinKey, -10) on both shards; shard0 holds every chunk, so the cluster is imbalanced
        List<Shard> shards =
                List.of(new Shard("shard0", "", Set.of("A"), false), new Shard("shard1", "", Set.of("A"), false));
        List<Chunk> chunks = List.of(
                new Chunk(key("min"), key(split), "shard0", false, new ChunkVersion(2, 0)),
                new Chunk(key(split), key("max"), "shard0", false, new ChunkVersion(2, 1)));
        ClusterSnapshot layout = new ClusterSnapshot(
                NS, KEY, false, shards, new ChunkMap(chunks), List.of(new ZoneRange(key("min"), key("-10"), "A")));
        List<ChunkStatistics> contents = new ArrayList<>();
        for (Chunk ch : chunks) {
            contents.add(new ChunkStatistics(ch, 4096, 4096 * 1024L));
        }
        SimulatedCluster cluster = SimulatedCluster.fromLayout(
                SimulationConfig.of(MongoVersion.parse(version))
                        .withMaxChunkSizeBytes(MIB)
                        .withInvariantChecks(true),
                new LoadLayout(layout, contents));

        // selectChunksToMove alone: the chunk that crosses the zone's bound waits for the split
        ClusterState state = cluster.state();
        List<BalancerPolicy.Plan> plans =
                BalancerRound.selectChunksToMove(state, new HashSet<>(BalancerPolicy.busyShards(state)));
        assertEquals(List.of(), plans);
        // balancerCollectionStatus asks selectChunksToSplit first (balancer.cpp getBalancerStatusForNs)
        assertEquals(java.util.Optional.of(MigrationReason.ZONE_VIOLATION), cluster.balancerComplianceViolation());

        // a whole round splits it at the zone's bound first (selectChunksToSplit), as MongoDB's round does
        cluster.execute(new SetBalancerState(true));
        cluster.execute(new BalancerRound());
        assertTrue(
                cluster.snapshot().cluster().chunks().chunks().stream()
                        .anyMatch(ch -> ch.max().equals(key("-10"))),
                cluster.snapshot().cluster().chunks().toString());
    }

    // ---- the time-series cases ----------------------------------------------------------------------------
    // ShardedTimeseriesCollectionsCanBeAutoSplitted and ShardedTimeseriesCollectionsCanBeBalanced set up the
    // collection with timeseriesFields and expect what a plain collection gets: the selection reads the chunks,
    // zones and sizes only. ShardLab has no time-series collection type, so the cases run on a plain one.

    @ParameterizedTest(name = "[{0}] ShardedTimeseriesCollectionsCanBeAutoSplitted")
    @CsvSource({"6.0.2", "8.0"})
    void oneChunkAcrossTwoZonesIsSplitAtTheirBound(String version) {
        List<Shard> shards =
                List.of(new Shard("shard0", "", Set.of("A"), false), new Shard("shard1", "", Set.of("B"), false));
        List<Chunk> chunks = List.of(new Chunk(key("min"), key("max"), "shard0", false, new ChunkVersion(2, 0)));
        ClusterSnapshot layout = new ClusterSnapshot(
                NS,
                KEY,
                false,
                shards,
                new ChunkMap(chunks),
                List.of(new ZoneRange(key("min"), key("0"), "A"), new ZoneRange(key("0"), key("max"), "B")));
        SimulatedCluster cluster = SimulatedCluster.fromLayout(
                SimulationConfig.of(MongoVersion.parse(version))
                        .withMaxChunkSizeBytes(MIB)
                        .withInvariantChecks(true),
                new LoadLayout(layout, List.of()));
        List<ClusterEvent> events = new ArrayList<>();
        cluster.addListener(events::add);

        cluster.execute(new BalancerRound());

        List<ClusterEvent.ChunkSplit> splits = events.stream()
                .filter(ClusterEvent.ChunkSplit.class::isInstance)
                .map(ClusterEvent.ChunkSplit.class::cast)
                .toList();
        assertEquals(1, splits.size(), "one chunk to split");
        assertEquals(List.of(key("0")), splits.get(0).splitPoints());
    }

    @Test
    void shardedTimeseriesCollectionsCanBeBalanced() {
        // featureFlagBalanceAccordingToDataSize off: the chunk-count policy (6.0.2); 102 chunks on shard0, two shards,
        // one migration per round as each shard takes part in one
        List<Shard> shards =
                List.of(new Shard("shard0", "", Set.of(), false), new Shard("shard1", "", Set.of(), false));
        List<Chunk> chunks = new ArrayList<>();
        chunks.add(new Chunk(key("min"), key("0"), "shard0", false, new ChunkVersion(2, 0)));
        for (int i = 1; i <= 100; i++) {
            chunks.add(new Chunk(
                    key(String.valueOf(i - 1)), key(String.valueOf(i)), "shard0", false, new ChunkVersion(2, i)));
        }
        chunks.add(new Chunk(key("100"), key("max"), "shard0", false, new ChunkVersion(2, 101)));
        SimulatedCluster cluster = SimulatedCluster.fromLayout(
                SimulationConfig.of(MongoVersion.parse("6.0.2"))
                        .withMaxChunkSizeBytes(MIB)
                        .withInvariantChecks(true),
                new LoadLayout(
                        new ClusterSnapshot(NS, KEY, false, shards, new ChunkMap(chunks), List.of()), List.of()));

        ClusterState state = cluster.state();
        List<BalancerPolicy.Plan> plans =
                BalancerRound.selectChunksToMove(state, new HashSet<>(BalancerPolicy.busyShards(state)));

        assertEquals(1, plans.size());
    }
}

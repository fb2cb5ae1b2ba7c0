package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterRulesTest {

    private static final String NS = "db.c";

    static SimulatedCluster cluster(MongoVersion version, int shards, long chunkSize) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(version).withMaxChunkSizeBytes(chunkSize).withInvariantChecks(true));
        for (int i = 1; i <= shards; i++) {
            c.execute(new AddShard(String.format("shard%02d", i)));
        }
        return c;
    }

    static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    @ParameterizedTest(name = "{0} with {1} shards: {2} initial hashed chunks, {3} per shard")
    @CsvSource(textBlock = """
            4.4, 2, 4, 2
            5.0, 3, 6, 2
            6.0, 4, 8, 2
            7.0, 2, 4, 2
            8.0, 4, 4, 1
            8.0, 3, 3, 1
            """)
    void hashedShardCollectionCreatesTheVersionsInitialChunks(String version, int shards, int chunks, int perShard) {
        SimulatedCluster c = cluster(MongoVersion.parse(version), shards, 0);
        c.execute(ShardCollection.of(NS, "{x: 'hashed'}"));
        SimulationSnapshot s = c.snapshot();
        assertEquals(chunks, s.cluster().chunks().size());
        s.cluster().chunks().chunksPerShard().values().forEach(n -> assertEquals(perShard, n));
        if (perShard == 2) {
            // contiguous runs before 7.2: chunks 0 and 1 on the same shard
            assertEquals(
                    s.cluster().chunks().get(0).shard(),
                    s.cluster().chunks().get(1).shard());
        }
    }

    @ParameterizedTest(name = "{0}: {1} auto-splits")
    @CsvSource(textBlock = """
            4.4, true
            5.0, true
            6.0, false
            7.0, false
            8.0, false
            """)
    void monotonicInsertsAutoSplitOnlyBefore60(String version, boolean splits) {
        SimulatedCluster c = cluster(MongoVersion.parse(version), 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetBalancerState(false));
        for (int b = 0; b < 40; b++) {
            c.insert(
                    NS,
                    InsertBatch.ofInt64(
                            LongStream.range(b * 1000L, (b + 1) * 1000L).toArray(), 100));
        }
        int chunks = c.snapshot().cluster().chunks().size();
        assertEquals(splits, chunks > 1, "chunks: " + chunks);
        assertEquals(40_000, c.snapshot().documents());
    }

    @Test
    void topChunkOptimisationLeavesOneDocumentInTheTopChunkAndMovesIt() {
        SimulatedCluster c = cluster(MongoVersion.V5_0, 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        List<ClusterEvent> events = new ArrayList<>();
        c.addListener(events::add);
        for (int b = 0; b < 20; b++) {
            c.insert(
                    NS,
                    InsertBatch.ofInt64(
                            LongStream.range(b * 1000L, (b + 1) * 1000L).toArray(), 100));
        }
        ClusterEvent.ChunkSplit first = (ClusterEvent.ChunkSplit) events.stream()
                .filter(e -> e instanceof ClusterEvent.ChunkSplit)
                .findFirst()
                .orElseThrow();
        // the first chunk [MinKey, MaxKey) starts at MinKey: its first point is the 2nd document's key
        assertEquals(1L, first.splitPoints().get(0).get(0).asInt64().getValue());
        assertTrue(events.stream()
                .anyMatch(e -> e instanceof ClusterEvent.MigrationStarted m
                        && m.migration().reason() == MigrationReason.TOP_CHUNK));
    }

    @Test
    void chunkCountBalancerMovesUntilRoundedIdealIsReached() {
        SimulatedCluster c = cluster(MongoVersion.V4_4, 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetAutoSplit(false));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 300).toArray(), 100));
        c.execute(new SplitAt(NS, doc("{x: 100}")));
        c.execute(new SplitAt(NS, doc("{x: 200}")));
        // 3 chunks on shard01, 0 on shard02: ideal = round(1.5) = 2 → one migration, then 2/1 is balanced
        c.advance(60_000);
        assertEquals(
                java.util.Map.of("shard01", 2, "shard02", 1),
                c.snapshot().cluster().chunks().chunksPerShard());
    }

    @Test
    void dataSizeBalancerMovesAboutOneChunkSizeWithMoveRangeOnlyBeyondThreeChunkSizes() {
        long mb = 1024 * 1024;
        SimulatedCluster c = cluster(MongoVersion.V8_0, 2, mb);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        // 2.5 MB: below the 3 × chunk size threshold
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 25_600).toArray(), 100));
        c.advance(30_000);
        assertEquals(1, c.snapshot().cluster().chunks().size());
        // 5 MB on one shard, 0 on the other: above the threshold, a moveRange of ~1 MB starts
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(25_600, 51_200).toArray(), 100));
        c.advance(11_000);
        long moved = c.snapshot().chunkStatistics().stream()
                .filter(s -> s.chunk().shard().equals("shard02"))
                .mapToLong(ChunkStatistics::bytes)
                .sum();
        assertTrue(moved > 0 && moved <= mb, "moved " + moved);
    }

    @Test
    void jumboChunkIsMarkedWhenATooBigChunkHasOneKeyValue() {
        SimulatedCluster c = cluster(MongoVersion.V4_4, 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetAutoSplit(false));
        c.insert(NS, InsertBatch.ofInt64(new long[30_000], 100));
        c.execute(new SplitAt(NS, doc("{x: 10}")));
        c.execute(new SplitAt(NS, doc("{x: 20}")));
        c.advance(20_000);
        boolean jumbo = c.snapshot().cluster().chunks().chunks().stream().anyMatch(Chunk::jumbo);
        assertTrue(jumbo);
        assertEquals(1, c.snapshot().counters().jumboMarked());
    }

    @Test
    void aChunkOverTheMaxSizeWithOneKeyValueIsReportedAsOversizedAndUnsplittableWithoutAJumboFlag() {
        // given 8.0 (no auto-split; the balancer is off, so nothing tries to move and mark it) and 1 MB chunks
        SimulatedCluster c = cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetBalancerState(false));
        c.execute(new SplitAt(NS, doc("{x: 10}")));
        // when 3 MB of one value land in [MinKey, 10), and 3 MB of two values in [10, MaxKey)
        c.insert(NS, InsertBatch.ofInt64(new long[30_000], 100));
        long[] two = new long[30_000];
        java.util.Arrays.fill(two, 15_000, 30_000, 11);
        java.util.Arrays.fill(two, 0, 15_000, 12);
        c.insert(NS, InsertBatch.ofInt64(two, 100));

        // then only the one-value chunk is reported, and it is not marked jumbo
        SimulationSnapshot s = c.snapshot();
        assertEquals(List.of(0), s.oversizedOneValueChunks());
        assertFalse(s.cluster().chunks().get(0).jumbo());

        // and a chunk of one value within the max size is not
        SimulatedCluster small = cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        small.execute(ShardCollection.of(NS, "{x: 1}"));
        small.insert(NS, InsertBatch.ofInt64(new long[1_000], 100));
        assertEquals(List.of(), small.snapshot().oversizedOneValueChunks());
    }

    @Test
    void zonesAreEnforcedBeforeBalancing() {
        SimulatedCluster c = cluster(MongoVersion.V7_0, 3, 1024 * 1024);
        c.execute(new AddShardToZone("shard03", "EU"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: 0}"), doc("{x: 100}"), "EU"));
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 200).toArray(), 100));
        c.advance(30_000);
        for (Chunk ch : c.snapshot().cluster().chunks().chunks()) {
            if (ch.min().get(0).isNumber() && ch.min().get(0).asNumber().longValue() == 0) {
                assertEquals("shard03", ch.shard());
            }
        }
    }
}

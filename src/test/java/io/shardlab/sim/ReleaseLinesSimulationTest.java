package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import java.util.Map;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The simulator follows each release line's splitting and balancing rules (ReleaseRules' table). */
class ReleaseLinesSimulationTest {

    private static final String NS = "db.c";
    private static final long MB = 1024 * 1024;

    @ParameterizedTest(name = "max {0} B, {1} chunks: mongos splits at {2} B")
    @CsvSource(textBlock = """
            # mongo src/mongo/s/write_ops/cluster_write.cpp calculateDesiredChunkSize (4.0)
            67108864, 0,  1024
            67108864, 1,  1024
            67108864, 2,  524288
            67108864, 3,  16777216
            67108864, 9,  16777216
            67108864, 10, 33554432
            67108864, 19, 33554432
            67108864, 20, 67108864
            1048576,  5,  1048576
            1048576,  15, 1048576
            2097152,  15, 1048576
            """)
    void mongosSplitsEarlyChunksOfASmallCollectionSmaller(long max, int chunks, long desired) {
        assertEquals(desired, MongosAutoSplitter.desiredChunkSize(max, chunks));
    }

    @ParameterizedTest(name = "{0} B written, desired {1}, edge {2}: check {3}")
    @CsvSource(textBlock = """
            # mongo src/mongo/s/chunk.cpp Chunk::shouldSplit: desired / 5, 90 % of it at MinKey/MaxKey
            203,  1024, false, false
            204,  1024, false, true
            184,  1024, true,  true
            183,  1024, true,  false
            """)
    void mongosChecksAChunkAfterAFifthOfTheDesiredSize(long written, long desired, boolean edge, boolean check) {
        assertEquals(check, MongosAutoSplitter.shouldSplit(written, desired, edge));
    }

    @ParameterizedTest(name = "{0} B written, desired {1}: splitVector at {2}")
    @CsvSource(textBlock = """
            # cluster_write.cpp: bytesWritten / desired * 2 >= kTooManySplitPoints (4) -> min(written, max)
            1500,     1024,    1024
            2048,     1024,    2048
            3000,     1024,    3000
            99999999, 1024,    67108864
            """)
    void mongosUsesALargerChunkSizeWhenTheDesiredOneWouldMakeTooManySplitPoints(long written, long desired, long used) {
        assertEquals(used, MongosAutoSplitter.chunkSizeToUse(written, desired, 64 * MB));
    }

    @ParameterizedTest(name = "{0}: 10 KB into a new collection splits it: {1}")
    @CsvSource(textBlock = """
            4.0,    true
            4.0.28, true
            4.2,    false
            4.4.29, false
            5.0,    false
            6.0.2,  false
            8.0,    false
            """)
    void onlyMongosSideAutoSplitSplitsATinyNewCollection(String version, boolean splits) {
        SimulatedCluster c = cluster(version, 2, 0);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetBalancerState(false));
        for (long x = 0; x < 100; x++) {
            c.insert(NS, InsertBatch.ofInt64(new long[] {x}, 100));
        }
        assertEquals(splits, c.snapshot().cluster().chunks().size() > 1);
        assertEquals(100, c.snapshot().documents());
    }

    @ParameterizedTest(name = "{0}: 4 MB of monotonic inserts with 1 MB chunks auto-split: {1}")
    @CsvSource(textBlock = """
            4.0,       true
            4.2.24,    true
            5.3.1,     true
            6.0.0,     true
            6.0.2,     true
            6.0.3,     false
            6.0.3-rc0, false
            6.0,       false
            7.3.1,     false
            8.2.0-rc1, false
            9.1,       false
            """)
    void autoSplitEndsAt603(String version, boolean splits) {
        SimulatedCluster c = cluster(version, 2, MB);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetBalancerState(false));
        for (int b = 0; b < 40; b++) {
            c.insert(
                    NS,
                    InsertBatch.ofInt64(
                            LongStream.range(b * 1000L, (b + 1) * 1000L).toArray(), 100));
        }
        assertEquals(splits, c.snapshot().cluster().chunks().size() > 1);
    }

    @ParameterizedTest(name = "{0}: 21 chunks on one of 2 shards end {1} / {2}")
    @CsvSource(textBlock = """
            # 4.0 balancer_policy.cpp: ideal = ceil(21 / 2) = 11, threshold 2 -> stops when the donor has 12
            4.0,   12, 9
            4.0.3, 12, 9
            # 4.2 on: ideal = roundf(10.5) = 11, threshold 1 -> stops at 11
            4.2,   11, 10
            5.0,   11, 10
            6.0.2, 11, 10
            """)
    void chunkCountBalancerUsesTheReleasesIdealAndThreshold(String version, int donor, int recipient) {
        SimulatedCluster c = cluster(version, 2, MB);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetAutoSplit(false));
        c.execute(new SetBalancerState(false));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 2100).toArray(), 100));
        for (int x = 100; x <= 2000; x += 100) {
            c.execute(new SplitAt(NS, BsonDocument.parse("{x: " + x + "}")));
        }
        c.execute(new SetBalancerState(true));
        c.advance(900_000);
        assertEquals(
                Map.of("shard01", donor, "shard02", recipient),
                c.snapshot().cluster().chunks().chunksPerShard());
    }

    @ParameterizedTest(name = "{0}: an empty hashed collection on 3 shards gets {1} chunks")
    @CsvSource(textBlock = """
            # initial_split_policy.cpp; SERVER-76405 (7.2): one chunk per shard instead of two
            4.0,   6
            5.2,   6
            7.1.1, 6
            7.2,   3
            7.3.1, 3
            8.3,   3
            """)
    void hashedInitialChunksFollowTheRelease(String version, int chunks) {
        SimulatedCluster c = cluster(version, 3, 0);
        c.execute(ShardCollection.of(NS, "{x: 'hashed'}"));
        assertEquals(chunks, c.snapshot().cluster().chunks().size());
    }

    @ParameterizedTest(name = "{0}: the default max chunk size is {1} MB")
    @CsvSource(textBlock = """
            # SERVER-61534: 128 MB from 5.2
            4.0, 64
            5.1, 64
            5.2, 128
            8.0, 128
            """)
    void theDefaultChunkSizeFollowsTheRelease(String version, long megabytes) {
        assertEquals(megabytes * MB, cluster(version, 1, 0).snapshot().maxChunkSizeBytes());
    }

    private static SimulatedCluster cluster(String version, int shards, long chunkSize) {
        return ClusterRulesTest.cluster(MongoVersion.parse(version), shards, chunkSize);
    }
}

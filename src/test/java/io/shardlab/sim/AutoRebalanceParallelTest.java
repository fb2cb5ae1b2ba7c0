package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A balancer round migrates between disjoint pairs of shards in parallel, as mongo
 * {@code jstests/sharding/auto_rebalance_parallel.js} asserts it: four shards, {@code TestDB.TestColl}
 * sharded on {@code {Key: 1}} with the primary on the first, split and moved so that two shards hold the
 * chunks and two hold none; the balancer then balances it with exactly two migrations, one to each empty
 * shard, started in the same round. The file has two copies: before 6.0, four small documents
 * (keys 1, 10, 20, 30, two chunks per shard); from 6.0 (chunk size 1 MB, auto-split off), six documents of
 * 1 MB (keys 1, 10, … 50, three chunks per shard), so that the data-size balancer of 6.0.3+ sees 3 MB
 * against nothing. Shards here are {@code shard01} … {@code shard04} (the file's {@code st.shard0} …).
 */
class AutoRebalanceParallelTest {

    private static final String NS = "TestDB.TestColl";

    @ParameterizedTest(name = "[{0}] {1} documents of {2} B")
    @CsvSource(delimiter = '|', textBlock = """
            # release | keys (one document each) | document size | moved to shard02 (the file's shard1)
            4.0   | 1 10 20 30       | 100     | 20 30
            4.2   | 1 10 20 30       | 100     | 20 30
            4.4   | 1 10 20 30       | 100     | 20 30
            5.0   | 1 10 20 30       | 100     | 20 30
            6.0.0 | 1 10 20 30 40 50 | 1048600 | 30 40 50
            6.0.2 | 1 10 20 30 40 50 | 1048600 | 30 40 50
            6.0.3 | 1 10 20 30 40 50 | 1048600 | 30 40 50
            7.0   | 1 10 20 30 40 50 | 1048600 | 30 40 50
            8.0   | 1 10 20 30 40 50 | 1048600 | 30 40 50
            """)
    void theClusterIsBalancedWithTwoMigrationsInOneRound(
            String release, String keyText, int documentSize, String movedText) {
        // given the file's chunks: one document per chunk, half of them moved to shard02
        long[] keys = longs(keyText);
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 4, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of(NS, "{Key: 1}"));
        c.execute(new SetAutoSplit(false));
        c.insert(NS, InsertBatch.ofInt64(keys, documentSize));
        for (int i = 1; i < keys.length; i++) {
            c.execute(new SplitAt(NS, ClusterRulesTest.doc("{Key: " + keys[i] + "}")));
        }
        for (long key : longs(movedText)) {
            c.execute(new MoveChunk(NS, ClusterRulesTest.doc("{Key: " + key + "}"), "shard02", false));
            c.settle(600_000);
        }
        int half = keys.length / 2;
        assertEquals(Map.of("shard01", half, "shard02", half), c.chunks().chunksPerShard());

        // when the balancer runs until a round has nothing to do
        c.execute(new SetBalancerState(true));
        BalancerRoundsRun first = c.runBalancerRounds(1);
        BalancerRoundsRun next = c.runBalancerRounds(3);

        // then the first round moved one chunk to each empty shard, in parallel, and nothing moved after
        assertEquals(2, first.migrations().size(), "moves in the first round: " + first.migrations());
        assertTrue(
                first.migrations().stream().allMatch(m -> m.round() == 1),
                "both started in one round: " + first.migrations());
        assertEquals(0, next.migrations().size(), "moves after: " + next.migrations());
        Map<String, Integer> perShard = c.chunks().chunksPerShard();
        assertEquals(
                keys.length,
                perShard.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(Map.of("shard01", half - 1, "shard02", half - 1, "shard03", 1, "shard04", 1), perShard);
        assertEquals(keys.length, c.snapshot().documents());
        c.checkInvariants();
    }

    private static long[] longs(String text) {
        return Arrays.stream(text.trim().split("\\s+"))
                .mapToLong(Long::parseLong)
                .toArray();
    }
}

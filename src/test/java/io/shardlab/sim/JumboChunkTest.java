package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import java.util.Map;
import java.util.stream.LongStream;
import org.bson.BsonInt64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunk of one shard-key value cannot be split or moved, as mongo
 * {@code jstests/sharding/jumbo1.js} asserts it: two shards, 1 MB chunks with auto-split, 10 kB
 * documents, 501 of them at {@code x: 0} and one at each {@code x} from 1 to 1499, then the balancer
 * until the chunk counts are within 5 of each other; the chunk holding {@code x: 0} stays on the
 * database's primary shard (the file's shard1 is the primary; here the primary is shard01).
 */
class JumboChunkTest {

    @ParameterizedTest(name = "[{0}] jumbo1.js")
    @CsvSource({"4.0", "4.4", "6.0.2"})
    void theChunkOfOneKeyValueDoesNotMoveWhileTheRestBalances(String version) {
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(version), 2, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of("test.foo", "{x: 1}"));
        long[] keys = LongStream.concat(LongStream.generate(() -> 0).limit(500), LongStream.range(0, 1500))
                .toArray();
        for (int from = 0; from < keys.length; from += 100) {
            // the file's unordered bulk insert, in write batches
            c.insert(
                    "test.foo",
                    InsertBatch.ofInt64(
                            java.util.Arrays.copyOfRange(keys, from, Math.min(keys.length, from + 100)), 10_000));
        }
        c.execute(new SetBalancerState(true));

        int rounds = 0;
        while (diff(c) >= 5 && rounds < 500) {
            c.runBalancerRounds(1);
            rounds++;
        }

        assertTrue(
                c.snapshot().cluster().chunks().size() > 10,
                "auto-split cut the 20 MB into 1 MB chunks: "
                        + c.snapshot().cluster().chunks().size());
        assertTrue(
                diff(c) < 5,
                "balance didn't happen: " + c.snapshot().cluster().chunks().chunksPerShard());
        Chunk jumbo = c.snapshot().cluster().chunks().chunkFor(ShardKey.of(new BsonInt64(0)));
        assertEquals("shard01", jumbo.shard(), "jumbo chunk " + jumbo + " was moved");
        c.checkInvariants();
    }

    private static int diff(SimulatedCluster c) {
        Map<String, Integer> counts = c.snapshot().cluster().chunks().chunksPerShard();
        int a = counts.getOrDefault("shard01", 0);
        int b = counts.getOrDefault("shard02", 0);
        return Math.abs(a - b);
    }
}

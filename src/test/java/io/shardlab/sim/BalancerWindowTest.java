package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.MongoVersion;
import java.time.LocalTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The balancer's active window in the simulator ({@link SetBalancerWindow}), as mongo
 * {@code jstests/sharding/balancer_window.js} states it: outside the window the balancer moves nothing, inside it
 * does. The window's own rule (which times are inside, which windows are refused) is {@code
 * cluster/ActiveWindowTest}'s, ported from {@code balancer_configuration_test.cpp}. The simulated clock starts at
 * midnight UTC.
 */
class BalancerWindowTest {

    @ParameterizedTest(name = "[{0}] balancer_window.js")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0.0", "6.0.3", "7.0", "8.0"})
    void theBalancerMovesNothingOutsideTheActiveWindow(String release) {
        // given test.user split into 16 chunks at 0, 10, … 140, all on shard01, the balancer stopped; the
        // chunk-count releases need the split only, the data-size ones 16 MB to see an imbalance
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 2, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of("test.user", "{_id: 1}"));
        c.execute(new SetAutoSplit(false));
        for (int x = 0; x < 150; x += 10) {
            c.execute(new SplitAt("test.user", ClusterRulesTest.doc("{_id: " + x + "}")));
        }
        long[] ids = new long[16_000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = -10 + (i % 16) * 10 + (i / 16) % 10;
        }
        c.insert("test.user", InsertBatch.ofInt64(ids, 1024));
        int shard0Chunks = c.chunks().chunksPerShard().get("shard01");

        // when the balancer starts with a window two hours before now ("now" is 00:00)
        c.execute(new SetBalancerWindow(new ActiveWindow(LocalTime.of(22, 0), LocalTime.of(23, 0))));
        c.execute(new SetBalancerState(true));
        c.advance(60_000);

        // then no chunk has moved in that minute (the balancer's rounds come every 10 s but do nothing)
        assertEquals(shard0Chunks, c.chunks().chunksPerShard().get("shard01"));

        // when the window is reset to one that holds the current time
        LocalTime now = BalancerGate.timeOfDay(c.now());
        c.execute(new SetBalancerWindow(new ActiveWindow(
                now.withSecond(0).withNano(0), now.plusHours(2).withSecond(0).withNano(0))));
        c.runBalancerRounds(2);

        // then some chunks have moved
        assertNotEquals(shard0Chunks, c.chunks().chunksPerShard().get("shard01"));
        c.checkInvariants();
    }
}

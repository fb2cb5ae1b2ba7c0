package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ZoneRange;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code clearJumboFlag} ({@link ClearJumboFlag}), as mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager_clear_jumbo_flag_test.cpp} and
 * {@code jstests/sharding/clear_jumbo.js} state it: clearing the flag of a jumbo chunk gives it the next
 * major version of the collection; naming a chunk that is not jumbo succeeds and changes nothing; and a
 * jumbo chunk in the wrong zone stays where it is until its flag is cleared, then the balancer moves it.
 * The file's chunks are {@code [MinKey, 0)} (jumbo, 12|7) and {@code [0, MaxKey)} (14|7) on one shard.
 *
 * <p>Not ported: {@code AssertsOnEpochMismatch} (no epochs), {@code AssertsIfChunkCantBeFound} (the
 * {@code find} form always names a chunk) and clear_jumbo.js's hashed-key part, which names the chunk by
 * {@code bounds}: the simulator's {@code clearJumboFlag} takes {@code find} only (see the report of
 * differences).
 */
class ClearJumboFlagTest {

    private static final String FILE_CHUNKS = "[MinKey, 0) shard 12.7 jumbo; [0, MaxKey) shard 14.7";

    @ParameterizedTest(name = "[{0}] {1}: clearJumboFlag find {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test                                        | find | chunks after
            4.4 | ClearJumboShouldBumpVersion                       | -1   | [MinKey, 0) shard 15.0; [0, MaxKey) shard 14.7
            5.0 | ClearJumboShouldBumpVersion                       | -1   | [MinKey, 0) shard 15.0; [0, MaxKey) shard 14.7
            6.0 | ClearJumboShouldBumpVersion                       | -1   | [MinKey, 0) shard 15.0; [0, MaxKey) shard 14.7
            7.0 | ClearJumboShouldBumpVersion                       | -1   | [MinKey, 0) shard 15.0; [0, MaxKey) shard 14.7
            8.0 | ClearJumboShouldBumpVersion                       | -1   | [MinKey, 0) shard 15.0; [0, MaxKey) shard 14.7
            4.4 | ClearJumboShouldNotBumpVersionIfChunkNotJumbo     | 5    | [MinKey, 0) shard 12.7 jumbo; [0, MaxKey) shard 14.7
            6.0 | ClearJumboShouldNotBumpVersionIfChunkNotJumbo     | 5    | [MinKey, 0) shard 12.7 jumbo; [0, MaxKey) shard 14.7
            8.0 | ClearJumboShouldNotBumpVersionIfChunkNotJumbo     | 5    | [MinKey, 0) shard 12.7 jumbo; [0, MaxKey) shard 14.7
            """)
    void clearingTheFlagBumpsTheMajorVersionOfAJumboChunkOnly(
            String release, String test, String find, String expected) {
        // given the file's two chunks
        SimulatedCluster cluster = TextLayout.load(release, FILE_CHUNKS);

        // when clearJumboFlag names the chunk holding `find`
        ClearJumboFlag clear = new ClearJumboFlag(TextLayout.NS, TextLayout.bound(find));
        assertEquals(Optional.empty(), cluster.refusal(clear), "clearJumboFlag succeeds");
        cluster.execute(clear);

        // then only a jumbo chunk changes: no flag, version (collection major + 1)|0
        assertEquals(expected, TextLayout.of(cluster));
    }

    @ParameterizedTest(name = "[{0}] clear_jumbo.js: ranged shard key")
    @ValueSource(strings = {"4.4", "5.0", "6.0.0", "6.0.3", "7.0", "8.0"})
    void aChunkThatIsNotJumboIsLeftAloneAndTheJumboOneIsBumped(String release) {
        // given test.range split at 0, [0, MaxKey) flagged jumbo (the file sets the flag in config.chunks)
        SimulatedCluster cluster = TextLayout.load(release, "[MinKey, 0) shard0 1.1; [0, MaxKey) shard0 1.2 jumbo");
        Chunk before = cluster.chunks().get(1);

        // when clearJumboFlag targets the chunk that is not jumbo: "should not affect real jumbo chunk"
        cluster.execute(new ClearJumboFlag(TextLayout.NS, TextLayout.bound("-1")));

        // then the jumbo chunk keeps its flag and its version
        assertEquals(before, cluster.chunks().get(1));

        // when it targets the jumbo chunk: "should bump version"
        cluster.execute(new ClearJumboFlag(TextLayout.NS, TextLayout.bound("1")));

        // then the flag is gone and the major version grew
        Chunk after = cluster.chunks().get(1);
        assertFalse(after.jumbo());
        assertTrue(after.version().major() > before.version().major(), before.version() + " -> " + after.version());
    }

    @ParameterizedTest(name = "[{0}] clear_jumbo.js: Balancer with jumbo chunks behavior")
    @ValueSource(strings = {"4.4", "5.0", "6.0.0", "6.0.3", "7.0", "8.0"})
    void aJumboChunkInTheWrongZoneMovesOnlyOnceItsFlagIsCleared(String release) {
        // given [0, MaxKey) jumbo on shard0 and in zone finalDestination, whose only shard is shard1
        SimulatedCluster cluster = ClusterRulesTest.cluster(MongoVersion.parse(release), 2, 1024 * 1024);
        cluster.execute(new AddShardToZone("shard02", "finalDestination"));
        cluster.execute(ShardCollection.of(TextLayout.NS, "{x: 1}"));
        cluster.execute(new SplitAt(TextLayout.NS, TextLayout.bound("0")));
        cluster.execute(new SetBalancerState(false));
        cluster.state().setJumbo(1, true);
        cluster.execute(new UpdateZoneKeyRange(
                TextLayout.NS, TextLayout.bound("0"), TextLayout.bound("MaxKey"), "finalDestination"));
        assertEquals("shard01", cluster.chunks().get(1).shard());
        List<ZoneRange> zones = cluster.snapshot().cluster().zones();
        assertEquals(1, zones.size());

        // when the balancer runs rounds
        cluster.execute(new SetBalancerState(true));
        cluster.runBalancerRounds(2);

        // then the jumbo chunk has not moved
        assertEquals("shard01", cluster.chunks().chunkFor(TextLayout.key("0")).shard());

        // when its flag is cleared and the balancer runs again
        cluster.execute(new ClearJumboFlag(TextLayout.NS, TextLayout.bound("0")));
        cluster.runBalancerRounds(2);

        // then it is on the zone's shard
        assertEquals("shard02", cluster.chunks().chunkFor(TextLayout.key("0")).shard());
        cluster.checkInvariants();
    }
}

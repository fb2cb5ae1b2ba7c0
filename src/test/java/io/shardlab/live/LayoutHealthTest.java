package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.USERS;
import static io.shardlab.live.ConfigFixture.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.live.LayoutHealth.BalancerMode;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The figures a recorded layout's health view shows, read from config.* as sh.status() prints them. */
class LayoutHealthTest {

    private static LayoutHealth healthOfUsers(Shape shape) {
        ClusterMetadata m = LayoutHistoryTest.fixture(shape);
        LayoutHistory history =
                LayoutHistory.rewind(m.collection(USERS).orElseThrow().map(), m.changes(USERS));
        return LayoutHealth.of(new SourceRead(m, Map.of()).layout(USERS), history);
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @EnumSource(Shape.class)
    void jumboDrainingAndTheBalancerAreTheConfigDatabases(Shape shape) {
        // given test.users: [300, MaxKey) marked jumbo, shard04 draining, config.settings' balancer in full mode
        // with an activeWindow of 23:00-06:00 (ConfigFixture)
        // when its health is read
        LayoutHealth health = healthOfUsers(shape);

        // then
        assertEquals(4, health.chunks());
        assertEquals(1, health.jumboChunks());
        assertEquals(List.of("shard04"), health.drainingShards());
        assertEquals(BalancerMode.ENABLED, health.balancer().mode());
        assertEquals(
                Optional.of(new ActiveWindow(LocalTime.of(23, 0), LocalTime.of(6, 0))),
                health.balancer().window());
        assertFalse(health.balancer().collectionExcluded());
        assertTrue(health.balancer().balancesCollection());
        assertEquals(Map.of("shard01", 2, "shard02", 1, "shard03", 1, "shard04", 0), health.chunksPerShard());
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @EnumSource(Shape.class)
    void chunksPerShardFollowTheChangelogFromOneChunkToNow(Shape shape) {
        // given test.users' six changelog entries: two splits, two moves, a split and the merge back
        // when its health is read
        LayoutHealth health = healthOfUsers(shape);

        // then one point per position: before the oldest change one chunk on shard01, now the layout shown
        assertEquals(7, health.overHistory().size());
        LayoutHealth.ShardCounts first = health.overHistory().get(0);
        assertEquals(0, first.position());
        assertTrue(first.time().isEmpty());
        assertEquals(Map.of("shard01", 1, "shard02", 0, "shard03", 0, "shard04", 0), first.chunks());
        LayoutHealth.ShardCounts last = health.overHistory().get(6);
        assertEquals(6, last.position());
        assertTrue(last.time().isPresent());
        assertEquals(health.chunksPerShard(), last.chunks());
    }

    @ParameterizedTest(name = "at most {0} points -> positions {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # points | positions
            2        | 0 6
            3        | 0 3 6
            4        | 0 2 4 6
            60       | 0 1 2 3 4 5 6
            """)
    void aLongChangelogIsSampledEvenlyFromTheOldestChangeToNow(int maxPoints, String positions) {
        // given test.users' six recorded changes
        ClusterMetadata m = LayoutHistoryTest.fixture(Shape.V7_0);
        LayoutHistory history =
                LayoutHistory.rewind(m.collection(USERS).orElseThrow().map(), m.changes(USERS));

        // when sampled to at most maxPoints points
        List<LayoutHealth.ShardCounts> points =
                LayoutHealth.overHistory(history, List.of("shard01", "shard02", "shard03", "shard04"), maxPoints);

        // then evenly spaced positions, the first before the oldest change and the last now
        assertEquals(
                positions,
                String.join(
                        " ",
                        points.stream().map(p -> String.valueOf(p.position())).toList()));
    }

    /** A layout as a string of shard letters, one a chunk, over consecutive integer ranges. */
    private static ChunkMap layout(String shards) {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < shards.length(); i++) {
            chunks.add(new Chunk(
                    i == 0 ? ConfigFixture.MIN : key(i),
                    i == shards.length() - 1 ? ConfigFixture.MAX : key(i + 1),
                    "shard" + shards.charAt(i),
                    false,
                    ChunkVersion.INITIAL));
        }
        return new ChunkMap(chunks);
    }

    @ParameterizedTest(name = "{0} -> {2} chunks on shard{1} from chunk {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # chunks' shards | shard | chunks | first chunk index
            A                | A     | 1      | 0
            ABAB             | A     | 1      | 0
            ABBBA            | B     | 3      | 1
            AABBB            | B     | 3      | 2
            AAABBB           | A     | 3      | 0
            CAAAAAAB         | A     | 6      | 1
            """)
    void theDensestRunIsTheLongestRunOfChunksOnOneShard(String shards, String shard, int length, int first) {
        // given a layout whose chunks are on the given shards in key order
        ChunkMap map = layout(shards);

        // when its densest run is looked for
        LayoutHealth.ChunkRun run = LayoutHealth.densest(map);

        // then it is the longest run on one shard (the first in key order on a tie)
        assertEquals("shard" + shard, run.shard());
        assertEquals(length, run.chunks());
        assertEquals(map.get(first).min(), run.min());
        assertEquals(map.get(first + length - 1).max(), run.max());
    }
}

package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A split's commit, as mongo {@code src/mongo/db/s/config/sharding_catalog_manager_split_chunk_test.cpp}
 * states it ({@code ShardingCatalogManager::commitChunkSplit}; the same rules in the 4.0 to 8.0 copies of
 * the file): the new chunks take successive minor versions after the collection version, keep the
 * chunk's shard and {@code onCurrentShardSince}, and lose its jumbo flag; split points must be increasing
 * and strictly inside the chunk. The file's chunk {@code [{a: 1}, {a: 10})} on {@code shard0000} sits here
 * between two chunks of another shard (a routing table tiles the key space), on {@code {x: 1}}.
 *
 * <p>One split point goes through {@code sh.splitAt} ({@link SplitAt}); several through the commit every
 * multi-point split of the simulator uses (the auto-splitter's, the balancer's split at zone bounds,
 * {@link ClusterState#split}), which mongos' {@code splitAt} cannot ask for.
 *
 * <p>Not ported: {@code PreConditionFailErrors} (a requested range that is not a chunk: {@code splitAt}
 * names a point, and the simulator finds its chunk), {@code NonMatchingEpochsOfChunkAndRequestErrors} (no
 * epochs), {@code Idempotency} and {@code RetryCommittedSplitSucceedsDuringFCVTransition} (retries of a
 * commit that already happened).
 */
class SplitChunkCommitTest {

    /** The file's chunk [1, 10) at {@code version}, between [MinKey, 1) and [10, MaxKey) of shard9999. */
    private static SimulatedCluster given(String release, String version, String next) {
        return TextLayout.load(
                release,
                "[MinKey, 1) shard9999 1.0; [1, 10) shard0000 " + version + "; [10, 20) shard0000 " + next
                        + "; [20, MaxKey) shard9999 1.0");
    }

    @ParameterizedTest(name = "[{0}] {1}: split [1, 10) {2} at {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test                                   | chunk [1, 10), then [10, 20) | split points | chunks after, from [1, …)
            4.0 | SplitExistingChunkCorrectlyShouldSucceed       | 1.0; 1.0  | 5    | [1, 5) shard0000 1.1; [5, 10) shard0000 1.2; [10, 20) shard0000 1.0
            8.0 | SplitExistingChunkCorrectlyShouldSucceed       | 1.0; 1.0  | 5    | [1, 5) shard0000 1.1; [5, 10) shard0000 1.2; [10, 20) shard0000 1.0
            4.0 | MultipleSplitsOnExistingChunkShouldSucceed     | 1.0; 1.0  | 5 7  | [1, 5) shard0000 1.1; [5, 7) shard0000 1.2; [7, 10) shard0000 1.3; [10, 20) shard0000 1.0
            8.0 | MultipleSplitsOnExistingChunkShouldSucceed     | 1.0; 1.0  | 5 7  | [1, 5) shard0000 1.1; [5, 7) shard0000 1.2; [7, 10) shard0000 1.3; [10, 20) shard0000 1.0
            4.0 | NewSplitShouldClaimHighestVersion              | 1.2; 2.1  | 5    | [1, 5) shard0000 2.2; [5, 10) shard0000 2.3; [10, 20) shard0000 2.1
            8.0 | NewSplitShouldClaimHighestVersion              | 1.2; 2.1  | 5    | [1, 5) shard0000 2.2; [5, 10) shard0000 2.3; [10, 20) shard0000 2.1
            8.0 | Idempotency (second case's points)             | 1.0; 1.0  | 3 7  | [1, 3) shard0000 1.1; [3, 7) shard0000 1.2; [7, 10) shard0000 1.3; [10, 20) shard0000 1.0
            8.0 | SplitJumboChunkShouldUnsetJumboFlag            | 1.0 jumbo; 1.0 | 5 | [1, 5) shard0000 1.1; [5, 10) shard0000 1.2; [10, 20) shard0000 1.0
            5.0 | SplitJumboChunkShouldUnsetJumboFlag            | 1.0 jumbo; 1.0 | 5 7 | [1, 5) shard0000 1.1; [5, 7) shard0000 1.2; [7, 10) shard0000 1.3; [10, 20) shard0000 1.0
            """)
    void theNewChunksTakeTheNextMinorVersionsOfTheCollection(
            String release, String test, String versions, String points, String expected) {
        // given [1, 10) and [10, 20) on shard0000 at the row's versions, on their shard since 100 s
        String[] v = versions.split(";");
        SimulatedCluster cluster = given(release, v[0].trim(), v[1].trim());
        ClusterState state = cluster.state();
        int chunk = TextLayout.indexOf(cluster, "1");
        state.documentsOf(chunk).setOnShardSince(100_000);

        // when the chunk is split at the points
        List<String> at = Arrays.asList(points.trim().split("\\s+"));
        if (at.size() == 1) {
            cluster.execute(new SplitAt(TextLayout.NS, TextLayout.bound(at.get(0))));
        } else {
            state.split(chunk, at.stream().map(TextLayout::key).toList(), ClusterEvent.SplitCause.COMMAND);
        }

        // then the new chunks and their versions are the file's, and each keeps onCurrentShardSince
        String all = TextLayout.of(cluster);
        assertEquals("[MinKey, 1) shard9999 1.0; " + expected + "; [20, MaxKey) shard9999 1.0", all);
        for (int i = chunk; i <= chunk + at.size(); i++) {
            assertEquals(100_000, state.documentsOf(i).onShardSinceMillis(), "onCurrentShardSince of chunk " + i);
        }
        cluster.checkInvariants();
    }

    @ParameterizedTest(name = "[{0}] {1}: split points {2} of [1, 10)")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test                                  | split points
            4.0 | SplitPointsOutOfOrderShouldFail          | 5 4
            8.0 | SplitPointsOutOfOrderShouldFail          | 5 4
            4.0 | SplitPointsOutOfRangeAtMinShouldFail     | 0 5
            8.0 | SplitPointsOutOfRangeAtMinShouldFail     | 0 5
            4.0 | SplitPointsOutOfRangeAtMaxShouldFail     | 5 15
            8.0 | SplitPointsOutOfRangeAtMaxShouldFail     | 5 15
            8.0 | a point at the chunk's own min           | 1 5
            8.0 | a point at the chunk's own max           | 5 10
            8.0 | the same point twice                     | 5 5
            """)
    void splitPointsMustIncreaseStrictlyInsideTheChunk(String release, String test, String points) {
        // given [1, 10) on shard0000
        SimulatedCluster cluster = given(release, "1.0", "1.0");
        String before = TextLayout.of(cluster);
        List<ShardKey> at =
                Arrays.stream(points.trim().split("\\s+")).map(TextLayout::key).toList();

        // when / then the commit refuses the points (InvalidOptions in MongoDB) and no chunk changes
        assertThrows(
                IllegalArgumentException.class,
                () -> cluster.state().split(TextLayout.indexOf(cluster, "1"), at, ClusterEvent.SplitCause.COMMAND));
        assertEquals(before, TextLayout.of(cluster));
    }

    @ParameterizedTest(name = "[{0}] SplitPointsWithDollarPrefixShouldFail: splitAt {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.0 | {x: {$minKey: 1}}
            4.0 | {x: {$maxKey: 1}}
            6.0 | {x: {$minKey: 1}}
            6.0 | {x: {$maxKey: 1}}
            8.0 | {x: {$minKey: 1}}
            8.0 | {x: {$maxKey: 1}}
            """)
    void theGlobalBoundsAreNoSplitPoints(String release, String middle) {
        // given one chunk [MinKey, MaxKey): the file's chunk of the whole key space
        SimulatedCluster cluster = TextLayout.load(release, "[MinKey, MaxKey) shard0000 1.0");

        // when / then splitAt refuses MinKey and MaxKey: each is a bound of the chunk
        String refusal = cluster.canApply(new SplitAt(TextLayout.NS, ClusterRulesTest.doc(middle)))
                .orElse("(accepted)");
        assertTrue(
                refusal.startsWith("new split key ") && refusal.contains(" is a boundary key of existing chunk "),
                refusal);
        assertEquals("[MinKey, MaxKey) shard0000 1.0", TextLayout.of(cluster));
    }

    @ParameterizedTest(name = "[{0}] NonExisingNamespaceErrors")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0", "7.0", "8.0"})
    void aSplitOfAnotherNamespaceIsRefused(String release) {
        // given TestDB.TestColl sharded
        SimulatedCluster cluster = given(release, "1.0", "1.0");

        // when / then a split of TestDB.NonExistingColl is refused and nothing changes
        String refusal = cluster.canApply(new SplitAt("TestDB.NonExistingColl", TextLayout.bound("5")))
                .orElse("(accepted)");
        assertTrue(refusal.contains("TestDB.NonExistingColl"), refusal);
    }

    @ParameterizedTest(name = "[{0}] a split is undone with its versions")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0", "7.0", "8.0"})
    void undoingASplitRestoresTheChunkAndItsVersion(String release) {
        // given the chunk of SplitExistingChunkCorrectlyShouldSucceed split at 5
        SimulatedCluster cluster = given(release, "1.0", "1.0");
        String before = TextLayout.of(cluster);
        cluster.execute(new SplitAt(TextLayout.NS, TextLayout.bound("5")));

        // when the split is undone
        cluster.undo();

        // then the one chunk [1, 10) is back at 1.0
        assertEquals(before, TextLayout.of(cluster));
    }
}

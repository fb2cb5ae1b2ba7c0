package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which shards the auto-merger merges on, as mongo {@code src/mongo/db/s/balancer/auto_merger_policy_test.cpp}
 * states it ({@code AutoMergerPolicy::_getNamespacesWithMergeableChunksPerShard}, 7.0 and later): a
 * collection is considered on a shard when it has a chunk there older than the snapshot history window,
 * unless it defragments; and a shard is merged again while it still merges something
 * ({@code MergeActionRescheduledWhenMergeHappened}), so one round leaves nothing mergeable. The file's
 * {@code generateChunks} puts three chunks on each of {@code shard0} and {@code shard1} (here a routing
 * table: {@code [MinKey, 0) [0, 1) [1, 2)} on shard0, {@code [2, 3) [3, 4) [4, MaxKey)} on shard1), all on
 * their shard since now ({@code supportedForHistory}) or since before the window. Before 7.0 there is no
 * auto-merger.
 *
 * <p>Not ported: the collection with {@code enableAutoMerge: false} (the simulator has the cluster-wide
 * {@code sh.stopAutoMerger()}, not the per-collection flag of {@code configureCollectionBalancing}: see the
 * report of differences), {@code MaxConcurrentMergeActionsIsHonored} (throttling across collections; the
 * simulator holds one), {@code MergeActionRescheduledUponConflictingOperationInProgress} (no concurrent
 * operation fails a merge) and {@code AutoMergeLoggedInChangelog} (no changelog).
 */
class AutoMergerPolicyTest {

    private static final String LAYOUT = "[MinKey, 0) shard0 1.0; [0, 1) shard0 1.1; [1, 2) shard0 1.2; "
            + "[2, 3) shard1 1.3; [3, 4) shard1 1.4; [4, MaxKey) shard1 1.5";
    private static final long NOW = 10 * AutoMerger.HISTORY_WINDOW_MILLIS;

    @ParameterizedTest(name = "[{0}] {1}: defragmenting {2}, recent on shard0 {3}, on shard1 {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | auto_merger_policy_test.cpp | defragmentCollection | shard0 supportedForHistory | shard1 supportedForHistory | merged on
            7.0 | FetchCollectionsWithMergeableChunks (coll1) | false | false | false | shard0 shard1
            8.0 | FetchCollectionsWithMergeableChunks (coll1) | false | false | false | shard0 shard1
            7.0 | FetchCollectionsWithMergeableChunks (coll2) | true  | false | false | -
            8.0 | FetchCollectionsWithMergeableChunks (coll2) | true  | false | false | -
            7.0 | FetchCollectionsWithMergeableChunks (coll4) | false | true  | false | shard1
            8.0 | FetchCollectionsWithMergeableChunks (coll4) | false | true  | false | shard1
            8.0 | (the other shard recent)                    | false | false | true  | shard0
            8.0 | (both shards recent)                        | false | true  | true  | -
            6.0.0 | (no auto-merger before 7.0)               | false | false | false | -
            6.0.3 | (no auto-merger before 7.0)               | false | false | false | -
            """)
    void theAutoMergerMergesTheShardsWithChunksOlderThanTheHistoryWindow(
            String release, String test, boolean defragmenting, boolean recent0, boolean recent1, String expected) {
        // given three chunks per shard, on their shard since now or since before the history window
        SimulatedCluster cluster = TextLayout.load(release, LAYOUT);
        ClusterState state = cluster.state();
        state.setClock(NOW);
        for (int i = 0; i < 6; i++) {
            boolean recent = i < 3 ? recent0 : recent1;
            state.documentsOf(i).setOnShardSince(recent ? NOW : NOW - AutoMerger.HISTORY_WINDOW_MILLIS - 1000);
        }
        if (defragmenting) {
            cluster.execute(new ConfigureDefragmentation(TextLayout.NS, true));
        }

        // when an auto-merger round runs
        cluster.execute(new AutoMergeRound());

        // then each considered shard's chunks are one chunk, the others are untouched
        List<String> merged = new ArrayList<>();
        for (String shard : List.of("shard0", "shard1")) {
            long chunks = cluster.chunks().chunks().stream()
                    .filter(c -> c.shard().equals(shard))
                    .count();
            if (chunks == 1) {
                merged.add(shard);
            } else {
                assertEquals(3, chunks, shard);
            }
        }
        assertEquals(expected, merged.isEmpty() ? "-" : String.join(" ", merged));
        cluster.checkInvariants();
    }

    @ParameterizedTest(name = "[{0}] MergeActionRescheduledWhenMergeHappened")
    @CsvSource({"7.0", "8.0"})
    void oneRoundMergesEverythingMergeableAndTheNextFindsNothing(String release) {
        // given generateMergeableChunks: every chunk older than the history window
        SimulatedCluster cluster = TextLayout.load(release, LAYOUT);
        ClusterState state = cluster.state();
        state.setClock(NOW);

        // when two rounds run
        cluster.execute(new AutoMergeRound());
        String afterFirst = TextLayout.of(cluster);
        cluster.execute(new AutoMergeRound());

        // then the first merged each shard's run into one chunk (two merges: versions 1.6, 1.7), the second
        // found nothing to merge
        assertEquals("[MinKey, 2) shard0 1.6; [2, MaxKey) shard1 1.7", afterFirst);
        assertEquals(afterFirst, TextLayout.of(cluster));
    }

    @ParameterizedTest(name = "[{0}] sh.stopAutoMerger() stops the rounds, sh.startAutoMerger() resumes them")
    @CsvSource({"7.0", "8.0"})
    void theAutoMergerSettingGatesTheRounds(String release) {
        // given mergeable chunks and the auto-merger stopped (config.settings {_id: "automerge", enabled: false})
        SimulatedCluster cluster = TextLayout.load(release, LAYOUT);
        cluster.state().setClock(NOW);
        cluster.execute(new SetAutoMerge(false));

        // when a round runs, then nothing merges
        cluster.execute(new AutoMergeRound());
        assertEquals(LAYOUT, TextLayout.of(cluster));

        // when it is started again and a round runs, then both shards merge
        cluster.execute(new SetAutoMerge(true));
        cluster.execute(new AutoMergeRound());
        assertEquals(2, cluster.chunks().size());
    }
}

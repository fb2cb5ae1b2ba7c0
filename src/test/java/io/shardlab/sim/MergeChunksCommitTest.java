package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A merge's commit, as mongo {@code src/mongo/db/s/config/sharding_catalog_manager_merge_chunks_test.cpp}
 * ({@code MergeChunkTest}, {@code ShardingCatalogManager::commitChunksMerge}) states it, through
 * {@code sh.mergeChunks} ({@link MergeChunks}): the merged chunk takes the next minor version of the
 * collection, keeps the shard, and its {@code onCurrentShardSince} is the newest of the merged chunks'
 * (the file's {@code validAfter} of the chunk with the latest history); the other chunks keep theirs. The
 * file's chunks of {@code shard0000} sit between chunks of another shard (a routing table tiles the key
 * space), on {@code {x: 1}}.
 *
 * <p>Not ported: {@code NonMatchingUUIDsOfChunkAndRequestErrors} (no collection UUIDs) and
 * {@code MergeAlreadyHappenedSucceeds}, the commit's retry of a merge that already happened: through
 * mongos, {@code mergeChunks} of a range that is one chunk fails ({@code jstests/sharding/merge_chunks_test.js}
 * "Make sure merging single chunks is invalid", ported in {@link MergeChunksJsTest}). The auto-merger's
 * {@code MergeAllChunksOnShardTest} is {@link AutoMergerTest}.
 */
class MergeChunksCommitTest {

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test | chunks of shard0000 from 1 (MAJOR.MINOR), then shard9999's [20, MaxKey) | onCurrentShardSince (s) | merge | after
            4.4 | MergeExistingChunksCorrectlyShouldSucceed | [1, 5) shard0000 1.0; [5, 10) shard0000 1.0; [10, 20) shard9999 1.0            | 100 200     | 1 10 | [1, 10) shard0000 1.1; [10, 20) shard9999 1.0
            8.0 | MergeExistingChunksCorrectlyShouldSucceed | [1, 5) shard0000 1.0; [5, 10) shard0000 1.0; [10, 20) shard9999 1.0            | 100 200     | 1 10 | [1, 10) shard0000 1.1; [10, 20) shard9999 1.0
            4.4 | MergeSeveralChunksCorrectlyShouldSucceed  | [1, 5) shard0000 1.0; [5, 7) shard0000 1.0; [7, 10) shard0000 1.0; [10, 20) shard9999 1.0 | 100 200 50 | 1 10 | [1, 10) shard0000 1.1; [10, 20) shard9999 1.0
            8.0 | MergeSeveralChunksCorrectlyShouldSucceed  | [1, 5) shard0000 1.0; [5, 7) shard0000 1.0; [7, 10) shard0000 1.0; [10, 20) shard9999 1.0 | 100 200 50 | 1 10 | [1, 10) shard0000 1.1; [10, 20) shard9999 1.0
            4.4 | NewMergeShouldClaimHighestVersion         | [1, 5) shard0000 1.2; [5, 10) shard0000 1.2; [10, 20) shard0000 2.1            | 100 200 0   | 1 10 | [1, 10) shard0000 2.2; [10, 20) shard0000 2.1
            8.0 | NewMergeShouldClaimHighestVersion         | [1, 5) shard0000 1.2; [5, 10) shard0000 1.2; [10, 20) shard0000 2.1            | 100 200 0   | 1 10 | [1, 10) shard0000 2.2; [10, 20) shard0000 2.1
            4.4 | MergeLeavesOtherChunksAlone               | [1, 5) shard0000 1.2; [5, 10) shard0000 1.2; [10, 20) shard0000 1.2            | 100 200 0   | 1 10 | [1, 10) shard0000 1.3; [10, 20) shard0000 1.2
            8.0 | MergeLeavesOtherChunksAlone               | [1, 5) shard0000 1.2; [5, 10) shard0000 1.2; [10, 20) shard0000 1.2            | 100 200 0   | 1 10 | [1, 10) shard0000 1.3; [10, 20) shard0000 1.2
            """)
    void theMergedChunkTakesTheNextMinorVersionAndTheNewestOnCurrentShardSince(
            String release, String test, String chunks, String since, String range, String expected) {
        // given the row's chunks, each on its shard since the row's time
        SimulatedCluster cluster =
                TextLayout.load(release, "[MinKey, 1) shard9999 1.0; " + chunks + "; [20, MaxKey) shard9999 1.0");
        ClusterState state = cluster.state();
        long[] seconds = Arrays.stream(since.trim().split("\\s+"))
                .mapToLong(Long::parseLong)
                .toArray();
        for (int i = 0; i < seconds.length; i++) {
            state.documentsOf(1 + i).setOnShardSince(seconds[i] * 1000);
        }
        String[] bounds = range.split(" ");
        long newest =
                Arrays.stream(seconds, 0, mergedCount(cluster, bounds)).max().orElseThrow() * 1000;

        // when sh.mergeChunks merges the range
        cluster.execute(new MergeChunks(TextLayout.NS, TextLayout.bound(bounds[0]), TextLayout.bound(bounds[1])));

        // then the chunks and versions are the file's, and the merged chunk is on its shard since the newest time
        assertEquals("[MinKey, 1) shard9999 1.0; " + expected + "; [20, MaxKey) shard9999 1.0", TextLayout.of(cluster));
        assertEquals(newest, state.documentsOf(1).onShardSinceMillis(), "onCurrentShardSince of the merged chunk");
        cluster.checkInvariants();
    }

    private static int mergedCount(SimulatedCluster cluster, String[] bounds) {
        return TextLayout.indexOf(cluster, bounds[1]) - TextLayout.indexOf(cluster, bounds[0]);
    }

    @ParameterizedTest(name = "[{0}] MergingChunksWithDollarPrefixShouldSucceed")
    @ValueSource(strings = {"4.4", "5.0", "6.0", "7.0", "8.0"})
    void chunksBoundedByDocumentsThatLookLikeOperatorsMerge(String release) {
        // given [MinKey, {$maxKey: 1}), [{$maxKey: 1}, {$mixKey: 1}), [{$mixKey: 1}, MaxKey) on shard0000: bounds
        // that are embedded documents whose field names start with $, not MinKey or MaxKey
        ShardKey maxKeyDocument = ShardKey.of(new BsonDocument("$maxKey", new BsonInt32(1)));
        ShardKey mixKeyDocument = ShardKey.of(new BsonDocument("$mixKey", new BsonInt32(1)));
        ChunkVersion origVersion = new ChunkVersion(1, 0);
        List<Chunk> chunks = List.of(
                new Chunk(TextLayout.KEY.globalMin(), maxKeyDocument, "shard0000", false, origVersion),
                new Chunk(maxKeyDocument, mixKeyDocument, "shard0000", false, origVersion),
                new Chunk(mixKeyDocument, TextLayout.KEY.globalMax(), "shard0000", false, origVersion));
        SimulatedCluster cluster = new SimulatedCluster(
                SimulationConfig.of(MongoVersion.parse(release)).withInvariantChecks(true));
        cluster.execute(new LoadLayout(
                new ClusterSnapshot(
                        TextLayout.NS,
                        TextLayout.KEY,
                        false,
                        List.of(new Shard("shard0000", "shard0000:12", Set.of(), false)),
                        new ChunkMap(chunks),
                        List.of()),
                List.of()));
        ClusterState state = cluster.state();
        long[] since = {100_009, 200_005, 156_001};
        for (int i = 0; i < since.length; i++) {
            state.documentsOf(i).setOnShardSince(since[i]);
        }

        // when [MinKey, MaxKey) is merged
        cluster.execute(new MergeChunks(TextLayout.NS, TextLayout.bound("MinKey"), TextLayout.bound("MaxKey")));

        // then one chunk at 1|1, on its shard since chunk2's time
        assertEquals("[MinKey, MaxKey) shard0000 1.1", TextLayout.of(cluster));
        assertEquals(200_005, state.documentsOf(0).onShardSinceMillis());
    }

    @ParameterizedTest(name = "[{0}] NonExistingNamespace")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0", "7.0", "8.0"})
    void aMergeOfAnotherNamespaceIsRefused(String release) {
        // given TestDB.TestColl with [1, 5) and [5, 10) on shard0000
        SimulatedCluster cluster = TextLayout.load(
                release,
                "[MinKey, 1) shard9999 1.0; [1, 5) shard0000 1.0; [5, 10) shard0000 1.0; [10, MaxKey) shard9999 1.0");

        // when / then a merge of TestDB.NonExistingColl is refused
        Refusal refusal = cluster.refusal(
                        new MergeChunks("TestDB.NonExistingColl", TextLayout.bound("1"), TextLayout.bound("10")))
                .orElseThrow();
        assertTrue(refusal.message().contains("TestDB.NonExistingColl"), refusal.toString());
    }

    @ParameterizedTest(name = "[{0}] a merge and its undo")
    @ValueSource(strings = {"4.0", "6.0", "8.0"})
    void undoingAMergeRestoresTheChunksAndTheirVersions(String release) {
        // given NewMergeShouldClaimHighestVersion's chunks
        String layout = "[MinKey, 1) shard9999 1.0; [1, 5) shard0000 1.2; [5, 10) shard0000 1.2; "
                + "[10, 20) shard0000 2.1; [20, MaxKey) shard9999 1.0";
        SimulatedCluster cluster = TextLayout.load(release, layout);
        cluster.execute(new MergeChunks(TextLayout.NS, TextLayout.bound("1"), TextLayout.bound("20")));
        assertEquals(
                "[MinKey, 1) shard9999 1.0; [1, 20) shard0000 2.2; [20, MaxKey) shard9999 1.0", TextLayout.of(cluster));

        // when the merge is undone
        cluster.undo();

        // then the three chunks are back with their versions
        assertEquals(layout, TextLayout.of(cluster));
    }
}

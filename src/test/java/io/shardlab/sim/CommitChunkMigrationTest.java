package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A migration's commit, as mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager_commit_chunk_migration_test.cpp} states it
 * ({@code ShardingCatalogManager::commitChunkMigration}; {@code CommitChunkMigrate} in every copy from 4.0 to
 * 8.0, {@code CommitMoveRangeTest} from 6.0): the migrated range goes to the recipient as
 * {@code (M + 1, 0)}, M the collection's major version before; the donor's <em>control chunk</em>, when it
 * keeps one, becomes {@code (M + 1, 1)} and keeps its jumbo flag and {@code onCurrentShardSince}; the
 * migrated chunk is on its new shard since the commit. A {@code moveRange} of the first part of a chunk
 * leaves the rest on the donor as {@code (M + 1, 1)}. The file's {@code {a: …}} chunks sit here between
 * chunks of other shards, on {@code {x: 1}}; chunks move with {@code moveChunk} ({@link MoveChunk}) or
 * {@code moveRange} ({@link MoveRange}) and commit when their copy time is over.
 *
 * <p>Not ported: {@code RejectOutOfOrderHistory}, {@code RejectWrongCollectionEpoch0/1},
 * {@code RejectMissingChunkVersion}, {@code RejectOlderChunkVersion}, {@code RejectMismatchedEpoch},
 * {@code RejectMigrationWhenChangedChunksExceedSizeLimit} (a commit racing another metadata change: the
 * simulator commits the migration it started), the FCV-transition and idempotent-retry cases, and
 * {@code MoveRangeSplitChunkLeftSide}, {@code MoveRangeSplitChunkLeftRightSide} and the left half of
 * {@code MoveRangeRandom}: the simulator's {@code moveRange} starts at a chunk's min (see the report of
 * differences).
 */
class CommitChunkMigrationTest {

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test | chunks (MAJOR.MINOR) | move | to | chunks after
            4.0 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            4.4 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            5.0 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            6.0 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            7.0 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            8.0 | ChunksUpdatedCorrectly                                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0 | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard0 13.1 jumbo; [20, MaxKey) shard9 1.0
            4.0 | ChunksUpdatedCorrectlyWithoutControlChunk              | [MinKey, 1) shard9 1.0; [1, 10) shard0 15.4; [10, MaxKey) shard9 1.0                                | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 16.0; [10, MaxKey) shard9 1.0
            8.0 | ChunksUpdatedCorrectlyWithoutControlChunk              | [MinKey, 1) shard9 1.0; [1, 10) shard0 15.4; [10, MaxKey) shard9 1.0                                | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 16.0; [10, MaxKey) shard9 1.0
            4.0 | CheckCorrectOpsCommandNoCtlTrimHistory                 | [MinKey, 1) shard9 1.0; [1, 10) shard0 15.4; [10, MaxKey) shard9 1.0                                | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 16.0; [10, MaxKey) shard9 1.0
            4.0 | CommitWithLastChunkOnShardShouldNotAffectOtherChunks   | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0        | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0
            6.0 | CommitWithLastChunkOnShardShouldNotAffectOtherChunks   | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0        | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0
            8.0 | CommitWithLastChunkOnShardShouldNotAffectOtherChunks   | [MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0        | 1 | shard1 | [MinKey, 1) shard9 1.0; [1, 10) shard1 13.0; [10, 20) shard1 12.7; [20, MaxKey) shard9 1.0
            8.0 | CommitMoveRangeTest.ReturnsMigratedAndControlChunk     | [MinKey, 0) shard9 1.0; [0, 10) shard0 2.0; [10, 20) shard0 2.1; [20, MaxKey) shard9 1.0          | 0 | shard1 | [MinKey, 0) shard9 1.0; [0, 10) shard1 3.0; [10, 20) shard0 3.1; [20, MaxKey) shard9 1.0
            8.0 | CommitMoveRangeTest.LastChunkOnDonorReturnsOnlyMigratedChunk | [MinKey, MaxKey) shard0 1.0                                                            | 0 | shard1 | [MinKey, MaxKey) shard1 2.0
            """)
    void theMigratedChunkAndTheDonorsControlChunkTakeTheNextMajorVersion(
            String release, String test, String layout, String find, String to, String expected) {
        // given the row's chunks, each on its shard since 50 s (the control chunk's time in the file)
        SimulatedCluster cluster = TextLayout.load(release, layout, "shard1");
        ClusterState state = cluster.state();
        for (int i = 0; i < cluster.chunks().size(); i++) {
            state.documentsOf(i).setOnShardSince(50_000);
        }
        state.setClock(101_000);

        // when moveChunk moves the chunk holding `find` and the migration commits
        cluster.execute(new MoveChunk(TextLayout.NS, TextLayout.bound(find), to, false));
        cluster.settle(60_000);

        // then the chunks and their versions are the file's; the migrated chunk is on its shard since the
        // commit, every other chunk since its own time
        assertEquals(expected, TextLayout.of(cluster));
        int moved = TextLayout.indexOf(cluster, find);
        for (int i = 0; i < cluster.chunks().size(); i++) {
            long since = state.documentsOf(i).onShardSinceMillis();
            if (i == moved) {
                assertTrue(since >= 101_000, "the migrated chunk's onCurrentShardSince: " + since);
            } else {
                assertEquals(50_000, since, "onCurrentShardSince of chunk " + i);
            }
        }
        cluster.checkInvariants();
    }

    @ParameterizedTest(name = "[{0}] CommitMoveRangeTest.{1}: moveRange [{3}, {4})")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test | chunks (MAJOR.MINOR) | min | max | chunks after
            6.0   | MoveRangeOneWholeChunk        | [MinKey, MaxKey) shard0 1.0                                 | MinKey | MaxKey | [MinKey, MaxKey) shard1 2.0
            8.0   | MoveRangeOneWholeChunk        | [MinKey, MaxKey) shard0 1.0                                 | MinKey | MaxKey | [MinKey, MaxKey) shard1 2.0
            6.0   | MoveRangeSplitChunkRightSide  | [MinKey, MaxKey) shard0 1.0                                 | MinKey | 10     | [MinKey, 10) shard1 2.0; [10, MaxKey) shard0 2.1
            7.0   | MoveRangeSplitChunkRightSide  | [MinKey, MaxKey) shard0 1.0                                 | MinKey | 10     | [MinKey, 10) shard1 2.0; [10, MaxKey) shard0 2.1
            8.0   | MoveRangeSplitChunkRightSide  | [MinKey, MaxKey) shard0 1.0                                 | MinKey | 10     | [MinKey, 10) shard1 2.0; [10, MaxKey) shard0 2.1
            8.0   | MoveRangeRandom (a chunk of ten, right side) | [MinKey, 10) shard0 1.0; [10, 20) shard1 2.0; [20, 30) shard0 3.0; [30, 40) shard1 4.0; [40, 50) shard0 5.0; [50, 60) shard1 6.0; [60, 70) shard0 7.0; [70, 80) shard1 8.0; [80, 90) shard0 9.0; [90, MaxKey) shard1 10.0 | 40 | 48 | [MinKey, 10) shard0 1.0; [10, 20) shard1 2.0; [20, 30) shard0 3.0; [30, 40) shard1 4.0; [40, 48) shard1 11.0; [48, 50) shard0 11.1; [50, 60) shard1 6.0; [60, 70) shard0 7.0; [70, 80) shard1 8.0; [80, 90) shard0 9.0; [90, MaxKey) shard1 10.0
            8.0   | MoveRangeRandom (a whole chunk of ten)       | [MinKey, 10) shard0 1.0; [10, 20) shard1 2.0; [20, 30) shard0 3.0; [30, 40) shard1 4.0; [40, 50) shard0 5.0; [50, 60) shard1 6.0; [60, 70) shard0 7.0; [70, 80) shard1 8.0; [80, 90) shard0 9.0; [90, MaxKey) shard1 10.0 | 30 | 40 | [MinKey, 10) shard0 1.0; [10, 20) shard1 11.1; [20, 30) shard0 3.0; [30, 40) shard0 11.0; [40, 50) shard0 5.0; [50, 60) shard1 6.0; [60, 70) shard0 7.0; [70, 80) shard1 8.0; [80, 90) shard0 9.0; [90, MaxKey) shard1 10.0
            """)
    void moveRangeCommitsTheMigratedRangeAndTheDonorsRest(
            String release, String test, String layout, String min, String max, String expected) {
        // given the row's chunks (setupCollectionWithNChunks: chunk i at i + 1|0, shards alternating)
        SimulatedCluster cluster = TextLayout.load(release, layout, "shard1");
        int index = TextLayout.indexOf(cluster, min);
        String donor = cluster.chunks().get(index).shard();
        String recipient = donor.equals("shard0") ? "shard1" : "shard0";
        boolean split = !cluster.chunks().get(index).max().equals(TextLayout.key(max));
        ClusterState state = cluster.state();
        state.documentsOf(index).setOnShardSince(100_000);
        state.setClock(200_000);

        // when moveRange moves [min, max) to the other shard and the migration commits
        cluster.execute(new MoveRange(TextLayout.NS, TextLayout.bound(min), TextLayout.bound(max), recipient));
        cluster.settle(60_000);

        // then the chunks and versions are the file's: the migrated range is the recipient's since the commit,
        // and the rest of a split chunk stays on the donor with the chunk's onCurrentShardSince
        assertEquals(expected, TextLayout.of(cluster));
        assertTrue(state.documentsOf(index).onShardSinceMillis() >= 200_000, "the migrated range's history");
        if (split) {
            assertEquals(100_000, state.documentsOf(index + 1).onShardSinceMillis(), "the right side's history");
        }
        cluster.checkInvariants();
    }

    @ParameterizedTest(name = "[{0}] a commit and its undo")
    @CsvSource({"4.0", "6.0", "8.0"})
    void undoingACommitRestoresBothVersions(String release) {
        // given ChunksUpdatedCorrectly's chunks, migrated
        String layout =
                "[MinKey, 1) shard9 1.0; [1, 10) shard0 12.7; [10, 20) shard0 12.8 jumbo; [20, MaxKey) shard9 1.0";
        SimulatedCluster cluster = TextLayout.load(release, layout, "shard1");
        cluster.execute(new MoveChunk(TextLayout.NS, TextLayout.bound("1"), "shard1", false));
        cluster.settle(60_000);

        // when the commit, then the moveChunk, are undone
        cluster.undo();
        assertTrue(cluster.state().migrations().size() == 1, "the migration is in flight again");
        cluster.undo();

        // then the chunks are back with their versions
        assertEquals(layout, TextLayout.of(cluster));
        assertEquals(MongoVersion.parse(release), cluster.version());
    }
}

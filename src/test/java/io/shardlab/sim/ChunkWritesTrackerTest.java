package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shard's per-chunk write tracker that triggers the auto-split of 4.2 to 6.0.2, as mongo
 * {@code src/mongo/s/chunk_writes_tracker_test.cpp} states it: the bytes written to a chunk start at 0, add
 * up per write, and warrant a split check when they exceed {@code maxChunkSize / kSplitTestFactor}
 * ({@code kSplitTestFactor = 5}, {@code ChunkWritesTracker::shouldSplit}); the check clears them
 * ({@code clearBytesWritten}, from {@code ChunkSplitter::_runAutosplit}'s {@code prepareSplit}). Driven
 * through inserts into one chunk ({@link ShardAutoSplitter}): a split check is seen as the tracker going
 * back to 0, as the chunks here are too small to split. A BSON document has at least 5 bytes, so the file's
 * byte steps of 1 are steps of 5 here, with a max chunk size of 500 bytes (cutoff 100).
 *
 * <p>Not ported: the cases with {@code maxChunkSize} 0 (the simulator's 0 means the release's default) and
 * the split lock's ({@code acquireSplitLock}: one split at a time per chunk; the simulator splits
 * synchronously).
 */
class ChunkWritesTrackerTest {

    private static SimulatedCluster oneChunk(String release, long maxChunkSize) {
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 1, maxChunkSize);
        c.execute(ShardCollection.of("db.c", "{x: 1}"));
        return c;
    }

    /** Inserts one document of each size, in order, into the one chunk; returns the tracker after each. */
    private static long[] insert(SimulatedCluster c, long[] sizes) {
        long[] after = new long[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            c.insert("db.c", InsertBatch.ofInt64(new long[] {i}, (int) sizes[i]));
            after[i] = c.state().documentsOf(0).bytesWritten();
        }
        return after;
    }

    @ParameterizedTest(name = "[{0}] {1}: max chunk {2} B, writes {3} -> tracker {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | chunk_writes_tracker_test.cpp                                   | maxChunkSize | bytes written, one write each | bytes tracked after each
            4.4   | AddBytesWrittenCorrectlyAddsBytes                           | 500 | 20           | 20
            4.4   | ShouldSplitReturnsTrueWithBytesWrittenGreaterThanMaxChunkSize | 15 | 20           | 0
            4.4   | ShouldSplitReturnsFalseWithBytesWrittenLessThanThreshold    | 500 | 95 5 5       | 95 100 0
            4.4   | ShouldSplitReturnsFalseWithBytesWrittenEqualToThreshold     | 500 | 100          | 100
            4.4   | ShouldSplitReturnsFalseWithBytesWrittenGreaterThanThreshold | 500 | 105          | 0
            4.4   | ClearBytesWrittenSetsBytesToZero (then it counts again)     | 500 | 105 20       | 0 20
            4.2   | ShouldSplitReturnsFalseWithBytesWrittenLessThanThreshold    | 500 | 95 5 5       | 95 100 0
            4.2   | ShouldSplitReturnsFalseWithBytesWrittenEqualToThreshold     | 500 | 100          | 100
            5.0   | AddBytesWrittenCorrectlyAddsBytes                           | 500 | 20           | 20
            5.0   | ShouldSplitReturnsFalseWithBytesWrittenLessThanThreshold    | 500 | 95 5 5       | 95 100 0
            5.0   | ShouldSplitReturnsFalseWithBytesWrittenEqualToThreshold     | 500 | 100          | 100
            5.0   | ShouldSplitReturnsFalseWithBytesWrittenGreaterThanThreshold | 500 | 105          | 0
            6.0.2 | ShouldSplitReturnsFalseWithBytesWrittenLessThanThreshold    | 500 | 95 5 5       | 95 100 0
            6.0.2 | ShouldSplitReturnsFalseWithBytesWrittenEqualToThreshold     | 500 | 100          | 100
            6.0.2 | ShouldSplitReturnsFalseWithBytesWrittenGreaterThanThreshold | 500 | 105          | 0
            """)
    void aSplitCheckComesOnceTheBytesWrittenExceedAFifthOfTheMaxChunkSize(
            String release, String test, long maxChunkSize, String writes, String expected) {
        // given a collection of one chunk, BytesWrittenStartsAtZero
        SimulatedCluster c = oneChunk(release, maxChunkSize);
        assertEquals(0, c.state().documentsOf(0).bytesWritten());

        // when documents of the row's sizes are inserted into it
        long[] after = insert(c, longs(writes));

        // then the tracker holds the file's bytes: cleared by each split check
        assertEquals(expected, text(after));
        assertEquals(1, c.chunks().size(), "too little data to split");
    }

    @ParameterizedTest(name = "[{0}] with auto-split off the tracker keeps counting")
    @ValueSource(strings = {"4.2", "4.4", "5.0", "6.0.2"})
    void withAutoSplitOffNoCheckClearsTheTracker(String release) {
        // given one chunk and sh.disableAutoSplit()
        SimulatedCluster c = oneChunk(release, 500);
        c.execute(new SetAutoSplit(false));

        // when 300 bytes are written, past the cutoff of 100
        long[] after = insert(c, new long[] {105, 95, 100});

        // then the tracker holds them all: ChunkSplitter::trySplitting is not reached
        assertEquals("105 200 300", text(after));
    }

    @ParameterizedTest(name = "[{0}] the chunks a split makes start at 0")
    @ValueSource(strings = {"4.2", "4.4", "5.0", "6.0.2"})
    void theChunksOfASplitStartWithAnEmptyTracker(String release) {
        // given one chunk with 300 bytes tracked (auto-split off)
        SimulatedCluster c = oneChunk(release, 500);
        c.execute(new SetAutoSplit(false));
        insert(c, new long[] {100, 100, 100});

        // when it is split by sh.splitAt
        c.execute(new SplitAt("db.c", ClusterRulesTest.doc("{x: 1}")));

        // then each new chunk's tracker is 0 (a new ChunkWritesTracker per chunk in the routing table)
        assertEquals(0, c.state().documentsOf(0).bytesWritten());
        assertEquals(0, c.state().documentsOf(1).bytesWritten());
    }

    private static long[] longs(String text) {
        return Arrays.stream(text.trim().split("\\s+"))
                .mapToLong(Long::parseLong)
                .toArray();
    }

    private static String text(long[] values) {
        return String.join(" ", Arrays.stream(values).mapToObj(String::valueOf).toList());
    }
}

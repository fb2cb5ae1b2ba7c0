package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code splitVector} split points, case by case as mongo {@code src/mongo/db/s/split_vector_test.cpp}
 * states them (the same cases in the 4.4 to 8.0 copies of the file): {@code SplitVectorTest} inserts 100
 * documents {@code {_id: 0}} … {@code {_id: 99}} of one size and asks for the points of {@code [0, 100)}
 * with a max chunk size counted in documents; {@code SplitVectorJumboTest} inserts 1,000 documents
 * {@code {a: 1}}. Split points are the keys of the documents at the returned positions (document i has key
 * i). {@link SplitVector} is the finder of the 4.0 to 4.4 auto-splitters and of {@code split: ns, find}.
 *
 * <p>Not ported: {@code NoCollection}, {@code NoIndex}, {@code NoMaxChunkSize} (the command's argument
 * errors: ShardLab calls the finder only on a sharded collection, with its shard-key index and chunk size)
 * and {@code SplitVectorMaxResponseSizeTest.MaxResponseSize} (the 16 MB cap on the command's reply, which
 * keys of half a megabyte reach; the simulator returns points as positions, with no reply document).
 */
class SplitVectorTest {

    /** Bytes of {@code {_id: i}} (int32): the file's {@code getDocSizeBytes()}. */
    private static final long DOC_BYTES = 14;

    @ParameterizedTest(
            name = "SplitVectorTest.{0}: max chunk {1} docs, force {2}, maxSplitPoints {3}, " + "maxChunkObjects {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # test                 | max chunk size in documents | force | maxSplitPoints | maxChunkObjects | split keys
            SplitVectorInHalf      | 100                         | false | 0              | -               | 50
            ForceSplit             | 6                           | true  | 0              | -               | 50
            MaxChunkObjectsSet     | 100                         | false | 0              | 10              | 10 21 32 43 54 65 76 87 98
            SplitEveryThird        | 6                           | false | 0              | -               | 3 7 11 15 19 23 27 31 35 39 43 47 51 55 59 63 67 71 75 79 83 87 91 95 99
            MaxSplitPointsSet      | 6                           | false | 3              | -               | 3 7 11
            IgnoreMaxChunkObjects  | 6                           | false | 0              | 10              | 3 7 11 15 19 23 27 31 35 39 43 47 51 55 59 63 67 71 75 79 83 87 91 95 99
            NoSplit                | 1000                        | false | 0              | -               | -
            """)
    void splitPointsOfOneHundredDistinctKeys(
            String test,
            long maxChunkDocs,
            boolean force,
            int maxSplitPoints,
            String maxChunkObjects,
            String expected) {
        // given 100 documents of DOC_BYTES each, keys 0 … 99, all of the collection in the range
        IndexScan scan = new DistinctKeys(100);
        long objects =
                maxChunkObjects.equals("-") ? SplitVector.MAX_OBJECTS_PER_CHUNK : Long.parseLong(maxChunkObjects);

        // when splitVector runs
        List<Integer> points = force
                ? SplitVector.forced(scan, 100, 100 * DOC_BYTES)
                : SplitVector.compute(
                        scan, 100, 100 * DOC_BYTES, maxChunkDocs * DOC_BYTES, objects, false, maxSplitPoints);

        // then the points are the file's
        assertEquals(keys(expected), points);
    }

    @ParameterizedTest(name = "SplitVectorJumboTest.JumboChunk: 1,000 documents of one key, max chunk {0} docs")
    @CsvSource({"1", "10", "1000"})
    void aRangeOfOneKeyValueHasNoSplitPoint(long maxChunkDocs) {
        // given 1,000 documents {a: 1} (the range [{a: 1}, {a: 2}))
        IndexScan scan = RepeatedKey.of(1000);

        // when / then no split point, however small the max chunk size
        assertEquals(List.of(), new SplitVector().indexes(scan, 1000, 1000 * DOC_BYTES, maxChunkDocs * DOC_BYTES, 0));
        assertEquals(List.of(), SplitVector.forced(scan, 1000, 1000 * DOC_BYTES));
    }

    @ParameterizedTest(name = "keys repeated {0} times, max chunk {1} docs: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # split_vector.cpp: once the count passes keyCount the current key becomes a point unless it equals
            # the previous point; the count restarts only at a point
            1  | 6  | 3 7 11 15 19
            2  | 6  | 3 7 11 15 19
            4  | 6  | 4 8 12 16
            5  | 6  | 5 10 15
            10 | 6  | 10
            10 | 50 | -
            """)
    void aRepeatedKeyIsNeverSplitAcrossItsDocuments(int repeat, long maxChunkDocs, String expected) {
        // given 20 documents whose keys come in runs of `repeat` equal values
        IndexScan scan = new RunsOfEqualKeys(20, repeat);

        // when
        List<Integer> points = new SplitVector().indexes(scan, 20, 20 * DOC_BYTES, maxChunkDocs * DOC_BYTES, 0);

        // then the points are split_vector.cpp's, and no two of them share a key
        assertEquals(keys(expected), points);
        for (int i = 1; i < points.size(); i++) {
            assertEquals(false, scan.sameKey(points.get(i - 1), points.get(i)), "points " + points);
        }
    }

    /** {@code count} documents whose keys repeat in runs of {@code run}: 0, 0, 1, 1, … for run 2. */
    private record RunsOfEqualKeys(int count, int run) implements IndexScan {

        @Override
        public boolean sameKey(int i, int j) {
            return i / run == j / run;
        }
    }

    private static List<Integer> keys(String text) {
        if (text.equals("-")) {
            return List.of();
        }
        return new ArrayList<>(
                Arrays.stream(text.trim().split("\\s+")).map(Integer::valueOf).toList());
    }
}

package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code autoSplitVector} split points, case by case as mongo
 * {@code src/mongo/db/s/auto_split_vector_test.cpp} states them: documents of about 1 MB with
 * shard keys 0, 1, 2, …, every document of the collection in the chunk {@code [0, 1000)}. The
 * test's expectations take {@code maxDocsPerChunk} = the max chunk size in MB (its
 * RandomRepositioningTest says so outright), so the documents count as 1 MiB each here.
 *
 * <p>Not ported: {@code SplitIfDataMoreThanThreshold} (23 documents, 10 MB: split keys 6 and 13)
 * expects the repositioned chunk size {@code floor((n × max + surplus) / (n + 1))} = 7, the
 * formula of that file's comment, while the code copies read compute {@code max − floor((max −
 * surplus) / (n + 1))} = 8, which gives 7 and 15; ShardLab follows the code.
 */
class AutoSplitVectorTest {

    private static final long MIB = 1024 * 1024;
    private static final long DOC_BYTES = MIB;

    private static List<Integer> autoSplit(int documents, int maxChunkSizeMB) {
        return AutoSplitVector.points(
                DistinctKeys.of(documents), documents, documents * DOC_BYTES, maxChunkSizeMB * MIB, 0);
    }

    @ParameterizedTest(name = "AutoSplitVectorTest10MB.{0}: {1} docs, {2} MB → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # test                                   | documents | maxChunkSizeMB | split keys
            NoSplitIfDataLessThanMaxChunkSize        | 10        | 11             | []
            NoSplitIfDataEqualMaxChunkSize           | 10        | 10             | []
            NoSplitIfDataLessThanThreshold           | 12        | 10             | []
            SplitIfDataSlightlyMoreThanThreshold     | 14        | 10             | [6]
            NoRecalculateIfBigLastChunk              | 18        | 10             | [9]
            """)
    void splitPoints(String test, int documents, int maxChunkSizeMB, String expected) {
        assertEquals(expected, autoSplit(documents, maxChunkSizeMB).toString());
    }

    @Test
    void randomRepositioningTestRepositionsTheLastSplitPointsFairly() {
        // RepositionLastSplitPointsTest.RandomRepositioningTest, seeded and repeated
        SplittableRandom random = new SplittableRandom(6000900);
        for (int run = 0; run < 200; run++) {
            int maxDocsPerChunk = random.nextInt(100) + 10;
            int surplus = random.nextInt(maxDocsPerChunk);
            for (int nSplitPoints = 1; nSplitPoints < 4; nSplitPoints++) {
                int maxDocsPerNewChunk = maxDocsPerChunk - ((maxDocsPerChunk - surplus) / (nSplitPoints + 1));
                boolean mustReposition =
                        surplus >= maxDocsPerChunk - maxDocsPerNewChunk && surplus < maxDocsPerChunk * 0.8;
                int documents = maxDocsPerChunk * nSplitPoints + surplus;
                int expectedChunkSize = mustReposition ? documents / (nSplitPoints + 1) : maxDocsPerChunk;
                List<Integer> splitKeys = autoSplit(documents, maxDocsPerChunk);
                int approximateNextMin = expectedChunkSize;
                for (int id : splitKeys) {
                    // an approximate match, as MongoDB's test allows, for the integer rounding
                    int next = approximateNextMin;
                    assertTrue(
                            id >= next - 2 && id <= next + 2,
                            () -> "maxDocsPerChunk " + maxDocsPerChunk + ", surplus " + surplus + ": split keys "
                                    + splitKeys + ", expected about " + next);
                    approximateNextMin = id + expectedChunkSize;
                }
            }
        }
    }

    @Test
    void aRangeWhoseKeysAreAllEqualHasNoSplitPoint() {
        // auto_split_vector.cpp: "the first and last key in the range are the same"
        assertEquals(List.of(), AutoSplitVector.points(RepeatedKey.of(100), 100, 100 * DOC_BYTES, 10 * MIB, 0));
        assertEquals(Arrays.asList(6), autoSplit(14, 10));
    }
}

package io.shardlab.workload.lessons;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.workload.AgeWorkload;
import io.shardlab.workload.ContinentsWorkload;
import io.shardlab.workload.StatesWorkload;
import io.shardlab.workload.Workload;
import io.shardlab.workload.ZipCodeTable;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lesson: a key with few values (state, continent, age) can never have more chunks with data than
 * values, because all documents of one value must stay in one chunk; once a value alone outgrows the
 * chunk size its chunk cannot be split (splitVector skips split points equal to the previous one:
 * seed material "un-splittable chunks", "集合最终会变成7个块", "最多只可以拆出100个chunk").
 *
 * <p>The chunk-count bound holds on every version. (A split of the chunk starting at MinKey is
 * made at the second-lowest document, reference §2.2, so one extra, empty chunk
 * {@code [MinKey, smallest value)} can exist: the seed material's continents example counts
 * {@code (-∞, antarctica)} as the chunk of "africa".) Unsplittable chunks are asserted where chunks
 * split as data grows, before 6.0 (from 6.0.3 the auto-splitter is gone and chunks are only cut
 * by the balancer's moveRange, reference §2.4).
 */
class LowCardinalityLessonTest {

    private static final Supplier<ZipCodeTable> ZIP_CODES = ZipCodeTable.lazy();
    private static final long DOCS = 60_000;

    private static void assertFewChunks(Workload workload, MongoVersion version) {
        // given 60,000 documents of 500 bytes (about 29 MB) and 1 MB chunks on 4 shards
        LessonRun run = LessonRun.of(workload, DOCS, LessonRun.fourShards(version, 500));
        int values = run.distinctKeys().size();

        // then there are never more chunks holding documents than key values; the only other chunk there can be
        // is an empty one below the smallest value, left by the MinKey top-chunk split (reference §2.2)
        long withDocuments = run.end.chunkStatistics().stream()
                .filter(c -> c.documents() > 0)
                .count();
        assertTrue(
                withDocuments <= values,
                workload.name() + " on " + version + ": " + withDocuments + " chunks with documents for " + values
                        + " values");
        assertTrue(
                run.chunks().size() <= values + 1,
                workload.name() + " on " + version + ": " + run.chunks().size() + " chunks for " + values + " values");
        // and, where chunks split as they grow, some single-value chunks outgrew the chunk size and stayed whole
        if (!version.atLeast(6, 0)) {
            List<Chunk> unsplittable = run.unsplittableChunks();
            assertFalse(
                    unsplittable.isEmpty(),
                    workload.name() + " on " + version + ": no unsplittable chunk in "
                            + run.chunks().chunks());
        }
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void statesGiveAtMostOneChunkPerState(MongoVersion version) {
        assertFewChunks(new StatesWorkload(ZIP_CODES), version);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void continentsGiveAtMostSevenChunks(MongoVersion version) {
        assertFewChunks(new ContinentsWorkload(), version);
    }

    @ParameterizedTest(name = "on MongoDB {0}")
    @MethodSource("io.shardlab.workload.lessons.LessonRun#versions")
    void agesGiveAtMostOneHundredChunks(MongoVersion version) {
        assertFewChunks(new AgeWorkload(), version);
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Candidates read together, in ranges side by side, read as each candidate read alone in document order. */
class CandidateKeysTest {

    private static final List<ShardKeyPattern> CANDIDATES = List.of(
            ShardKeyPattern.parse("{a: 1}"),
            ShardKeyPattern.parse("{a: 1, 'b.c': 1}"),
            ShardKeyPattern.parse("{b: 'hashed'}"),
            ShardKeyPattern.parse("{tags: 1}"));

    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    /**
     * Seeded documents over several ranges: {@code a} sometimes missing, {@code b} a document, a scalar or missing,
     * {@code tags} an array in the documents listed.
     */
    private static Sample sample(int documents, int... arraysAt) {
        SplittableRandom random = new SplittableRandom(5);
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 0; i < documents; i++) {
            BsonDocument d = new BsonDocument();
            if (random.nextInt(7) != 0) {
                d.append("a", new BsonInt32(random.nextInt(1000)));
            }
            switch (random.nextInt(3)) {
                case 0 -> d.append("b", new BsonDocument("c", new BsonString("c" + random.nextInt(50))));
                case 1 -> d.append("b", new BsonInt32(i));
                default -> {}
            }
            d.append("tags", new BsonString("t" + i));
            docs.add(d);
        }
        for (int at : arraysAt) {
            docs.get(at).put("tags", new BsonArray(List.of(new BsonString("x"))));
        }
        return Sample.of("test", SampleOrder.INSERTION, docs);
    }

    private CandidateKeys readTogether(Sample sample) {
        Progress progress = new Progress(CANDIDATES, sample.numDocsSampled(), ProgressListener.NONE);
        List<Progress.Candidate> views = new ArrayList<>();
        for (int i = 0; i < CANDIDATES.size(); i++) {
            views.add(progress.of(i));
        }
        return CandidateKeys.read(sample, CANDIDATES, pool, views, CancelToken.none());
    }

    @Test
    void theKeysAndMissingFieldsAreThoseOfEachCandidateReadAlone() {
        // given documents over more than two ranges
        Sample sample = sample(2 * CandidateKeys.RANGE + 1_000);

        // when the candidates are read together
        CandidateKeys together = readTogether(sample);

        // then each candidate's keys and missing counts are those of a reader of it alone
        for (int k = 0; k < CANDIDATES.size(); k++) {
            KeyReader alone = new KeyReader(sample, CANDIDATES.get(k));
            ShardKey[] keys = new ShardKey[sample.numDocsSampled()];
            for (int d = 0; d < keys.length; d++) {
                keys[d] = alone.routingKey(d);
            }
            assertArrayEquals(keys, together.keys(k), CANDIDATES.get(k).toString());
            assertArrayEquals(
                    alone.missingCounts(),
                    together.missing(k),
                    CANDIDATES.get(k).toString());
        }
        assertTrue(together.missing(0)[0] > 0, "the sample misses a field");
    }

    @Test
    void aCandidateIsRefusedForItsFirstDocumentWithAnArrayWhicheverRangeFoundIt() {
        // given arrays on a candidate's path in the second range and the last
        Sample sample = sample(3 * CandidateKeys.RANGE, 3 * CandidateKeys.RANGE - 2, CandidateKeys.RANGE + 9);

        // when the candidates are read together
        CandidateKeys together = readTogether(sample);

        // then that candidate is refused for the first such document, the others are read
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> together.keys(3));
        assertTrue(
                e.getMessage().startsWith("candidate { tags: 1 }: document " + (CandidateKeys.RANGE + 10) + " "),
                e.getMessage());
        assertEquals(sample.numDocsSampled(), together.keys(0).length);
    }
}

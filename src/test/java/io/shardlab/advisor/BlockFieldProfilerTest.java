package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Profiling a sample in blocks merged in order gives exactly one profiler's profiles: counts, up and down steps
 * across the blocks' boundaries, distinct values up to the cap, and the fields kept up to the most profiled.
 */
class BlockFieldProfilerTest {

    private static List<FieldProfile> sequential(List<BsonDocument> documents) {
        FieldProfiler profiler = new FieldProfiler();
        documents.forEach(profiler::add);
        return profiler.profiles();
    }

    private static List<FieldProfile> inBlocks(List<BsonDocument> documents, int blockSize) {
        ExecutorService parsers = Executors.newFixedThreadPool(2);
        try {
            BlockFieldProfiler profiler = new BlockFieldProfiler(parsers, blockSize);
            documents.forEach(profiler::add);
            return profiler.profiles();
        } finally {
            parsers.shutdown();
        }
    }

    /** A value of a few kinds, often repeated, with 1 and 1.0 alike, sometimes an array or a document. */
    private static BsonValue value(SplittableRandom random, int spread) {
        int n = random.nextInt(spread);
        return switch (random.nextInt(8)) {
            case 0 -> new BsonInt32(n);
            case 1 -> new BsonDouble(n);
            case 2 -> new BsonInt64(n);
            case 3 -> new BsonString("s" + n);
            case 4 -> new BsonArray(List.of(new BsonInt32(n)));
            case 5 -> new BsonDocument("v", new BsonInt32(n));
            case 6 -> BsonNull.VALUE;
            default -> new BsonInt32(random.nextInt(3));
        };
    }

    /** Documents drawing {@code width} names of a pool of {@code names}, in a shuffled order now and then. */
    private static List<BsonDocument> documents(long seed, int count, int names, int width, int spread) {
        SplittableRandom random = new SplittableRandom(seed);
        List<BsonDocument> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            BsonDocument d = new BsonDocument();
            int start = random.nextInt(10) == 0 ? random.nextInt(names) : 0;
            for (int f = 0; f < width; f++) {
                if (random.nextInt(5) != 0) {
                    d.put("f" + ((start + f * (1 + random.nextInt(2))) % names), value(random, spread));
                }
            }
            out.add(d);
        }
        return out;
    }

    @ParameterizedTest(name = "seed {0}, {1} documents in blocks of {2}")
    @CsvSource({
        "1, 1, 1",
        "2, 100, 1",
        "3, 100, 7",
        "4, 100, 100",
        "5, 100, 101",
        "6, 1000, 64",
        "7, 1000, 999",
        "8, 5000, 4096",
        "9, 5000, 333",
    })
    void givenSeededRandomDocuments_whenProfiledInBlocks_thenTheProfilesAreTheSequentialOnes(
            long seed, int count, int blockSize) {
        List<BsonDocument> documents = documents(seed, count, 12, 8, 50);

        assertEquals(sequential(documents), inBlocks(documents, blockSize));
    }

    @ParameterizedTest(name = "{0} names, blocks of {1}")
    @CsvSource({"300, 1", "300, 3", "300, 50", "600, 7", "256, 5", "257, 5"})
    void givenMoreNamesThanProfiled_whenProfiledInBlocks_thenTheSameFirstNamesAreKept(int names, int blockSize) {
        List<BsonDocument> documents = documents(names, 200, names, 40, 10);

        assertEquals(sequential(documents), inBlocks(documents, blockSize));
    }

    @ParameterizedTest(name = "{0} distinct values, blocks of {1}")
    @CsvSource({
        "9999, 4096",
        "10000, 4096",
        "10001, 4096",
        "10000, 10000",
        "10001, 10001",
        "12000, 11000",
        "10000, 1",
        "30000, 512",
        "30000, 4096"
    })
    void givenDistinctValuesAroundTheCap_whenProfiledInBlocks_thenTheCountIsCappedAsSequentially(
            int distinct, int blockSize) {
        List<BsonDocument> documents = new ArrayList<>();
        for (int i = 0; i < distinct; i++) {
            documents.add(new BsonDocument("n", new BsonInt32(i)).append("m", new BsonInt32(i % 7)));
        }
        documents.add(new BsonDocument("n", new BsonInt32(0)));

        List<FieldProfile> profiles = inBlocks(documents, blockSize);

        assertEquals(sequential(documents), profiles);
        assertEquals(
                Math.min(distinct, FieldProfile.DISTINCT_CAP), profiles.get(0).distinctValues());
    }

    @Test
    void givenAStepAcrossABlockBoundary_whenProfiledInBlocks_thenItCounts() {
        List<BsonDocument> documents = List.of(
                new BsonDocument("n", new BsonInt32(1)),
                new BsonDocument("n", new BsonArray()),
                new BsonDocument("n", new BsonInt32(3)),
                new BsonDocument("other", new BsonInt32(0)),
                new BsonDocument("n", new BsonDouble(2)));

        FieldProfile n = inBlocks(documents, 2).get(0);

        assertEquals(new FieldProfile("n", 4, 1, 0, 3, 1, 1), n);
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.workload.ZipCodeTable;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shipped ZIP codes: {@code state} is a low-cardinality, skewed key, {@code zip} a unique one
 * that ascends in file order. Expected numbers come from the table itself, not from the advisor.
 */
class ZipCodesSampleTest {

    private static Sample sample;
    private static ZipCodeTable table;
    private static AdvisorReport report;

    @BeforeAll
    static void analyse() {
        sample = new SampleLoader(ProgressListener.NONE, CancelToken.none())
                .load(ShippedDataset.ZIPCODES, Long.MAX_VALUE);
        table = ZipCodeTable.load();
        List<SampledQuery> mix = QueryMixFile.parse("""
                {"op": "find", "filter": {"state": "CA"}, "weight": 40}
                {"op": "find", "filter": {"zip": "10001"}, "weight": 50}
                {"op": "find", "filter": {"state": {"$in": ["CT", "MA"]}}, "weight": 10}
                """, "mix");
        report = Samples.advisor()
                .analyze(
                        sample,
                        List.of(
                                ShardKeyPattern.parse("{state: 1}"),
                                ShardKeyPattern.parse("{zip: 1}"),
                                ShardKeyPattern.parse("{zip: 'hashed'}")),
                        mix,
                        AdvisorSettings.of(MongoVersion.V8_0, 4).withChunkSizeMegabytes(1),
                        ProgressListener.NONE,
                        CancelToken.none());
    }

    private static CandidateReport candidate(int i) {
        return report.candidates().get(i);
    }

    private static boolean has(CandidateReport c, FindingKind kind) {
        return c.findings().stream().anyMatch(f -> f.kind() == kind);
    }

    @Test
    void theSampleIsTheWholeFileInFileOrder() {
        assertEquals(table.size(), sample.numDocsSampled());
        assertEquals(table.size(), sample.numDocsTotal());
        assertEquals(
                "zipcodes (shipped with ShardLab)",
                Messages.of(Language.ENGLISH).text(sample.source()));
        assertEquals(
                "zipcodes（ShardLab 自带）",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(sample.source()));
        assertEquals(
                new BsonString(table.rows().get(0).zip()),
                sample.documents().document(0).get("zip"));
    }

    @Test
    void stateHasFewValuesAndTheMostCommonOutweighsTheAverage() {
        Map<String, Long> perState = table.rows().stream()
                .collect(Collectors.groupingBy(ZipCodeTable.ZipCode::state, Collectors.counting()));
        Map.Entry<String, Long> biggest =
                perState.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();

        KeyCharacteristics kc = candidate(0).keyCharacteristics();

        assertEquals(perState.size(), kc.numDistinctValues());
        assertEquals(
                new ValueFrequency(new BsonDocument("state", new BsonString(biggest.getKey())), biggest.getValue()),
                kc.mostCommonValues().get(0));
        assertTrue(has(candidate(0), FindingKind.LOW_CARDINALITY));
        assertTrue(
                has(candidate(0), FindingKind.FREQUENT_VALUES),
                candidate(0).findings().toString());
        assertEquals(MonotonicityType.NOT_MONOTONIC, kc.monotonicity().type());
    }

    @Test
    void zipHasAValuePerDocumentAndAscendsWithTheFile() {
        KeyCharacteristics kc = candidate(1).keyCharacteristics();

        assertEquals(table.size(), kc.numDistinctValues());
        assertFalse(kc.isUnique(), "no unique index is declared for the shipped dataset");
        assertEquals(Monotonicity.of(MonotonicityType.MONOTONIC, 1.0), kc.monotonicity());
        assertTrue(has(candidate(1), FindingKind.HIGH_CARDINALITY));
        assertTrue(has(candidate(1), FindingKind.MONOTONIC));
        assertEquals(
                Monotonicity.of(MonotonicityType.NOT_MONOTONIC, 0),
                candidate(2).keyCharacteristics().monotonicity());
    }

    @Test
    void theQueryMixFavoursTheZipCodeAndHashingBreaksTheTieOnWrites() {
        // 40 reads by state, 50 by zip, 10 by a list of states
        assertEquals(40.0, candidate(0).readWrite().orElseThrow().read().percentageOfSingleShardReads());
        assertEquals(50.0, candidate(1).readWrite().orElseThrow().read().percentageOfSingleShardReads());
        assertEquals(50.0, candidate(2).readWrite().orElseThrow().read().percentageOfSingleShardReads());
        assertEquals(50.0, candidate(2).readWrite().orElseThrow().read().percentageOfScatterGatherReads());

        assertEquals(OptionalInt.of(2), report.recommendation().index());
        assertTrue(candidate(2).meanMaxWriteShare() < candidate(1).meanMaxWriteShare());
    }

    @Test
    void fourMegabytesOnFourShardsOfOneMegabyteChunksIsTooLittleToJudgeTheLayout() {
        for (CandidateReport c : report.candidates()) {
            assertTrue(has(c, FindingKind.SMALL_SAMPLE), c.key().toString());
            assertTrue(c.findings(Severity.DISQUALIFYING).isEmpty());
        }
    }

    @Test
    void theHashedKeyPreSplitsAndSpreadsTheInserts() {
        CandidateReport hashed = candidate(2);
        Map<String, Long> docsPerShard = hashed.layout().chunkStatistics().stream()
                .collect(Collectors.groupingBy(
                        s -> s.chunk().shard(),
                        Collectors.summingLong(io.shardlab.cluster.ChunkStatistics::documents)));

        assertEquals(4, docsPerShard.size());
        assertTrue(
                hashed.layout().maxShardDocShare() < 0.3,
                String.valueOf(hashed.layout().maxShardDocShare()));
        assertEquals(
                OptionalDouble.of(hashed.layout().maxShardDocShare()),
                docsPerShard.values().stream()
                        .mapToDouble(d -> (double) d / table.size())
                        .max());
        assertEquals(
                table.size(),
                docsPerShard.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(0, hashed.layout().jumboChunks());
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class ShardKeyAdvisorTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static final List<ShardKeyPattern> KEYS = List.of(
            ShardKeyPattern.parse("{customerId: 1}"),
            ShardKeyPattern.parse("{orderNo: 'hashed'}"),
            ShardKeyPattern.parse("{region: 1, customerId: 1}"));

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} with {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            # key                   | query mix                        | finding
            { at: 'hashed' }        | none                             | 'at' holds dates and the key hashes it, so neighbouring times land on any shard: a read of a time range on 'at' ($gte/$lt) would reach every shard.
            { at: 'hashed' }        | a time range, weight 7           | 'at' holds dates and the key hashes it, so neighbouring times land on any shard: 7 of the reads (by weight) ask for a time range on 'at' and reach every shard.
            { at: 'hashed' }        | equality only                    | -
            { at: 1 }               | a time range, weight 7           | -
            { n: 'hashed' }         | none                             | -
            """)
    void hashingATimeFieldWarnsThatTimeRangeReadsScatter(String key, String mix, String finding) {
        String[] documents = new String[200];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = "{ at: { $date: " + (1_700_000_000_000L + i * 60_000L) + " }, n: " + i + " }";
        }
        List<SampledQuery> queries = switch (mix) {
            case "a time range, weight 7" ->
                List.of(
                        SampledQuery.find(io.shardlab.bson.BsonLiterals.parseDocument(
                                        "{ at: { $gte: { $date: 1700000000000 }, $lt: { $date: 1700000600000 } } }"))
                                .withWeight(7),
                        SampledQuery.find(io.shardlab.bson.BsonLiterals.parseDocument("{ n: 3 }")));
            case "equality only" ->
                List.of(SampledQuery.find(
                        io.shardlab.bson.BsonLiterals.parseDocument("{ at: { $date: 1700000000000 } }")));
            default -> List.of();
        };

        CandidateReport report = Samples.analyze(Samples.of(documents), key, queries);

        List<String> found = report.findings().stream()
                .filter(f -> f.kind() == FindingKind.HASHED_TIME_RANGES)
                .map(f -> ENGLISH.text(f.message()))
                .toList();
        assertEquals(finding.equals("-") ? List.of() : List.of(finding), found);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            # key             | finding
            { n: 1 }          | 10,000 distinct values, none frequent (the most common has 2 documents).
            { m: 1, n: 1 }    | 20,000 distinct values, none frequent (the most common has 1 document).
            """)
    void aKeyOfManyRareValuesNamesHowManyDocumentsTheMostCommonHas(String key, String finding) {
        String[] documents = new String[20_000];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = "{ n: " + (i % 10_000) + ", m: " + i + " }";
        }

        CandidateReport report = Samples.analyze(Samples.of(documents), key, List.of());

        assertEquals(
                List.of(finding),
                report.findings().stream()
                        .filter(f -> f.kind() == FindingKind.HIGH_CARDINALITY)
                        .map(f -> ENGLISH.text(f.message()))
                        .toList());
    }

    @Test
    void theReportDoesNotDependOnHowManyThreadsRunTheCandidates() {
        Sample sample = OrdersScenarioTest.orders(30_000, 3);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            AdvisorReport parallel = new ShardKeyAdvisor(pool)
                    .analyze(sample, KEYS, List.of(), Samples.settings(2), ProgressListener.NONE, CancelToken.none());
            AdvisorReport sequential = Samples.advisor()
                    .analyze(sample, KEYS, List.of(), Samples.settings(2), ProgressListener.NONE, CancelToken.none());

            assertEquals(sequential.candidates(), parallel.candidates());
            assertEquals(sequential.recommendation(), parallel.recommendation());
            assertEquals(
                    KEYS,
                    parallel.candidates().stream().map(CandidateReport::key).toList(),
                    "in the order given");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void progressGrowsToOneAndNamesTheCandidate() {
        List<AnalysisProgress> reports = Collections.synchronizedList(new ArrayList<>());

        Samples.advisor()
                .analyze(
                        OrdersScenarioTest.orders(20_000, 3),
                        KEYS,
                        List.of(),
                        Samples.settings(2),
                        reports::add,
                        CancelToken.none());

        for (int i = 1; i < reports.size(); i++) {
            assertTrue(
                    reports.get(i).fraction() >= reports.get(i - 1).fraction(),
                    reports.get(i).toString());
        }
        assertTrue(reports.stream()
                .anyMatch(p -> ENGLISH.text(p.stage()).equals("{ customerId: 1 }: replaying 20,000 inserts")));
        assertEquals(new AnalysisProgress(Message.of("advisor.progress.done"), 1), reports.get(reports.size() - 1));
    }

    @Test
    void cancellingStopsTheAnalysis() {
        CancelToken cancel = new CancelToken();
        List<AnalysisProgress> reports = new ArrayList<>();

        assertThrows(
                AnalysisCancelledException.class,
                () -> Samples.advisor()
                        .analyze(
                                OrdersScenarioTest.orders(20_000, 3),
                                KEYS,
                                List.of(),
                                Samples.settings(2),
                                p -> {
                                    reports.add(p);
                                    if (p.fraction() > 0.1) {
                                        cancel.cancel();
                                    }
                                },
                                cancel));
        assertTrue(
                reports.get(reports.size() - 1).fraction() < 0.5, "stopped early: " + reports.get(reports.size() - 1));
    }

    @Test
    void aKeyListedTwiceOrNoKeyAtAllIsAMistake() {
        Sample sample = Samples.ofValues("a", "1");
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> Samples.advisor()
                        .analyze(
                                sample,
                                List.of(ShardKeyPattern.parse("{a: 1}"), ShardKeyPattern.parse("{a: 1.0}")),
                                List.of(),
                                Samples.settings(1),
                                ProgressListener.NONE,
                                CancelToken.none()));
        assertEquals("candidates: a key is listed twice: [{ a: 1 }, { a: 1 }]", twice.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> Samples.advisor()
                        .analyze(
                                sample,
                                List.of(),
                                List.of(),
                                Samples.settings(1),
                                ProgressListener.NONE,
                                CancelToken.none()));
    }

    @Test
    void aCandidateThatFailsStopsTheOthersAndReportsItsProblem() {
        Sample sample = Samples.of("{a: 1, tags: 'x'}", "{a: 2, tags: ['x', 'y']}");

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Samples.advisor()
                        .analyze(
                                sample,
                                List.of(ShardKeyPattern.parse("{a: 1}"), ShardKeyPattern.parse("{tags: 1}")),
                                List.of(),
                                Samples.settings(1),
                                ProgressListener.NONE,
                                CancelToken.none()));
        assertTrue(e.getMessage().startsWith("candidate { tags: 1 }: document 2"), e.getMessage());
    }

    @Test
    void oneShardJudgesNoWriteDistribution() {
        CandidateReport c = Samples.advisor()
                .analyze(
                        OrdersScenarioTest.orders(5_000, 1),
                        List.of(ShardKeyPattern.parse("{orderNo: 1}")),
                        List.of(),
                        Samples.settings(1),
                        ProgressListener.NONE,
                        CancelToken.none())
                .candidates()
                .get(0);

        assertEquals(1.0, c.meanMaxWriteShare());
        assertTrue(c.findings().stream().noneMatch(f -> f.kind() == FindingKind.HOT_SHARD));
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 120,000 orders (about 7 MB, enough for 2 shards of 1 MB chunks): a counter that grows with every
 * insert, 5,000 customers drawn at random, and a region where 80% of orders come from "us".
 */
class OrdersScenarioTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static final List<ShardKeyPattern> KEYS = List.of(
            ShardKeyPattern.parse("{orderNo: 1}"),
            ShardKeyPattern.parse("{customerId: 1}"),
            ShardKeyPattern.parse("{region: 1}"),
            ShardKeyPattern.parse("{orderNo: 'hashed'}"));

    private static Sample sample;
    private static AdvisorReport withoutQueries;

    static Sample orders(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<BsonDocument> docs = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            int r = random.nextInt(100);
            docs.add(new BsonDocument("orderNo", new BsonInt32(i))
                    .append("customerId", new BsonInt32(random.nextInt(5_000)))
                    .append("region", new BsonString(r < 80 ? "us" : r < 95 ? "eu" : "ap"))
                    .append("note", new BsonString("x".repeat(20))));
        }
        return Sample.of("orders", SampleOrder.INSERTION, docs);
    }

    @BeforeAll
    static void analyse() {
        sample = orders(120_000, 42);
        withoutQueries = Samples.advisor()
                .analyze(sample, KEYS, List.of(), Samples.settings(2), ProgressListener.NONE, CancelToken.none());
    }

    private static List<FindingKind> kinds(int candidate) {
        return withoutQueries.candidates().get(candidate).findings().stream()
                .map(Finding::kind)
                .toList();
    }

    @Test
    void theSampleIsLargeEnoughForTheLayoutRules() {
        assertTrue(sample.documents().totalBytes() >= 6L * AdvisorSettings.MEGABYTE, "3 chunks per shard");
        for (int i = 0; i < KEYS.size(); i++) {
            assertFalse(kinds(i).contains(FindingKind.SMALL_SAMPLE), KEYS.get(i).toString());
        }
    }

    @Test
    void aCounterSendsEveryInsertToOneShardAndIsRuledOut() {
        CandidateReport counter = withoutQueries.candidates().get(0);

        assertEquals(1.0, counter.meanMaxWriteShare());
        assertTrue(kinds(0).containsAll(List.of(FindingKind.HOT_SHARD, FindingKind.MONOTONIC)), kinds(0).toString());
        assertTrue(counter.disqualified());
        assertEquals(FindingKind.HOT_SHARD, counter.findings().get(0).kind(), "most severe first");
    }

    @Test
    void aRegionWithOneDominantValueMakesJumboChunks() {
        CandidateReport region = withoutQueries.candidates().get(2);

        assertEquals(3, region.keyCharacteristics().numDistinctValues());
        // an order is 80 bytes: 'us' has about 96,000 (7.3 MB), 'eu' 18,000 (1.4 MB), 'ap' 6,000 (0.5 MB)
        assertEquals(2, region.jumboRisk().values(), "'us' and 'eu' have more than 1 MB of orders");
        assertEquals(
                new BsonDocument("region", new BsonString("us")),
                region.jumboRisk().largest().get(0).value());
        assertTrue(
                kinds(2).containsAll(List.of(
                        FindingKind.JUMBO_VALUES, FindingKind.LOW_CARDINALITY, FindingKind.VALUE_OUTWEIGHS_SHARD)),
                kinds(2).toString());
        assertTrue(region.disqualified());
    }

    @Test
    void randomCustomersAndAHashedCounterAreNotHot() {
        // the ranged key starts as one chunk on one shard and spreads once the balancer moves data;
        // the hashed key is pre-split over both shards from the start
        CandidateReport customers = withoutQueries.candidates().get(1);
        CandidateReport hashed = withoutQueries.candidates().get(3);
        assertTrue(
                customers.meanMaxWriteShare() < FindingRules.HOT_SHARD_SHARE,
                String.valueOf(customers.meanMaxWriteShare()));
        assertTrue(hashed.meanMaxWriteShare() < 0.6, String.valueOf(hashed.meanMaxWriteShare()));
        assertFalse(customers.disqualified(), customers.findings().toString());
        assertFalse(hashed.disqualified(), hashed.findings().toString());
    }

    @Test
    void withoutQueriesTheRecommendationIsAQualifiedKeyWithTheReasonsForEveryOther() {
        Recommendation r = withoutQueries.recommendation();

        int pick = r.index().orElseThrow();
        assertFalse(withoutQueries.candidates().get(pick).disqualified());
        assertEquals(KEYS.size(), r.reasons().size(), "one reason for the pick, one per other candidate");
        List<String> reasons = r.reasons().stream().map(ENGLISH::text).toList();
        assertTrue(reasons.get(0).startsWith("Recommended: " + KEYS.get(pick)), reasons.get(0));
        assertTrue(
                reasons.stream().anyMatch(s -> s.startsWith("{ orderNo: 1 } is ruled out (write distribution)")),
                reasons.toString());
    }

    @Test
    void readsByCustomerMakeTheCustomerKeyTheRecommendation() {
        List<SampledQuery> mix = QueryMixFile.parse("""
                {"op": "find", "filter": {"customerId": 17}, "weight": 9}
                {"op": "find", "filter": {"orderNo": {"$gte": 100, "$lt": 200}}}
                """, "mix");

        AdvisorReport report = Samples.advisor()
                .analyze(sample, KEYS, mix, Samples.settings(2), ProgressListener.NONE, CancelToken.none());

        assertEquals(OptionalInt.of(1), report.recommendation().index());
        assertEquals(
                90.0,
                report.candidates().get(1).readWrite().orElseThrow().read().percentageOfSingleShardReads());
        assertTrue(
                report.candidates().get(1).findings().stream().anyMatch(f -> f.kind() == FindingKind.TARGETED_READS));
        assertTrue(
                report.candidates().get(3).findings().stream()
                        .anyMatch(f -> f.kind() == FindingKind.SCATTER_GATHER_READS),
                "hashed: the range read is broadcast");
        assertTrue(
                ENGLISH.text(report.recommendation().reasons().get(0))
                        .contains("90% of the reads reach a single shard"),
                ENGLISH.text(report.recommendation().reasons().get(0)));
    }

    @Test
    void theReplayedLayoutHoldsEveryDocumentOnce() {
        for (CandidateReport c : withoutQueries.candidates()) {
            long docs = c.layout().chunkStatistics().stream()
                    .mapToLong(s -> s.documents())
                    .sum();
            assertEquals(sample.numDocsSampled(), docs, c.key().toString());
            assertEquals(c.layout().chunks(), c.layout().snapshot().chunks().size());
            assertEquals(
                    2,
                    c.layout().chunkStatistics().stream()
                            .map(s -> s.chunk().shard())
                            .collect(Collectors.toSet())
                            .size(),
                    c.key() + " uses both shards");
        }
    }
}

package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The recommendation's order of rules, on candidates whose metrics are set by hand. */
class RecommendationRuleTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    /** A report with just the metrics the rule reads. */
    static CandidateReport candidate(
            String field, double singleShardReads, double meanMaxWriteShare, long distinct, boolean ruledOut) {
        ShardKeyPattern key = ShardKeyPattern.parse("{" + field + ": 1}");
        KeyCharacteristics kc = new KeyCharacteristics(
                1_000_000,
                java.util.OptionalLong.empty(),
                1_000_000,
                100,
                distinct == 1_000_000,
                distinct,
                List.of(new ValueFrequency(BsonLiterals.parseDocument("{" + field + ": 1}"), 1)),
                Monotonicity.of(MonotonicityType.NOT_MONOTONIC, 0));
        ChunkMap chunks = ChunkMap.single(1, "shard01");
        LayoutMetrics layout = new LayoutMetrics(
                1,
                0,
                1.0,
                new ClusterSnapshot("t.c", key, false, List.of(Shard.named("shard01")), chunks, List.of()),
                List.of(new ChunkStatistics(chunks.get(0), 1, 100)));
        Optional<ReadWriteDistribution> rw = singleShardReads < 0
                ? Optional.empty()
                : Optional.of(new ReadWriteDistribution(
                        new ReadDistributionMetrics(
                                1000,
                                1000,
                                0,
                                0,
                                0,
                                Math.round(singleShardReads * 10),
                                1000 - Math.round(singleShardReads * 10),
                                0,
                                java.util.Collections.nCopies(2, 500L)),
                        WriteDistributionMetrics.none(),
                        List.of()));
        List<Finding> findings = new ArrayList<>();
        if (ruledOut) {
            findings.add(
                    new Finding(FindingKind.HOT_SHARD, Message.of("advisor.verbatim", "every insert on one shard")));
        }
        return new CandidateReport(
                key,
                kc,
                layout,
                meanMaxWriteShare,
                rw,
                new JumboRisk(1, 0, List.of()),
                List.of(0L),
                findings,
                new IndexSupport(Optional.empty(), Optional.empty(), false, false),
                AnalysisRanges.at(1, List.of()));
    }

    @ParameterizedTest(name = "{9}")
    @CsvSource(textBlock = """
            # A: reads, write share, distinct, ruled out | B: the same | winner | why
            50, 0.30,  100, false,  80, 0.50,   10, false, B,    more single-shard reads win
            50, 0.30,  100, false,  50, 0.27,   10, false, B,    then the lower meanMaxWriteShare
            50, 0.301, 100, false,  50, 0.299, 1000, false, B,   shares equal to two decimals fall to cardinality
            50, 0.26, 100, false,   50, 0.27,  1000, false, B,   shares within 0.02 are a tie: cardinality decides
            50, 0.25, 1000, false,  50, 0.27,  100, false, A,    0.02 apart is no longer a tie
            50, 0.30,  100, false,  50, 0.30,  100, false, A,    a full tie keeps the order given
            100, 0.20, 1000000, true, 0, 0.50,   5, false, B,    a ruled-out key never wins
            100, 0.20, 1000000, true, 0, 0.50,   5, true,  none, nothing when every key is ruled out
            -1, 0.40,  100, false,  -1, 0.35,   10, false, B,    without a query mix the write share decides
            """)
    void rulesApplyInOrder(
            double aReads,
            double aShare,
            long aDistinct,
            boolean aOut,
            double bReads,
            double bShare,
            long bDistinct,
            boolean bOut,
            String winner,
            String why) {
        List<CandidateReport> candidates = List.of(
                candidate("a", aReads, aShare, aDistinct, aOut), candidate("b", bReads, bShare, bDistinct, bOut));

        Recommendation r = RecommendationRule.recommend(candidates);

        assertEquals(pick(winner), r.index(), why);
    }

    @Test
    void theReasonsExplainThePickAndEachOtherCandidate() {
        List<CandidateReport> candidates = List.of(
                candidate("a", 50, 0.30, 100, false),
                candidate("b", 80, 0.50, 10, false),
                candidate("c", 90, 0.25, 10, true));

        Recommendation r = RecommendationRule.recommend(candidates);

        assertEquals(
                List.of(
                        "Recommended: { b: 1 }. 80% of the reads reach a single shard; meanMaxWriteShare 0.50; 10 distinct values.",
                        "{ a: 1 } ranks lower: fewer single-shard reads (50% against 80%).",
                        "{ c: 1 } is ruled out (write distribution): every insert on one shard"),
                r.reasons().stream().map(ENGLISH::text).toList());
    }

    @Test
    void withoutReadsTheReasonsSayTheRankingRestsOnWriteSpreadAndNameTies() {
        List<CandidateReport> candidates = List.of(
                candidate("a", -1, 0.26, 10, false),
                candidate("b", -1, 0.27, 1000, false),
                candidate("c", -1, 0.27, 1000, false));

        Recommendation r = RecommendationRule.recommend(candidates);

        assertEquals(
                List.of(
                        "Recommended: { b: 1 }. Ranked on write spread only (no reads in a query mix); meanMaxWriteShare 0.27; "
                                + "1,000 distinct values.",
                        "{ a: 1 } ranks lower: a tie on write spread (meanMaxWriteShare 0.26 against 0.27), then fewer "
                                + "distinct values (10 against 1,000).",
                        "{ c: 1 } ranks lower: a tie with { b: 1 } on every rule; the one listed first is named."),
                r.reasons().stream().map(ENGLISH::text).toList());
    }

    /** {@code c} with findings of {@code kinds} added, as {@link FindingRules} would have found them. */
    static CandidateReport with(CandidateReport c, FindingKind... kinds) {
        List<Finding> findings = new ArrayList<>(c.findings());
        for (FindingKind kind : kinds) {
            findings.add(new Finding(kind, Message.of("advisor.verbatim", kind.name())));
        }
        return new CandidateReport(
                c.key(),
                c.keyCharacteristics(),
                c.layout(),
                c.meanMaxWriteShare(),
                c.readWrite(),
                c.jumboRisk(),
                c.missingFieldDocuments(),
                findings,
                c.indexes(),
                c.ranges());
    }

    /**
     * A monotonic key is never the pick while its writes were not judged (too little data for the hot-shard rule,
     * the note {@code SMALL_SAMPLE}): the advisor once recommended an ascending order number on 4 shards with 128 MB
     * chunks because the skipped rule left it the lowest write share.
     */
    @ParameterizedTest(name = "{6}")
    @CsvSource(delimiter = '|', textBlock = """
            # A: write share | A monotonic | B: write share | B monotonic | writes judged | winner | why
            0.25 | true  | 0.50 | false | false | B    | a monotonic key whose writes were not judged is passed over
            0.25 | true  | 0.50 | true  | false | none | nothing when every key left is monotonic and not judged
            0.25 | true  | 0.50 | false | true  | A    | judged writes rank a monotonic key by its write share as any
            0.25 | false | 0.50 | false | false | A    | a key that is not monotonic ranks as before on unjudged writes
            """)
    void aMonotonicKeyWhoseWritesWereNotJudgedIsNeverThePick(
            double aShare,
            boolean aMonotonic,
            double bShare,
            boolean bMonotonic,
            boolean judged,
            String winner,
            String why) {
        // given two candidates, each monotonic or not, on data the write rule did or did not judge
        List<CandidateReport> candidates = new ArrayList<>();
        double[] shares = {aShare, bShare};
        boolean[] monotonic = {aMonotonic, bMonotonic};
        for (int i = 0; i < 2; i++) {
            List<FindingKind> kinds = new ArrayList<>();
            if (monotonic[i]) {
                kinds.add(FindingKind.MONOTONIC);
            }
            if (!judged) {
                kinds.add(FindingKind.SMALL_SAMPLE);
            }
            candidates.add(
                    with(candidate(i == 0 ? "a" : "b", -1, shares[i], 1000, false), kinds.toArray(FindingKind[]::new)));
        }

        // when the rule picks
        Recommendation r = RecommendationRule.recommend(candidates);

        // then
        assertEquals(pick(winner), r.index(), why);
    }

    @Test
    void theReasonsSayWhyAMonotonicKeyOnUnjudgedWritesWasPassedOver() {
        List<CandidateReport> candidates = List.of(
                with(candidate("orderNo", -1, 0.25, 1000, false), FindingKind.MONOTONIC, FindingKind.SMALL_SAMPLE),
                with(candidate("customerId", -1, 0.50, 1000, false), FindingKind.SMALL_SAMPLE));

        Recommendation r = RecommendationRule.recommend(candidates);

        assertEquals(
                List.of(
                        "Recommended: { customerId: 1 }. Ranked on write spread only (no reads in a query mix); "
                                + "meanMaxWriteShare 0.50; 1,000 distinct values.",
                        "{ orderNo: 1 } is not recommended: its values change monotonically with each insert, so every "
                                + "insert goes to the chunk at one end of the key range, on one shard; the data is too "
                                + "small for the write rule to show it in numbers."),
                r.reasons().stream().map(ENGLISH::text).toList());
    }

    @Test
    void noCandidateIsNoRecommendation() {
        assertThrows(IllegalArgumentException.class, () -> RecommendationRule.recommend(List.of()));
    }

    /** The table's winner column as the index the rule picks: A the first candidate, B the second, else none. */
    private static OptionalInt pick(String winner) {
        return switch (winner) {
            case "A" -> OptionalInt.of(0);
            case "B" -> OptionalInt.of(1);
            default -> OptionalInt.empty();
        };
    }
}

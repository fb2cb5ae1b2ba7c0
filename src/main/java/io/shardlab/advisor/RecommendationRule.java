package io.shardlab.advisor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * Picks one candidate by fixed rules, in this order:
 * <ol>
 *   <li>A candidate with a {@link Severity#DISQUALIFYING} finding is ruled out: values too large for
 *       a chunk (they become jumbo chunks the balancer cannot move), a hot shard (meanMaxWriteShare
 *       at least 0.9 on two or more shards: the cluster writes at the speed of one shard), or
 *       operations of the query mix MongoDB would refuse.</li>
 *   <li>Among the others, the most single-shard reads for the query mix wins, because a read that
 *       reaches one shard costs one shard's work however large the cluster grows (only when the mix
 *       has reads).</li>
 *   <li>Then the lowest meanMaxWriteShare, compared to two decimals, because spread inserts use every
 *       shard's write capacity.</li>
 *   <li>Then the most distinct values, because they allow the most chunks and so the finest balancing.</li>
 *   <li>Then the earlier candidate in the list given.</li>
 * </ol>
 * When every candidate is ruled out, nothing is recommended.
 */
public final class RecommendationRule {

    private RecommendationRule() {
    }

    /** The recommendation for {@code candidates}, in the order they were given. */
    public static Recommendation recommend(List<CandidateReport> candidates) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates: at least one");
        }
        List<Integer> qualified = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (!candidates.get(i).disqualified()) {
                qualified.add(i);
            }
        }
        List<String> reasons = new ArrayList<>();
        if (qualified.isEmpty()) {
            reasons.add("No candidate is recommended: every one is ruled out.");
            for (CandidateReport c : candidates) {
                reasons.add(ruledOut(c));
            }
            return new Recommendation(OptionalInt.empty(), reasons);
        }
        qualified.sort(order(candidates));
        int best = qualified.get(0);
        CandidateReport winner = candidates.get(best);
        reasons.add(why(winner, candidates, qualified));
        for (int i = 0; i < candidates.size(); i++) {
            CandidateReport c = candidates.get(i);
            if (i == best) {
                continue;
            }
            reasons.add(c.disqualified() ? ruledOut(c) : whyNot(c, winner));
        }
        return new Recommendation(OptionalInt.of(best), reasons);
    }

    /** The ranking of qualified candidates, best first. */
    static Comparator<Integer> order(List<CandidateReport> candidates) {
        return Comparator.<Integer>comparingDouble(i -> -singleShardReads(candidates.get(i)))
                .thenComparingLong(i -> writeShareHundredths(candidates.get(i)))
                .thenComparingLong(i -> -candidates.get(i).keyCharacteristics().numDistinctValues())
                .thenComparingInt(i -> i);
    }

    /** percentageOfSingleShardReads, or 0 without reads. */
    static double singleShardReads(CandidateReport c) {
        return c.readWrite().map(rw -> rw.read().isEmpty() ? 0 : rw.read().percentageOfSingleShardReads()).orElse(0.0);
    }

    static long writeShareHundredths(CandidateReport c) {
        return Math.round(c.meanMaxWriteShare() * 100);
    }

    private static boolean hasReads(CandidateReport c) {
        return c.readWrite().map(rw -> !rw.read().isEmpty()).orElse(false);
    }

    private static String why(CandidateReport w, List<CandidateReport> all, List<Integer> qualified) {
        StringBuilder b = new StringBuilder("Recommended: " + w.key() + ". ");
        if (qualified.size() == 1) {
            b.append("It is the only candidate not ruled out. ");
        }
        if (hasReads(w)) {
            b.append(FindingRules.pct100(singleShardReads(w))).append(" of the reads reach a single shard; ");
        }
        b.append("meanMaxWriteShare ").append(FindingRules.decimal(w.meanMaxWriteShare())).append("; ")
                .append(FindingRules.count(w.keyCharacteristics().numDistinctValues())).append(" distinct values.");
        return b.toString();
    }

    private static String ruledOut(CandidateReport c) {
        Finding first = c.findings(Severity.DISQUALIFYING).get(0);
        return c.key() + " is ruled out (" + first.principle().label() + "): " + first.text();
    }

    private static String whyNot(CandidateReport c, CandidateReport winner) {
        String because;
        if (singleShardReads(c) != singleShardReads(winner)) {
            because = "fewer single-shard reads (" + FindingRules.pct100(singleShardReads(c)) + " against "
                    + FindingRules.pct100(singleShardReads(winner)) + ")";
        } else if (writeShareHundredths(c) != writeShareHundredths(winner)) {
            because = "inserts less spread (meanMaxWriteShare " + FindingRules.decimal(c.meanMaxWriteShare())
                    + " against " + FindingRules.decimal(winner.meanMaxWriteShare()) + ")";
        } else if (c.keyCharacteristics().numDistinctValues() != winner.keyCharacteristics().numDistinctValues()) {
            because = "fewer distinct values (" + FindingRules.count(c.keyCharacteristics().numDistinctValues())
                    + " against " + FindingRules.count(winner.keyCharacteristics().numDistinctValues()) + ")";
        } else {
            because = "it is as good, but listed later";
        }
        return c.key() + " ranks lower: " + because + ".";
    }
}

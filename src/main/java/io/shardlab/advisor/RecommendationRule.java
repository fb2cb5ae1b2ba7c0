package io.shardlab.advisor;

import io.shardlab.text.Message;
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
 *   <li>Then the lowest meanMaxWriteShare, because spread inserts use every shard's write capacity.
 *       Shares within {@value #WRITE_SHARE_TIE} of each other are a tie: the replay's windows make
 *       the second decimal noise, so 0.27 against 0.26 does not decide.</li>
 *   <li>Then the most distinct values, because they allow the most chunks and so the finest balancing.</li>
 *   <li>Then the earlier candidate in the list given.</li>
 * </ol>
 * A monotonic key ({@link FindingKind#MONOTONIC}) whose writes were not judged ({@link CandidateReport#writesJudged}:
 * too little data for the hot-shard rule) is never the pick: every insert of such a key goes to the chunk at one end
 * of the key range, on one shard, and only the skipped rule would have said so in numbers. It stays qualified (its
 * verdict says its writes were not judged) and its reason says why it was passed over.
 *
 * <p>When no candidate can be picked, nothing is recommended. Without reads in the query mix the reasons say that
 * the ranking rests on write spread only.
 */
public final class RecommendationRule {

    /** meanMaxWriteShares closer than this are a tie (ShardLab's own rule). */
    static final double WRITE_SHARE_TIE = 0.02;

    private RecommendationRule() {}

    /** The recommendation for {@code candidates}, in the order they were given. */
    public static Recommendation recommend(List<CandidateReport> candidates) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates: at least one"); // untranslated: a developer's contract
        }
        List<Integer> pickable = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (pickable(candidates.get(i))) {
                pickable.add(i);
            }
        }
        List<Message> reasons = new ArrayList<>();
        if (pickable.isEmpty()) {
            boolean allRuledOut = candidates.stream().allMatch(CandidateReport::disqualified);
            reasons.add(Message.of(
                    allRuledOut ? "advisor.reason.noneRecommended" : "advisor.reason.noneRecommended.monotonic"));
            for (CandidateReport c : candidates) {
                reasons.add(passedOver(c));
            }
            return new Recommendation(OptionalInt.empty(), reasons);
        }
        pickable.sort(order(candidates));
        int best = pickable.get(0);
        CandidateReport winner = candidates.get(best);
        long notRuledOut = candidates.stream().filter(c -> !c.disqualified()).count();
        reasons.add(why(winner, notRuledOut == 1));
        for (int i = 0; i < candidates.size(); i++) {
            CandidateReport c = candidates.get(i);
            if (i == best) {
                continue;
            }
            reasons.add(pickable(c) ? whyNot(c, winner, candidates) : passedOver(c));
        }
        return new Recommendation(OptionalInt.of(best), reasons);
    }

    /** Whether {@code c} can be the pick: not ruled out, and not a monotonic key whose writes were not judged. */
    static boolean pickable(CandidateReport c) {
        return !c.disqualified() && !(c.monotonic() && !c.writesJudged());
    }

    /** Why a candidate that cannot be the pick ({@link #pickable}) is not. */
    private static Message passedOver(CandidateReport c) {
        return c.disqualified()
                ? ruledOut(c)
                : Message.of("advisor.reason.monotonicNotJudged", c.key().toString());
    }

    /** The ranking of qualified candidates, best first. */
    static Comparator<Integer> order(List<CandidateReport> candidates) {
        // the write-share tie is not transitive, so qualified candidates are ranked by tie classes:
        // shares are compared against the lowest share within reach, in steps of WRITE_SHARE_TIE
        return Comparator.<Integer>comparingDouble(i -> -singleShardReads(candidates.get(i)))
                .thenComparingLong(i -> writeShareClass(candidates, candidates.get(i)))
                .thenComparingLong(i -> -candidates.get(i).keyCharacteristics().numDistinctValues())
                .thenComparingInt(i -> i);
    }

    /**
     * Which tie class {@code c}'s share falls in: the candidates with the same single-shard reads,
     * sorted by share, start a new class where a share is {@value #WRITE_SHARE_TIE} or more above the
     * class's lowest.
     */
    static long writeShareClass(List<CandidateReport> all, CandidateReport c) {
        List<Long> shares = new ArrayList<>();
        for (CandidateReport o : all) {
            if (pickable(o) && singleShardReads(o) == singleShardReads(c)) {
                shares.add(writeShareHundredths(o));
            }
        }
        shares.sort(null);
        long tie = Math.round(WRITE_SHARE_TIE * 100);
        long classIndex = 0;
        long lowest = shares.isEmpty() ? 0 : shares.get(0);
        long mine = writeShareHundredths(c);
        for (long s : shares) {
            if (s > mine) {
                break;
            }
            if (s - lowest >= tie) {
                classIndex++;
                lowest = s;
            }
        }
        return classIndex;
    }

    /** percentageOfSingleShardReads, or 0 without reads. */
    static double singleShardReads(CandidateReport c) {
        return c.readWrite()
                .map(rw -> rw.read().isEmpty() ? 0 : rw.read().percentageOfSingleShardReads())
                .orElse(0.0);
    }

    static long writeShareHundredths(CandidateReport c) {
        return Math.round(c.meanMaxWriteShare() * 100);
    }

    private static boolean hasReads(CandidateReport c) {
        return c.readWrite().map(rw -> !rw.read().isEmpty()).orElse(false);
    }

    private static Message why(CandidateReport w, boolean onlyNotRuledOut) {
        int onlyQualified = onlyNotRuledOut ? 1 : 0;
        String writeShare = FindingRules.decimal(w.meanMaxWriteShare());
        long distinct = w.keyCharacteristics().numDistinctValues();
        return hasReads(w)
                ? Message.of(
                        "advisor.reason.recommended.reads",
                        w.key().toString(),
                        onlyQualified,
                        FindingRules.pct100(singleShardReads(w)),
                        writeShare,
                        distinct)
                : Message.of(
                        "advisor.reason.recommended.writesOnly",
                        w.key().toString(),
                        onlyQualified,
                        writeShare,
                        distinct);
    }

    private static Message ruledOut(CandidateReport c) {
        Finding first = c.findings(Severity.DISQUALIFYING).get(0);
        return Message.of(
                "advisor.reason.ruledOut", c.key().toString(), first.principle().label(), first.message());
    }

    private static Message whyNot(CandidateReport c, CandidateReport winner, List<CandidateReport> all) {
        String key = c.key().toString();
        if (singleShardReads(c) != singleShardReads(winner)) {
            return Message.of(
                    "advisor.reason.lower.fewerReads",
                    key,
                    FindingRules.pct100(singleShardReads(c)),
                    FindingRules.pct100(singleShardReads(winner)));
        }
        String share = FindingRules.decimal(c.meanMaxWriteShare());
        String winnerShare = FindingRules.decimal(winner.meanMaxWriteShare());
        if (writeShareClass(all, c) != writeShareClass(all, winner)) {
            return Message.of("advisor.reason.lower.lessSpread", key, share, winnerShare);
        }
        long distinct = c.keyCharacteristics().numDistinctValues();
        long winnerDistinct = winner.keyCharacteristics().numDistinctValues();
        if (distinct != winnerDistinct) {
            return writeShareHundredths(c) != writeShareHundredths(winner)
                    ? Message.of(
                            "advisor.reason.lower.tieThenFewerValues",
                            key,
                            distinct,
                            winnerDistinct,
                            share,
                            winnerShare)
                    : Message.of("advisor.reason.lower.fewerValues", key, distinct, winnerDistinct);
        }
        return Message.of("advisor.reason.lower.tie", key, winner.key().toString());
    }
}

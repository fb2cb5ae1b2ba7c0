package io.shardlab.session;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Verdict;
import io.shardlab.render.CandidateComparison;
import io.shardlab.render.CandidateLayout;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;

/**
 * The advisor's report as the shard key comparison picture ({@link CandidateComparison}) shows it, mapped once here
 * for the advisor's window (its table's rows and its Export…) and the CLI's {@code analyze --picture} alike.
 */
public final class AdvisorComparison {

    private AdvisorComparison() {}

    /** The comparison picture of {@code report}, its verdicts and reasons in {@code messages}' words. */
    public static CandidateComparison of(AdvisorReport report, Messages messages) {
        List<CandidateComparison.Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < report.candidates().size(); i++) {
            Verdict verdict = report.verdict(i);
            candidates.add(candidate(
                    report.candidates().get(i), messages.text(verdict.label()), verdict == Verdict.RULED_OUT));
        }
        return new CandidateComparison(
                messages.text(report.sampleSource()),
                report.settings().version(),
                report.settings().shards(),
                report.settings().chunkSizeMegabytes(),
                report.queries().size(),
                candidates,
                report.recommendation().reasons().stream().map(messages::text).toList());
    }

    /**
     * {@code report} as the comparison shows it: analyzeShardKey's numbers and the replay's, and its row picture (the
     * replayed layout with analyzeShardKey's reads and writes per range of the key).
     *
     * @param verdict the candidate's standing in the reader's words, e.g. {@code "recommended"}
     * @param ruledOut whether a finding rules the candidate out
     */
    private static CandidateComparison.Candidate candidate(CandidateReport report, String verdict, boolean ruledOut) {
        return new CandidateComparison.Candidate(
                report.key().toString(),
                verdict,
                ruledOut,
                report.keyCharacteristics().numDistinctValues(),
                report.keyCharacteristics().topValueShare(),
                report.keyCharacteristics().monotonicity().type().value(),
                report.layout().chunks(),
                report.layout().jumboChunks(),
                report.layout().maxShardDocShare(),
                report.meanMaxWriteShare(),
                report.percentageOfSingleShardReads(),
                layout(report));
    }

    /**
     * {@code report}'s row picture: the replayed layout by data size with analyzeShardKey's reads and writes per range
     * of the key (MinKey first; empty without reads or writes).
     */
    public static CandidateLayout layout(CandidateReport report) {
        return CandidateLayout.of(
                report.layout().snapshot(),
                report.layout().chunkStatistics(),
                report.numReadsByRange(),
                report.numWritesByRange());
    }
}

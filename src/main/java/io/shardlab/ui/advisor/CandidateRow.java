package io.shardlab.ui.advisor;

import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.Verdict;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.CandidateLayout;
import io.shardlab.session.AdvisorComparison;
import io.shardlab.text.Message;
import java.util.List;

/**
 * One row of the comparison table: a candidate's report, its standing and its row picture. Immutable.
 *
 * @param report what the advisor found out about the candidate; the table shows its figures
 * @param verdict the candidate's standing
 * @param layout the replayed layout by data size with analyzeShardKey's reads and writes per range of the
 *     key (MinKey first; empty without reads or writes), for the row's picture
 */
public record CandidateRow(CandidateReport report, Verdict verdict, CandidateLayout layout) {

    /** The row of {@code report}, which stands as {@code verdict} ({@code AdvisorReport.verdict}). */
    public static CandidateRow of(CandidateReport report, Verdict verdict) {
        return new CandidateRow(report, verdict, AdvisorComparison.layout(report));
    }

    /** The candidate. */
    public ShardKeyPattern key() {
        return report.key();
    }

    /** The candidate's findings, most severe first. */
    public List<Finding> findings() {
        return report.findings();
    }

    /**
     * What the strips under the number line show, e.g. "Under the line, per range of the key from
     * MinKey to MaxKey: reads (numReadsByRange, 100 ranges, busiest 41), then writes (...)" in English;
     * "no query mix" without one.
     */
    public Message rangeLegend() {
        List<Long> numReadsByRange = layout.numReadsByRange();
        List<Long> numWritesByRange = layout.numWritesByRange();
        if (numReadsByRange.isEmpty() && numWritesByRange.isEmpty()) {
            return Message.of("advisor.legend.noQueryMix");
        }
        if (numWritesByRange.isEmpty()) {
            return Message.of("advisor.legend.reads", numReadsByRange.size(), busiest(numReadsByRange));
        }
        if (numReadsByRange.isEmpty()) {
            return Message.of("advisor.legend.writes", numWritesByRange.size(), busiest(numWritesByRange));
        }
        return Message.of(
                "advisor.legend.readsAndWrites",
                numReadsByRange.size(),
                busiest(numReadsByRange),
                numWritesByRange.size(),
                busiest(numWritesByRange));
    }

    private static long busiest(List<Long> counts) {
        return counts.stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** The key in mongosh syntax, e.g. {@code { state: 1, zip: 1 }}. */
    public String keyText() {
        return report.key().toString();
    }
}

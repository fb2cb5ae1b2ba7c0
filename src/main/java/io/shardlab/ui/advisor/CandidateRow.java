package io.shardlab.ui.advisor;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.Verdict;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.CandidateComparison;
import io.shardlab.render.CandidateLayout;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One row of the comparison table: a candidate's numbers in the units the table shows (shares as
 * 0..1, read percentage as 0..100 or null without a query mix). Immutable.
 *
 * @param key the candidate
 * @param numDistinctValues analyzeShardKey's numDistinctValues
 * @param topValueShare the most common value's share of the sample
 * @param monotonicity analyzeShardKey's monotonicity type, e.g. {@code "not monotonic"}
 * @param chunks chunks after the replay
 * @param jumboChunks jumbo chunks after the replay
 * @param jumboValues values too large for a chunk
 * @param maxShardDocShare the fullest shard's share of the documents
 * @param meanMaxWriteShare the replay's hot-shard number
 * @param singleShardReads percentageOfSingleShardReads, or null without reads in the mix
 * @param verdict the candidate's standing
 * @param layout the replayed layout by data size with analyzeShardKey's reads and writes per range of the
 *     key (MinKey first; empty without reads or writes), for the row's picture
 * @param findings the candidate's findings, most severe first
 */
public record CandidateRow(
        ShardKeyPattern key,
        long numDistinctValues,
        double topValueShare,
        String monotonicity,
        int chunks,
        int jumboChunks,
        long jumboValues,
        double maxShardDocShare,
        double meanMaxWriteShare,
        Double singleShardReads,
        Verdict verdict,
        CandidateLayout layout,
        List<Finding> findings) {

    public CandidateRow {
        findings = List.copyOf(findings);
    }

    /** The row of {@code report}, which stands as {@code verdict} ({@code AdvisorReport.verdict}). */
    public static CandidateRow of(CandidateReport report, Verdict verdict) {
        OptionalDouble reads = report.percentageOfSingleShardReads();
        return new CandidateRow(
                report.key(),
                report.keyCharacteristics().numDistinctValues(),
                report.keyCharacteristics().topValueShare(),
                report.keyCharacteristics().monotonicity().type().value(),
                report.layout().chunks(),
                report.layout().jumboChunks(),
                report.jumboRisk().values(),
                report.layout().maxShardDocShare(),
                report.meanMaxWriteShare(),
                reads.isPresent() ? reads.getAsDouble() : null,
                verdict,
                CandidateLayout.of(
                        report.layout().snapshot(),
                        report.layout().chunkStatistics(),
                        report.numReadsByRange(),
                        report.numWritesByRange()),
                report.findings());
    }

    /** The comparison picture of {@code report}, whose rows are {@code rows}, its words in {@code messages}'. */
    static CandidateComparison comparison(AdvisorReport report, List<CandidateRow> rows, Messages messages) {
        return new CandidateComparison(
                messages.text(report.sampleSource()),
                report.settings().version(),
                report.settings().shards(),
                report.settings().chunkSizeMegabytes(),
                report.queries().size(),
                rows.stream().map(row -> row.comparisonCandidate(messages)).toList(),
                report.recommendation().reasons().stream().map(messages::text).toList());
    }

    /** The row as the comparison picture shows it, its verdict in {@code messages}' words. */
    public CandidateComparison.Candidate comparisonCandidate(Messages messages) {
        return new CandidateComparison.Candidate(
                keyText(),
                messages.text(verdict.label()),
                numDistinctValues,
                topValueShare,
                monotonicity,
                chunks,
                jumboChunks,
                maxShardDocShare,
                meanMaxWriteShare,
                singleShardReads == null ? OptionalDouble.empty() : OptionalDouble.of(singleShardReads),
                layout);
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
        return key.toString();
    }
}

package io.shardlab.ui.advisor;

import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.LayoutMetrics;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;

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
 * @param layout the replayed layout, for the number line
 * @param findings the candidate's findings, most severe first
 * @param numReadsByRange analyzeShardKey's reads per range of the key, MinKey first; empty without reads
 * @param numWritesByRange the writes per range; empty without writes
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
        LayoutMetrics layout,
        List<Finding> findings,
        List<Long> numReadsByRange,
        List<Long> numWritesByRange) {

    public CandidateRow {
        findings = List.copyOf(findings);
        numReadsByRange = List.copyOf(numReadsByRange);
        numWritesByRange = List.copyOf(numWritesByRange);
    }

    /** The row of {@code report}; {@code recommended} when it is the advisor's pick. */
    public static CandidateRow of(CandidateReport report, boolean recommended) {
        Double reads = report.readWrite()
                .filter(rw -> !rw.read().isEmpty())
                .map(rw -> rw.read().percentageOfSingleShardReads())
                .orElse(null);
        Verdict verdict =
                recommended ? Verdict.RECOMMENDED : report.disqualified() ? Verdict.RULED_OUT : Verdict.QUALIFIED;
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
                reads,
                verdict,
                report.layout(),
                report.findings(),
                report.readWrite().map(rw -> rw.read().numReadsByRange()).orElse(List.of()),
                report.readWrite().map(rw -> rw.write().numWritesByRange()).orElse(List.of()));
    }

    /**
     * What the strips under the number line show, e.g. "Under the line, per range of the key from
     * MinKey to MaxKey: reads (numReadsByRange, 100 ranges, busiest 41), then writes (...)"; empty
     * without a query mix.
     */
    public String rangeLegend() {
        if (numReadsByRange.isEmpty() && numWritesByRange.isEmpty()) {
            return "No query mix: no reads or writes per range to show.";
        }
        StringBuilder b = new StringBuilder("Under the line, per range of the key from MinKey to MaxKey: ");
        if (!numReadsByRange.isEmpty()) {
            b.append("reads (numReadsByRange, ")
                    .append(summary(numReadsByRange))
                    .append(")");
        }
        if (!numWritesByRange.isEmpty()) {
            b.append(numReadsByRange.isEmpty() ? "" : ", then ")
                    .append("writes (numWritesByRange, ")
                    .append(summary(numWritesByRange))
                    .append(")");
        }
        return b.append(".").toString();
    }

    private static String summary(List<Long> counts) {
        long max = counts.stream().mapToLong(Long::longValue).max().orElse(0);
        return counts.size() + " ranges, busiest " + String.format(java.util.Locale.ROOT, "%,d", max);
    }

    /** The key in mongosh syntax, e.g. {@code { state: 1, zip: 1 }}. */
    public String keyText() {
        return key.toString();
    }
}

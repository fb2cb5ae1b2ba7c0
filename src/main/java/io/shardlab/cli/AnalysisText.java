package io.shardlab.cli;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.JumboValue;
import io.shardlab.advisor.KeyCharacteristics;
import io.shardlab.advisor.ReadDistributionMetrics;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SampleOrder;
import io.shardlab.advisor.SampledQuery;
import io.shardlab.advisor.ServerAnswerComparison;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.advisor.WriteDistributionMetrics;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.render.RangeHeatStrip;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code analyze} without {@code --json}: per candidate its analyzeShardKey numbers, the replayed
 * layout and the findings, then the recommendation and further keys to try. Values are in mongosh
 * syntax.
 */
final class AnalysisText {

    private AnalysisText() {}

    static String render(
            AdvisorReport report, Sample sample, List<Optional<ServerAnswerComparison>> answers, Messages messages) {
        StringBuilder out = new StringBuilder();
        out.append("Shard key analysis of ")
                .append(report.sampleSource())
                .append(": ")
                .append(count(sample.numDocsSampled()))
                .append(" documents (")
                .append(ShellNumbers.dataFormat(sample.documents().totalBytes()))
                .append(")")
                .append(report.sampleOrder() == SampleOrder.INSERTION ? " in insertion order" : " in no known order")
                .append('\n');
        out.append("Cluster: ")
                .append(report.settings().shards())
                .append(report.settings().shards() == 1 ? " shard" : " shards")
                .append(" of MongoDB ")
                .append(report.settings().version().label())
                .append(", chunks of ")
                .append(report.settings().chunkSizeMegabytes())
                .append(" MB\n");
        if (!report.queries().isEmpty()) {
            long reads = report.queries().stream()
                    .filter(q -> q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            long writes = report.queries().stream()
                    .filter(q -> !q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            out.append("Query mix: ")
                    .append(report.queries().size())
                    .append(" operations (")
                    .append(count(reads))
                    .append(" reads, ")
                    .append(count(writes))
                    .append(" writes by weight)\n");
        }
        for (int i = 0; i < report.candidates().size(); i++) {
            out.append('\n');
            candidate(out, i + 1, report.candidates().get(i), report.settings().shards(), messages);
            answers.get(i).ifPresent(a -> server(out, a, messages));
        }
        out.append('\n');
        List<String> reasons =
                report.recommendation().reasons().stream().map(messages::text).toList();
        for (int i = 0; i < reasons.size(); i++) {
            out.append(i == 0 ? "" : "  ").append(reasons.get(i)).append('\n');
        }
        if (!report.suggestions().isEmpty()) {
            out.append("\nAlso worth trying:\n");
            for (SuggestedCandidate s : report.suggestions()) {
                out.append("  ")
                        .append(s.key())
                        .append("  ")
                        .append(messages.text(s.reason()))
                        .append('\n');
            }
        }
        return out.toString().stripTrailing();
    }

    private static void candidate(StringBuilder out, int number, CandidateReport c, int shards, Messages messages) {
        KeyCharacteristics kc = c.keyCharacteristics();
        out.append(number)
                .append(". ")
                .append(c.key())
                .append(c.disqualified() ? "  (ruled out)" : "")
                .append('\n');
        line(
                out,
                "numDistinctValues",
                count(kc.numDistinctValues()) + " in " + count(kc.numDocsSampled()) + " documents (isUnique: "
                        + kc.isUnique() + "), avgDocSizeBytes " + kc.avgDocSizeBytes());
        line(
                out,
                "mostCommonValues",
                kc.mostCommonValues().stream()
                        .map(v -> BsonPrinter.shell(v.value()) + " " + count(v.frequency()))
                        .collect(Collectors.joining(" · ")));
        line(
                out,
                "monotonicity",
                kc.monotonicity().type().value()
                        + kc.monotonicity().recordIdCorrelationCoefficient().stream()
                                .mapToObj(r -> " (recordIdCorrelationCoefficient " + r + ")")
                                .findFirst()
                                .orElse(""));
        line(
                out,
                "layout",
                count(c.layout().chunks()) + (c.layout().chunks() == 1 ? " chunk (" : " chunks (")
                        + c.layout().jumboChunks()
                        + " jumbo); the fullest shard holds "
                        + percent(c.layout().maxShardDocShare() * 100)
                        + " of the documents");
        line(
                out,
                "meanMaxWriteShare",
                String.format(Locale.ROOT, "%.2f (even: %.2f)", c.meanMaxWriteShare(), 1.0 / shards));
        if (!c.jumboRisk().isEmpty()) {
            line(
                    out,
                    "jumbo risk",
                    count(c.jumboRisk().values()) + " value" + (c.jumboRisk().values() == 1 ? "" : "s")
                            + " over " + ShellNumbers.dataFormat(c.jumboRisk().maxChunkSizeBytes()) + ": "
                            + c.jumboRisk().largest().stream()
                                    .limit(3)
                                    .map(AnalysisText::jumbo)
                                    .collect(Collectors.joining(", ")));
        }
        line(
                out,
                "supportingIndex",
                c.indexes()
                        .supporting()
                        .map(i -> i.name() + (c.indexes().declared() ? "" : " (assumed: no indexes declared)"))
                        .orElse("none: analyzeShardKey would return no keyCharacteristics; "
                                + "create one with createIndex(" + c.key() + ")"));
        c.readWrite().ifPresent(rw -> {
            ReadDistributionMetrics r = rw.read();
            if (r.isEmpty()) {
                line(out, "readDistribution", "no reads (sampleSize 0)");
            } else {
                line(
                        out,
                        "readDistribution",
                        percent(r.percentageOfSingleShardReads()) + " single-shard, "
                                + percent(r.percentageOfMultiShardReads()) + " multi-shard, "
                                + percent(r.percentageOfScatterGatherReads()) + " scatter-gather (" + count(r.total())
                                + " reads)");
                strip(out, "numReadsByRange", r.numReadsByRange());
            }
            WriteDistributionMetrics w = rw.write();
            if (w.isEmpty()) {
                line(out, "writeDistribution", "no writes (sampleSize 0)");
            } else {
                line(
                        out,
                        "writeDistribution",
                        percent(w.percentageOfSingleShardWrites()) + " single-shard, "
                                + percent(w.percentageOfMultiShardWrites()) + " multi-shard, "
                                + percent(w.percentageOfScatterGatherWrites()) + " scatter-gather (" + count(w.total())
                                + " writes); " + percent(w.percentageOfShardKeyUpdates()) + " shard-key updates, "
                                + percent(w.percentageOfSingleWritesWithoutShardKey()) + " single and "
                                + percent(w.percentageOfMultiWritesWithoutShardKey())
                                + " multi writes without shard key");
                strip(out, "numWritesByRange", w.numWritesByRange());
            }
        });
        out.append("   findings\n");
        for (Finding f : c.findings()) {
            out.append(String.format(
                    Locale.ROOT, "     %-10s %s%n", messages.text(f.severity().label()), messages.text(f.message())));
        }
    }

    private static void server(StringBuilder out, ServerAnswerComparison a, Messages messages) {
        if (a.differences().isEmpty()) {
            out.append("   server analyzeShardKey agrees on every field\n");
            return;
        }
        out.append("   server analyzeShardKey differs on ")
                .append(a.differences().size())
                .append(" field")
                .append(a.differences().size() == 1 ? "" : "s")
                .append('\n');
        for (ServerAnswerComparison.Difference d : a.differences()) {
            out.append("     ").append(messages.text(d.describe())).append('\n');
        }
    }

    /** Columns of the text heat strip. */
    static final int STRIP_COLUMNS = 50;

    private static void strip(StringBuilder out, String name, List<Long> counts) {
        RangeHeatStrip strip = RangeHeatStrip.of(counts, Math.min(STRIP_COLUMNS, counts.size()));
        line(
                out,
                name,
                "MinKey |" + strip.text() + "| MaxKey  (" + counts.size() + " ranges, busiest " + count(strip.max())
                        + ")");
    }

    private static String jumbo(JumboValue v) {
        return BsonPrinter.shell(v.value()) + " (" + ShellNumbers.dataFormat(v.estimatedBytes()) + ")";
    }

    private static void line(StringBuilder out, String name, String value) {
        out.append(String.format(Locale.ROOT, "   %-19s %s%n", name, value));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String percent(double p) {
        String s = String.format(Locale.ROOT, "%.1f", p);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }
}

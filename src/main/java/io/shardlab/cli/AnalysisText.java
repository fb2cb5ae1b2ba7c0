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
import io.shardlab.advisor.Verdict;
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
        out.append(messages.text(
                        report.sampleOrder() == SampleOrder.INSERTION
                                ? "advisor.report.sample.insertionOrder"
                                : "advisor.report.sample.noKnownOrder",
                        report.sampleSource(),
                        sample.numDocsSampled(),
                        ShellNumbers.dataFormat(sample.documents().totalBytes())))
                .append('\n');
        out.append(messages.text(
                        "advisor.report.cluster",
                        report.settings().shards(),
                        String.valueOf(report.settings().shards()),
                        report.settings().version().label(),
                        String.valueOf(report.settings().chunkSizeMegabytes())))
                .append('\n');
        if (!report.queries().isEmpty()) {
            long reads = report.queries().stream()
                    .filter(q -> q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            long writes = report.queries().stream()
                    .filter(q -> !q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            out.append(messages.text(
                            "advisor.report.queryMix",
                            String.valueOf(report.queries().size()),
                            reads,
                            writes))
                    .append('\n');
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
            out.append('\n')
                    .append(messages.text("advisor.report.alsoWorthTrying"))
                    .append('\n');
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
                .append(c.disqualified() ? "  (" + messages.text(Verdict.RULED_OUT.label()) + ")" : "")
                .append('\n');
        line(
                out,
                "numDistinctValues",
                messages.text(
                        "advisor.report.distinctValues",
                        kc.numDistinctValues(),
                        kc.numDocsSampled(),
                        String.valueOf(kc.isUnique()),
                        String.valueOf(kc.avgDocSizeBytes())));
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
                messages.text(
                        "advisor.report.layout",
                        c.layout().chunks(),
                        String.valueOf(c.layout().jumboChunks()),
                        percent(c.layout().maxShardDocShare() * 100)));
        line(
                out,
                "meanMaxWriteShare",
                String.format(Locale.ROOT, "%.2f (even: %.2f)", c.meanMaxWriteShare(), 1.0 / shards));
        if (!c.jumboRisk().isEmpty()) {
            line(
                    out,
                    messages.text("cli.analyze.jumboRiskLabel"),
                    messages.text(
                            "advisor.report.jumboRisk",
                            c.jumboRisk().values(),
                            ShellNumbers.dataFormat(c.jumboRisk().maxChunkSizeBytes()),
                            c.jumboRisk().largest().stream()
                                    .limit(3)
                                    .map(AnalysisText::jumbo)
                                    .collect(Collectors.joining(", "))));
        }
        line(
                out,
                "supportingIndex",
                c.indexes()
                        .supporting()
                        .map(i -> c.indexes().declared()
                                ? i.name()
                                : messages.text("advisor.report.indexAssumed", i.name()))
                        .orElse(messages.text(
                                "advisor.report.noSupportingIndex", c.key().toString())));
        c.readWrite().ifPresent(rw -> {
            ReadDistributionMetrics r = rw.read();
            if (r.isEmpty()) {
                line(out, "readDistribution", messages.text("advisor.report.noReads"));
            } else {
                line(
                        out,
                        "readDistribution",
                        messages.text(
                                "advisor.report.reads",
                                percent(r.percentageOfSingleShardReads()),
                                percent(r.percentageOfMultiShardReads()),
                                percent(r.percentageOfScatterGatherReads()),
                                r.total()));
                strip(out, "numReadsByRange", r.numReadsByRange(), messages);
            }
            WriteDistributionMetrics w = rw.write();
            if (w.isEmpty()) {
                line(out, "writeDistribution", messages.text("advisor.report.noWrites"));
            } else {
                line(
                        out,
                        "writeDistribution",
                        messages.text(
                                "advisor.report.writes",
                                percent(w.percentageOfSingleShardWrites()),
                                percent(w.percentageOfMultiShardWrites()),
                                percent(w.percentageOfScatterGatherWrites()),
                                w.total(),
                                percent(w.percentageOfShardKeyUpdates()),
                                percent(w.percentageOfSingleWritesWithoutShardKey()),
                                percent(w.percentageOfMultiWritesWithoutShardKey())));
                strip(out, "numWritesByRange", w.numWritesByRange(), messages);
            }
        });
        out.append("   ").append(messages.text("advisor.report.findings")).append('\n');
        for (Finding f : c.findings()) {
            out.append(String.format(
                    Locale.ROOT,
                    "     %s %s%n",
                    TerminalColumns.padded(messages.text(f.severity().label()), 10),
                    messages.text(f.message())));
        }
    }

    private static void server(StringBuilder out, ServerAnswerComparison a, Messages messages) {
        if (a.differences().isEmpty()) {
            out.append("   ")
                    .append(messages.text("advisor.report.serverAgrees"))
                    .append('\n');
            return;
        }
        out.append("   ")
                .append(messages.text(
                        "advisor.report.serverDiffers",
                        a.differences().size(),
                        String.valueOf(a.differences().size())))
                .append('\n');
        for (ServerAnswerComparison.Difference d : a.differences()) {
            out.append("     ").append(messages.text(d.describe())).append('\n');
        }
    }

    /** Columns of the text heat strip. */
    static final int STRIP_COLUMNS = 50;

    private static void strip(StringBuilder out, String name, List<Long> counts, Messages messages) {
        RangeHeatStrip strip = RangeHeatStrip.of(counts, Math.min(STRIP_COLUMNS, counts.size()));
        line(
                out,
                name,
                "MinKey |" + strip.text() + "| MaxKey  " // untranslated: MongoDB's MinKey and MaxKey
                        + messages.text("advisor.report.ranges", String.valueOf(counts.size()), strip.max()));
    }

    private static String jumbo(JumboValue v) {
        return BsonPrinter.shell(v.value()) + " (" + ShellNumbers.dataFormat(v.estimatedBytes()) + ")";
    }

    private static void line(StringBuilder out, String name, String value) {
        out.append(String.format(Locale.ROOT, "   %s %s%n", TerminalColumns.padded(name, 19), value));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String percent(double p) {
        String s = String.format(Locale.ROOT, "%.1f", p);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }
}

package io.shardlab.cli;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.JumboValue;
import io.shardlab.advisor.KeyCharacteristics;
import io.shardlab.advisor.ReadDistributionMetrics;
import io.shardlab.advisor.RejectedQuery;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.advisor.ValueFrequency;
import io.shardlab.advisor.WriteDistributionMetrics;
import io.shardlab.bson.BsonPrinter;
import java.util.Locale;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;

/**
 * {@code analyze --json}: one object in relaxed Extended JSON,
 * <pre>
 * {"sample": {"source", "order", "numDocsSampled", "bytes"},
 *  "settings": {"mongodbVersion", "shards", "chunkSizeMB"},
 *  "candidates": [{"key",
 *                  "keyCharacteristics": {"numDocsTotal", "avgDocSizeBytes", "numDocsSampled", "isUnique",
 *                                         "numDistinctValues", "mostCommonValues": [{"value", "frequency"}],
 *                                         "monotonicity": {"recordIdCorrelationCoefficient", "type"}},
 *                  "layout": {"chunks", "jumboChunks", "maxShardDocShare"},
 *                  "meanMaxWriteShare",
 *                  "jumboRisk": {"values", "largest": [{"value", "documents", "estimatedBytes"}]},
 *                  "readDistribution": {...}, "writeDistribution": {...}, "rejectedOperations": [...],
 *                  "findings": [{"severity", "principle", "kind", "text"}]}],
 *  "recommended": INDEX or null, "reasons": [...], "suggestions": [{"key", "reason"}]}
 * </pre>
 * Candidates are in the order given. The keyCharacteristics, readDistribution and
 * writeDistribution fields are named and shaped as analyzeShardKey returns them (docs
 * {@code analyzeShardKey-keyCharacteristics.rst}, {@code analyzeShardKey-readWriteDistribution-structure.rst});
 * {@code mostCommonValues[i].value} is the shard-key document. {@code recordIdCorrelationCoefficient}
 * is absent when the monotonicity is unknown, and the distributions hold only {@code sampleSize} when
 * the mix has no reads (or writes), as analyzeShardKey does; they are absent without {@code --queries}.
 */
final class AnalysisJson {

    private AnalysisJson() {
    }

    static String render(AdvisorReport report, Sample sample) {
        BsonDocument root = new BsonDocument();
        root.append("sample", new BsonDocument("source", new BsonString(report.sampleSource()))
                .append("order", new BsonString(report.sampleOrder().name().toLowerCase(Locale.ROOT)))
                .append("numDocsSampled", new BsonInt64(sample.numDocsSampled()))
                .append("bytes", new BsonInt64(sample.documents().totalBytes())));
        root.append("settings", new BsonDocument("mongodbVersion", new BsonString(report.settings().version().label()))
                .append("shards", new BsonInt32(report.settings().shards()))
                .append("chunkSizeMB", new BsonInt64(report.settings().chunkSizeMegabytes())));
        BsonArray candidates = new BsonArray();
        for (CandidateReport c : report.candidates()) {
            candidates.add(candidate(c));
        }
        root.append("candidates", candidates);
        root.append("recommended", report.recommendation().index().isPresent()
                ? new BsonInt32(report.recommendation().index().getAsInt()) : BsonNull.VALUE);
        root.append("reasons", strings(report.recommendation().reasons()));
        BsonArray suggestions = new BsonArray();
        for (SuggestedCandidate s : report.suggestions()) {
            suggestions.add(new BsonDocument("key", s.key().toDocument()).append("reason", new BsonString(s.reason())));
        }
        root.append("suggestions", suggestions);
        return BsonPrinter.relaxedJson(root);
    }

    private static BsonDocument candidate(CandidateReport c) {
        BsonDocument d = new BsonDocument("key", c.key().toDocument());
        d.append("keyCharacteristics", characteristics(c.keyCharacteristics()));
        d.append("layout", new BsonDocument("chunks", new BsonInt32(c.layout().chunks()))
                .append("jumboChunks", new BsonInt32(c.layout().jumboChunks()))
                .append("maxShardDocShare", new BsonDouble(c.layout().maxShardDocShare())));
        d.append("meanMaxWriteShare", new BsonDouble(c.meanMaxWriteShare()));
        BsonArray largest = new BsonArray();
        for (JumboValue v : c.jumboRisk().largest()) {
            largest.add(new BsonDocument("value", v.value()).append("documents", new BsonInt64(v.documents()))
                    .append("estimatedBytes", new BsonInt64(v.estimatedBytes())));
        }
        d.append("jumboRisk", new BsonDocument("values", new BsonInt64(c.jumboRisk().values())).append("largest", largest));
        c.readWrite().ifPresent(rw -> {
            d.append("readDistribution", read(rw.read()));
            d.append("writeDistribution", write(rw.write()));
            BsonArray rejected = new BsonArray();
            for (RejectedQuery r : rw.rejected()) {
                rejected.add(new BsonDocument("op", new BsonString(r.query().command().op()))
                        .append("filter", r.query().filter()).append("line", new BsonInt64(r.query().line()))
                        .append("error", new BsonString(r.error())));
            }
            d.append("rejectedOperations", rejected);
        });
        BsonArray findings = new BsonArray();
        for (Finding f : c.findings()) {
            findings.add(new BsonDocument("severity", new BsonString(f.severity().name().toLowerCase(Locale.ROOT)))
                    .append("principle", new BsonString(f.principle().label()))
                    .append("kind", new BsonString(camel(f.kind().name())))
                    .append("text", new BsonString(f.text())));
        }
        d.append("findings", findings);
        return d;
    }

    private static BsonDocument characteristics(KeyCharacteristics kc) {
        BsonArray common = new BsonArray();
        for (ValueFrequency v : kc.mostCommonValues()) {
            common.add(new BsonDocument("value", v.value()).append("frequency", new BsonInt64(v.frequency())));
        }
        BsonDocument monotonicity = new BsonDocument();
        kc.monotonicity().recordIdCorrelationCoefficient()
                .ifPresent(r -> monotonicity.append("recordIdCorrelationCoefficient", new BsonDouble(r)));
        monotonicity.append("type", new BsonString(kc.monotonicity().type().value()));
        return new BsonDocument("numDocsTotal", new BsonInt64(kc.numDocsTotal()))
                .append("avgDocSizeBytes", new BsonInt64(kc.avgDocSizeBytes()))
                .append("numDocsSampled", new BsonInt64(kc.numDocsSampled()))
                .append("isUnique", BsonBoolean.valueOf(kc.isUnique()))
                .append("numDistinctValues", new BsonInt64(kc.numDistinctValues()))
                .append("mostCommonValues", common)
                .append("monotonicity", monotonicity);
    }

    private static BsonDocument read(ReadDistributionMetrics r) {
        BsonDocument d = new BsonDocument("sampleSize", new BsonDocument("total", new BsonInt64(r.total()))
                .append("find", new BsonInt64(r.find())).append("aggregate", new BsonInt64(r.aggregate()))
                .append("count", new BsonInt64(r.count())).append("distinct", new BsonInt64(r.distinct())));
        if (!r.isEmpty()) {
            d.append("percentageOfSingleShardReads", new BsonDouble(r.percentageOfSingleShardReads()))
                    .append("percentageOfMultiShardReads", new BsonDouble(r.percentageOfMultiShardReads()))
                    .append("percentageOfScatterGatherReads", new BsonDouble(r.percentageOfScatterGatherReads()));
        }
        return d;
    }

    private static BsonDocument write(WriteDistributionMetrics w) {
        BsonDocument d = new BsonDocument("sampleSize", new BsonDocument("total", new BsonInt64(w.total()))
                .append("update", new BsonInt64(w.update())).append("delete", new BsonInt64(w.delete()))
                .append("findAndModify", new BsonInt64(w.findAndModify())));
        if (!w.isEmpty()) {
            d.append("percentageOfSingleShardWrites", new BsonDouble(w.percentageOfSingleShardWrites()))
                    .append("percentageOfMultiShardWrites", new BsonDouble(w.percentageOfMultiShardWrites()))
                    .append("percentageOfScatterGatherWrites", new BsonDouble(w.percentageOfScatterGatherWrites()))
                    .append("percentageOfSingleWritesWithoutShardKey",
                            new BsonDouble(w.percentageOfSingleWritesWithoutShardKey()))
                    .append("percentageOfMultiWritesWithoutShardKey",
                            new BsonDouble(w.percentageOfMultiWritesWithoutShardKey()));
        }
        return d;
    }

    private static BsonArray strings(java.util.List<String> list) {
        BsonArray a = new BsonArray();
        for (String s : list) {
            a.add(new BsonString(s));
        }
        return a;
    }

    /** {@code LOW_CARDINALITY} → {@code lowCardinality}. */
    static String camel(String constant) {
        StringBuilder b = new StringBuilder();
        boolean upper = false;
        for (char ch : constant.toLowerCase(Locale.ROOT).toCharArray()) {
            if (ch == '_') {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(ch) : ch);
                upper = false;
            }
        }
        return b.toString();
    }
}

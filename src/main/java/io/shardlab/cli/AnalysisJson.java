package io.shardlab.cli;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.AnalyzeShardKeyReply;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.JumboValue;
import io.shardlab.advisor.ReadDistributionMetrics;
import io.shardlab.advisor.RejectedQuery;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.ServerAnswerComparison;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.advisor.WriteDistributionMetrics;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code analyze --json}: one object in relaxed Extended JSON,
 * <pre>
 * {"sample": {"source", "order", "numDocsSampled", "bytes", "indexes": {"declared", "source"}},
 *  "settings": {"mongodbVersion", "shards", "chunkSizeMB"},
 *  "candidates": [{"key",
 *                  "analyzeShardKey": {"keyCharacteristics": {...}, "readDistribution": {...},
 *                                      "writeDistribution": {...}},
 *                  "shardlab": {"supportingIndex", "monotonicityIndex", "keyCharacteristics" (when the server would
 *                               give none), "readDistribution": {"numSingleShardReads", ...},
 *                               "writeDistribution": {"numSingleShardWrites", ..., "numShardKeyUpdates", ...},
 *                               "ranges": [{"min", "max"}], "layout": {"chunks", "jumboChunks", "maxShardDocShare"},
 *                               "meanMaxWriteShare", "jumboRisk": {...}, "rejectedOperations": [...],
 *                               "findings": [{"severity", "principle", "kind", "text"}]},
 *                  "server": {"analyzeShardKey": {...}, "differences": [{"field", "shardlab", "server", "why"}]}}],
 *  "recommended": INDEX or null, "reasons": [...], "suggestions": [{"key", "reason"}]}
 * </pre>
 * Candidates are in the order given. {@code analyzeShardKey} is exactly the document the server's
 * command returns for that key ({@link AnalyzeShardKeyReply}), so a script written for
 * {@code db.coll.analyzeShardKey(key)} reads {@code candidates[i].analyzeShardKey}; everything
 * ShardLab adds is under {@code shardlab}: the raw counts behind the percentages (which the server
 * drops), the indexes used, the ranges the {@code num*ByRange} arrays count over, and the layout
 * replay. With {@code --server-analyze}, {@code server} holds the server's own answer for the key
 * and the fields where it differs from ShardLab's, each with why.
 */
final class AnalysisJson {

    /** {@code --json} says the advisor's findings and reasons in English whatever {@code --lang} says. */
    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private AnalysisJson() {}

    static String render(AdvisorReport report, Sample sample, List<Optional<ServerAnswerComparison>> answers) {
        BsonDocument root = new BsonDocument();
        root.append(
                "sample",
                new BsonDocument("source", new BsonString(ENGLISH.text(report.sampleSource())))
                        .append(
                                "order",
                                new BsonString(report.sampleOrder().name().toLowerCase(Locale.ROOT)))
                        .append("numDocsSampled", new BsonInt64(sample.numDocsSampled()))
                        .append("bytes", new BsonInt64(sample.documents().totalBytes()))
                        .append(
                                "indexes",
                                new BsonDocument(
                                                "declared",
                                                BsonBoolean.valueOf(
                                                        sample.indexes().declared()))
                                        .append(
                                                "source",
                                                sample.indexes().declared()
                                                        ? new BsonString(
                                                                sample.indexes().source())
                                                        : BsonNull.VALUE)));
        root.append(
                "settings",
                new BsonDocument(
                                "mongodbVersion",
                                new BsonString(report.settings().version().label()))
                        .append("shards", new BsonInt32(report.settings().shards()))
                        .append("chunkSizeMB", new BsonInt64(report.settings().chunkSizeMegabytes())));
        BsonArray candidates = new BsonArray();
        for (int i = 0; i < report.candidates().size(); i++) {
            BsonDocument c = candidate(report.candidates().get(i));
            answers.get(i).ifPresent(a -> c.append("server", server(a)));
            candidates.add(c);
        }
        root.append("candidates", candidates);
        root.append(
                "recommended",
                report.recommendation().index().isPresent()
                        ? new BsonInt32(report.recommendation().index().getAsInt())
                        : BsonNull.VALUE);
        root.append(
                "reasons",
                strings(report.recommendation().reasons().stream()
                        .map(ENGLISH::text)
                        .toList()));
        BsonArray suggestions = new BsonArray();
        for (SuggestedCandidate s : report.suggestions()) {
            suggestions.add(new BsonDocument("key", s.key().toDocument())
                    .append("reason", new BsonString(ENGLISH.text(s.reason()))));
        }
        root.append("suggestions", suggestions);
        return BsonPrinter.relaxedJson(root);
    }

    private static BsonDocument candidate(CandidateReport c) {
        BsonDocument d = new BsonDocument("key", c.key().toDocument());
        d.append("analyzeShardKey", AnalyzeShardKeyReply.of(c));
        BsonDocument own = new BsonDocument();
        own.append(
                "supportingIndex",
                c.indexes()
                        .supporting()
                        .<BsonValue>map(i -> new BsonString(i.name()))
                        .orElse(BsonNull.VALUE));
        own.append(
                "monotonicityIndex",
                c.indexes()
                        .monotonicity()
                        .<BsonValue>map(i -> new BsonString(i.name()))
                        .orElse(BsonNull.VALUE));
        if (c.indexes().supporting().isEmpty()) {
            // what the server would measure once the key has a supporting index
            own.append("keyCharacteristics", AnalyzeShardKeyReply.keyCharacteristics(c.keyCharacteristics()));
        }
        c.readWrite().ifPresent(rw -> {
            ReadDistributionMetrics r = rw.read();
            own.append(
                    "readDistribution",
                    new BsonDocument("numSingleShardReads", new BsonInt64(r.numSingleShardReads()))
                            .append("numMultiShardReads", new BsonInt64(r.numMultiShardReads()))
                            .append("numScatterGatherReads", new BsonInt64(r.numScatterGatherReads())));
            WriteDistributionMetrics w = rw.write();
            own.append(
                    "writeDistribution",
                    new BsonDocument("numSingleShardWrites", new BsonInt64(w.numSingleShardWrites()))
                            .append("numMultiShardWrites", new BsonInt64(w.numMultiShardWrites()))
                            .append("numScatterGatherWrites", new BsonInt64(w.numScatterGatherWrites()))
                            .append("numShardKeyUpdates", new BsonInt64(w.numShardKeyUpdates()))
                            .append("numSingleWritesWithoutShardKey", new BsonInt64(w.numSingleWritesWithoutShardKey()))
                            .append("numMultiWritesWithoutShardKey", new BsonInt64(w.numMultiWritesWithoutShardKey())));
        });
        BsonArray ranges = new BsonArray();
        for (Chunk chunk : c.ranges().chunks().chunks()) {
            ranges.add(new BsonDocument("min", chunk.min().toDocument(c.key()))
                    .append("max", chunk.max().toDocument(c.key())));
        }
        own.append("ranges", ranges);
        own.append(
                "layout",
                new BsonDocument("chunks", new BsonInt32(c.layout().chunks()))
                        .append("jumboChunks", new BsonInt32(c.layout().jumboChunks()))
                        .append("maxShardDocShare", new BsonDouble(c.layout().maxShardDocShare())));
        own.append("meanMaxWriteShare", new BsonDouble(c.meanMaxWriteShare()));
        BsonArray largest = new BsonArray();
        for (JumboValue v : c.jumboRisk().largest()) {
            largest.add(new BsonDocument("value", v.value())
                    .append("documents", new BsonInt64(v.documents()))
                    .append("estimatedBytes", new BsonInt64(v.estimatedBytes())));
        }
        own.append(
                "jumboRisk",
                new BsonDocument("values", new BsonInt64(c.jumboRisk().values())).append("largest", largest));
        BsonArray rejected = new BsonArray();
        c.readWrite().ifPresent(rw -> {
            for (RejectedQuery r : rw.rejected()) {
                rejected.add(new BsonDocument(
                                "op", new BsonString(r.query().command().op()))
                        .append("filter", r.query().filter())
                        .append("line", new BsonInt64(r.query().line()))
                        .append("error", new BsonString(r.error())));
            }
        });
        own.append("rejectedOperations", rejected);
        BsonArray findings = new BsonArray();
        for (Finding f : c.findings()) {
            findings.add(new BsonDocument(
                            "severity", new BsonString(f.severity().name().toLowerCase(Locale.ROOT)))
                    .append(
                            "principle",
                            new BsonString(ENGLISH.text(f.principle().label())))
                    .append("kind", new BsonString(camel(f.kind().name())))
                    .append("text", new BsonString(ENGLISH.text(f.message()))));
        }
        own.append("findings", findings);
        d.append("shardlab", own);
        return d;
    }

    /** {@code server: {analyzeShardKey: <the server's answer>, differences: [{field, shardlab, server, why}]}}. */
    private static BsonDocument server(ServerAnswerComparison a) {
        BsonArray differences = new BsonArray();
        for (ServerAnswerComparison.Difference d : a.differences()) {
            differences.add(new BsonDocument("field", new BsonString(d.field()))
                    .append("shardlab", d.shardlab() == null ? BsonNull.VALUE : d.shardlab())
                    .append("server", d.server() == null ? BsonNull.VALUE : d.server())
                    .append("why", new BsonString(ENGLISH.text(d.why()))));
        }
        return new BsonDocument("analyzeShardKey", a.server()).append("differences", differences);
    }

    private static BsonArray strings(List<String> list) {
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

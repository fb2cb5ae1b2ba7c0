package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.bson.DottedPath;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * ShardLab's estimate beside the server's own {@code analyzeShardKey} answer for the same key: the
 * fields whose values differ, each with why the two can differ. Both are documents of the
 * {@link AnalyzeShardKeyReply} shape.
 *
 * @param server the server's answer (without {@code ok}, {@code $clusterTime}, {@code operationTime})
 * @param differences the fields that differ, in reply order
 */
public record ServerAnswerComparison(BsonDocument server, List<Difference> differences) {

    /**
     * One field that differs.
     *
     * @param field its dotted path, e.g. {@code keyCharacteristics.numDistinctValues}
     * @param shardlab ShardLab's value, null when ShardLab has none
     * @param server the server's value, null when the server has none
     * @param why why the two can differ (bundle area {@code advisor})
     */
    public record Difference(String field, BsonValue shardlab, BsonValue server, Message why) {

        /** One line: the field, both values (shortened) and why, e.g. for a report. */
        public Message describe() {
            return Message.of("advisor.difference.line", field, brief(shardlab), brief(server), why);
        }

        private static Object brief(BsonValue v) {
            if (v == null) {
                return Message.of("advisor.difference.none");
            }
            if (v.isArray() && v.asArray().size() > 5) {
                return Message.of("advisor.difference.values", v.asArray().size());
            }
            String s = BsonPrinter.shell(v);
            return s.length() > 80 ? s.substring(0, 77) + "..." : s;
        }
    }

    public ServerAnswerComparison {
        differences = List.copyOf(differences);
    }

    /** The fields compared, in reply order, each with the key of why the two can differ. */
    private static final String[][] FIELDS = {
        {"keyCharacteristics.numDocsTotal", "advisor.difference.numDocsTotal"},
        {"keyCharacteristics.numOrphanDocs", "advisor.difference.numOrphanDocs"},
        {"keyCharacteristics.avgDocSizeBytes", "advisor.difference.avgDocSizeBytes"},
        {"keyCharacteristics.numDocsSampled", "advisor.difference.numDocsSampled"},
        {"keyCharacteristics.isUnique", "advisor.difference.isUnique"},
        {"keyCharacteristics.numDistinctValues", "advisor.difference.numDistinctValues"},
        {"keyCharacteristics.mostCommonValues", "advisor.difference.mostCommonValues"},
        {"keyCharacteristics.monotonicity.type", "advisor.difference.monotonicityType"},
        {
            "keyCharacteristics.monotonicity.recordIdCorrelationCoefficient",
            "advisor.difference.recordIdCorrelationCoefficient"
        },
        {"readDistribution.sampleSize", "advisor.difference.readSampleSize"},
        {"readDistribution.percentageOfSingleShardReads", "advisor.difference.singleShardReads"},
        {"readDistribution.percentageOfMultiShardReads", "advisor.difference.sameClasses"},
        {"readDistribution.percentageOfScatterGatherReads", "advisor.difference.sameClasses"},
        {"readDistribution.numReadsByRange", "advisor.difference.numReadsByRange"},
        {"writeDistribution.sampleSize", "advisor.difference.writeSampleSize"},
        {"writeDistribution.percentageOfSingleShardWrites", "advisor.difference.sameClasses"},
        {"writeDistribution.percentageOfMultiShardWrites", "advisor.difference.sameClasses"},
        {"writeDistribution.percentageOfScatterGatherWrites", "advisor.difference.sameClasses"},
        {"writeDistribution.numWritesByRange", "advisor.difference.numWritesByRange"},
        {"writeDistribution.percentageOfShardKeyUpdates", "advisor.difference.shardKeyUpdates"},
        {"writeDistribution.percentageOfSingleWritesWithoutShardKey", "advisor.difference.sameClasses"},
        {"writeDistribution.percentageOfMultiWritesWithoutShardKey", "advisor.difference.sameClasses"},
    };

    /** Compares ShardLab's answer {@code shardlab} with the server's {@code server}. */
    public static ServerAnswerComparison of(BsonDocument shardlab, BsonDocument server) {
        BsonDocument answer = server.clone();
        for (String protocol : List.of("ok", "$clusterTime", "operationTime")) {
            answer.remove(protocol);
        }
        List<Difference> out = new ArrayList<>();
        boolean ours = shardlab.containsKey("keyCharacteristics");
        boolean theirs = answer.containsKey("keyCharacteristics");
        if (ours != theirs) {
            out.add(new Difference(
                    "keyCharacteristics",
                    shardlab.get("keyCharacteristics"),
                    answer.get("keyCharacteristics"),
                    Message.of(
                            theirs
                                    ? "advisor.difference.keyCharacteristics.serverOnly"
                                    : "advisor.difference.keyCharacteristics.shardlabOnly")));
        }
        for (String[] f : FIELDS) {
            BsonValue a = DottedPath.valueAt(shardlab, f[0]);
            BsonValue b = DottedPath.valueAt(answer, f[0]);
            if (a == null && b == null || a != null && b != null && same(a, b)) {
                continue;
            }
            if ((a == null || b == null) && f[0].startsWith("keyCharacteristics") && ours != theirs) {
                continue;
            }
            out.add(new Difference(f[0], a, b, Message.of(f[1])));
        }
        return new ServerAnswerComparison(answer, out);
    }

    /** Equal values, numbers compared by value whatever their BSON type (a Long and an Int32 alike). */
    private static boolean same(BsonValue a, BsonValue b) {
        if (a.isNumber() && b.isNumber()) {
            return a.asNumber().doubleValue() == b.asNumber().doubleValue();
        }
        if (a.isArray() && b.isArray()) {
            BsonArray x = a.asArray();
            BsonArray y = b.asArray();
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isDocument() && b.isDocument()) {
            BsonDocument x = a.asDocument();
            BsonDocument y = b.asDocument();
            if (!x.keySet().equals(y.keySet())) {
                return false;
            }
            for (String k : x.keySet()) {
                if (!same(x.get(k), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}

package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
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
     * @param why why the two can differ
     */
    public record Difference(String field, BsonValue shardlab, BsonValue server, String why) {

        /** One line: the field, both values (shortened) and why, e.g. for a report. */
        public String describe() {
            return field + ": ShardLab " + brief(shardlab) + ", server " + brief(server) + " (" + why + ")";
        }

        private static String brief(BsonValue v) {
            if (v == null) {
                return "none";
            }
            if (v.isArray() && v.asArray().size() > 5) {
                return v.asArray().size() + " values";
            }
            String s = BsonPrinter.shell(v);
            return s.length() > 80 ? s.substring(0, 77) + "..." : s;
        }
    }

    public ServerAnswerComparison {
        differences = List.copyOf(differences);
    }

    private static final String[][] FIELDS = {
        {
            "keyCharacteristics.numDocsTotal",
            "the server counts with $collStats (a fast count that can drift); ShardLab "
                    + "took the collection's count when it sampled"
        },
        {
            "keyCharacteristics.numOrphanDocs",
            "orphans, left behind by migrations until the range deleter removes "
                    + "them, are counted by the server and not excluded from its metrics"
        },
        {
            "keyCharacteristics.avgDocSizeBytes",
            "the server divides $collStats' size by its count; ShardLab averages " + "the BSON sizes of its sample"
        },
        {
            "keyCharacteristics.numDocsSampled",
            "the server reads up to analyzeShardKeyCharacteristicsDefaultSampleSize "
                    + "(10,000,000) documents; ShardLab read its own $sample"
        },
        {
            "keyCharacteristics.isUnique",
            "both take it from the supporting index; a different answer means the "
                    + "indexes changed between the two reads"
        },
        {
            "keyCharacteristics.numDistinctValues",
            "each side counts the distinct values of its own sample: the server's "
                    + "is larger, so it finds more values"
        },
        {
            "keyCharacteristics.mostCommonValues",
            "frequencies grow with the number of documents sampled, and ties in "
                    + "frequency are listed in no defined order"
        },
        {
            "keyCharacteristics.monotonicity.type",
            "the server scans the supporting index against RecordIds, which "
                    + "follow insertion order; a $sample has no insertion order, so ShardLab cannot tell"
        },
        {
            "keyCharacteristics.monotonicity.recordIdCorrelationCoefficient",
            "the server scans the supporting index " + "against RecordIds; ShardLab has no RecordIds for a $sample"
        },
        {
            "readDistribution.sampleSize",
            "the server reads the sampled queries again when it analyses: queries sampled "
                    + "or expired since ShardLab listed them change the count"
        },
        {
            "readDistribution.percentageOfSingleShardReads",
            "the same queries give the same classes; a difference " + "follows a different sample of queries"
        },
        {"readDistribution.percentageOfMultiShardReads", "the same queries give the same classes"},
        {"readDistribution.percentageOfScatterGatherReads", "the same queries give the same classes"},
        {
            "readDistribution.numReadsByRange",
            "each side cuts the key into its own ranges of about equal document "
                    + "counts: the server from a random sample, ShardLab from the quantiles of its own"
        },
        {"writeDistribution.sampleSize", "the server reads the sampled queries again when it analyses"},
        {"writeDistribution.percentageOfSingleShardWrites", "the same queries give the same classes"},
        {"writeDistribution.percentageOfMultiShardWrites", "the same queries give the same classes"},
        {"writeDistribution.percentageOfScatterGatherWrites", "the same queries give the same classes"},
        {"writeDistribution.numWritesByRange", "each side cuts the key into its own ranges"},
        {
            "writeDistribution.percentageOfShardKeyUpdates",
            "the server counts the sampled before-and-after diffs of "
                    + "each update; ShardLab counts the updates whose operators name a shard-key field"
        },
        {"writeDistribution.percentageOfSingleWritesWithoutShardKey", "the same queries give the same classes"},
        {"writeDistribution.percentageOfMultiWritesWithoutShardKey", "the same queries give the same classes"},
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
                    "only a key with a supporting index has keyCharacteristics: "
                            + (theirs ? "the server found one ShardLab was not told of" : "the server found none")));
        }
        for (String[] f : FIELDS) {
            BsonValue a = at(shardlab, f[0]);
            BsonValue b = at(answer, f[0]);
            if (a == null && b == null || a != null && b != null && same(a, b)) {
                continue;
            }
            if ((a == null || b == null) && f[0].startsWith("keyCharacteristics") && ours != theirs) {
                continue;
            }
            out.add(new Difference(f[0], a, b, f[1]));
        }
        return new ServerAnswerComparison(answer, out);
    }

    private static BsonValue at(BsonDocument d, String path) {
        BsonValue v = d;
        for (String part : path.split("\\.")) {
            if (v == null || !v.isDocument()) {
                return null;
            }
            v = v.asDocument().get(part);
        }
        return v;
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

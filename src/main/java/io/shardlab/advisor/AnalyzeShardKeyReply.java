package io.shardlab.advisor;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * A candidate's metrics as the document {@code analyzeShardKey} returns (7.0 and 8.0 return the same
 * fields): field names, nesting, order and BSON types of mongo {@code src/mongo/s/analyze_shard_key_cmd.idl}
 * ({@code KeyCharacteristicsMetrics}, {@code MonotonicityMetrics}, {@code ReadDistributionMetrics},
 * {@code WriteDistributionMetrics}: counts are {@code long}, percentages and the coefficient
 * {@code double}) and of the docs ({@code analyzeShardKey-keyCharacteristics.rst},
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}):
 * <pre>
 * {keyCharacteristics: {numDocsTotal, numOrphanDocs, avgDocSizeBytes, numDocsSampled, isUnique, numDistinctValues,
 *                       mostCommonValues: [{value, frequency}], monotonicity: {recordIdCorrelationCoefficient, type}},
 *  readDistribution: {sampleSize: {total, find, aggregate, count, distinct}, percentageOfSingleShardReads,
 *                     percentageOfMultiShardReads, percentageOfScatterGatherReads, numReadsByRange},
 *  writeDistribution: {sampleSize: {total, update, delete, findAndModify}, percentageOfSingleShardWrites,
 *                      percentageOfMultiShardWrites, percentageOfScatterGatherWrites, numWritesByRange,
 *                      percentageOfShardKeyUpdates, percentageOfSingleWritesWithoutShardKey,
 *                      percentageOfMultiWritesWithoutShardKey}}
 * </pre>
 * Left out where the server leaves them out: {@code keyCharacteristics} without a supporting index;
 * {@code numOrphanDocs} for an unsharded collection; {@code recordIdCorrelationCoefficient} when the
 * type is "unknown"; everything but {@code sampleSize} in a distribution without queries. The raw
 * counts the server drops ("Keep only the percentages") are not in it.
 *
 * <p>Types: the docs of 7.0 and 8.0 ({@code content/manual/v7.0} and {@code v8.0},
 * {@code analyzeShardKey-readWriteDistribution-structure.rst}) give every percentage, including
 * {@code percentageOfShardKeyUpdates}, as {@code <double>}, and analyze_shard_key_read_write_distribution.cpp
 * sets it from {@code calculatePercentage} (a double). The IDL at the r7.0.0 and r8.0.0 tags could not be
 * read here (the repository is too large to fetch; the index holds a 2022 draft, 055e20a, whose
 * {@code percentageOfShardKeyUpdates} is {@code long}); a 7.0/8.0 server's own reply settles it
 * ({@code analyze --server-analyze} compares numbers by value, not by BSON type).
 */
public final class AnalyzeShardKeyReply {

    private AnalyzeShardKeyReply() {}

    /** The reply for {@code c}. */
    public static BsonDocument of(CandidateReport c) {
        BsonDocument reply = new BsonDocument();
        if (c.indexes().supporting().isPresent()) {
            reply.append("keyCharacteristics", keyCharacteristics(c.keyCharacteristics()));
        }
        ReadWriteDistribution rw = c.readWrite()
                .orElse(new ReadWriteDistribution(
                        ReadDistributionMetrics.none(), WriteDistributionMetrics.none(), List.of()));
        reply.append("readDistribution", read(rw.read()));
        reply.append("writeDistribution", write(rw.write()));
        return reply;
    }

    /** {@code keyCharacteristics} alone. */
    public static BsonDocument keyCharacteristics(KeyCharacteristics kc) {
        BsonDocument d = new BsonDocument("numDocsTotal", new BsonInt64(kc.numDocsTotal()));
        kc.numOrphanDocs().ifPresent(o -> d.append("numOrphanDocs", new BsonInt64(o)));
        d.append("avgDocSizeBytes", new BsonInt64(kc.avgDocSizeBytes()))
                .append("numDocsSampled", new BsonInt64(kc.numDocsSampled()))
                .append("isUnique", BsonBoolean.valueOf(kc.isUnique()))
                .append("numDistinctValues", new BsonInt64(kc.numDistinctValues()));
        BsonArray common = new BsonArray();
        for (ValueFrequency v : kc.mostCommonValues()) {
            common.add(new BsonDocument("value", v.value()).append("frequency", new BsonInt64(v.frequency())));
        }
        d.append("mostCommonValues", common);
        BsonDocument monotonicity = new BsonDocument();
        kc.monotonicity()
                .recordIdCorrelationCoefficient()
                .ifPresent(r -> monotonicity.append("recordIdCorrelationCoefficient", new BsonDouble(r)));
        monotonicity.append("type", new BsonString(kc.monotonicity().type().value()));
        d.append("monotonicity", monotonicity);
        return d;
    }

    static BsonDocument read(ReadDistributionMetrics r) {
        BsonDocument d = new BsonDocument(
                "sampleSize",
                new BsonDocument("total", new BsonInt64(r.total()))
                        .append("find", new BsonInt64(r.find()))
                        .append("aggregate", new BsonInt64(r.aggregate()))
                        .append("count", new BsonInt64(r.count()))
                        .append("distinct", new BsonInt64(r.distinct())));
        if (!r.isEmpty()) {
            d.append("percentageOfSingleShardReads", new BsonDouble(r.percentageOfSingleShardReads()))
                    .append("percentageOfMultiShardReads", new BsonDouble(r.percentageOfMultiShardReads()))
                    .append("percentageOfScatterGatherReads", new BsonDouble(r.percentageOfScatterGatherReads()))
                    .append("numReadsByRange", longs(r.numReadsByRange()));
        }
        return d;
    }

    static BsonDocument write(WriteDistributionMetrics w) {
        BsonDocument d = new BsonDocument(
                "sampleSize",
                new BsonDocument("total", new BsonInt64(w.total()))
                        .append("update", new BsonInt64(w.update()))
                        .append("delete", new BsonInt64(w.delete()))
                        .append("findAndModify", new BsonInt64(w.findAndModify())));
        if (!w.isEmpty()) {
            d.append("percentageOfSingleShardWrites", new BsonDouble(w.percentageOfSingleShardWrites()))
                    .append("percentageOfMultiShardWrites", new BsonDouble(w.percentageOfMultiShardWrites()))
                    .append("percentageOfScatterGatherWrites", new BsonDouble(w.percentageOfScatterGatherWrites()))
                    .append("numWritesByRange", longs(w.numWritesByRange()))
                    .append("percentageOfShardKeyUpdates", new BsonDouble(w.percentageOfShardKeyUpdates()))
                    .append(
                            "percentageOfSingleWritesWithoutShardKey",
                            new BsonDouble(w.percentageOfSingleWritesWithoutShardKey()))
                    .append(
                            "percentageOfMultiWritesWithoutShardKey",
                            new BsonDouble(w.percentageOfMultiWritesWithoutShardKey()));
        }
        return d;
    }

    private static BsonArray longs(List<Long> values) {
        BsonArray a = new BsonArray();
        for (long v : values) {
            a.add(new BsonInt64(v));
        }
        return a;
    }
}

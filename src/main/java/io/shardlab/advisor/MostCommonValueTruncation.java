package io.shardlab.advisor;

import io.shardlab.sim.InsertBatch;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * How analyzeShardKey keeps {@code mostCommonValues} within the 16 MB reply (mongo
 * {@code src/mongo/db/s/analyze_shard_key_cmd_util.cpp}, {@code truncateBSONObj} and
 * {@code kMaxBSONObjSizeMostCommonValues = BSONObjMaxUserSize - 1000 * 1024}): a value document
 * larger than {@code kMaxBSONObjSizeMostCommonValues / analyzeShardKeyNumMostCommonValues} bytes is
 * rebuilt field by field; a field that does not fit in what is left becomes
 * {@code {type: <type name>, value: "truncated", sizeBytes: <the value's BSON size>}}, except that a
 * top-level embedded document is truncated field by field in turn (one level deep only).
 */
final class MostCommonValueTruncation {

    /** {@code BSONObjMaxUserSize}: 16 MB. */
    static final int MAX_USER_SIZE = 16 * 1024 * 1024;

    /** {@code kMaxBSONObjSizeMostCommonValues}. */
    static final int MAX_SIZE_MOST_COMMON_VALUES = MAX_USER_SIZE - 1000 * 1024;

    /** mongo {@code typeName(BSONType)} ({@code src/mongo/bson/bsontypes.cpp}). */
    private static final Map<BsonType, String> TYPE_NAMES = Map.ofEntries(
            Map.entry(BsonType.MIN_KEY, "minKey"),
            Map.entry(BsonType.DOUBLE, "double"),
            Map.entry(BsonType.STRING, "string"),
            Map.entry(BsonType.DOCUMENT, "object"),
            Map.entry(BsonType.ARRAY, "array"),
            Map.entry(BsonType.BINARY, "binData"),
            Map.entry(BsonType.UNDEFINED, "undefined"),
            Map.entry(BsonType.OBJECT_ID, "objectId"),
            Map.entry(BsonType.BOOLEAN, "bool"),
            Map.entry(BsonType.DATE_TIME, "date"),
            Map.entry(BsonType.NULL, "null"),
            Map.entry(BsonType.REGULAR_EXPRESSION, "regex"),
            Map.entry(BsonType.DB_POINTER, "dbPointer"),
            Map.entry(BsonType.JAVASCRIPT, "javascript"),
            Map.entry(BsonType.SYMBOL, "symbol"),
            Map.entry(BsonType.JAVASCRIPT_WITH_SCOPE, "javascriptWithScope"),
            Map.entry(BsonType.INT32, "int"),
            Map.entry(BsonType.TIMESTAMP, "timestamp"),
            Map.entry(BsonType.INT64, "long"),
            Map.entry(BsonType.DECIMAL128, "decimal"),
            Map.entry(BsonType.MAX_KEY, "maxKey"));

    private MostCommonValueTruncation() {}

    /** The largest value document kept whole when {@code numMostCommonValues} values are listed. */
    static int maxSizeBytesPerValue(int numMostCommonValues) {
        return MAX_SIZE_MOST_COMMON_VALUES / numMostCommonValues;
    }

    /** {@code value} as analyzeShardKey lists it: itself, or truncated when over {@code maxSizeBytesPerValue}. */
    static BsonDocument apply(BsonDocument value, int maxSizeBytesPerValue) {
        return size(value) > maxSizeBytesPerValue ? truncate(value, maxSizeBytesPerValue, 0) : value;
    }

    private static BsonDocument truncate(BsonDocument obj, int maxSize, int depth) {
        BsonDocument out = new BsonDocument();
        int length = 4;
        for (Map.Entry<String, BsonValue> e : obj.entrySet()) {
            int remaining = maxSize - length;
            int elementSize = elementSize(e.getKey(), e.getValue());
            BsonValue kept;
            if (elementSize < remaining) {
                kept = e.getValue();
            } else if (e.getValue().isDocument() && depth == 0) {
                kept = truncate(e.getValue().asDocument(), remaining, depth + 1);
            } else {
                kept = new BsonDocument(
                                "type",
                                new BsonString(TYPE_NAMES.get(e.getValue().getBsonType())))
                        .append("value", new BsonString("truncated"))
                        .append("sizeBytes", new BsonInt32(elementSize - 2 - utf8Length(e.getKey())));
            }
            out.append(e.getKey(), kept);
            length += elementSize(e.getKey(), kept);
        }
        return out;
    }

    /** The BSON size of {@code document}, in bytes. */
    static int size(BsonDocument document) {
        return InsertBatch.bsonSize(document);
    }

    /** The size of one element: type byte, field name and its terminator, value. */
    private static int elementSize(String name, BsonValue value) {
        return size(new BsonDocument(name, value)) - 5;
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}

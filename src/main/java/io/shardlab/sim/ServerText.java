package io.shardlab.sim;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * BSON rendered as the server's {@code BSONObj::toString()} writes it into error messages, e.g.
 * {@code { x: 10 }}, {@code { x: MinKey }}, {@code { s: "abc" }}, and chunk ranges as
 * {@code ChunkRange::toString()} does: {@code [{ x: 0 }, { x: 10 })}.
 */
public final class ServerText {

    private ServerText() {}

    /** The bound document of {@code key} for {@code pattern}. */
    static String of(ShardKey key, ShardKeyPattern pattern) {
        return of(key.toDocument(pattern));
    }

    /** {@code [min, max)}. */
    static String range(ShardKey min, ShardKey max, ShardKeyPattern pattern) {
        return "[" + of(min, pattern) + ", " + of(max, pattern) + ")";
    }

    static String of(BsonDocument d) {
        if (d.isEmpty()) {
            return "{}";
        }
        StringBuilder b = new StringBuilder("{ ");
        boolean first = true;
        for (Map.Entry<String, BsonValue> e : d.entrySet()) {
            if (!first) {
                b.append(", ");
            }
            first = false;
            b.append(e.getKey()).append(": ").append(value(e.getValue()));
        }
        return b.append(" }").toString();
    }

    public static String value(BsonValue v) {
        return switch (v.getBsonType()) {
            case MIN_KEY -> "MinKey";
            case MAX_KEY -> "MaxKey";
            case NULL -> "null";
            case UNDEFINED -> "undefined";
            case INT32 -> Integer.toString(v.asInt32().getValue());
            case INT64 -> Long.toString(v.asInt64().getValue());
            case DOUBLE -> doubleText(v.asDouble().getValue());
            case DECIMAL128 -> "NumberDecimal(\"" + v.asDecimal128().getValue() + "\")";
            case STRING -> "\"" + v.asString().getValue() + "\"";
            case BOOLEAN -> Boolean.toString(v.asBoolean().getValue());
            case OBJECT_ID -> "ObjectId('" + v.asObjectId().getValue().toHexString() + "')";
            case DOCUMENT -> of(v.asDocument());
            case DATE_TIME -> "new Date(" + v.asDateTime().getValue() + ")";
            default -> BsonPrinter.shell(v);
        };
    }

    private static String doubleText(double d) {
        if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d) + ".0";
        }
        return Double.toString(d);
    }
}

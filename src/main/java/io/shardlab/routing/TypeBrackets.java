package io.shardlab.routing;

import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The smallest and largest index-key values of each BSON type, which bound one-sided ranges to
 * their own type ("type bracketing": {@code {x: {$gt: 5}}} is {@code (5, Infinity]} within numbers,
 * {@code {x: {$gt: "a"}}} is {@code ("a", {})} within strings).
 *
 * <p>Source: mongo {@code src/mongo/bson/bsonobjbuilder.cpp}, {@code appendMinForType} and
 * {@code appendMaxForType} (8.0-era copy, where the Date minimum is {@code Date_t::min()}).
 * The maximum of most types is the minimum of the next canonical type, reached exclusively.
 */
final class TypeBrackets {

    private static final byte[] OID_ZERO = new byte[12];
    private static final byte[] OID_MAX = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

    private TypeBrackets() {}

    /** {@code appendMinForType}: the smallest key of {@code type}. */
    static BsonValue minFor(BsonType type) {
        return switch (type) {
            case INT32, INT64, DOUBLE, DECIMAL128 -> new BsonDouble(Double.NaN);
            case STRING, SYMBOL -> new BsonString("");
            case DATE_TIME -> new BsonDateTime(Long.MIN_VALUE);
            case TIMESTAMP -> new BsonTimestamp(0L);
            case UNDEFINED, END_OF_DOCUMENT -> new BsonUndefined();
            case MIN_KEY -> new BsonMinKey();
            case MAX_KEY -> new BsonMaxKey();
            case OBJECT_ID -> new BsonObjectId(new ObjectId(OID_ZERO));
            case BOOLEAN -> BsonBoolean.FALSE;
            case NULL -> BsonNull.VALUE;
            case DOCUMENT -> new BsonDocument();
            case ARRAY -> new BsonArray();
            case BINARY -> new BsonBinary((byte) 0, new byte[0]);
            case REGULAR_EXPRESSION -> new BsonRegularExpression("", "");
            case DB_POINTER -> new BsonDbPointer("", new ObjectId(OID_ZERO));
            case JAVASCRIPT -> new BsonJavaScript("");
            case JAVASCRIPT_WITH_SCOPE -> new BsonJavaScriptWithScope("", new BsonDocument());
        };
    }

    /** {@code appendMaxForType}: the largest key of {@code type}, or the smallest of the next type. */
    static BsonValue maxFor(BsonType type) {
        return switch (type) {
            case INT32, INT64, DOUBLE, DECIMAL128 -> new BsonDouble(Double.POSITIVE_INFINITY);
            case STRING, SYMBOL -> minFor(BsonType.DOCUMENT);
            case DATE_TIME -> new BsonDateTime(Long.MAX_VALUE);
            case TIMESTAMP -> new BsonTimestamp(-1L); // Timestamp::max(): both halves UINT32_MAX
            case UNDEFINED, END_OF_DOCUMENT -> new BsonUndefined();
            case MIN_KEY -> new BsonMinKey();
            case MAX_KEY -> new BsonMaxKey();
            case OBJECT_ID -> new BsonObjectId(new ObjectId(OID_MAX));
            case BOOLEAN -> BsonBoolean.TRUE;
            case NULL -> BsonNull.VALUE;
            case DOCUMENT -> minFor(BsonType.ARRAY);
            case ARRAY -> minFor(BsonType.BINARY);
            case BINARY -> minFor(BsonType.OBJECT_ID);
            case REGULAR_EXPRESSION -> minFor(BsonType.DB_POINTER);
            case DB_POINTER -> minFor(BsonType.JAVASCRIPT);
            case JAVASCRIPT -> minFor(BsonType.JAVASCRIPT_WITH_SCOPE);
            case JAVASCRIPT_WITH_SCOPE -> minFor(BsonType.MAX_KEY);
        };
    }
}

package io.shardlab.bson;

import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * MongoDB's canonical type ranks: the first key of the cross-type sort order and the type tag that
 * the hashed-index hasher feeds to MD5.
 *
 * <p>Source: mongo {@code src/mongo/bson/bsontypes.h}, {@code canonicalizeBSONType()} (3.0+ ranks,
 * where Timestamp (47) sorts after Date (45)). Numbers share one rank, as do String and Symbol, and
 * Undefined shares its rank with EOO.
 */
public final class CanonicalType {

    /** The rank of MinKey; the only negative rank. */
    public static final int MIN_KEY = -1;
    /** The rank of Null (and of a missing field, which sorts and hashes as null). */
    public static final int NULL = 5;
    /** The rank shared by Int32, Int64, Double and Decimal128. */
    public static final int NUMBER = 10;
    /** The rank shared by String and Symbol. */
    public static final int STRING = 15;
    /** The rank of an embedded document. */
    public static final int OBJECT = 20;
    /** The rank of an array. */
    public static final int ARRAY = 25;
    /** The rank of MaxKey; the highest rank. */
    public static final int MAX_KEY = 127;

    private CanonicalType() {}

    /**
     * The canonical rank of a value's type.
     *
     * @param value any BSON value, not null
     * @return the rank MongoDB sorts (and hashes) this type by
     */
    public static int of(BsonValue value) {
        return of(value.getBsonType());
    }

    /**
     * The canonical rank of a BSON type.
     *
     * @param type a BSON type; {@link BsonType#END_OF_DOCUMENT} ranks with Undefined
     * @return the rank MongoDB sorts (and hashes) this type by
     */
    public static int of(BsonType type) {
        return switch (type) {
            case MIN_KEY -> MIN_KEY;
            case END_OF_DOCUMENT, UNDEFINED -> 0;
            case NULL -> NULL;
            case DOUBLE, INT32, INT64, DECIMAL128 -> NUMBER;
            case STRING, SYMBOL -> STRING;
            case DOCUMENT -> OBJECT;
            case ARRAY -> ARRAY;
            case BINARY -> 30;
            case OBJECT_ID -> 35;
            case BOOLEAN -> 40;
            case DATE_TIME -> 45;
            case TIMESTAMP -> 47;
            case REGULAR_EXPRESSION -> 50;
            case DB_POINTER -> 55;
            case JAVASCRIPT -> 60;
            case JAVASCRIPT_WITH_SCOPE -> 65;
            case MAX_KEY -> MAX_KEY;
        };
    }
}

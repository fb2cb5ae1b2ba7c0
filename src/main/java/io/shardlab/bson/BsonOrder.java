package io.shardlab.bson;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDbPointer;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonRegularExpression;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's total order over BSON values, the order in which shard-key values, chunk bounds and
 * index keys sort (simple collation).
 *
 * <p>Rules, from mongo {@code src/mongo/bson/bsonelement.cpp} ({@code compareElementValues},
 * {@code BSONElement::woCompare}), {@code src/mongo/base/compare_numbers.h} and the docs page
 * {@code reference/bson-type-comparison-order}:
 * <ul>
 *   <li>Values of different canonical types ({@link CanonicalType}) order by type rank.</li>
 *   <li>Numbers compare by exact numeric value across Int32, Int64, Double and Decimal128; NaN is
 *       below every other number (so below -Infinity) and equal to NaN; {@code -0.0 == 0.0}. Every
 *       cross-type rule in {@code compare_numbers.h} is exact: {@code compareLongToDouble} handles
 *       longs beyond 2^53 and doubles beyond the long range, ints and longs are converted to
 *       Decimal128 exactly, and {@code compareDecimalToDouble} converts the decimal to a double
 *       rounding toward negative and breaks a tie with the inexact flag, which orders a Double
 *       against a Decimal128 by their exact values (so {@code 0.1} as a double is greater than
 *       {@code Decimal128('0.1')}).</li>
 *   <li>Strings and Symbols compare by UTF-8 bytes (memcmp over the common length, then the shorter
 *       is smaller), which is Unicode code-point order. JavaScript code compares like a string.</li>
 *   <li>Documents and arrays compare element by element: canonical type, then field name, then value;
 *       a document that is a prefix of the other is smaller.</li>
 *   <li>BinData by length, then subtype, then bytes; ObjectId by its 12 bytes; false &lt; true;
 *       Date as signed milliseconds; Timestamp as an unsigned 64-bit (seconds, increment); RegEx by
 *       pattern then flags; DBPointer by value size then bytes; MinKey, MaxKey, Null and Undefined
 *       equal their own kind.</li>
 * </ul>
 * The order is consistent with {@link #equivalent}, not with {@link Object#equals}: {@code 1},
 * {@code NumberLong(1)} and {@code 1.0} are equivalent.
 */
public final class BsonOrder implements Comparator<BsonValue> {

    private static final double TWO_POW_63 = 9.223372036854775808E18;

    @Override
    public int compare(BsonValue left, BsonValue right) {
        return compareValues(left, right);
    }

    /**
     * Compares two values in MongoDB's order.
     *
     * @return a negative number, zero or a positive number as {@code left} sorts before, with or
     *     after {@code right}
     */
    public static int compareValues(BsonValue left, BsonValue right) {
        BsonType lt = left.getBsonType();
        BsonType rt = right.getBsonType();
        if (lt == BsonType.INT64 && rt == BsonType.INT64) {
            // the hot case: hashed keys and int64 ranged keys
            return Long.compare(left.asInt64().getValue(), right.asInt64().getValue());
        }
        int leftRank = CanonicalType.of(lt);
        int rightRank = CanonicalType.of(rt);
        if (leftRank != rightRank) {
            return Integer.compare(leftRank, rightRank);
        }
        switch (lt) {
            case MIN_KEY, MAX_KEY, NULL, UNDEFINED, END_OF_DOCUMENT:
                return 0;
            case INT32, INT64, DOUBLE, DECIMAL128:
                return compareNumbers(left, right);
            case STRING, SYMBOL:
                return compareUtf8(stringOf(left), stringOf(right));
            case DOCUMENT:
                return compareDocuments(left.asDocument(), right.asDocument());
            case ARRAY:
                return compareArrays(left.asArray(), right.asArray());
            case BINARY:
                return compareBinary(left.asBinary(), right.asBinary());
            case OBJECT_ID:
                // the driver's order is its 12 bytes' unsigned order (the timestamp's 4 big-endian bytes, then
                // the other 8, each compared unsigned), without copying them out as toByteArray does
                return left.asObjectId().getValue().compareTo(right.asObjectId().getValue());
            case BOOLEAN:
                return Boolean.compare(
                        left.asBoolean().getValue(), right.asBoolean().getValue());
            case DATE_TIME:
                return Long.compare(
                        left.asDateTime().getValue(), right.asDateTime().getValue());
            case TIMESTAMP:
                return Long.compareUnsigned(
                        left.asTimestamp().getValue(), right.asTimestamp().getValue());
            case REGULAR_EXPRESSION:
                return compareRegex(left.asRegularExpression(), right.asRegularExpression());
            case DB_POINTER:
                return compareDbPointer(left.asDBPointer(), right.asDBPointer());
            case JAVASCRIPT:
                return compareUtf8(
                        left.asJavaScript().getCode(), right.asJavaScript().getCode());
            case JAVASCRIPT_WITH_SCOPE:
                return compareCodeWithScope(left.asJavaScriptWithScope(), right.asJavaScriptWithScope());
            default:
                throw new IllegalStateException("unordered BSON type " + lt);
        }
    }

    /** Whether two values sort as equal (for example {@code 1 == 1.0 == NumberLong(1)}). */
    public static boolean equivalent(BsonValue left, BsonValue right) {
        return compareValues(left, right) == 0;
    }

    private static String stringOf(BsonValue value) {
        return value.isString() ? value.asString().getValue() : value.asSymbol().getSymbol();
    }

    /**
     * Compares two strings by their UTF-8 bytes, which is the order of their Unicode code points.
     * Java's {@link String#compareTo} differs from it for characters beyond the Basic Multilingual
     * Plane, so this walks code points when two UTF-16 units differ and one is a surrogate.
     */
    public static int compareUtf8(String left, String right) {
        int n = Math.min(left.length(), right.length());
        for (int i = 0; i < n; i++) {
            char a = left.charAt(i);
            char b = right.charAt(i);
            if (a != b) {
                if (Character.isSurrogate(a) || Character.isSurrogate(b)) {
                    return Integer.compare(left.codePointAt(i), right.codePointAt(i));
                }
                return Character.compare(a, b);
            }
        }
        return Integer.compare(left.length(), right.length());
    }

    private static int compareDocuments(BsonDocument left, BsonDocument right) {
        Iterator<Map.Entry<String, BsonValue>> l = left.entrySet().iterator();
        Iterator<Map.Entry<String, BsonValue>> r = right.entrySet().iterator();
        while (true) {
            if (!l.hasNext()) {
                return r.hasNext() ? -1 : 0;
            }
            if (!r.hasNext()) {
                return 1;
            }
            Map.Entry<String, BsonValue> le = l.next();
            Map.Entry<String, BsonValue> re = r.next();
            int byType = Integer.compare(CanonicalType.of(le.getValue()), CanonicalType.of(re.getValue()));
            if (byType != 0) {
                return byType;
            }
            int byName = compareUtf8(le.getKey(), re.getKey());
            if (byName != 0) {
                return byName;
            }
            int byValue = compareValues(le.getValue(), re.getValue());
            if (byValue != 0) {
                return byValue;
            }
        }
    }

    private static int compareArrays(BsonArray left, BsonArray right) {
        int n = Math.min(left.size(), right.size());
        for (int i = 0; i < n; i++) {
            int c = compareValues(left.get(i), right.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    /**
     * bsonelement.cpp {@code compareElements} for BinData: the BSON length first, then memcmp over
     * the subtype byte and the data. The BSON length of subtype 2 (old binary) counts the inner
     * int32 length the driver's writer adds in front of the data; with equal lengths and subtypes the
     * inner lengths are equal too, so the data bytes decide.
     */
    private static int compareBinary(BsonBinary left, BsonBinary right) {
        byte[] l = left.getData();
        byte[] r = right.getData();
        int leftLength = bsonLength(left);
        int rightLength = bsonLength(right);
        if (leftLength != rightLength) {
            return Integer.compare(leftLength, rightLength);
        }
        int bySubtype = Integer.compare(left.getType() & 0xFF, right.getType() & 0xFF);
        return bySubtype != 0 ? bySubtype : compareUnsignedBytes(l, r);
    }

    private static int bsonLength(BsonBinary binary) {
        return binary.getData().length + (binary.getType() == BsonBinarySubType.OLD_BINARY.getValue() ? 4 : 0);
    }

    private static int compareRegex(BsonRegularExpression left, BsonRegularExpression right) {
        int byPattern = compareUtf8(left.getPattern(), right.getPattern());
        return byPattern != 0 ? byPattern : compareUtf8(left.getOptions(), right.getOptions());
    }

    private static int compareDbPointer(BsonDbPointer left, BsonDbPointer right) {
        byte[] l = left.getNamespace().getBytes(StandardCharsets.UTF_8);
        byte[] r = right.getNamespace().getBytes(StandardCharsets.UTF_8);
        if (l.length != r.length) {
            return Integer.compare(l.length, r.length);
        }
        int byNamespace = compareUnsignedBytes(l, r);
        return byNamespace != 0
                ? byNamespace
                : compareUnsignedBytes(left.getId().toByteArray(), right.getId().toByteArray());
    }

    private static int compareCodeWithScope(BsonJavaScriptWithScope left, BsonJavaScriptWithScope right) {
        int byCode = compareUtf8(left.getCode(), right.getCode());
        return byCode != 0 ? byCode : compareDocuments(left.getScope(), right.getScope());
    }

    /** memcmp: bytes as unsigned, then length. */
    public static int compareUnsignedBytes(byte[] left, byte[] right) {
        return Arrays.compareUnsigned(left, right);
    }

    // ---- numbers -------------------------------------------------------------------------------

    private static int compareNumbers(BsonValue left, BsonValue right) {
        BsonType lt = left.getBsonType();
        BsonType rt = right.getBsonType();
        if (lt == BsonType.DECIMAL128 || rt == BsonType.DECIMAL128) {
            return compareAsDecimals(left, right);
        }
        boolean leftIsDouble = lt == BsonType.DOUBLE;
        boolean rightIsDouble = rt == BsonType.DOUBLE;
        if (!leftIsDouble && !rightIsDouble) {
            return Long.compare(left.asNumber().longValue(), right.asNumber().longValue());
        }
        if (leftIsDouble && rightIsDouble) {
            return compareDoubles(left.asDouble().getValue(), right.asDouble().getValue());
        }
        if (leftIsDouble) {
            return -compareLongToDouble(
                    right.asNumber().longValue(), left.asDouble().getValue());
        }
        return compareLongToDouble(left.asNumber().longValue(), right.asDouble().getValue());
    }

    /** compare_numbers.h {@code compareDoubles}: NaN is below every number and equal to NaN. */
    static int compareDoubles(double left, double right) {
        if (left < right) {
            return -1;
        }
        if (left > right) {
            return 1;
        }
        if (left == right) {
            return 0;
        }
        boolean leftNaN = Double.isNaN(left);
        boolean rightNaN = Double.isNaN(right);
        return leftNaN ? (rightNaN ? 0 : -1) : 1;
    }

    /**
     * Exact comparison of a 64-bit integer with a double (compare_numbers.h
     * {@code compareLongToDouble}): every long is above NaN; doubles at or beyond 2^63 in magnitude
     * (the infinities included) are beyond every long; otherwise the integer parts compare, and a
     * fraction breaks a tie. MongoDB gets the same answer by comparing as doubles when
     * {@code |left| <= 2^53} and by truncating the double otherwise.
     */
    static int compareLongToDouble(long left, double right) {
        if (Double.isNaN(right)) {
            return 1;
        }
        if (right >= TWO_POW_63) {
            return -1;
        }
        if (right < -TWO_POW_63) {
            return 1;
        }
        long truncated = (long) right;
        int c = Long.compare(left, truncated);
        if (c != 0) {
            return c;
        }
        double fraction = right - truncated;
        return fraction > 0 ? -1 : fraction < 0 ? 1 : 0;
    }

    /**
     * compare_numbers.h {@code compareDecimals}, {@code compareDecimalToInt/Long/Double}: with a
     * Decimal128 on either side the comparison is exact, NaN lowest, then -Infinity, the finite
     * values, +Infinity. A double is lifted to its exact binary value ({@code new BigDecimal(double)}),
     * which gives the same order as MongoDB's round-toward-negative conversion plus inexact flag.
     */
    private static int compareAsDecimals(BsonValue left, BsonValue right) {
        NumericValue l = NumericValue.of(left);
        NumericValue r = NumericValue.of(right);
        return l.compareTo(r);
    }

    /** A number lifted to decimal precision, with NaN and the infinities kept apart. */
    private record NumericValue(int rank, BigDecimal finite) implements Comparable<NumericValue> {
        // rank: 0 NaN, 1 -Infinity, 2 finite, 3 +Infinity
        static NumericValue of(BsonValue v) {
            switch (v.getBsonType()) {
                case INT32:
                    return new NumericValue(2, BigDecimal.valueOf(v.asInt32().getValue()));
                case INT64:
                    return new NumericValue(2, BigDecimal.valueOf(v.asInt64().getValue()));
                case DOUBLE: {
                    double d = v.asDouble().getValue();
                    if (Double.isNaN(d)) {
                        return new NumericValue(0, null);
                    }
                    if (Double.isInfinite(d)) {
                        return new NumericValue(d > 0 ? 3 : 1, null);
                    }
                    return new NumericValue(2, new BigDecimal(d));
                }
                default: {
                    Decimal128 d = v.asDecimal128().getValue();
                    if (d.isNaN()) {
                        return new NumericValue(0, null);
                    }
                    if (d.isInfinite()) {
                        return new NumericValue(d.isNegative() ? 1 : 3, null);
                    }
                    // toString() gives "-0" for negative zero, which BigDecimal reads as 0
                    return new NumericValue(2, new BigDecimal(d.toString()));
                }
            }
        }

        @Override
        public int compareTo(NumericValue other) {
            if (rank != other.rank || rank != 2) {
                return Integer.compare(rank, other.rank);
            }
            return finite.compareTo(other.finite);
        }
    }
}

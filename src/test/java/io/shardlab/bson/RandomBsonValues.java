package io.shardlab.bson;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Seeded random BSON values of every type a shard-key value can hold, drawn from small domains so
 * that ties, prefixes and cross-type numeric equalities are frequent. Numbers favour the edges of
 * MongoDB's numeric rules: NaN, the infinities, -0.0, 2^53 +/- 1, 2^63, LLONG_MIN/MAX, halves.
 */
public final class RandomBsonValues {

    private static final BsonType[] TYPES = {
        BsonType.MIN_KEY,
        BsonType.UNDEFINED,
        BsonType.NULL,
        BsonType.INT32,
        BsonType.INT64,
        BsonType.DOUBLE,
        BsonType.DECIMAL128,
        BsonType.STRING,
        BsonType.SYMBOL,
        BsonType.DOCUMENT,
        BsonType.ARRAY,
        BsonType.BINARY,
        BsonType.OBJECT_ID,
        BsonType.BOOLEAN,
        BsonType.DATE_TIME,
        BsonType.TIMESTAMP,
        BsonType.REGULAR_EXPRESSION,
        BsonType.DB_POINTER,
        BsonType.JAVASCRIPT,
        BsonType.JAVASCRIPT_WITH_SCOPE,
        BsonType.MAX_KEY,
    };
    private static final long[] EDGE_LONGS = {
        0,
        1,
        -1,
        2,
        3,
        42,
        (1L << 53) - 1,
        1L << 53,
        (1L << 53) + 1,
        -(1L << 53) - 1,
        Long.MAX_VALUE,
        Long.MIN_VALUE,
        Long.MAX_VALUE - 1,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
    };
    private static final double[] EDGE_DOUBLES = {
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.0,
        1.5,
        2.5,
        3.5,
        -2.5,
        42.123,
        0.1,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        9007199254740992.0,
        9007199254740994.0,
        9.223372036854775808E18,
        -9.223372036854775808E18,
        9.223372036854774784E18,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.MIN_VALUE,
    };
    private static final String[] STRINGS = {"", "a", "aa", "ab", "b", "Z", "é", "\uffff", "😀", "a\u0000", "hashed"};

    private final Random random;

    /** @param seed the seed; the same seed gives the same values */
    public RandomBsonValues(long seed) {
        this.random = new Random(seed);
    }

    /** A random value of a random type, nesting documents and arrays at most two levels deep. */
    public BsonValue next() {
        return next(2);
    }

    /** A random number of a random numeric type (Int32, Int64, Double, Decimal128). */
    public BsonValue nextNumber() {
        return switch (random.nextInt(4)) {
            case 0 -> new BsonInt32(random.nextBoolean() ? random.nextInt(7) - 3 : (int) pickLong());
            case 1 -> new BsonInt64(random.nextBoolean() ? random.nextInt(7) - 3 : pickLong());
            case 2 -> new BsonDouble(random.nextBoolean() ? (random.nextInt(13) - 6) / 2.0 : pickDouble());
            default -> new BsonDecimal128(pickDecimal());
        };
    }

    /**
     * The same number in every numeric type that holds it exactly (Int32, Int64, Double,
     * Decimal128), the value itself included; all of them compare equal in MongoDB's order.
     */
    public static List<BsonValue> numericTwins(BsonValue number) {
        List<BsonValue> twins = new ArrayList<>();
        twins.add(number);
        BigDecimal exact = exactValue(number);
        if (exact == null) {
            return twins;
        }
        if (exact.signum() == 0 || exact.stripTrailingZeros().scale() <= 0) {
            try {
                long l = exact.longValueExact();
                twins.add(new BsonInt64(l));
                if (l == (int) l) {
                    twins.add(new BsonInt32((int) l));
                }
            } catch (ArithmeticException tooBig) {
                // not an int64
            }
        }
        double d = exact.doubleValue();
        if (!Double.isInfinite(d) && new BigDecimal(d).compareTo(exact) == 0) {
            twins.add(new BsonDouble(d));
        }
        if (exact.precision() <= 34) {
            twins.add(new BsonDecimal128(new Decimal128(exact)));
        }
        return twins;
    }

    private static BigDecimal exactValue(BsonValue number) {
        return switch (number.getBsonType()) {
            case INT32 -> BigDecimal.valueOf(number.asInt32().getValue());
            case INT64 -> BigDecimal.valueOf(number.asInt64().getValue());
            case DOUBLE ->
                Double.isFinite(number.asDouble().getValue())
                        ? new BigDecimal(number.asDouble().getValue())
                        : null;
            case DECIMAL128 ->
                number.asDecimal128().getValue().isFinite()
                        ? new BigDecimal(number.asDecimal128().getValue().toString())
                        : null;
            default -> throw new IllegalArgumentException("number: " + number);
        };
    }

    private BsonValue next(int depth) {
        BsonType type = TYPES[random.nextInt(TYPES.length)];
        if (depth == 0
                && (type == BsonType.DOCUMENT || type == BsonType.ARRAY || type == BsonType.JAVASCRIPT_WITH_SCOPE)) {
            type = BsonType.INT32;
        }
        return switch (type) {
            case MIN_KEY -> new BsonMinKey();
            case MAX_KEY -> new BsonMaxKey();
            case UNDEFINED -> new BsonUndefined();
            case NULL -> BsonNull.VALUE;
            case INT32, INT64, DOUBLE, DECIMAL128 -> nextNumber();
            case STRING -> new BsonString(pick(STRINGS));
            case SYMBOL -> new BsonSymbol(pick(STRINGS));
            case DOCUMENT -> nextDocument(depth - 1);
            case ARRAY -> {
                BsonArray array = new BsonArray();
                int n = random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    array.add(next(depth - 1));
                }
                yield array;
            }
            case BINARY -> {
                byte[] data = new byte[random.nextInt(3)];
                for (int i = 0; i < data.length; i++) {
                    data[i] = (byte) (random.nextInt(3) * 127);
                }
                byte subtype = (byte) new int[] {0, 0, 2, 4, 128}[random.nextInt(5)];
                yield new BsonBinary(subtype, data);
            }
            case OBJECT_ID -> new BsonObjectId(objectId());
            case BOOLEAN -> BsonBoolean.valueOf(random.nextBoolean());
            case DATE_TIME -> new BsonDateTime(random.nextBoolean() ? random.nextInt(5) - 2 : pickLong());
            case TIMESTAMP ->
                new BsonTimestamp(
                        random.nextInt(3) == 0 ? -1 : random.nextInt(3),
                        random.nextInt(3) == 0 ? -1 : random.nextInt(3));
            case REGULAR_EXPRESSION ->
                new BsonRegularExpression(pick(new String[] {"", "a", "a.*", "b"}), pick(new String[] {"", "i", "im"}));
            case DB_POINTER -> new BsonDbPointer(pick(new String[] {"a", "b", "db.c"}), objectId());
            case JAVASCRIPT -> new BsonJavaScript(pick(STRINGS));
            case JAVASCRIPT_WITH_SCOPE ->
                new BsonJavaScriptWithScope(pick(new String[] {"f()", "g()"}), nextDocument(depth - 1));
            default -> throw new IllegalStateException("type " + type);
        };
    }

    private BsonDocument nextDocument(int depth) {
        BsonDocument document = new BsonDocument();
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) {
            document.append(pick(new String[] {"a", "b", "c"}), next(depth));
        }
        return document;
    }

    private ObjectId objectId() {
        byte[] bytes = new byte[12];
        bytes[11] = (byte) random.nextInt(3);
        bytes[0] = (byte) (random.nextInt(2) * 255);
        return new ObjectId(bytes);
    }

    private long pickLong() {
        return EDGE_LONGS[random.nextInt(EDGE_LONGS.length)];
    }

    private double pickDouble() {
        return EDGE_DOUBLES[random.nextInt(EDGE_DOUBLES.length)];
    }

    private Decimal128 pickDecimal() {
        return switch (random.nextInt(6)) {
            case 0 -> Decimal128.parse(pick(new String[] {"NaN", "Infinity", "-Infinity", "-0", "1E+400", "-1E+400"}));
            case 1 -> new Decimal128(new BigDecimal(pickDouble() == pickDouble() ? "0.1" : "0.5"));
            case 2 -> new Decimal128(BigDecimal.valueOf(pickLong()));
            case 3 -> {
                double d = pickDouble();
                yield Double.isFinite(d)
                        ? new Decimal128(new BigDecimal(d).round(java.math.MathContext.DECIMAL128))
                        : Decimal128.NaN;
            }
            case 4 -> new Decimal128(new BigDecimal("9223372036854775807.5"));
            default -> new Decimal128(BigDecimal.valueOf(random.nextInt(13) - 6, 1));
        };
    }

    private String pick(String[] options) {
        return options[random.nextInt(options.length)];
    }
}

package io.shardlab.sim;

import io.shardlab.bson.CanonicalType;
import io.shardlab.key.ShardKey;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
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
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * An order-preserving binary encoding of shard keys, in the spirit of MongoDB's KeyString: for two
 * keys {@code a} and {@code b} of the same pattern, {@code compareUnsigned(encode(a), encode(b))}
 * has the sign of {@code a.compareTo(b)} (MongoDB's cross-type order, {@link io.shardlab.bson.BsonOrder}),
 * and keys that MongoDB considers equal encode to equal bytes.
 *
 * <p>Layout per field: one byte, the canonical type rank + 2 (so that 0 and 1 stay free as
 * terminators), then the value:
 * <ul>
 *   <li>numbers (Int32, Int64, Double, Decimal128 share one rank and one form, so {@code 1},
 *       {@code NumberLong(1)} and {@code 1.0} encode alike): a class byte (NaN 1, -Infinity 2,
 *       negative 3, zero 4, positive 5, +Infinity 6), then for non-zero finite values the decimal
 *       exponent {@code e} of {@code 0.d1d2…dn × 10^e} as a sign-flipped big-endian int and the
 *       digits as bytes {@code '1'…'10'} ended by 0; negative values complement exponent, digits
 *       and terminator, so a longer digit string sorts lower. Doubles convert exactly
 *       ({@code new BigDecimal(double)}), so longs beyond 2^53 compare exactly with doubles.</li>
 *   <li>strings, symbols, code: UTF-8 with 0x00 escaped as 0x00 0xFF, ended by 0x00 0x00 (memcmp
 *       order, shorter prefix first).</li>
 *   <li>bool 0/1; date as sign-flipped int64; timestamp as unsigned int64; ObjectId 12 bytes;
 *       BinData as length (int32 big-endian), subtype, bytes; regex as pattern then flags (escaped
 *       strings); MinKey, MaxKey, null and undefined have no value bytes.</li>
 *   <li>objects: per element, type rank + 2, escaped field name, value; then a 0 byte (a prefix
 *       object sorts first). Arrays likewise without names. Arrays cannot be shard-key values.</li>
 * </ul>
 *
 * <p>Decoding returns values of MongoDB-equal order. Number types are not stored: an integral
 * number decodes as the numeric type last seen for that field (Int32 when it fits, else Int64),
 * and a fractional one as a Double (Decimal128 when Decimal128 values were seen). Symbols decode as
 * strings. This only affects how a split point is printed, never which chunk a document is in.
 */
final class KeyEncoder {

    private static final int RANK_OFFSET = 2;
    private static final byte NUM_NAN = 1;
    private static final byte NUM_NEG_INF = 2;
    private static final byte NUM_NEGATIVE = 3;
    private static final byte NUM_ZERO = 4;
    private static final byte NUM_POSITIVE = 5;
    private static final byte NUM_POS_INF = 6;

    /** Per field: the numeric BSON type last encoded, used to print decoded numbers. */
    private final BsonType[] numericTypes;

    KeyEncoder(int arity) {
        numericTypes = new BsonType[arity];
        Arrays.fill(numericTypes, BsonType.INT64);
    }

    /** The bytes of {@code key}; remembers the numeric type of each numeric field for decoding. */
    byte[] encode(ShardKey key) {
        Buffer out = new Buffer();
        for (int i = 0; i < key.arity(); i++) {
            BsonValue v = key.get(i);
            if (v.isNumber() || v.getBsonType() == BsonType.DECIMAL128) {
                if (i < numericTypes.length) {
                    numericTypes[i] = v.getBsonType();
                }
            }
            writeValue(out, v);
        }
        return out.toByteArray();
    }

    /** The bytes of {@code key} without touching the remembered numeric types (for bounds). */
    static byte[] encodeBound(ShardKey key) {
        Buffer out = new Buffer();
        for (int i = 0; i < key.arity(); i++) {
            writeValue(out, key.get(i));
        }
        return out.toByteArray();
    }

    private static void writeValue(Buffer out, BsonValue v) {
        out.write(CanonicalType.of(v) + RANK_OFFSET);
        switch (v.getBsonType()) {
            case MIN_KEY, MAX_KEY, NULL, UNDEFINED, END_OF_DOCUMENT -> {}
            case INT32 -> writeLongNumber(out, v.asInt32().getValue());
            case INT64 -> writeLongNumber(out, v.asInt64().getValue());
            case DOUBLE -> writeDouble(out, v.asDouble().getValue());
            case DECIMAL128 -> writeDecimal(out, v.asDecimal128().getValue());
            case STRING -> writeString(out, v.asString().getValue());
            case SYMBOL -> writeString(out, v.asSymbol().getSymbol());
            case JAVASCRIPT -> writeString(out, v.asJavaScript().getCode());
            case BOOLEAN -> out.write(v.asBoolean().getValue() ? 1 : 0);
            case DATE_TIME -> writeLong(out, v.asDateTime().getValue() ^ Long.MIN_VALUE);
            case TIMESTAMP -> writeLong(out, v.asTimestamp().getValue());
            case OBJECT_ID -> out.write(v.asObjectId().getValue().toByteArray());
            case BINARY -> {
                BsonBinary b = v.asBinary();
                writeInt(out, b.getData().length);
                out.write(b.getType() & 0xFF);
                out.write(b.getData());
            }
            case REGULAR_EXPRESSION -> {
                writeString(out, v.asRegularExpression().getPattern());
                writeString(out, v.asRegularExpression().getOptions());
            }
            case DOCUMENT -> writeDocument(out, v.asDocument());
            case ARRAY -> {
                for (BsonValue element : v.asArray()) {
                    writeValue(out, element);
                }
                out.write(0);
            }
            case DB_POINTER -> {
                byte[] ns = v.asDBPointer().getNamespace().getBytes(StandardCharsets.UTF_8);
                writeInt(out, ns.length);
                out.write(ns);
                out.write(v.asDBPointer().getId().toByteArray());
            }
            case JAVASCRIPT_WITH_SCOPE -> {
                writeString(out, v.asJavaScriptWithScope().getCode());
                writeDocument(out, v.asJavaScriptWithScope().getScope());
            }
            default -> throw new IllegalArgumentException("key: cannot encode BSON type " + v.getBsonType());
        }
    }

    private static void writeDocument(Buffer out, BsonDocument d) {
        for (Map.Entry<String, BsonValue> e : d.entrySet()) {
            out.write(CanonicalType.of(e.getValue()) + RANK_OFFSET);
            writeString(out, e.getKey());
            writeValue(out, e.getValue());
        }
        out.write(0);
    }

    /**
     * An integer: its decimal digits without trailing zeros, the exponent its digit count (as {@link #writeFinite}).
     * The digits are taken by division rather than from a string: this runs for every document a ranged integer key
     * routes (issue #32: the encoder was a third of an analysis's layout replay).
     */
    private static void writeLongNumber(Buffer out, long value) {
        if (value == 0) {
            out.write(NUM_ZERO);
            return;
        }
        if (value == Long.MIN_VALUE) {
            // its magnitude has no positive long; the digits of 2^63
            String digits = Long.toUnsignedString(value);
            writeDigits(out, true, digits.length(), digits, digits.length());
            return;
        }
        boolean negative = value < 0;
        long significand = Math.abs(value);
        int trailingZeros = 0;
        while (significand % 10 == 0) {
            significand /= 10;
            trailingZeros++;
        }
        int length = 1;
        long power = 1;
        while (significand / power >= 10) {
            power *= 10;
            length++;
        }
        writeExponent(out, negative, length + trailingZeros);
        for (; power > 0; power /= 10) {
            int digit = (int) (significand / power) + 1;
            significand %= power;
            out.write(negative ? 0xFF - digit : digit);
        }
        out.write(negative ? 0xFF : 0);
    }

    private static void writeDouble(Buffer out, double d) {
        if (Double.isNaN(d)) {
            out.write(NUM_NAN);
        } else if (d == Double.NEGATIVE_INFINITY) {
            out.write(NUM_NEG_INF);
        } else if (d == Double.POSITIVE_INFINITY) {
            out.write(NUM_POS_INF);
        } else if (d == 0) {
            out.write(NUM_ZERO);
        } else {
            writeFinite(out, new BigDecimal(d));
        }
    }

    private static void writeDecimal(Buffer out, Decimal128 d) {
        if (d.isNaN()) {
            out.write(NUM_NAN);
        } else if (d.isInfinite()) {
            out.write(d.isNegative() ? NUM_NEG_INF : NUM_POS_INF);
        } else {
            BigDecimal b = new BigDecimal(d.toString());
            if (b.signum() == 0) {
                out.write(NUM_ZERO);
            } else {
                writeFinite(out, b);
            }
        }
    }

    /** A non-zero finite number as 0.d1…dn × 10^e. */
    private static void writeFinite(Buffer out, BigDecimal value) {
        BigDecimal abs = value.abs().stripTrailingZeros();
        String digits = abs.unscaledValue().toString();
        writeDigits(out, value.signum() < 0, digits.length() - abs.scale(), digits, digits.length());
    }

    /** 0.d1…dn × 10^exponent, the digits {@code digits[0, length)} with no trailing zero. */
    private static void writeDigits(Buffer out, boolean negative, int exponent, String digits, int length) {
        writeExponent(out, negative, exponent);
        for (int i = 0; i < length; i++) {
            int digit = digits.charAt(i) - '0' + 1;
            out.write(negative ? 0xFF - digit : digit);
        }
        out.write(negative ? 0xFF : 0);
    }

    /** The sign and the exponent of 0.d1…dn × 10^exponent, before its digits. */
    private static void writeExponent(Buffer out, boolean negative, int exponent) {
        out.write(negative ? NUM_NEGATIVE : NUM_POSITIVE);
        int e = exponent ^ Integer.MIN_VALUE;
        if (negative) {
            e = ~e;
        }
        writeInt(out, e);
    }

    private static void writeString(Buffer out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        for (byte b : bytes) {
            out.write(b & 0xFF);
            if (b == 0) {
                out.write(0xFF);
            }
        }
        out.write(0);
        out.write(0);
    }

    private static void writeInt(Buffer out, int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    private static void writeLong(Buffer out, long v) {
        writeInt(out, (int) (v >>> 32));
        writeInt(out, (int) v);
    }

    // ---- decoding ------------------------------------------------------------------------------

    /** The key whose encoding is {@code bytes[from, to)}. */
    ShardKey decode(byte[] bytes, int from, int to) {
        Reader in = new Reader(bytes, from, to);
        BsonValue[] values = new BsonValue[numericTypes.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = readValue(in, numericTypes[i]);
        }
        return ShardKey.of(values);
    }

    private static BsonValue readValue(Reader in, BsonType numericType) {
        int rank = in.next() - RANK_OFFSET;
        switch (rank) {
            case CanonicalType.MIN_KEY:
                return new BsonMinKey();
            case CanonicalType.MAX_KEY:
                return new BsonMaxKey();
            case 0:
                return new BsonUndefined();
            case CanonicalType.NULL:
                return BsonNull.VALUE;
            case CanonicalType.NUMBER:
                return readNumber(in, numericType);
            case CanonicalType.STRING:
                return new BsonString(readString(in));
            case CanonicalType.OBJECT:
                return readDocument(in);
            case CanonicalType.ARRAY: {
                BsonArray array = new BsonArray();
                while (in.peek() != 0) {
                    array.add(readValue(in, BsonType.INT64));
                }
                in.next();
                return array;
            }
            case 30: {
                int length = readInt(in);
                byte subtype = (byte) in.next();
                return new BsonBinary(subtype, in.bytes(length));
            }
            case 35:
                return new BsonObjectId(new ObjectId(in.bytes(12)));
            case 40:
                return BsonBoolean.valueOf(in.next() == 1);
            case 45:
                return new BsonDateTime(readLong(in) ^ Long.MIN_VALUE);
            case 47:
                return new BsonTimestamp(readLong(in));
            case 50:
                return new BsonRegularExpression(readString(in), readString(in));
            case 55: {
                int length = readInt(in);
                String ns = new String(in.bytes(length), StandardCharsets.UTF_8);
                return new BsonDbPointer(ns, new ObjectId(in.bytes(12)));
            }
            case 60:
                return new BsonJavaScript(readString(in));
            case 65:
                return new BsonJavaScriptWithScope(readString(in), readDocument(in));
            default:
                throw new IllegalStateException("corrupt key encoding: type rank " + rank);
        }
    }

    private static BsonDocument readDocument(Reader in) {
        BsonDocument d = new BsonDocument();
        while (in.peek() != 0) {
            in.next();
            String name = readString(in);
            d.append(name, readValue(in, BsonType.INT64));
        }
        in.next();
        return d;
    }

    private static BsonValue readNumber(Reader in, BsonType numericType) {
        int cls = in.next();
        switch (cls) {
            case NUM_NAN:
                return numericType == BsonType.DECIMAL128
                        ? new BsonDecimal128(Decimal128.NaN)
                        : new BsonDouble(Double.NaN);
            case NUM_NEG_INF:
                return numericType == BsonType.DECIMAL128
                        ? new BsonDecimal128(Decimal128.NEGATIVE_INFINITY)
                        : new BsonDouble(Double.NEGATIVE_INFINITY);
            case NUM_POS_INF:
                return numericType == BsonType.DECIMAL128
                        ? new BsonDecimal128(Decimal128.POSITIVE_INFINITY)
                        : new BsonDouble(Double.POSITIVE_INFINITY);
            case NUM_ZERO:
                return typed(BigDecimal.ZERO, numericType);
            default:
                boolean negative = cls == NUM_NEGATIVE;
                int e = readInt(in);
                if (negative) {
                    e = ~e;
                }
                int exponent = e ^ Integer.MIN_VALUE;
                StringBuilder digits = new StringBuilder();
                while (true) {
                    int b = in.next();
                    int digit = negative ? 0xFF - b : b;
                    if (digit == 0) {
                        break;
                    }
                    digits.append((char) ('0' + digit - 1));
                }
                BigDecimal abs = new BigDecimal(new BigInteger(digits.toString()), digits.length() - exponent);
                return typed(negative ? abs.negate() : abs, numericType);
        }
    }

    private static BsonValue typed(BigDecimal value, BsonType numericType) {
        if (numericType == BsonType.DECIMAL128) {
            return new BsonDecimal128(new Decimal128(value));
        }
        boolean integral = value.signum() == 0 || value.stripTrailingZeros().scale() <= 0;
        if (integral
                && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
                && value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                && numericType != BsonType.DOUBLE) {
            long l = value.longValueExact();
            if (numericType == BsonType.INT32 && l == (int) l) {
                return new BsonInt32((int) l);
            }
            return new BsonInt64(l);
        }
        return new BsonDouble(value.doubleValue());
    }

    private static String readString(Reader in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            int b = in.next();
            if (b == 0) {
                int escape = in.next();
                if (escape == 0) {
                    break;
                }
                out.write(0);
            } else {
                out.write(b);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int readInt(Reader in) {
        return (in.next() << 24) | (in.next() << 16) | (in.next() << 8) | in.next();
    }

    private static long readLong(Reader in) {
        return ((long) readInt(in) << 32) | (readInt(in) & 0xFFFFFFFFL);
    }

    /** A growable byte buffer without synchronisation. */
    private static final class Buffer {
        private byte[] data = new byte[16];
        private int size;

        void write(int b) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = (byte) b;
        }

        void write(byte[] bytes) {
            for (byte b : bytes) {
                write(b & 0xFF);
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(data, size);
        }
    }

    private static final class Reader {
        private final byte[] bytes;
        private int position;
        private final int end;

        Reader(byte[] bytes, int from, int to) {
            this.bytes = bytes;
            this.position = from;
            this.end = to;
        }

        int next() {
            if (position >= end) {
                throw new IllegalStateException("corrupt key encoding: truncated");
            }
            return bytes[position++] & 0xFF;
        }

        int peek() {
            return bytes[position] & 0xFF;
        }

        byte[] bytes(int length) {
            byte[] out = Arrays.copyOfRange(bytes, position, position + length);
            position += length;
            return out;
        }
    }
}

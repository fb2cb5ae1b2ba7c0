package io.shardlab.bson;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDbPointer;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriter;
import org.bson.json.JsonWriterSettings;

/**
 * Writes BSON values back as text: canonical or relaxed Extended JSON v2 (through the driver's
 * writer), mongosh syntax ({@code Long('5')}, {@code ObjectId('…')}, {@code MinKey()}, …), the
 * form a user pastes into a shell and {@link BsonLiterals} reads back as an equivalent value, and
 * the server's own {@code toString} form used in MongoDB's error messages ({@link #serverString}).
 */
public final class BsonPrinter {

    private static final String FIELD = "v";
    private static final String PREFIX = "{\"" + FIELD + "\": ";
    private static final JsonWriterSettings CANONICAL =
            JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
    private static final JsonWriterSettings RELAXED =
            JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private BsonPrinter() {}

    /** Canonical Extended JSON v2, e.g. {@code {"$numberLong": "5"}} or {@code {"$minKey": 1}}. */
    public static String canonicalJson(BsonValue value) {
        return viaWriter(value, CANONICAL);
    }

    /** Relaxed Extended JSON v2, e.g. {@code 5} for an Int64 that fits a double exactly. */
    public static String relaxedJson(BsonValue value) {
        return viaWriter(value, RELAXED);
    }

    private static String viaWriter(BsonValue value, JsonWriterSettings settings) {
        StringWriter text = new StringWriter();
        BsonDocument holder = value instanceof BsonDocument document ? document : new BsonDocument(FIELD, value);
        new BsonDocumentCodec()
                .encode(
                        new SpecJsonWriter(text, settings),
                        holder,
                        EncoderContext.builder().build());
        String json = text.toString();
        return value instanceof BsonDocument ? json : json.substring(PREFIX.length(), json.length() - 1);
    }

    /**
     * The driver's writer, except that DBPointer is {@code {"$dbPointer": {...}}} in relaxed mode
     * too, as Extended JSON v2 specifies (the driver writes a DBRef-like {@code {"$ref", "$id"}}
     * document there, which reads back as a document, not a DBPointer).
     */
    private static final class SpecJsonWriter extends JsonWriter {
        SpecJsonWriter(StringWriter writer, JsonWriterSettings settings) {
            super(writer, settings);
        }

        @Override
        protected void doWriteDBPointer(BsonDbPointer value) {
            writeStartDocument();
            writeStartDocument("$dbPointer");
            writeString("$ref", value.getNamespace());
            writeObjectId("$id", value.getId());
            writeEndDocument();
            writeEndDocument();
        }
    }

    /** mongosh syntax, e.g. {@code { a: Long('5'), 'b.c': MinKey() }}. */
    public static String shell(BsonValue value) {
        StringBuilder out = new StringBuilder();
        appendShell(out, value);
        return out.toString();
    }

    private static void appendShell(StringBuilder out, BsonValue value) {
        switch (value.getBsonType()) {
            case DOUBLE -> out.append(shellDouble(value.asDouble().getValue()));
            case INT32 -> out.append(value.asInt32().getValue());
            case INT64 ->
                out.append("Long('").append(value.asInt64().getValue()).append("')");
            case DECIMAL128 ->
                out.append("Decimal128('")
                        .append(value.asDecimal128().getValue())
                        .append("')");
            case STRING -> appendQuoted(out, value.asString().getValue());
            case SYMBOL ->
                appendQuoted(out.append("BSONSymbol("), value.asSymbol().getSymbol())
                        .append(')');
            case DOCUMENT -> appendDocument(out, value.asDocument());
            case ARRAY -> appendArray(out, value.asArray(), BsonPrinter::appendShell);
            case BINARY -> appendBinary(out, value.asBinary());
            case OBJECT_ID ->
                out.append("ObjectId('")
                        .append(value.asObjectId().getValue().toHexString())
                        .append("')");
            case BOOLEAN -> out.append(value.asBoolean().getValue());
            case DATE_TIME -> appendDate(out, value.asDateTime().getValue());
            case TIMESTAMP ->
                out.append("Timestamp({ t: ")
                        .append(Integer.toUnsignedString(value.asTimestamp().getTime()))
                        .append(", i: ")
                        .append(Integer.toUnsignedString(value.asTimestamp().getInc()))
                        .append(" })");
            case REGULAR_EXPRESSION -> appendRegex(out, value.asRegularExpression());
            case DB_POINTER ->
                appendQuoted(out.append("DBPointer("), value.asDBPointer().getNamespace())
                        .append(", ObjectId('")
                        .append(value.asDBPointer().getId().toHexString())
                        .append("'))");
            case JAVASCRIPT ->
                appendQuoted(out.append("Code("), value.asJavaScript().getCode())
                        .append(')');
            case JAVASCRIPT_WITH_SCOPE -> {
                appendQuoted(out.append("Code("), value.asJavaScriptWithScope().getCode())
                        .append(", ");
                appendDocument(out, value.asJavaScriptWithScope().getScope());
                out.append(')');
            }
            case NULL -> out.append("null");
            case UNDEFINED -> out.append("undefined");
            case MIN_KEY -> out.append("MinKey()");
            case MAX_KEY -> out.append("MaxKey()");
            default -> throw new IllegalArgumentException("value: unprintable BSON type " + value.getBsonType());
        }
    }

    private static void appendDocument(StringBuilder out, BsonDocument document) {
        appendObject(out, document, BsonPrinter::appendShellKey, BsonPrinter::appendShell);
    }

    /** A field name as mongosh writes it: bare when it is an identifier, quoted otherwise. */
    private static void appendShellKey(StringBuilder out, String key) {
        if (IDENTIFIER.matcher(key).matches()) {
            out.append(key);
        } else {
            appendQuoted(out, key);
        }
    }

    /**
     * {@code { k: v, k2: v2 }} (or {@code {}}) with each name written by {@code key} and each value by
     * {@code value}; shell and server forms agree on the braces and separators.
     */
    private static void appendObject(
            StringBuilder out,
            BsonDocument document,
            BiConsumer<StringBuilder, String> key,
            BiConsumer<StringBuilder, BsonValue> value) {
        if (document.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append("{ ");
        boolean first = true;
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            key.accept(out, e.getKey());
            out.append(": ");
            value.accept(out, e.getValue());
        }
        out.append(" }");
    }

    /**
     * The 16 bytes of a standard (subtype 4) UUID as its canonical lower-case text, e.g.
     * {@code 28439244-edec-410e-b3ab-07e5dd7100ab}.
     */
    public static String uuidText(byte[] sixteenBytes) {
        if (sixteenBytes.length != 16) {
            throw new IllegalArgumentException("uuid: 16 bytes expected, got " + sixteenBytes.length);
        }
        ByteBuffer bytes = ByteBuffer.wrap(sixteenBytes);
        return new UUID(bytes.getLong(), bytes.getLong()).toString();
    }

    private static void appendBinary(StringBuilder out, BsonBinary binary) {
        byte[] data = binary.getData();
        if (binary.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
            out.append("UUID('").append(uuidText(data)).append("')");
            return;
        }
        out.append("Binary.createFromBase64('")
                .append(Base64.getEncoder().encodeToString(data))
                .append("', ")
                .append(binary.getType() & 0xFF)
                .append(')');
    }

    /**
     * A double as JavaScript's {@code Number.prototype.toString} writes it, which is what mongosh
     * shows: plain digits for 1e-7 &lt;= |d| &lt; 1e21, otherwise {@code 1.5e+300}; whole numbers
     * without a fraction. The digits are Java's {@link Double#toString}, which reads back as the
     * same double, except that whole numbers below 2^63 are written with their exact digits so that
     * they read back as an equal integer.
     */
    static String shellDouble(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        double magnitude = Math.abs(d);
        if (d == Math.rint(d) && magnitude < 9.223372036854775808E18) {
            // exact digits: an integer literal in the int64 range reads back as that exact integer,
            // so JavaScript's shortest digits (9223372036854774800 for 2^63 - 1024) would change it
            return new BigDecimal(d).toPlainString();
        }
        BigDecimal digits = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        if (magnitude >= 1e-7 && magnitude < 1e21) {
            return digits.toPlainString();
        }
        String unscaled = digits.unscaledValue().abs().toString();
        int exponent = unscaled.length() - 1 - digits.scale();
        String mantissa = unscaled.length() == 1 ? unscaled : unscaled.charAt(0) + "." + unscaled.substring(1);
        return (d < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }

    /** {@code ISODate('…')} for years 0 to 9999, else {@code new Date(ms)}, which reads back exactly. */
    private static void appendDate(StringBuilder out, long millis) {
        Instant instant = Instant.ofEpochMilli(millis);
        int year = instant.atZone(ZoneOffset.UTC).getYear();
        if (year < 0 || year > 9999) {
            out.append("new Date(").append(millis).append(')');
        } else {
            out.append("ISODate('").append(ISO_MILLIS.format(instant)).append("')");
        }
    }

    /**
     * {@code /pattern/flags}, or {@code RegExp('pattern', 'flags')} when a literal cannot hold the
     * pattern unchanged (empty, or holding '/' or a line break).
     */
    private static void appendRegex(StringBuilder out, BsonRegularExpression regex) {
        String pattern = regex.getPattern();
        if (pattern.isEmpty()
                || pattern.indexOf('/') >= 0
                || pattern.indexOf('\n') >= 0
                || pattern.indexOf('\r') >= 0) {
            appendQuoted(out.append("RegExp("), pattern).append(", ");
            appendQuoted(out, regex.getOptions()).append(')');
        } else {
            out.append('/').append(pattern).append('/').append(regex.getOptions());
        }
    }

    private static StringBuilder appendQuoted(StringBuilder out, String text) {
        return StringEscaping.SHELL.append(out.append('\''), text).append('\'');
    }
    // ---- the server's BSONObj::toString, as in its error messages ------------------------------

    /**
     * The text {@code mongod}/{@code mongos} write for a value in their error messages
     * ({@code BSONElement::toString} / {@code BSONObj::toString} with {@code full = false}), e.g.
     * {@code { a: "hashed", b: 1.0 }}. Rules from mongo {@code src/mongo/bson/bsonelement.cpp}
     * ({@code BSONElement::toString}) and {@code src/mongo/bson/bsonobj.cpp}
     * ({@code BSONObj::toString}): field names unquoted, strings in double quotes without escaping
     * (cut to 150 bytes and {@code ..."} past 160), doubles as {@code %.16g} with {@code .0}
     * appended when the text has no '.', 'E' or 'N' ({@code StringBuilder::appendDoubleNice}, so NaN
     * prints as glibc's {@code nan.0}), dates as {@code new Date(ms)}, Timestamp as
     * {@code Timestamp(s, i)}, BinData as {@code BinData(subtype, HEX)} or {@code UUID("…")},
     * MinKey/MaxKey bare.
     */
    public static String serverString(BsonValue value) {
        StringBuilder out = new StringBuilder();
        appendServer(out, value);
        return out.toString();
    }

    /** {@link #serverString(BsonValue)} of one element with its field name, e.g. {@code a: /x/i}. */
    public static String serverString(String fieldName, BsonValue value) {
        StringBuilder out = new StringBuilder(fieldName).append(": ");
        appendServer(out, value);
        return out.toString();
    }

    /** {@code [ a, b ]} (or {@code []}) with each element written by {@code element}; shell and server forms agree on it. */
    private static void appendArray(StringBuilder out, BsonArray array, BiConsumer<StringBuilder, BsonValue> element) {
        if (array.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append("[ ");
        boolean first = true;
        for (BsonValue v : array) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            element.accept(out, v);
        }
        out.append(" ]");
    }

    private static void appendServer(StringBuilder out, BsonValue value) {
        switch (value.getBsonType()) {
            case DOCUMENT -> appendServerObject(out, value.asDocument());
            case ARRAY -> appendArray(out, value.asArray(), BsonPrinter::appendServer);
            case DATE_TIME ->
                out.append("new Date(").append(value.asDateTime().getValue()).append(')');
            case REGULAR_EXPRESSION ->
                out.append('/')
                        .append(value.asRegularExpression().getPattern())
                        .append('/')
                        .append(value.asRegularExpression().getOptions());
            case DOUBLE -> out.append(doubleNice(value.asDouble().getValue()));
            case INT64 -> out.append(value.asInt64().getValue());
            case INT32 -> out.append(value.asInt32().getValue());
            case DECIMAL128 -> out.append(value.asDecimal128().getValue());
            case BOOLEAN -> out.append(value.asBoolean().getValue());
            case UNDEFINED -> out.append("undefined");
            case NULL -> out.append("null");
            case MAX_KEY -> out.append("MaxKey");
            case MIN_KEY -> out.append("MinKey");
            case JAVASCRIPT_WITH_SCOPE -> {
                out.append("CodeWScope( ")
                        .append(value.asJavaScriptWithScope().getCode())
                        .append(", ");
                appendServerObject(out, value.asJavaScriptWithScope().getScope());
                out.append(')');
            }
            case JAVASCRIPT -> appendCut(out, value.asJavaScript().getCode(), 80, 70, "...");
            case STRING, SYMBOL -> {
                out.append('"');
                String text = value.isString()
                        ? value.asString().getValue()
                        : value.asSymbol().getSymbol();
                appendCut(out, text, 160, 150, "...\"");
                if (text.getBytes(StandardCharsets.UTF_8).length + 1 <= 160) {
                    out.append('"');
                }
            }
            case DB_POINTER ->
                out.append("DBRef('")
                        .append(value.asDBPointer().getNamespace())
                        .append("',")
                        .append(value.asDBPointer().getId().toHexString())
                        .append(')');
            case OBJECT_ID ->
                out.append("ObjectId('")
                        .append(value.asObjectId().getValue().toHexString())
                        .append("')");
            case BINARY -> {
                BsonBinary binary = value.asBinary();
                byte[] data = binary.getData();
                if (binary.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
                    out.append("UUID(\"").append(uuidText(data)).append("\")");
                    break;
                }
                out.append("BinData(").append(binary.getType() & 0xFF).append(", ");
                HexFormat upper = HexFormat.of().withUpperCase();
                if (data.length > 80) {
                    out.append(upper.formatHex(data, 0, 70)).append("...)");
                } else {
                    out.append(upper.formatHex(data)).append(')');
                }
            }
            case TIMESTAMP ->
                out.append("Timestamp(")
                        .append(Integer.toUnsignedString(value.asTimestamp().getTime()))
                        .append(", ")
                        .append(Integer.toUnsignedString(value.asTimestamp().getInc()))
                        .append(')');
            default -> throw new IllegalArgumentException("value: unprintable BSON type " + value.getBsonType());
        }
    }

    private static void appendServerObject(StringBuilder out, BsonDocument document) {
        appendObject(out, document, StringBuilder::append, BsonPrinter::appendServer);
    }

    /**
     * The server's cut of long strings: when the BSON size (UTF-8 bytes plus the NUL) exceeds
     * {@code limit}, only the first {@code keep} bytes and then {@code marker}.
     */
    private static void appendCut(StringBuilder out, String text, int limit, int keep, String marker) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length + 1 > limit) {
            out.append(new String(bytes, 0, keep, StandardCharsets.UTF_8)).append(marker);
        } else {
            out.append(text);
        }
    }

    /**
     * {@code StringBuilder::appendDoubleNice} (mongo {@code src/mongo/util/str.h}): C's
     * {@code printf("%.16g")}, then {@code ".0"} when the text holds no '.', 'E' or 'N'. glibc
     * writes NaN and infinities in lower case, so they also get the suffix.
     */
    static String doubleNice(double d) {
        String g = printfG16(d);
        if (g.indexOf('.') < 0 && g.indexOf('E') < 0 && g.indexOf('N') < 0) {
            g += ".0";
        }
        return g;
    }

    /** C's {@code %.16g} as glibc prints it (round half even on the exact binary value). */
    static String printfG16(double d) {
        boolean negative = (Double.doubleToRawLongBits(d) & Long.MIN_VALUE) != 0;
        if (Double.isNaN(d)) {
            return negative ? "-nan" : "nan";
        }
        if (Double.isInfinite(d)) {
            return negative ? "-inf" : "inf";
        }
        if (d == 0) {
            return negative ? "-0" : "0";
        }
        final int precision = 16;
        BigDecimal rounded = new BigDecimal(Math.abs(d)).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        String digits = rounded.unscaledValue().toString();
        // pad to exactly 'precision' significant digits, as %.16g computes them
        StringBuilder sig = new StringBuilder(digits);
        while (sig.length() < precision) {
            sig.append('0');
        }
        String body;
        if (exponent >= -4 && exponent < precision) {
            String plain;
            if (exponent >= 0) {
                plain = sig.substring(0, exponent + 1) + "." + sig.substring(exponent + 1);
            } else {
                plain = "0." + "0".repeat(-exponent - 1) + sig;
            }
            body = stripFractionZeros(plain);
        } else {
            String mantissa = stripFractionZeros(sig.charAt(0) + "." + sig.substring(1));
            int abs = Math.abs(exponent);
            body = mantissa + "e" + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
        }
        return negative ? "-" + body : body;
    }

    private static String stripFractionZeros(String text) {
        if (text.indexOf('.') < 0) {
            return text;
        }
        int end = text.length();
        while (text.charAt(end - 1) == '0') {
            end--;
        }
        if (text.charAt(end - 1) == '.') {
            end--;
        }
        return text.substring(0, end);
    }
}

package io.shardlab.bson;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Pattern;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * Writes BSON values back as text: canonical or relaxed Extended JSON v2 (through the driver's
 * writer) and mongosh syntax ({@code Long('5')}, {@code ObjectId('…')}, {@code MinKey()}, …), the
 * form a user pastes into a shell.
 */
public final class BsonPrinter {

    private static final String FIELD = "v";
    private static final String PREFIX = "{\"" + FIELD + "\": ";
    private static final JsonWriterSettings CANONICAL = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
    private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private BsonPrinter() {
    }

    /** Canonical Extended JSON v2, e.g. {@code {"$numberLong": "5"}} or {@code {"$minKey": 1}}. */
    public static String canonicalJson(BsonValue value) {
        return viaWriter(value, CANONICAL);
    }

    /** Relaxed Extended JSON v2, e.g. {@code 5} for an Int64 that fits a double exactly. */
    public static String relaxedJson(BsonValue value) {
        return viaWriter(value, RELAXED);
    }

    private static String viaWriter(BsonValue value, JsonWriterSettings settings) {
        if (value instanceof BsonDocument document) {
            return document.toJson(settings);
        }
        String json = new BsonDocument(FIELD, value).toJson(settings);
        return json.substring(PREFIX.length(), json.length() - 1);
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
            case INT64 -> out.append("Long('").append(value.asInt64().getValue()).append("')");
            case DECIMAL128 -> out.append("Decimal128('").append(value.asDecimal128().getValue()).append("')");
            case STRING -> appendQuoted(out, value.asString().getValue());
            case SYMBOL -> appendQuoted(out.append("BSONSymbol("), value.asSymbol().getSymbol()).append(')');
            case DOCUMENT -> appendDocument(out, value.asDocument());
            case ARRAY -> {
                if (value.asArray().isEmpty()) {
                    out.append("[]");
                    break;
                }
                out.append("[ ");
                boolean first = true;
                for (BsonValue element : value.asArray()) {
                    if (!first) {
                        out.append(", ");
                    }
                    first = false;
                    appendShell(out, element);
                }
                out.append(" ]");
            }
            case BINARY -> appendBinary(out, value.asBinary());
            case OBJECT_ID -> out.append("ObjectId('").append(value.asObjectId().getValue().toHexString()).append("')");
            case BOOLEAN -> out.append(value.asBoolean().getValue());
            case DATE_TIME -> out.append("ISODate('")
                    .append(ISO_MILLIS.format(Instant.ofEpochMilli(value.asDateTime().getValue()))).append("')");
            case TIMESTAMP -> out.append("Timestamp({ t: ").append(Integer.toUnsignedString(value.asTimestamp().getTime()))
                    .append(", i: ").append(Integer.toUnsignedString(value.asTimestamp().getInc())).append(" })");
            case REGULAR_EXPRESSION -> out.append('/')
                    .append(value.asRegularExpression().getPattern().replace("/", "\\/"))
                    .append('/').append(value.asRegularExpression().getOptions());
            case DB_POINTER -> appendQuoted(out.append("DBRef("), value.asDBPointer().getNamespace())
                    .append(", ObjectId('").append(value.asDBPointer().getId().toHexString()).append("'))");
            case JAVASCRIPT -> appendQuoted(out.append("Code("), value.asJavaScript().getCode()).append(')');
            case JAVASCRIPT_WITH_SCOPE -> {
                appendQuoted(out.append("Code("), value.asJavaScriptWithScope().getCode()).append(", ");
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
            if (IDENTIFIER.matcher(e.getKey()).matches()) {
                out.append(e.getKey());
            } else {
                appendQuoted(out, e.getKey());
            }
            out.append(": ");
            appendShell(out, e.getValue());
        }
        out.append(" }");
    }

    private static void appendBinary(StringBuilder out, BsonBinary binary) {
        byte[] data = binary.getData();
        if (binary.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
            String hex = HexFormat.of().formatHex(data);
            out.append("UUID('").append(hex, 0, 8).append('-').append(hex, 8, 12).append('-')
                    .append(hex, 12, 16).append('-').append(hex, 16, 20).append('-').append(hex, 20, 32).append("')");
            return;
        }
        out.append("Binary.createFromBase64('").append(Base64.getEncoder().encodeToString(data))
                .append("', ").append(binary.getType() & 0xFF).append(')');
    }

    private static String shellDouble(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e21) {
            if (d == 0 && 1 / d < 0) {
                return "-0";
            }
            return new java.math.BigDecimal(d).toPlainString();
        }
        return Double.toString(d).replace("E", "e");
    }

    private static StringBuilder appendQuoted(StringBuilder out, String text) {
        out.append('\'');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\'' -> out.append("\\'");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('\'');
    }
}

package io.shardlab.workload;

import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The exact length in bytes of a document's BSON encoding, computed from its shape without
 * encoding it: what {@code Object.bsonsize()} reports and what chunk sizes are made of.
 *
 * <p>Layout, from the BSON specification (bsonspec.org, "Specification Version 1.1"): a document
 * is an int32 total length, its elements, and a trailing 0x00; an element is a type byte, the
 * field name as a cstring (UTF-8 bytes and a NUL), and the value. Value lengths: double, int64,
 * date, timestamp 8; int32 4; decimal128 16; ObjectId 12; boolean 1; null, undefined, MinKey,
 * MaxKey 0; string, JavaScript code and symbol an int32 length, the UTF-8 bytes and a NUL; binary
 * an int32 length, a subtype byte and the bytes (subtype 0x02, the old binary, wraps the bytes in
 * a second int32 length); regular expression two cstrings; DBPointer a string and 12 bytes;
 * code-with-scope an int32 total length, a string and a document; array a document whose keys are
 * "0", "1", ….
 *
 * <p>Cost: one walk over the values; strings are measured without allocating their bytes.
 */
public final class BsonSize {

    private BsonSize() {}

    /** The length of {@code document}'s BSON encoding, in bytes. */
    public static int of(BsonDocument document) {
        int size = 4 + 1;
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            size += element(e.getKey(), e.getValue());
        }
        return size;
    }

    /** The length of one element (type byte, name cstring, value), in bytes. */
    public static int element(String name, BsonValue value) {
        return 1 + cstring(name) + value(value);
    }

    /** The length of a value's bytes inside an element, in bytes. */
    public static int value(BsonValue value) {
        return switch (value.getBsonType()) {
            case DOUBLE, INT64, DATE_TIME, TIMESTAMP -> 8;
            case INT32 -> 4;
            case DECIMAL128 -> 16;
            case OBJECT_ID -> 12;
            case BOOLEAN -> 1;
            case NULL, UNDEFINED, MIN_KEY, MAX_KEY -> 0;
            case STRING -> string(value.asString().getValue());
            case SYMBOL -> string(value.asSymbol().getSymbol());
            case JAVASCRIPT -> string(value.asJavaScript().getCode());
            case BINARY -> binary(value.asBinary());
            case REGULAR_EXPRESSION ->
                cstring(value.asRegularExpression().getPattern())
                        + cstring(value.asRegularExpression().getOptions());
            case DB_POINTER -> string(value.asDBPointer().getNamespace()) + 12;
            case JAVASCRIPT_WITH_SCOPE ->
                4
                        + string(value.asJavaScriptWithScope().getCode())
                        + of(value.asJavaScriptWithScope().getScope());
            case DOCUMENT -> of(value.asDocument());
            case ARRAY -> {
                int size = 4 + 1;
                int index = 0;
                for (BsonValue element : value.asArray()) {
                    size += 1 + digits(index++) + 1 + value(element);
                }
                yield size;
            }
            default ->
                throw new IllegalArgumentException(String.format(
                        "value: no BSON encoding for type %s", // untranslated: a developer's contract
                        value.getBsonType()));
        };
    }

    private static int binary(BsonBinary binary) {
        int length = binary.getData().length;
        return binary.getType() == BsonBinarySubType.OLD_BINARY.getValue() ? 4 + 1 + 4 + length : 4 + 1 + length;
    }

    private static int string(String text) {
        return 4 + utf8Length(text) + 1;
    }

    private static int cstring(String text) {
        return utf8Length(text) + 1;
    }

    private static int digits(int index) {
        int digits = 1;
        for (int rest = index / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /** UTF-8 length of a Java string, counting a surrogate pair as 4 bytes and a lone surrogate as '?' (1 byte). */
    static int utf8Length(String text) {
        int n = text.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    bytes += 2; // 4 bytes for the pair, 2 chars already counted
                    i++;
                } else if (Character.isSurrogate(c)) {
                    bytes += 0; // the encoder writes '?' for a lone surrogate
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }
}

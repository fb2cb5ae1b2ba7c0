package io.shardlab.serve;

import io.shardlab.bson.StringEscaping;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The checks MongoDB makes on every BSON document of a message before a command runs: the document is
 * well formed, nests at most {@link #MAX_DEPTH} objects and arrays deep, and is at most
 * {@link #MAX_INTERNAL_SIZE} bytes. It walks the bytes iteratively, so a document nested 10,000 levels
 * deep is refused without a deep recursion.
 *
 * <p>Sources: mongo {@code src/mongo/bson/bson_validate.cpp} (the iterative validator and its error
 * context "in element with field name '…' in object with …", 5.0 and later; 4.4's validator said
 * "BSONObj exceeded maximum nested object depth: 200"), {@code src/mongo/bson/bson_depth.h}
 * ({@code kDefaultMaxAllowableDepth} = 200), {@code src/mongo/bson/bsonobj.cpp}
 * ({@code BSONObj::_assertInvalid}, code 10334 BSONObjectTooLarge), {@code src/mongo/bson/util/builder.h}
 * ({@code BSONObjMaxInternalSize} = 16 MB + 16 KB). The element texts ("First element: insert:
 * \"coll\"", "_id: 1") follow {@code BSONElement::toString} for strings, numbers, booleans, null and
 * ObjectIds; for other types ShardLab leaves the element out of the text.
 *
 * <p>A document that is not well formed is refused with InvalidBSON and the connection closed: that is
 * ShardLab's choice (a server answers InvalidBSON); no driver sends one.
 */
final class MessageDocumentCheck {

    /** Nested objects and arrays a message's document may have below its top level. */
    static final int MAX_DEPTH = 200;
    /** The largest document a message may carry: {@code BSONObjMaxUserSize} (16 MB) + 16 KB. */
    static final int MAX_INTERNAL_SIZE = 16 * 1024 * 1024 + 16 * 1024;

    private static final int INVALID_BSON = 22;

    private final boolean releaseBefore50;

    /** @param releaseBefore50 whether the served release is 4.4 (its depth text differs) */
    MessageDocumentCheck(boolean releaseBefore50) {
        this.releaseBefore50 = releaseBefore50;
    }

    /**
     * Checks the document at {@code offset}, of which at most {@code available} bytes belong to the
     * message's section.
     *
     * @return the document's length in bytes
     * @throws WireError Overflow (15) past {@link #MAX_DEPTH}, BSONObjectTooLarge (10334) past
     *     {@link #MAX_INTERNAL_SIZE}, both answered; InvalidBSON (22), closing, when it is not well formed
     */
    int check(byte[] data, int offset, int available) {
        if (available < 5) {
            throw malformed("BSON data has to be at least 5 bytes");
        }
        int length = int32(data, offset);
        if (length < 5) {
            throw malformed("BSON data has to be at least 5 bytes");
        }
        if (length > available) {
            throw malformed("Incorrect BSON length " + length + " should be less or equal to " + available);
        }
        int end = offset + length;
        if (data[end - 1] != 0) {
            throw malformed("BSON object not terminated with EOO");
        }
        walk(data, offset, end);
        if (length > MAX_INTERNAL_SIZE) {
            throw tooLarge(data, offset, length);
        }
        return length;
    }

    private void walk(byte[] data, int start, int end) {
        int[] ends = new int[MAX_DEPTH + 1];
        int[] openers = new int[MAX_DEPTH + 1];
        int depth = 0;
        ends[0] = end;
        int id = -1;
        int cursor = start + 4;
        while (true) {
            if (cursor >= ends[depth]) {
                throw malformed("BSON size is larger than buffer size");
            }
            byte type = data[cursor];
            if (type == 0) {
                cursor++;
                if (cursor != ends[depth]) {
                    throw malformed("incorrect BSON length");
                }
                if (depth == 0) {
                    return;
                }
                depth--;
                continue;
            }
            int element = cursor;
            int value = endOfName(data, cursor + 1, ends[depth]) + 1;
            if (type == 3 || type == 4) {
                if (depth == MAX_DEPTH) {
                    throw tooDeep(data, openers, element, id);
                }
                int length = int32(data, value, ends[depth]);
                if (length < 5 || value + length > ends[depth]) {
                    throw malformed("Nested BSON object has to be at least 5 bytes");
                }
                depth++;
                ends[depth] = value + length;
                openers[depth] = element;
                cursor = value + 4;
                continue;
            }
            cursor = skipValue(data, type, value, ends[depth]);
            if (depth == 0 && isNamed(data, element, "_id")) {
                id = element;
            }
        }
    }

    /** The position after the value of an element of {@code type} (not an object or array) at {@code value}. */
    private static int skipValue(byte[] data, byte type, int value, int end) {
        int next = switch (type) {
            case 1, 9, 17, 18 -> value + 8;
            case 2, 13, 14 -> {
                int length = int32(data, value, end);
                if (length < 1 || value + 4 + length > end || data[value + 4 + length - 1] != 0) {
                    throw malformed("Not null terminated string");
                }
                yield value + 4 + length;
            }
            case 5 -> value + 4 + 1 + Math.max(0, int32(data, value, end));
            case 6, 10, -1, 127 -> value;
            case 7 -> value + 12;
            case 8 -> {
                if (value >= end || (data[value] != 0 && data[value] != 1)) {
                    throw malformed("BSON bool is neither false nor true");
                }
                yield value + 1;
            }
            case 11 -> endOfName(data, endOfName(data, value, end) + 1, end) + 1;
            case 12 -> {
                int length = int32(data, value, end);
                yield value + 4 + Math.max(0, length) + 12;
            }
            case 15 -> value + Math.max(0, int32(data, value, end));
            case 16 -> value + 4;
            case 19 -> value + 16;
            default -> throw malformed("Unrecognized BSON type " + type);
        };
        if (next >= end) {
            throw malformed("BSON size is larger than buffer size");
        }
        return next;
    }

    private WireError tooDeep(byte[] data, int[] openers, int element, int id) {
        if (releaseBefore50) {
            return WireError.answered(
                    WireError.OVERFLOW, "Overflow", "BSONObj exceeded maximum nested object depth: " + MAX_DEPTH);
        }
        StringBuilder path = new StringBuilder();
        for (int level = 1; level <= MAX_DEPTH; level++) {
            path.append(nameAt(data, openers[level])).append('.');
        }
        path.append(nameAt(data, element));
        String idText = id < 0 ? null : describe(data, id);
        String context =
                "in element with field name '" + path + "' in object with " + (idText == null ? "unknown _id" : idText);
        return WireError.answered(
                WireError.OVERFLOW, "Overflow", "BSONObj exceeds maximum nested object depth " + escape(context));
    }

    private static WireError tooLarge(byte[] data, int offset, int length) {
        StringBuilder text = new StringBuilder("BSONObj size: ")
                .append(length)
                .append(" (0x")
                .append(Integer.toHexString(length).toUpperCase(Locale.ROOT))
                .append(") is invalid. Size must be between 0 and ")
                .append(MAX_INTERNAL_SIZE)
                .append('(')
                .append(MAX_INTERNAL_SIZE / (1024 * 1024))
                .append("MB)");
        if (data[offset + 4] != 0) {
            String first = describe(data, offset + 4);
            if (first != null) {
                text.append(" First element: ").append(first);
            }
        }
        return WireError.answered(WireError.BSON_OBJECT_TOO_LARGE, "BSONObjectTooLarge", text.toString());
    }

    /**
     * The element at {@code element} as {@code BSONElement::toString} writes it ({@code name: value}),
     * for strings, numbers, booleans, null and ObjectIds; null for other types.
     */
    static String describe(byte[] data, int element) {
        byte type = data[element];
        String name = nameAt(data, element);
        int value = element + 1 + name.getBytes(StandardCharsets.UTF_8).length + 1;
        String text = switch (type) {
            case 1 -> niceDouble(Double.longBitsToDouble(int64(data, value)));
            case 2 -> {
                int length = int32(data, value);
                yield '"' + new String(data, value + 4, length - 1, StandardCharsets.UTF_8) + '"';
            }
            case 7 -> "ObjectId('" + HexFormat.of().formatHex(data, value, value + 12) + "')";
            case 8 -> data[value] != 0 ? "true" : "false";
            case 10 -> "null";
            case 16 -> String.valueOf(int32(data, value));
            case 18 -> String.valueOf(int64(data, value));
            default -> null;
        };
        return text == null ? null : name + ": " + text;
    }

    /** A double as {@code StringBuilder::appendDoubleNice} writes it: 16 significant digits, ".0" when integral. */
    private static String niceDouble(double d) {
        if (Double.isNaN(d)) {
            return "nan.0";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf.0" : "-inf.0";
        }
        String text = new BigDecimal(d)
                .round(new MathContext(16))
                .stripTrailingZeros()
                .toPlainString();
        return text.contains(".") ? text : text + ".0";
    }

    /** {@code str::escape}: backslash, double quote and control characters escaped. */
    private static String escape(String text) {
        return StringEscaping.SERVER
                .append(new StringBuilder(text.length()), text)
                .toString();
    }

    private static boolean isNamed(byte[] data, int element, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            if (data[element + 1 + i] != bytes[i]) {
                return false;
            }
        }
        return data[element + 1 + bytes.length] == 0;
    }

    private static String nameAt(byte[] data, int element) {
        int end = element + 1;
        while (data[end] != 0) {
            end++;
        }
        return new String(data, element + 1, end - element - 1, StandardCharsets.UTF_8);
    }

    /** The position of the NUL ending the C string at {@code from}, before {@code end}. */
    private static int endOfName(byte[] data, int from, int end) {
        for (int i = from; i < end; i++) {
            if (data[i] == 0) {
                return i;
            }
        }
        throw malformed("BSON size is larger than buffer size");
    }

    private static int int32(byte[] data, int at, int end) {
        if (at + 4 > end) {
            throw malformed("BSON size is larger than buffer size");
        }
        return int32(data, at);
    }

    static int int32(byte[] data, int at) {
        return (data[at] & 0xff)
                | (data[at + 1] & 0xff) << 8
                | (data[at + 2] & 0xff) << 16
                | (data[at + 3] & 0xff) << 24;
    }

    private static long int64(byte[] data, int at) {
        return (int32(data, at) & 0xffffffffL) | ((long) int32(data, at + 4)) << 32;
    }

    private static WireError malformed(String message) {
        return WireError.closing(INVALID_BSON, "InvalidBSON", message);
    }
}

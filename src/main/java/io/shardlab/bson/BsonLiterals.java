package io.shardlab.bson;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;

/**
 * Reads shard-key values and documents written as MongoDB Extended JSON v2 (canonical or relaxed)
 * or as mongosh / legacy-shell literals.
 *
 * <p>Parsing is the driver's {@link JsonReader}, which already accepts Extended JSON, unquoted field
 * names, single quotes and the legacy shell constructors ({@code NumberLong(5)},
 * {@code NumberDecimal("1.5")}, {@code ObjectId("…")}, {@code ISODate("…")}, {@code new Date(0)},
 * {@code Timestamp(1, 2)}, {@code BinData(0, "…")}, {@code HexData(0, "…")}, {@code UUID("…")},
 * {@code MinKey}, {@code MaxKey}, {@code /re/i}, {@code RegExp("re", "i")}, {@code undefined},
 * {@code NaN}, {@code Infinity}). The constructors that only mongosh knows ({@code Long('5')},
 * {@code Int32(5)}, {@code Double(1)}, {@code Decimal128('1.5')}, {@code Timestamp({ t: 1, i: 2 })},
 * {@code Binary.createFromBase64('…', 0)}, {@code BSONSymbol}, {@code Code}, {@code DBRef}, …)
 * are rewritten to spellings the reader knows first ({@link MongoshSyntax}).
 *
 * <p>Nesting is limited as MongoDB limits it ({@link BsonDepth}): a value nested deeper is refused
 * with MongoDB's message while it is read, never by exhausting the stack.
 *
 * <p>Errors are {@link BsonParseException}s whose one-line message quotes the input and the
 * problem, e.g. {@code 'Long(' is not valid: Long( is not closed by a matching ')'}.
 */
public final class BsonLiterals {

    /** The Java driver's JsonReader: "JSON reader was expecting a value but found '}'." */
    private static final Pattern EXPECTING =
            Pattern.compile("JSON reader was expecting (a name|a value|':') but found '(.*)'\\.");

    private static final Pattern NOT_A_NUMBER = Pattern.compile("For input string: \"(.*)\"(.*)");

    private BsonLiterals() {}

    /**
     * Parses one value, e.g. {@code 42}, {@code "abc"}, {@code {"$numberLong": "5"}},
     * {@code NumberLong(5)}, {@code Long('5')}, {@code MinKey}, {@code {a: 1}}.
     *
     * @throws BsonParseException naming the input and the problem
     */
    public static BsonValue parseValue(String text) {
        if (text == null || text.isBlank()) {
            throw new BsonParseException(text == null ? "" : text, "a value is required");
        }
        String json = MongoshSyntax.toReaderSyntax(text, text);
        // a trailing newline: the reader's scanner cannot end a number with an exponent at end of input
        JsonReader reader = new JsonReader(json + "\n");
        BsonValue value;
        try {
            reader.readBsonType();
            value = BsonDepth.readValue(reader);
        } catch (BsonTooDeepException e) {
            throw new BsonParseException(text, e.getMessage());
        } catch (RuntimeException e) {
            // the reader and the BSON value constructors throw JsonParseException,
            // BsonInvalidOperationException, NumberFormatException, DateTimeParseException, ...
            throw new BsonParseException(text, describe(e));
        }
        boolean trailing;
        try {
            trailing = reader.readBsonType() != BsonType.END_OF_DOCUMENT;
        } catch (JsonParseException | BsonInvalidOperationException e) {
            trailing = true;
        }
        if (trailing) {
            throw new BsonParseException(text, "expected one value, found more text after it");
        }
        return value;
    }

    /**
     * Parses a document, e.g. {@code {a: 1, "b.c": "x"}} or {@code {"_id": {"$oid": "…"}}}.
     *
     * @throws BsonParseException naming the input and the problem, also when the text is a value
     *     of another type (e.g. {@code [1]} or {@code {"$numberLong": "5"}})
     */
    public static BsonDocument parseDocument(String text) {
        if (text == null || text.isBlank()) {
            throw new BsonParseException(text == null ? "" : text, "a document is required");
        }
        BsonValue value = parseValue(text);
        if (!value.isDocument()) {
            throw new BsonParseException(text, "expected a document, found " + typeName(value));
        }
        return value.asDocument();
    }

    private static String typeName(BsonValue value) {
        return switch (value.getBsonType()) {
            case ARRAY -> "an array";
            case INT32 -> "an Int32";
            case INT64 -> "an Int64";
            case UNDEFINED -> "undefined";
            case NULL -> "null";
            default ->
                "a " + value.getBsonType().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        };
    }

    private static String describe(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        message = message.replaceAll("\\s+", " ").strip();
        if (message.contains("read past EOF")
                || message.endsWith("but found '<eof>'.") && message.contains("a value")) {
            return "the text ends before the value is complete";
        }
        Matcher expecting = EXPECTING.matcher(message);
        if (expecting.matches()) {
            // the Java driver's JsonReader words, said as what the user has to change
            String expected = expecting.group(1);
            String found = expecting.group(2);
            if (found.equals("<eof>")) {
                return "the text ends before the document is closed by '}'";
            }
            return switch (expected) {
                case "a name" -> "a field name is missing before '" + found + "'";
                case "':'" -> "a ':' is missing between the field name and its value, before '" + found + "'";
                default ->
                    found.matches("[}\\],:]")
                            ? "a value is missing before '" + found + "'"
                            : "'" + found + "' is not a value (a string is quoted: '" + found + "')";
            };
        }
        if (message.startsWith("End of file in JSON string")) {
            return "a string is not closed by its quote";
        }
        Matcher notANumber = NOT_A_NUMBER.matcher(message);
        if (notANumber.matches()) {
            return "'" + notANumber.group(1) + "' is not a number in the range of its type";
        }
        return message;
    }
}

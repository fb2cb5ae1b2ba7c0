package io.shardlab.bson;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;

/**
 * Reads shard-key values and documents written as MongoDB Extended JSON v2 (canonical or relaxed)
 * or as mongosh / legacy-shell literals.
 *
 * <p>Parsing is the driver's {@link JsonReader}, which already accepts Extended JSON, unquoted field
 * names, single quotes and the legacy shell constructors ({@code NumberLong(5)},
 * {@code NumberDecimal("1.5")}, {@code ObjectId("…")}, {@code ISODate("…")}, {@code Timestamp(1, 2)},
 * {@code BinData(0, "…")}, {@code UUID("…")}, {@code MinKey}, {@code MaxKey}, {@code /re/i}). The
 * constructors that mongosh prints and the legacy shell did not know ({@code Long('5')},
 * {@code Int32(5)}, {@code Decimal128('1.5')}, {@code Timestamp({ t: 1, i: 2 })},
 * {@code Binary.createFromBase64('…', 0)}, {@code Binary.createFromHexString('…', 0)}) are rewritten
 * to their legacy spelling first, outside string literals only.
 */
public final class BsonLiterals {

    private static final String FIELD = "v";

    private static final List<Rewrite> MONGOSH_REWRITES = List.of(
            new Rewrite(Pattern.compile("\\bLong\\s*\\("), m -> "NumberLong("),
            new Rewrite(Pattern.compile("\\bInt32\\s*\\("), m -> "NumberInt("),
            new Rewrite(Pattern.compile("\\bDecimal128\\s*\\("), m -> "NumberDecimal("),
            new Rewrite(Pattern.compile("\\bTimestamp\\s*\\(\\s*\\{\\s*t\\s*:\\s*(\\d+)\\s*,\\s*i\\s*:\\s*(\\d+)\\s*}\\s*\\)"),
                    m -> "Timestamp(" + m.group(1) + ", " + m.group(2) + ")"),
            new Rewrite(Pattern.compile("\\bTimestamp\\s*\\(\\s*\\{\\s*i\\s*:\\s*(\\d+)\\s*,\\s*t\\s*:\\s*(\\d+)\\s*}\\s*\\)"),
                    m -> "Timestamp(" + m.group(2) + ", " + m.group(1) + ")"),
            new Rewrite(Pattern.compile("\\bBinary\\.createFromBase64\\s*\\(\\s*(['\"][^'\"]*['\"])\\s*(?:,\\s*(\\d+)\\s*)?\\)"),
                    m -> "BinData(" + (m.group(2) == null ? "0" : m.group(2)) + ", " + m.group(1) + ")"),
            new Rewrite(Pattern.compile("\\bBinary\\.createFromHexString\\s*\\(\\s*(['\"][^'\"]*['\"])\\s*(?:,\\s*(\\d+)\\s*)?\\)"),
                    m -> "HexData(" + (m.group(2) == null ? "0" : m.group(2)) + ", " + m.group(1) + ")"));

    private BsonLiterals() {
    }

    /**
     * Parses one value, e.g. {@code 42}, {@code "abc"}, {@code {"$numberLong": "5"}},
     * {@code NumberLong(5)}, {@code MinKey}, {@code {a: 1}}.
     *
     * @throws BsonParseException naming the input and the problem
     */
    public static BsonValue parseValue(String text) {
        if (text == null || text.isBlank()) {
            throw new BsonParseException(text == null ? "" : text, "a value is required");
        }
        BsonDocument holder = parseWrapped("{\"" + FIELD + "\": " + rewriteMongosh(text) + "\n}", text);
        if (holder.size() != 1 || !holder.containsKey(FIELD)) {
            throw new BsonParseException(text, "expected one value, found more text after it");
        }
        return holder.get(FIELD);
    }

    /**
     * Parses a document, e.g. {@code {a: 1, "b.c": "x"}} or {@code {"_id": {"$oid": "…"}}}.
     *
     * @throws BsonParseException naming the input and the problem
     */
    public static BsonDocument parseDocument(String text) {
        if (text == null || text.isBlank()) {
            throw new BsonParseException(text == null ? "" : text, "a document is required");
        }
        return parseWrapped(rewriteMongosh(text), text);
    }

    private static BsonDocument parseWrapped(String json, String original) {
        try {
            JsonReader reader = new JsonReader(json);
            BsonDocument document = new BsonDocumentCodec().decode(reader, DecoderContext.builder().build());
            rejectTrailingText(json, reader, original);
            return document;
        } catch (JsonParseException | BsonInvalidOperationException | IllegalArgumentException e) {
            if (e instanceof BsonParseException bpe) {
                throw bpe;
            }
            throw new BsonParseException(original, describe(e));
        }
    }

    private static void rejectTrailingText(String json, JsonReader reader, String original) {
        // JsonReader stops at the closing brace; anything but whitespace after it is an error.
        int end = closingBraceEnd(json);
        if (end >= 0 && !json.substring(end).isBlank()) {
            throw new BsonParseException(original, "unexpected text after the end: '"
                    + json.substring(end).strip() + "'");
        }
    }

    /** Index just past the brace that closes the first top-level document, or -1 if unbalanced. */
    private static int closingBraceEnd(String json) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0) {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    private static String describe(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replaceAll("\\s+", " ").strip();
    }

    /** Rewrites mongosh-only constructors to the legacy spellings {@link JsonReader} knows. */
    static String rewriteMongosh(String text) {
        String result = text;
        for (Rewrite rewrite : MONGOSH_REWRITES) {
            result = rewrite.apply(result);
        }
        return result;
    }

    /** One textual rewrite, applied only where a match starts outside a string literal. */
    private record Rewrite(Pattern pattern, java.util.function.Function<Matcher, String> replacement) {
        String apply(String text) {
            Matcher m = pattern.matcher(text);
            if (!m.find()) {
                return text;
            }
            List<int[]> strings = stringLiteralRanges(text);
            StringBuilder out = new StringBuilder();
            int last = 0;
            do {
                if (!insideAny(m.start(), strings)) {
                    out.append(text, last, m.start()).append(replacement.apply(m));
                    last = m.end();
                }
            } while (m.find());
            return out.append(text.substring(last)).toString();
        }

        private static boolean insideAny(int position, List<int[]> ranges) {
            for (int[] r : ranges) {
                if (position > r[0] && position < r[1]) {
                    return true;
                }
            }
            return false;
        }

        private static List<int[]> stringLiteralRanges(String text) {
            List<int[]> ranges = new ArrayList<>();
            char quote = 0;
            int start = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (quote != 0) {
                    if (c == '\\') {
                        i++;
                    } else if (c == quote) {
                        ranges.add(new int[] {start, i});
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                    start = i;
                }
            }
            if (quote != 0) {
                ranges.add(new int[] {start, text.length()});
            }
            return ranges;
        }
    }
}

package io.shardlab.bson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the value constructors that mongosh prints, and the driver's {@link org.bson.json.JsonReader}
 * does not know, into spellings it does know, so that parsing stays the driver's. Only constructor
 * calls are touched (found outside string and regular-expression literals, with their arguments
 * split at top-level commas and rewritten first); everything else is passed through for the
 * reader to accept or refuse.
 *
 * <table>
 *   <caption>rewrites</caption>
 *   <tr><th>mongosh</th><th>rewritten to</th></tr>
 *   <tr><td>{@code Long(x)}, {@code Int32(x)}, {@code Decimal128(x)}</td>
 *       <td>{@code NumberLong(x)}, {@code NumberInt(x)}, {@code NumberDecimal(x)}</td></tr>
 *   <tr><td>{@code Double(x)}</td><td>{@code {"$numberDouble": "x"}}</td></tr>
 *   <tr><td>{@code Timestamp({ t: 1, i: 2 })}, {@code Timestamp(1, 2)}</td>
 *       <td>{@code {"$timestamp": {"t": 1, "i": 2}}} (both parts unsigned 32-bit, checked)</td></tr>
 *   <tr><td>{@code Binary.createFromBase64(b64, sub)}, {@code Binary.createFromHexString(hex, sub)}</td>
 *       <td>{@code BinData(sub, b64)}, {@code HexData(sub, hex)}</td></tr>
 *   <tr><td>{@code BSONSymbol(s)}, {@code Code(s)}, {@code Code(s, scope)}</td>
 *       <td>{@code {"$symbol": s}}, {@code {"$code": s}}, {@code {"$code": s, "$scope": scope}}</td></tr>
 *   <tr><td>{@code BSONRegExp(p, flags)}</td>
 *       <td>{@code {"$regularExpression": {"pattern": p, "options": flags}}}</td></tr>
 *   <tr><td>{@code DBRef(coll, id[, db])}</td><td>the DBRef document {@code {"$ref": coll, "$id": id[, "$db": db]}}</td></tr>
 *   <tr><td>{@code DBPointer(ns, ObjectId(hex))}</td><td>{@code DBPointer(ns, hex)}</td></tr>
 * </table>
 * {@code Date(…)} without {@code new} is refused: in JavaScript (and in the driver's reader) it is
 * the current time as a string, never a date. Integer literals beyond the int64 range become
 * doubles, as they are in JavaScript.
 */
final class MongoshSyntax {

    private static final Pattern TIMESTAMP_DOCUMENT = Pattern.compile(
            "\\{\\s*(['\"]?)([ti])\\1\\s*:\\s*(-?\\d+)\\s*,\\s*(['\"]?)([ti])\\4\\s*:\\s*(-?\\d+)\\s*}");
    private static final Pattern INTEGER = Pattern.compile("-?\\d+");
    private static final Pattern OBJECT_ID_CALL = Pattern.compile("ObjectId\\s*\\(\\s*(('[^']*')|(\"[^\"]*\"))\\s*\\)");
    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private final String original;
    private final Map<String, BiFunction<String, List<String>, String>> constructors = Map.ofEntries(
            Map.entry("Long", (name, args) -> call("NumberLong", args)),
            Map.entry("Int32", (name, args) -> call("NumberInt", args)),
            Map.entry("Decimal128", (name, args) -> call("NumberDecimal", args)),
            Map.entry("Double", this::doubleValue),
            Map.entry("Timestamp", this::timestamp),
            Map.entry("Binary.createFromBase64", (name, args) -> binary("BinData", name, args)),
            Map.entry("Binary.createFromHexString", (name, args) -> binary("HexData", name, args)),
            Map.entry("BSONSymbol", (name, args) -> "{\"$symbol\": " + only(name, args) + "}"),
            Map.entry("Code", this::code),
            Map.entry("BSONRegExp", this::regExp),
            Map.entry("DBRef", this::dbRef),
            Map.entry("DBPointer", this::dbPointer));

    private MongoshSyntax(String original) {
        this.original = original;
    }

    /**
     * The text with mongosh constructors rewritten.
     *
     * @param original the user's text, named in error messages
     * @throws BsonParseException for a malformed constructor call or a bad argument
     */
    static String toReaderSyntax(String text, String original) {
        // plain JSON, as mongoexport writes it, is what the rewriting would copy unchanged
        return toReaderSyntax(text, original, true);
    }

    /** The text rewritten without the shortcut for plain JSON (for the specification that both agree). */
    static String rewrittenInFull(String text) {
        return toReaderSyntax(text, text, false);
    }

    private static String toReaderSyntax(String text, String original, boolean plainJsonAsIs) {
        if (bracketDepth(text) > MAX_BRACKET_DEPTH) {
            throw new BsonParseException(original, BsonDepth.TOO_DEEP);
        }
        return plainJsonAsIs && isPlainJson(text) ? text : new MongoshSyntax(original).rewrite(text, 0);
    }

    /**
     * Whether {@link #rewrite} would copy the text unchanged, judged in one quick pass that answers no when
     * unsure: outside double-quoted strings only brackets, commas, colons, white space, the words {@code true},
     * {@code false} and {@code null}, and numbers whose digit runs are at most 18 long (so every integer fits a
     * long and gets no {@code .0}).
     */
    private static boolean isPlainJson(String s) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '"') {
                i = endOfString(s, i);
            } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',' || c == ' ' || c == '\t'
                    || c == '\r' || c == '\n') {
                i++;
            } else if (c == 't' || c == 'f' || c == 'n') {
                int end = s.startsWith("true", i) || s.startsWith("null", i)
                        ? i + 4
                        : s.startsWith("false", i) ? i + 5 : -1;
                if (end < 0 || (end < n && isWordPart(s.charAt(end)))) {
                    return false;
                }
                i = end;
            } else if (c == '-' || isAsciiDigit(c)) {
                i = endOfPlainNumber(s, c == '-' ? i + 1 : i);
                if (i < 0) {
                    return false;
                }
            } else {
                return false;
            }
        }
        return true;
    }

    /**
     * The end of a JSON number whose integer digits begin at {@code i}: digits, then optionally a fraction and an
     * exponent, each run of digits 1 to 18 long and the number followed by no word character; -1 otherwise.
     */
    private static int endOfPlainNumber(String s, int i) {
        i = endOfShortDigits(s, i);
        if (i > 0 && i < s.length() && s.charAt(i) == '.') {
            i = endOfShortDigits(s, i + 1);
        }
        if (i > 0 && i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            i = endOfShortDigits(s, i);
        }
        return i > 0 && (i == s.length() || !isWordPart(s.charAt(i)) && s.charAt(i) != '.') ? i : -1;
    }

    /** The end of a run of 1 to 18 ASCII digits at {@code i}, or -1. */
    private static int endOfShortDigits(String s, int i) {
        int end = i;
        while (end < s.length() && isAsciiDigit(s.charAt(end))) {
            end++;
        }
        return end > i && end - i <= 18 ? end : -1;
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * The most brackets a value within {@link BsonDepth#MAX_DEPTH} can nest: two per level (a
     * constructor's parenthesis and its document, as in {@code Code('f', {…})}) and three more for
     * the innermost scalar's Extended JSON wrapper ({@code {"$date": {"$numberLong": "1"}}}). A text
     * nested deeper is refused in one pass, before any rewriting.
     */
    private static final int MAX_BRACKET_DEPTH = 2 * (BsonDepth.MAX_DEPTH + 1) + 3;

    /** The deepest nesting of {@code ( [ {} outside string literals. */
    private static int bracketDepth(String s) {
        int depth = 0;
        int deepest = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i = endOfString(s, i) - 1;
            } else if (c == '(' || c == '[' || c == '{') {
                deepest = Math.max(deepest, ++depth);
            } else if (c == ')' || c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
        }
        return deepest;
    }

    /**
     * @param depth how many constructor calls enclose {@code s}; each one's arguments are rewritten
     *     one deeper, and a call nested deeper than {@link BsonDepth#MAX_DEPTH} is refused (its value
     *     would be), so that no input exhausts the stack here
     */
    private String rewrite(String s, int depth) {
        if (depth > BsonDepth.MAX_DEPTH) {
            throw new BsonParseException(original, BsonDepth.TOO_DEEP);
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        String previousWord = "";
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                int end = endOfString(s, i);
                out.append(s, i, end);
                i = end;
                previousWord = "";
            } else if (c == '/' && startsRegex(out)) {
                int end = endOfRegex(s, i);
                out.append(s, i, end);
                i = end;
                previousWord = "";
            } else if (isWordStart(c)) {
                int end = i + 1;
                while (end < s.length()
                        && (isWordPart(s.charAt(end))
                                || (s.charAt(end) == '.' && end + 1 < s.length() && isWordStart(s.charAt(end + 1))))) {
                    end++;
                }
                String word = s.substring(i, end);
                int paren = skipSpaces(s, end);
                boolean call = paren < s.length() && s.charAt(paren) == '(';
                if (call && word.equals("Date") && !previousWord.equals("new")) {
                    throw new BsonParseException(
                            original,
                            "Date(...) without 'new' is the current time as a string; write new Date(...) or ISODate(...)");
                }
                BiFunction<String, List<String>, String> constructor = call ? constructors.get(word) : null;
                if (constructor == null) {
                    out.append(word);
                    i = end;
                } else {
                    int close = matchingParen(s, paren, word);
                    List<String> args = new ArrayList<>();
                    for (String arg : splitArguments(s.substring(paren + 1, close))) {
                        args.add(rewrite(arg, depth + 1).strip());
                    }
                    if (args.size() == 1 && args.get(0).isEmpty()) {
                        args.clear();
                    }
                    out.append(constructor.apply(word, args));
                    i = close + 1;
                }
                previousWord = word;
            } else if (isNumberStart(s, i)) {
                int end = i + 1;
                while (end < s.length() && Character.isDigit(s.charAt(end))) {
                    end++;
                }
                String number = s.substring(i, end);
                boolean integer = end >= s.length() || ".eE".indexOf(s.charAt(end)) < 0;
                out.append(number);
                if (integer && !fitsLong(number)) {
                    out.append(".0");
                }
                i = end;
                previousWord = "";
            } else {
                out.append(c);
                if (!Character.isWhitespace(c)) {
                    previousWord = "";
                }
                i++;
            }
        }
        return out.toString();
    }

    // ---- constructors -----------------------------------------------------------------------------

    private static String call(String name, List<String> args) {
        return name + "(" + String.join(", ", args) + ")";
    }

    private String only(String name, List<String> args) {
        if (args.size() != 1) {
            throw new BsonParseException(original, name + "(...) takes 1 argument, got " + args.size());
        }
        return args.get(0);
    }

    private String doubleValue(String name, List<String> args) {
        String arg = unquote(only(name, args));
        return "{\"$numberDouble\": \"" + arg + "\"}";
    }

    private String timestamp(String name, List<String> args) {
        String t;
        String inc;
        if (args.size() == 1) {
            Matcher m = TIMESTAMP_DOCUMENT.matcher(args.get(0));
            if (!m.matches() || m.group(2).equals(m.group(5))) {
                throw new BsonParseException(original, "Timestamp({...}) needs { t: <seconds>, i: <increment> }");
            }
            t = m.group(2).equals("t") ? m.group(3) : m.group(6);
            inc = m.group(2).equals("i") ? m.group(3) : m.group(6);
        } else if (args.size() == 2
                && INTEGER.matcher(args.get(0)).matches()
                && INTEGER.matcher(args.get(1)).matches()) {
            t = args.get(0);
            inc = args.get(1);
        } else {
            throw new BsonParseException(original, "Timestamp needs (t, i) or ({ t: ..., i: ... }) with integers");
        }
        return "{\"$timestamp\": {\"t\": " + uint32("t", t) + ", \"i\": " + uint32("i", inc) + "}}";
    }

    private String uint32(String part, String digits) {
        boolean inRange;
        try {
            long v = Long.parseLong(digits);
            inRange = v >= 0 && v <= UINT32_MAX;
        } catch (NumberFormatException e) {
            inRange = false;
        }
        if (!inRange) {
            throw new BsonParseException(
                    original, "Timestamp " + part + " must be between 0 and 4294967295, got " + digits);
        }
        return digits;
    }

    private String binary(String legacyName, String name, List<String> args) {
        if (args.isEmpty() || args.size() > 2) {
            throw new BsonParseException(original, name + "(data, subtype) takes 1 or 2 arguments, got " + args.size());
        }
        String subtype = args.size() == 2 ? args.get(1) : "0";
        return legacyName + "(" + subtype + ", " + args.get(0) + ")";
    }

    private String code(String name, List<String> args) {
        if (args.size() == 1) {
            return "{\"$code\": " + args.get(0) + "}";
        }
        if (args.size() == 2) {
            return "{\"$code\": " + args.get(0) + ", \"$scope\": " + args.get(1) + "}";
        }
        throw new BsonParseException(original, "Code(code, scope) takes 1 or 2 arguments, got " + args.size());
    }

    private String regExp(String name, List<String> args) {
        if (args.isEmpty() || args.size() > 2) {
            throw new BsonParseException(
                    original, "BSONRegExp(pattern, flags) takes 1 or 2 arguments, got " + args.size());
        }
        String flags = args.size() == 2 ? args.get(1) : "\"\"";
        return "{\"$regularExpression\": {\"pattern\": " + args.get(0) + ", \"options\": " + flags + "}}";
    }

    private String dbRef(String name, List<String> args) {
        if (args.size() < 2 || args.size() > 3) {
            throw new BsonParseException(
                    original, "DBRef(collection, id, db) takes 2 or 3 arguments, got " + args.size());
        }
        return "{\"$ref\": " + args.get(0) + ", \"$id\": " + args.get(1)
                + (args.size() == 3 ? ", \"$db\": " + args.get(2) : "") + "}";
    }

    private String dbPointer(String name, List<String> args) {
        if (args.size() != 2) {
            throw new BsonParseException(
                    original, "DBPointer(namespace, ObjectId(...)) takes 2 arguments, got " + args.size());
        }
        Matcher m = OBJECT_ID_CALL.matcher(args.get(1));
        String id = m.matches() ? m.group(1) : args.get(1);
        return "DBPointer(" + args.get(0) + ", " + id + ")";
    }

    // ---- scanning ---------------------------------------------------------------------------------

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static boolean isNumberStart(String s, int i) {
        char c = s.charAt(i);
        boolean digit = Character.isDigit(c) || (c == '-' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)));
        return digit && (i == 0 || !isWordPart(s.charAt(i - 1)) && s.charAt(i - 1) != '.');
    }

    private static boolean fitsLong(String number) {
        try {
            Long.parseLong(number);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Index just past the closing quote (or the end of the text when unterminated). */
    private static int endOfString(String s, int start) {
        char quote = s.charAt(start);
        for (int i = start + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i + 1;
            }
        }
        return s.length();
    }

    /** A '/' starts a regular expression where a value may start. */
    private static boolean startsRegex(StringBuilder out) {
        for (int i = out.length() - 1; i >= 0; i--) {
            char c = out.charAt(i);
            if (!Character.isWhitespace(c)) {
                return ":,[({".indexOf(c) >= 0;
            }
        }
        return true;
    }

    /** Index just past a {@code /pattern/flags} literal. */
    private static int endOfRegex(String s, int start) {
        int i = start + 1;
        while (i < s.length() && s.charAt(i) != '/') {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
        while (i < s.length() && Character.isLetter(s.charAt(i))) {
            i++;
        }
        return Math.min(i, s.length());
    }

    private int matchingParen(String s, int open, String name) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i = endOfString(s, i) - 1;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
                if (depth == 0) {
                    if (c != ')') {
                        break;
                    }
                    return i;
                }
            }
        }
        throw new BsonParseException(original, name + "( is not closed by a matching ')'");
    }

    private static List<String> splitArguments(String inside) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < inside.length(); i++) {
            char c = inside.charAt(i);
            if (c == '"' || c == '\'') {
                i = endOfString(inside, i) - 1;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                args.add(inside.substring(start, i));
                start = i + 1;
            }
        }
        args.add(inside.substring(start));
        return args;
    }

    private static String unquote(String text) {
        if (text.length() >= 2
                && (text.charAt(0) == '"' || text.charAt(0) == '\'')
                && text.charAt(text.length() - 1) == text.charAt(0)) {
            return text.substring(1, text.length() - 1);
        }
        return text;
    }
}

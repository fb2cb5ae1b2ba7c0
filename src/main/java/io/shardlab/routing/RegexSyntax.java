package io.shardlab.routing;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.bson.BsonRegularExpression;

/**
 * Refuses a regular expression that MongoDB's matcher refuses ({@code RegexMatchExpression}'s
 * constructor, mongo {@code src/mongo/db/matcher/expression_leaf.cpp}), with its messages:
 * <ul>
 *   <li>{@code Regular expression cannot contain an embedded null byte} (BadValue);</li>
 *   <li>{@code invalid flag in regex options: <c>} (51108, {@code src/mongo/util/pcre_util.cpp}
 *       {@code flagsToOptions}): the options may hold only {@code i}, {@code m}, {@code s},
 *       {@code u} and {@code x};</li>
 *   <li>{@code Regular expression is invalid: <reason>} (51091) for a pattern PCRE2 cannot compile;
 *       the reason is PCRE2's own text ({@code pcre2_get_error_message}, called by mongo
 *       {@code src/mongo/util/pcre.cpp}; the texts are PCRE2's {@code src/pcre2_error.c}
 *       {@code compile_error_texts}), e.g. "missing closing parenthesis".</li>
 * </ul>
 * ShardLab compiles with {@link java.util.regex}, which shares PCRE's syntax for nearly everything,
 * and words Java's refusals as PCRE2 words the same mistake ({@link #PCRE2_REASONS}). Where the two
 * differ it follows PCRE2: a PCRE-only construct Java refuses ({@code (?P<…>}, {@code (?|},
 * recursion, conditionals, {@code (*VERB)}, {@code \g}, {@code \K}, {@code \o{…}}) is accepted;
 * a brace that is no quantifier ("{", "a{2", "x{,3}") is a literal in PCRE and
 * accepted; {@code (?#…)} comments are read; and PCRE2's refusals of what Java accepts are made
 * before Java compiles: a quantifier above 65,535 ({@code MAX_REPEAT_COUNT}, pcre2_internal.h), a
 * braced quantifier with nothing before it, <code>&#92;F &#92;L &#92;l &#92;N{name} &#92;U &#92;u</code>, an unclosed comment, and
 * parentheses nested deeper than PCRE2's default {@code PARENS_NEST_LIMIT} of 250 (before Java
 * would recurse on them). MongoDB uses PCRE2 from 6.1 (docs {@code reference/operator/query/regex});
 * earlier releases compiled with PCRE 1, whose texts differ ("missing )", "nothing to repeat"):
 * ShardLab words every release as PCRE2 does.
 *
 * <p>{@link #read} gives a regex as a Java engine must be handed it (the command layer hands it so to its document
 * store) or MongoDB's refusal with its code; {@link #requireValid} is the targeter's form.
 */
public final class RegexSyntax {

    /** MongoDB's codes for a refused regex: BadValue (a null byte), 51108 (an option), 51091 (the pattern). */
    public static final int BAD_VALUE = 2;

    public static final int INVALID_OPTIONS = 51108;

    public static final int INVALID_PATTERN = 51091;

    /**
     * MongoDB's refusal of a regex.
     *
     * @param code {@link #BAD_VALUE}, {@link #INVALID_OPTIONS} or {@link #INVALID_PATTERN}
     * @param message MongoDB's message
     */
    public record Refusal(int code, String message) {}

    /**
     * A regex as MongoDB's matcher reads it.
     *
     * @param javaPattern the pattern as {@link java.util.regex} reads what PCRE2 reads (comments removed, a brace
     *     that opens no quantifier escaped); meaningful only when there is no refusal
     * @param refusal MongoDB's refusal, if it refuses the regex
     */
    public record Reading(String javaPattern, Optional<Refusal> refusal) {}

    /** PCRE2's default {@code PARENS_NEST_LIMIT}. */
    static final int MAX_PARENTHESES_DEPTH = 250;

    /** PCRE2's {@code MAX_REPEAT_COUNT}: the largest number in a braced quantifier. */
    static final int MAX_REPEAT_COUNT = 65_535;

    /** Java's description of a refusal (JDK 17) → PCRE2's text for the same mistake. */
    static final Map<String, String> PCRE2_REASONS = Map.of(
            "Unclosed group", "missing closing parenthesis",
            "Unclosed character class", "missing terminating ] for character class",
            "Unmatched closing ')'", "unmatched closing parenthesis",
            "Illegal/unsupported escape sequence", "unrecognized character follows \\",
            "Unknown inline modifier", "unrecognized character after (? or (?-",
            "Illegal repetition range", "numbers out of order in {} quantifier");

    private static final String VALID_FLAGS = "imsux";
    private static final Pattern PCRE_ONLY =
            Pattern.compile("\\(\\?P|\\(\\?\\||\\(\\?R|\\(\\?[+-]?\\d|\\(\\?\\(|\\(\\?&|\\(\\*|\\\\g|\\\\K|\\\\o\\{");
    private static final Pattern BRACED_QUANTIFIER = Pattern.compile("\\{(\\d+)(,(\\d*))?}");
    private static final String NOT_SUPPORTED_ESCAPES = "FLlUu";

    private RegexSyntax() {}

    /**
     * @param path the field the regex matches, named in the message
     * @throws UnsupportedQueryException with MongoDB's message when MongoDB would refuse the regex
     */
    static void requireValid(String path, BsonRegularExpression regex) {
        Optional<Refusal> refusal = read(regex).refusal();
        if (refusal.isPresent()) {
            String pattern = regex.getPattern();
            String shown = pattern.length() <= 60 ? pattern : pattern.substring(0, 57) + "...";
            throw new UnsupportedQueryException(
                    refusal.get().code() == INVALID_PATTERN
                            ? path + ": /" + shown + "/: " + refusal.get().message()
                            : path + ": " + refusal.get().message());
        }
    }

    /** {@code regex} as a Java engine must be handed it, or MongoDB's refusal of it. */
    public static Reading read(BsonRegularExpression regex) {
        String pattern = regex.getPattern();
        if (pattern.indexOf('\0') >= 0) {
            return refused(BAD_VALUE, "Regular expression cannot contain an embedded null byte");
        }
        for (char c : regex.getOptions().toCharArray()) {
            if (VALID_FLAGS.indexOf(c) < 0) {
                return refused(INVALID_OPTIONS, "invalid flag in regex options: " + c);
            }
        }
        if (parenthesesDepth(pattern) > MAX_PARENTHESES_DEPTH) {
            return invalid("parentheses are too deeply nested");
        }
        boolean extended = regex.getOptions().indexOf('x') >= 0;
        StringBuilder forJava = new StringBuilder(pattern.length());
        String refusedReason = scan(pattern, extended, forJava);
        if (refusedReason != null) {
            return invalid(refusedReason);
        }
        try {
            Pattern.compile(forJava.toString(), javaFlags(regex.getOptions()));
        } catch (PatternSyntaxException e) {
            if (!PCRE_ONLY.matcher(pattern).find()) {
                String reason = pcre2Reason(forJava.toString(), e);
                if (reason != null) {
                    return invalid(reason);
                }
            }
        }
        return new Reading(forJava.toString(), Optional.empty());
    }

    private static Reading refused(int code, String message) {
        return new Reading("", Optional.of(new Refusal(code, message)));
    }

    private static Reading invalid(String reason) {
        return refused(INVALID_PATTERN, "Regular expression is invalid: " + reason);
    }

    /**
     * PCRE2's text for what Java refused, or null where PCRE2 accepts the pattern (a brace that
     * is no quantifier is a literal to PCRE).
     */
    private static String pcre2Reason(String pattern, PatternSyntaxException e) {
        String description = e.getDescription();
        int at = e.getIndex();
        if (description.startsWith("Dangling meta character")) {
            return "quantifier does not follow a repeatable item";
        }
        if (description.equals("Illegal repetition") || description.equals("Unclosed counted closure")) {
            return null;
        }
        if (description.equals("Unexpected internal error") && endsInLoneBackslash(pattern)) {
            return "\\ at end of pattern";
        }
        if (description.equals("Illegal control escape sequence") && pattern.endsWith("\\c")) {
            return "\\c at end of pattern";
        }
        if (description.equals("Illegal character range")) {
            // [a-\d]: a class escape cannot end a range (PCRE2 error 150); [z-a]: out of order (108)
            boolean escapeEnds = at > 0 && at <= pattern.length() && pattern.charAt(at - 1) == '\\';
            return escapeEnds ? "invalid range in character class" : "range out of order in character class";
        }
        return PCRE2_REASONS.getOrDefault(description, description);
    }

    private static boolean endsInLoneBackslash(String pattern) {
        int backslashes = 0;
        for (int i = pattern.length() - 1; i >= 0 && pattern.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    /**
     * Walks the pattern as PCRE2 reads it, copying it into {@code forJava} without its
     * {@code (?#…)} comments (Java has none), and returns PCRE2's reason for a refusal Java would
     * not make, or null.
     */
    private static String scan(String pattern, boolean extended, StringBuilder forJava) {
        boolean inClass = false;
        // where a quantifier has nothing to repeat: the start, after '(' that opens a group, after '|'
        boolean nothingBefore = true;
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                if (i + 1 < n) {
                    char next = pattern.charAt(i + 1);
                    if (NOT_SUPPORTED_ESCAPES.indexOf(next) >= 0
                            || (next == 'N'
                                    && i + 2 < n
                                    && pattern.charAt(i + 2) == '{'
                                    && !pattern.startsWith("U+", i + 3))) {
                        return "PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u";
                    }
                    if (next == 'N' && pattern.startsWith("{U+", i + 2)) {
                        // MongoDB compiles in UTF mode (pcre_util.cpp flagsToOptions), where PCRE2
                        // reads \N{U+hhhh} as \x{hhhh}; Java knows only the second spelling
                        forJava.append("\\x{");
                        i += 4;
                        nothingBefore = false;
                        continue;
                    }
                    if (next == 'Q') {
                        int end = pattern.indexOf("\\E", i + 2);
                        int stop = end < 0 ? n : end + 2;
                        forJava.append(pattern, i, stop);
                        i = stop - 1;
                        nothingBefore = false;
                        continue;
                    }
                }
                forJava.append(pattern, i, Math.min(n, i + 2));
                i++;
                nothingBefore = false;
                continue;
            }
            if (inClass) {
                if (c == '[' && i + 1 < n && pattern.charAt(i + 1) == ':') {
                    int end = pattern.indexOf(":]", i + 2);
                    if (end > 0) {
                        forJava.append(pattern, i, end + 2);
                        i = end + 1;
                        continue;
                    }
                }
                inClass = c != ']';
                forJava.append(c);
                continue;
            }
            if (c == '[') {
                inClass = true;
                forJava.append(c);
                // a ']' first in the class (after an optional '^') is a literal
                int first = i + 1 < n && pattern.charAt(i + 1) == '^' ? i + 2 : i + 1;
                if (first < n && pattern.charAt(first) == ']') {
                    forJava.append(pattern, i + 1, first + 1);
                    i = first;
                }
                nothingBefore = false;
                continue;
            }
            if (c == '(' && pattern.startsWith("(?#", i)) {
                int end = pattern.indexOf(')', i + 3);
                if (end < 0) {
                    return "missing ) after (?# comment";
                }
                i = end;
                continue;
            }
            if (c == '{' && !extended) {
                Matcher quantifier = BRACED_QUANTIFIER.matcher(pattern).region(i, n);
                if (quantifier.lookingAt()) {
                    if (tooBig(quantifier.group(1)) || (quantifier.group(3) != null && tooBig(quantifier.group(3)))) {
                        return "number too big in {} quantifier";
                    }
                    if (nothingBefore) {
                        return "quantifier does not follow a repeatable item";
                    }
                } else {
                    forJava.append(
                            '\\'); // a brace that opens no quantifier is a literal to PCRE; Java needs it escaped
                }
            }
            forJava.append(c);
            nothingBefore = c == '|' || (c == '(' && !pattern.startsWith("(?", i));
        }
        return null;
    }

    private static boolean tooBig(String digits) {
        return !digits.isEmpty() && (digits.length() > 5 || Integer.parseInt(digits) > MAX_REPEAT_COUNT);
    }

    private static int javaFlags(String options) {
        int flags = 0;
        for (char c : options.toCharArray()) {
            flags |= switch (c) {
                case 'i' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'm' -> Pattern.MULTILINE;
                case 's' -> Pattern.DOTALL;
                case 'x' -> Pattern.COMMENTS;
                default -> 0;
            };
        }
        return flags;
    }

    /** The deepest nesting of unescaped parentheses outside character classes. */
    private static int parenthesesDepth(String pattern) {
        int depth = 0;
        int deepest = 0;
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                deepest = Math.max(deepest, ++depth);
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            }
        }
        return deepest;
    }
}

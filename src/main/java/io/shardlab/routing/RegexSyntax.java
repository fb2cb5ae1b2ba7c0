package io.shardlab.routing;

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
 *   <li>{@code Regular expression is invalid: <reason>} (51091) for a pattern PCRE cannot compile.</li>
 * </ul>
 * MongoDB compiles with PCRE2; ShardLab compiles with {@link java.util.regex}, which shares PCRE's
 * syntax for everything but a few PCRE-only constructs. So the reason is Java's wording, not
 * PCRE's; a pattern Java refuses that uses a PCRE-only construct ({@code (?P<…>}, {@code (?|},
 * recursion, conditionals, {@code (*VERB)}, {@code \g}, {@code \K}) is accepted rather than refused
 * on a guess; and parentheses nested deeper than PCRE2's default limit of 250
 * ({@code PARENS_NEST_LIMIT}) are refused with PCRE2's own reason, before Java would recurse on them.
 */
final class RegexSyntax {

    /** PCRE2's default {@code PARENS_NEST_LIMIT}. */
    static final int MAX_PARENTHESES_DEPTH = 250;

    private static final String VALID_FLAGS = "imsux";
    private static final Pattern PCRE_ONLY = Pattern.compile(
            "\\(\\?P|\\(\\?\\||\\(\\?R|\\(\\?[+-]?\\d|\\(\\?\\(|\\(\\?&|\\(\\*|\\\\g|\\\\K");

    private RegexSyntax() {
    }

    /**
     * @param path the field the regex matches, named in the message
     * @throws UnsupportedQueryException with MongoDB's message when MongoDB would refuse the regex
     */
    static void requireValid(String path, BsonRegularExpression regex) {
        String pattern = regex.getPattern();
        if (pattern.indexOf('\0') >= 0) {
            throw new UnsupportedQueryException(path + ": Regular expression cannot contain an embedded null byte");
        }
        for (char c : regex.getOptions().toCharArray()) {
            if (VALID_FLAGS.indexOf(c) < 0) {
                throw new UnsupportedQueryException(path + ": invalid flag in regex options: " + c);
            }
        }
        if (parenthesesDepth(pattern) > MAX_PARENTHESES_DEPTH) {
            throw invalid(path, pattern, "parentheses are too deeply nested");
        }
        try {
            Pattern.compile(pattern, javaFlags(regex.getOptions()));
        } catch (PatternSyntaxException e) {
            if (!PCRE_ONLY.matcher(pattern).find()) {
                throw invalid(path, pattern, e.getDescription());
            }
        }
    }

    private static UnsupportedQueryException invalid(String path, String pattern, String reason) {
        String shown = pattern.length() <= 60 ? pattern : pattern.substring(0, 57) + "...";
        return new UnsupportedQueryException(path + ": /" + shown + "/: Regular expression is invalid: " + reason);
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

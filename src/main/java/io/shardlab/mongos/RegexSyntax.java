package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A query's regular expression as mongod reads it: its options, then its pattern compiled by PCRE, refused with
 * MongoDB's codes and PCRE's words; and the pattern as the document store (Java's {@link Pattern}) reads it.
 *
 * <p>Rules: mongo {@code src/mongo/db/matcher/expression_leaf.cpp} ({@code RegexMatchExpression}: an invalid
 * pattern is error 51091 "Regular expression is invalid: " and the regex library's message; an unknown option
 * 51108 "invalid flag in regex options: "). The regex library is PCRE before 6.1 and PCRE2 from 6.1 (mongo
 * {@code src/mongo/util/pcre.cpp}, SERVER-26419): their messages for the same mistake differ ("missing )" and
 * "missing closing parenthesis"). PCRE reads a lone {@code {} as a literal where Java refuses it.
 */
final class RegexSyntax {

    /** The options a query regex may carry (mongo {@code regex_util.cpp flagsToPcreOptions}). */
    private static final String OPTIONS = "imxsu";

    private RegexSyntax() {}

    /**
     * Checks {@code pattern} with {@code options} as mongod of {@code release} compiles it.
     *
     * @throws MongoCommandException 51108 for an option mongod does not know, 51091 for a pattern PCRE refuses
     */
    static void check(String pattern, String options, MongoVersion release) {
        for (char c : options.toCharArray()) {
            if (OPTIONS.indexOf(c) < 0) {
                throw new MongoCommandException(ErrorCode.INVALID_REGEX_OPTIONS, "invalid flag in regex options: " + c);
            }
        }
        try {
            Pattern.compile(forStore(pattern));
        } catch (PatternSyntaxException e) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_REGEX, "Regular expression is invalid: " + pcreMessage(e, release.atLeast(6, 1)));
        }
    }

    /**
     * The pattern as Java reads what PCRE reads: a {@code {} that does not open a quantifier {@code {n}},
     * {@code {n,}} or {@code {n,m}} is a literal brace to PCRE (pcre2pattern, "Repetition"), escaped here.
     */
    static String forStore(String pattern) {
        StringBuilder out = new StringBuilder(pattern.length() + 4);
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                out.append(c).append(pattern.charAt(++i));
                continue;
            }
            if (c == '[' && !inClass) {
                inClass = true;
            } else if (c == ']' && inClass) {
                inClass = false;
            } else if (c == '{' && !inClass && !opensQuantifier(pattern, i)) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private static boolean opensQuantifier(String pattern, int brace) {
        int close = pattern.indexOf('}', brace);
        return close > brace + 1 && pattern.substring(brace + 1, close).matches("\\d+(,\\d*)?");
    }

    /** PCRE's (or PCRE2's) words for the mistake Java found; Java's own words, lower-cased, for one PCRE has none. */
    private static String pcreMessage(PatternSyntaxException e, boolean pcre2) {
        String java = e.getDescription();
        if (java.startsWith("Unclosed group")) {
            return pcre2 ? "missing closing parenthesis" : "missing )";
        }
        if (java.startsWith("Unmatched closing ')'")) {
            return pcre2 ? "unmatched closing parenthesis" : "unmatched parentheses";
        }
        if (java.startsWith("Dangling meta character")) {
            return pcre2 ? "quantifier does not follow a repeatable item" : "nothing to repeat";
        }
        if (java.startsWith("Unclosed character class")) {
            return "missing terminating ] for character class";
        }
        if (java.startsWith("Illegal character range")) {
            return "range out of order in character class";
        }
        if (java.startsWith("Illegal repetition range")) {
            return "numbers out of order in {} quantifier";
        }
        if (java.startsWith("Unexpected internal error") && e.getPattern().endsWith("\\")) {
            return "\\ at end of pattern";
        }
        return Character.toLowerCase(java.charAt(0)) + java.substring(1);
    }
}

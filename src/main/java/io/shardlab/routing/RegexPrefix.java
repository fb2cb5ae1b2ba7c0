package io.shardlab.routing;

/**
 * The literal prefix a regular expression pins its matches to, which bounds it to
 * {@code ["prefix", "prefix" with its last character incremented)}: mongo
 * {@code IndexBoundsBuilder::simpleRegex} ({@code src/mongo/db/query/index_bounds_builder.cpp},
 * 4.2-era copy; later versions moved the same scan to {@code analyze_regex::getRegexPrefixMatch}).
 *
 * <p>Rules: only a regex anchored with {@code ^} (or {@code \A}, which also allows the {@code m}
 * flag) has a prefix; an unescaped {@code |} or a flag other than {@code m}, {@code s}, {@code x}
 * gives none; the scan stops at a metacharacter {@code ^$.[()+{}, at an escaped letter or digit,
 * and at {@code *} or {@code ?}, which also drop the last character; {@code \Q...\E} quotes;
 * with {@code x}, whitespace is skipped and {@code #} ends the scan.
 */
final class RegexPrefix {

    private RegexPrefix() {}

    /** The prefix, or "" when the regex pins no prefix. */
    static String of(String regex, String flags) {
        boolean multilineOk;
        int pos;
        if (regex.startsWith("\\A")) {
            multilineOk = true;
            pos = 2;
        } else if (regex.startsWith("^")) {
            multilineOk = false;
            pos = 1;
        } else {
            return "";
        }
        if (mayHaveUnescapedPipe(regex.substring(pos))) {
            return "";
        }
        boolean extended = false;
        for (char f : flags.toCharArray()) {
            switch (f) {
                case 'm' -> {
                    if (!multilineOk) {
                        return "";
                    }
                }
                case 's' -> {
                    // '.' also matches newlines; no effect on the prefix
                }
                case 'x' -> extended = true;
                default -> {
                    return "";
                }
            }
        }
        StringBuilder ss = new StringBuilder();
        String r = "";
        while (pos < regex.length()) {
            char c = regex.charAt(pos++);
            if (c == '*' || c == '?') {
                if (ss.length() == 0) {
                    return "";
                }
                char dropped = ss.charAt(ss.length() - 1);
                if (dropped >= 0x80) {
                    throw new UnsupportedQueryException("$regex /" + regex + "/: MongoDB drops the last byte of a "
                            + "multi-byte character before '" + c + "'; routing such a prefix is not modelled");
                }
                return ss.substring(0, ss.length() - 1);
            } else if (c == '\\') {
                char next = pos < regex.length() ? regex.charAt(pos++) : '\0';
                if (next == 'Q') {
                    while (pos < regex.length()) {
                        char q = regex.charAt(pos++);
                        if (q == '\\' && pos < regex.length() && regex.charAt(pos) == 'E') {
                            pos++;
                            break;
                        }
                        ss.append(q);
                    }
                } else if (Character.isLetterOrDigit(next) && next < 0x80 || next == '\0') {
                    r = ss.toString();
                    break;
                } else {
                    ss.append(next);
                }
            } else if ("^$.[()+{".indexOf(c) >= 0) {
                r = ss.toString();
                break;
            } else if (extended && c == '#') {
                r = ss.toString();
                break;
            } else if (extended && " \t\n\u000B\f\r".indexOf(c) >= 0) {
                continue;
            } else {
                ss.append(c);
            }
        }
        if (r.isEmpty() && pos >= regex.length()) {
            r = ss.toString();
        }
        return r;
    }

    /** {@code stringMayHaveUnescapedPipe}: a best-effort check with no false negatives. */
    static boolean mayHaveUnescapedPipe(String s) {
        if (!s.isEmpty() && s.charAt(0) == '|') {
            return true;
        }
        if (s.length() > 1 && s.charAt(1) == '|' && s.charAt(0) != '\\') {
            return true;
        }
        for (int i = 2; i < s.length(); i++) {
            char probe = s.charAt(i);
            char prev = s.charAt(i - 1);
            char tail = s.charAt(i - 2);
            if (probe == '|' && (prev != '\\' || tail == '\\')) {
                return true;
            }
        }
        return false;
    }

    /**
     * The exclusive upper end of the prefix range: the prefix with its last byte incremented
     * ({@code end[end.size() - 1]++} in {@code translateRegex}).
     */
    static String upperBound(String prefix, String regex) {
        char last = prefix.charAt(prefix.length() - 1);
        if (last >= 0x7F) {
            throw new UnsupportedQueryException("$regex /" + regex + "/: the prefix ends in a non-ASCII character "
                    + "whose incremented UTF-8 byte is not modelled");
        }
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }
}

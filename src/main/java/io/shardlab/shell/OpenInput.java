package io.shardlab.shell;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Whether an input stops inside something it opened: a bracket, a string, a template literal (or a
 * {@code ${…}} in one), a block comment. Node's REPL, which mongosh's is, continues such an input on a new
 * line (its {@code isRecoverableError}: acorn's "Unterminated …" and "Unexpected token" at the end of the
 * input); ShardLab's Shell panel and lesson files decide the same way, without a JavaScript engine, so that
 * the JavaFX thread can ask on each Enter.
 *
 * <p>A {@code /} starts a regular expression where an operand may stand (after an operator, an opening
 * bracket, a comma, a semicolon, a keyword such as {@code return}, or at the start), and divides elsewhere,
 * as JavaScript's grammar has it. Closing brackets that close nothing make the input whole (the engine then
 * reports the error).
 */
final class OpenInput {

    /** Keywords after which an operand, so a regular expression, may stand. */
    private static final Set<String> OPERAND_KEYWORDS = Set.of(
            "return",
            "typeof",
            "instanceof",
            "in",
            "of",
            "new",
            "delete",
            "void",
            "throw",
            "case",
            "do",
            "else",
            "yield",
            "await");

    private OpenInput() {}

    /** Whether {@code source} stops inside a bracket, string, template literal or block comment it opened. */
    static boolean isOpen(String source) {
        Deque<Character> open = new ArrayDeque<>(); // '(', '[', '{', '`' (a template), '$' (a ${ in a template)
        boolean operandMayFollow = true;
        String lastWord = "";
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (!open.isEmpty() && open.peek() == '`') {
                if (c == '\\') {
                    i += 2;
                } else if (c == '`') {
                    open.pop();
                    i++;
                    operandMayFollow = false;
                } else if (c == '$' && i + 1 < n && source.charAt(i + 1) == '{') {
                    open.push('$');
                    i += 2;
                    operandMayFollow = true;
                } else {
                    i++;
                }
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                int end = source.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
                continue;
            }
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                if (end < 0) {
                    return true;
                }
                i = end + 2;
                continue;
            }
            if (c == '\'' || c == '"') {
                int end = stringEnd(source, i, c);
                if (end == OPEN) {
                    return true;
                }
                if (end == BROKEN) {
                    return false; // a line break inside a string: whole, and the engine reports it
                }
                i = end + 1;
                operandMayFollow = false;
                lastWord = "";
                continue;
            }
            if (c == '`') {
                open.push('`');
                i++;
                continue;
            }
            if (c == '/' && (operandMayFollow || OPERAND_KEYWORDS.contains(lastWord))) {
                int end = regexEnd(source, i);
                if (end < 0) {
                    return false; // a regular expression cannot span lines: the engine reports it
                }
                i = end;
                operandMayFollow = false;
                lastWord = "";
                continue;
            }
            if (Character.isJavaIdentifierPart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(source.charAt(i))) {
                    i++;
                }
                lastWord = source.substring(start, i);
                operandMayFollow = false;
                continue;
            }
            lastWord = "";
            if (c == '(' || c == '[' || c == '{') {
                open.push(c);
                operandMayFollow = true;
            } else if (c == ')' || c == ']' || c == '}') {
                if (open.isEmpty()) {
                    return false;
                }
                char opened = open.pop();
                if (opened == '$' && c == '}') {
                    i++;
                    continue; // back inside the template literal
                }
                operandMayFollow = false;
            } else {
                operandMayFollow = true; // an operator, a comma, a semicolon
            }
            i++;
        }
        return !open.isEmpty();
    }

    private static final int OPEN = -1;
    private static final int BROKEN = -2;

    /**
     * The offset of the quote that closes the string opened at {@code start}; {@link #OPEN} when the input
     * ends first, {@link #BROKEN} when a line ends first (a string cannot span lines).
     */
    private static int stringEnd(String source, int start, char quote) {
        for (int i = start + 1; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i;
            } else if (c == '\n') {
                return BROKEN;
            }
        }
        return OPEN;
    }

    /** The offset after the regular expression literal (and its flags) opened at {@code start}, or -1. */
    private static int regexEnd(String source, int start) {
        boolean inClass = false;
        for (int i = start + 1; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '\n') {
                return -1;
            } else if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            } else if (c == '/' && !inClass) {
                int end = i + 1;
                while (end < source.length() && Character.isLetter(source.charAt(end))) {
                    end++;
                }
                return end;
            }
        }
        return -1;
    }
}

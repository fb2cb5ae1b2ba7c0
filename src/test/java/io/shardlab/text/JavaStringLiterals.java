package io.shardlab.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The string literals of a Java source, with the line each starts on and the code before it on that line;
 * comments, character literals and text blocks' indentation are understood, escapes are left as written.
 */
final class JavaStringLiterals {

    /**
     * One literal.
     *
     * @param line 1-based
     * @param before the code on its line before the opening quote
     * @param lineText the whole line it starts on
     */
    record Literal(String text, int line, String before, String lineText) {}

    private JavaStringLiterals() {}

    static List<Literal> in(String source) {
        String[] lines = source.split("\n", -1);
        List<Literal> found = new ArrayList<>();
        int i = 0;
        int line = 1;
        int lineStart = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
                i++;
            } else if (source.startsWith("//", i)) {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                for (int k = i; k < end; k++) {
                    if (source.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end;
            } else if (c == '\'') {
                i++;
                while (i < n && source.charAt(i) != '\'') {
                    i += source.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end;
                found.add(new Literal(
                        source.substring(i + 3, end), line, source.substring(lineStart, i), lines[line - 1]));
                for (int k = i; k < end; k++) {
                    if (source.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end + 3;
            } else if (c == '"') {
                int start = i + 1;
                i = start;
                while (i < n && source.charAt(i) != '"' && source.charAt(i) != '\n') {
                    i += source.charAt(i) == '\\' ? 2 : 1;
                }
                found.add(new Literal(
                        source.substring(start, Math.min(i, n)),
                        line,
                        source.substring(lineStart, start - 1),
                        lines[line - 1]));
                i++;
            } else {
                i++;
            }
        }
        return found;
    }
}

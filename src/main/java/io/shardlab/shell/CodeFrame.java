package io.shardlab.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines mongosh prints under a SyntaxError: @babel/code-frame's {@code codeFrameColumns} without colours,
 * as @babel/core's parser stage calls it (a start position only): up to two lines above the error's line and
 * three below, each as {@code "  N | text"}, the error's line marked {@code "> N | text"} and followed by a
 * caret under the error's column ({@code @babel/code-frame} lib/index.js {@code getMarkerLines} and
 * {@code codeFrameColumns}, linesAbove 2, linesBelow 3; @babel/core lib/parser/index.js).
 */
final class CodeFrame {

    /** Babel's line breaks: {@code /\r\n|[\n\r\u2028\u2029]/}. */
    private static final Pattern NEWLINE = Pattern.compile("\r\n|[\n\r\u2028\u2029]");

    private static final int LINES_ABOVE = 2;
    private static final int LINES_BELOW = 3;

    private CodeFrame() {}

    /**
     * @param source the whole input
     * @param line the error's line, 1-based
     * @param column the error's column, 0-based (Babel's {@code loc.column})
     */
    static String of(String source, int line, int column) {
        String[] lines = NEWLINE.split(source, -1);
        int start = Math.max(line - (LINES_ABOVE + 1), 0);
        int end = Math.min(lines.length, line + LINES_BELOW);
        int numberWidth = String.valueOf(end).length();
        int markerColumn = column + 1; // @babel/core passes loc.column + 1
        List<String> frame = new ArrayList<>();
        for (int index = start; index < end; index++) {
            int number = index + 1;
            String text = lines[index];
            String padded = (" " + number).substring(Math.max(0, (" " + number).length() - numberWidth));
            String gutter = " " + padded + " |";
            String shown = text.isEmpty() ? "" : " " + text;
            if (number == line) {
                String spacing = text.substring(0, Math.min(text.length(), Math.max(markerColumn - 1, 0)))
                        .replaceAll("[^\t]", " ");
                frame.add(">" + gutter + shown + "\n " + gutter.replaceAll("\\d", " ") + " " + spacing + "^");
            } else {
                frame.add(" " + gutter + shown);
            }
        }
        return String.join("\n", frame);
    }
}

package io.shardlab.shell;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What mongosh prints for an input that does not parse, from GraalJS's parse error. mongosh parses every
 * input with Babel before it runs (async-rewriter2's {@code babel.transformSync}, sourceType script), so it
 * prints Babel's wording and position, then @babel/core's code frame ({@link CodeFrame}):
 *
 * <pre>
 * SyntaxError: Unexpected token, expected "," (1:14)
 *
 * &gt; 1 | db.c.find({a: 1)
 *     |               ^
 * </pre>
 *
 * The line is 1-based, the column 0-based, at the token Babel stopped at (@babel/parser's {@code ParseErrors}:
 * {@code UnexpectedToken}, {@code MissingSemicolon}, {@code UnterminatedString}, …). GraalJS names the same
 * place for most errors ({@code shell:1:15 Expected comma but found )}); where Babel names another (the end of
 * the previous token for a missing semicolon, the opening quote of an unterminated string, the end of the
 * input when it stops early), this class finds that place. A GraalJS message with no Babel counterpart keeps
 * GraalJS's words in Babel's form.
 */
final class SyntaxErrorLine {

    /** GraalJS's first line: {@code NAME:LINE:COLUMN MESSAGE}, the line 1-based, the column 0-based. */
    private static final Pattern GRAAL_LINE = Pattern.compile("^.*?:(\\d+):(\\d+) (.*)$");

    private static final Pattern EXPECTED = Pattern.compile("^Expected (.+?) but found (.+)$");
    private static final Pattern REDECLARED = Pattern.compile("^Variable \"(.+)\" has already been declared$");

    /** ECMAScript's keywords (ECMA-262 ReservedWord without the literals), which Babel calls "keyword". */
    private static final Set<String> KEYWORDS = Set.of(
            "break",
            "case",
            "catch",
            "class",
            "const",
            "continue",
            "debugger",
            "default",
            "delete",
            "do",
            "else",
            "export",
            "extends",
            "finally",
            "for",
            "function",
            "if",
            "import",
            "in",
            "instanceof",
            "new",
            "return",
            "super",
            "switch",
            "this",
            "throw",
            "try",
            "typeof",
            "var",
            "void",
            "while",
            "with",
            "null",
            "true",
            "false");

    private SyntaxErrorLine() {}

    /**
     * mongosh's text for {@code source}'s parse error: the SyntaxError line, a blank line and the code frame.
     *
     * @param source the input as it was parsed
     * @param graalMessage GraalJS's message ({@code PolyglotException.getMessage()}), maybe over several lines
     */
    static String of(String source, String graalMessage) {
        Position at = babelPosition(source, graalMessage);
        return "SyntaxError: " + at.message() + " (" + at.line() + ":" + at.column() + ")\n\n"
                + CodeFrame.of(source, at.line(), at.column());
    }

    /** Babel's message and place for GraalJS's first error. */
    static Position babelPosition(String source, String graalMessage) {
        String first = graalMessage.strip().lines().findFirst().orElse("");
        if (first.startsWith("SyntaxError: ")) {
            first = first.substring("SyntaxError: ".length());
        }
        Matcher m = GRAAL_LINE.matcher(first);
        if (!m.matches()) {
            return new Position(sentence(first), 1, 0);
        }
        String[] lines = source.split("\r\n|[\n\r\u2028\u2029]", -1);
        int line = Math.max(1, Math.min(Integer.parseInt(m.group(1)), lines.length));
        String text = lines[line - 1];
        int column = Math.max(0, Math.min(Integer.parseInt(m.group(2)), text.length()));
        String details = m.group(3);
        Position end = new Position("Unexpected token", lines.length, lines[lines.length - 1].length());

        Matcher expected = EXPECTED.matcher(details);
        if (expected.matches() && !details.startsWith("Expected an operand ")) {
            String wanted = expected.group(1);
            String found = expected.group(2);
            if (found.equals("eof")) {
                // Babel names what the list or condition left open needed next
                return switch (wanted) {
                    case "comma", ",", "]" ->
                        new Position("Unexpected token, expected \",\"", end.line(), end.column());
                    case ")", ":" ->
                        new Position("Unexpected token, expected \"" + wanted + "\"", end.line(), end.column());
                    default -> end;
                };
            }
            int start = tokenStart(text, column);
            switch (wanted) {
                case ";":
                    Optional<Integer> await = wordBefore(text, start, "await");
                    if (await.isPresent()) {
                        return new Position(
                                "'await' is only allowed within async functions and at the top levels of modules.",
                                line,
                                await.get());
                    }
                    return new Position("Missing semicolon.", line, previousTokenEnd(text, start));
                case "comma", ",", ":":
                    return new Position("Unexpected token, expected \",\"", line, start);
                default:
                    if (Character.isLetter(wanted.charAt(0))) { // eof, ident, property id: no one token Babel names
                        return new Position("Unexpected token", line, start);
                    }
                    return new Position("Unexpected token, expected \"" + wanted + "\"", line, start);
            }
        }
        if (details.startsWith("Expected an operand but found ")) {
            String found = details.substring("Expected an operand but found ".length());
            if (found.equals("eof")) {
                return end;
            }
            int comment = source.lastIndexOf("/*");
            if (found.equals("error") && comment >= 0 && source.indexOf("*/", comment + 2) < 0) {
                return at("Unterminated comment.", source, comment);
            }
            return new Position("Unexpected token", line, tokenStart(text, column));
        }
        if (details.equals("Missing close quote")) {
            int opening = openingQuote(text, column);
            return opening >= 0 && text.charAt(opening) == '`'
                    ? new Position("Unterminated template.", line, opening + 1)
                    : new Position("Unterminated string constant.", line, Math.max(opening, 0));
        }
        if (details.startsWith("Missing assignment to constant")) {
            return new Position("Missing initializer in const declaration.", line, column);
        }
        Matcher redeclared = REDECLARED.matcher(details);
        if (redeclared.matches()) {
            return new Position("Identifier '" + redeclared.group(1) + "' has already been declared.", line, column);
        }
        switch (details) {
            case "Missing space after numeric literal":
                return new Position("Identifier directly after number.", line, column);
            case "Invalid return statement":
                return new Position("'return' outside of function.", line, column);
            case "Invalid left hand side for assignment":
                return new Position(
                        "Invalid left-hand side in assignment expression.", line, expressionStart(text, column));
            case "let is disallowed as a lexically bound name":
                return new Position(
                        "'let' is disallowed as a lexically bound name.",
                        line,
                        Math.max(0, text.lastIndexOf("let", Math.max(0, column - 3))));
            case "expected BindingIdentifier or BindingPattern":
                String word = wordAt(text, column);
                if (KEYWORDS.contains(word)) {
                    return new Position("Unexpected keyword '" + word + "'.", line, column);
                }
                if (word.equals("enum")) {
                    return new Position("Unexpected reserved word 'enum'.", line, column);
                }
                return new Position("Unexpected token", line, column);
            default:
                return new Position(sentence(details), line, column);
        }
    }

    /** Babel's message and its place: line 1-based, column 0-based. */
    record Position(String message, int line, int column) {}

    private static Position at(String message, String source, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (source.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(message, line, offset - lineStart);
    }

    private static String sentence(String details) {
        if (details.isEmpty()) {
            return "Unexpected token";
        }
        String s = Character.toUpperCase(details.charAt(0)) + details.substring(1);
        return s.endsWith(".") ? s : s + ".";
    }

    /**
     * Where the token GraalJS names at {@code column} starts: GraalJS places a string token after its
     * opening quote.
     */
    static int tokenStart(String text, int column) {
        if (column > 0 && column <= text.length()) {
            char before = text.charAt(column - 1);
            if ((before == '\'' || before == '"' || before == '`')
                    && (column == text.length() || text.charAt(column) != before)) {
                return column - 1;
            }
        }
        return column;
    }

    /** Where the token before the one at {@code start} ends: Babel's place for a missing semicolon. */
    private static int previousTokenEnd(String text, int start) {
        int i = Math.min(start, text.length());
        while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    /** Where the expression around {@code column} starts: after the last {@code ; { ( , =} before it. */
    private static int expressionStart(String text, int column) {
        int i = Math.min(column, text.length());
        while (i > 0 && ";{(,=".indexOf(text.charAt(i - 1)) < 0) {
            i--;
        }
        while (i < column && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The offset of {@code word} when it is the token right before {@code start}. */
    private static Optional<Integer> wordBefore(String text, int start, String word) {
        int end = previousTokenEnd(text, start);
        int begin = end - word.length();
        if (begin >= 0
                && text.startsWith(word, begin)
                && (begin == 0 || !Character.isJavaIdentifierPart(text.charAt(begin - 1)))) {
            return Optional.of(begin);
        }
        return Optional.empty();
    }

    private static String wordAt(String text, int column) {
        int end = column;
        while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
            end++;
        }
        return text.substring(Math.min(column, end), end);
    }

    /** The opening quote of the string or template still open at the end of {@code text}, or -1. */
    private static int openingQuote(String text, int column) {
        char open = 0;
        int at = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (open != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == open) {
                    open = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                open = c;
                at = i;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                break;
            }
        }
        return open != 0 ? at : Math.min(column, text.length()) - 1;
    }
}

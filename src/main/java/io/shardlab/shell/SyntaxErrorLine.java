package io.shardlab.shell;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * mongosh's first line for a script that does not parse, from Rhino's parse error. mongosh parses every
 * input with Babel before it runs (async-rewriter2's {@code babel.transformSync}), so it prints Babel's
 * wording and position: {@code SyntaxError: Unexpected token, expected "," (1:14)}, the line 1-based, the
 * column 0-based, at the start of the token Babel stopped at (@babel/parser's {@code ParseErrors}:
 * {@code UnexpectedToken}, {@code MissingSemicolon}, {@code UnterminatedString}, …). mongosh then prints
 * a code frame; ShardLab prints the one line.
 *
 * <p>Rhino reports its column at the end of the token it stopped at ({@code missing ; before statement} at
 * the end of the next statement's first token); this class finds the token's start and, where Babel names
 * another place (the end of the previous token for a missing semicolon, the opening quote of an
 * unterminated string), that place. Where Rhino's message has no Babel counterpart, the line keeps
 * Rhino's words in Babel's form.
 */
final class SyntaxErrorLine {

    /** Multi-character punctuators, longest first, so a token's start is found from its end. */
    private static final List<String> PUNCTUATORS = List.of(
            ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "=>", "==", "!=", "<=", ">=", "&&", "||", "??",
            "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>");
    /** ECMAScript's keywords (ECMA-262 ReservedWord without the literals), which Babel calls "keyword". */
    private static final List<String> KEYWORDS = List.of(
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

    private static final Pattern DECLARED_NAME = Pattern.compile("\\b(?:var|let|const)\\s+([^\\s=;,]*)");
    private static final Pattern REDECLARATION = Pattern.compile("^redeclaration of (?:variable|const|let) (.+)\\.$");

    private SyntaxErrorLine() {}

    /**
     * @param source the script as it was parsed
     * @param details Rhino's message
     * @param lineNumber Rhino's line, 1-based
     * @param columnNumber Rhino's column: the end of the token it stopped at, 0-based
     * @param atEndOfInput whether the script stops before it is whole (Rhino's parser ran out of input)
     */
    static String of(String source, String details, int lineNumber, int columnNumber, boolean atEndOfInput) {
        String[] lines = source.split("\n", -1);
        int line = Math.max(1, Math.min(lineNumber, lines.length));
        String text = lines[line - 1];
        int end = Math.max(0, Math.min(columnNumber, text.length()));
        int start = tokenStart(text, end);
        int[] endOfInput = {lines.length, lines[lines.length - 1].length()};
        int[] offending = atEndOfInput ? endOfInput : new int[] {line, start};

        switch (details) {
            case "unterminated string literal":
                return line("Unterminated string constant.", line, openingQuote(text, end));
            case "unterminated comment":
                return line("Unterminated comment.", position(source, source.lastIndexOf("/*")));
            case "Unexpected end of file":
                int template = unclosedTemplate(source);
                return template >= 0
                        ? line("Unterminated template.", position(source, template + 1))
                        : line("Unexpected token", endOfInput);
            case "missing ; before statement",
                    "missing ; after for-loop initializer",
                    "missing ; after for-loop condition":
                return line("Missing semicolon.", line, previousTokenEnd(text, start));
            case "Invalid assignment left-hand side.":
                return line("Invalid left-hand side in assignment expression.", line, Math.max(0, columnNumber - 1));
            case "invalid return":
                return line("'return' outside of function.", line, Math.max(0, text.lastIndexOf("return", end)));
            case "missing variable name":
                return variableName(text, line, end, offending);
            case "missing } after property list",
                    "missing ] after element list",
                    "missing ) after argument list",
                    "missing ) in parenthetical",
                    "missing ) after formal parameters":
                return line("Unexpected token, expected \",\"", offending);
            case "missing ) after condition", "missing ) after for-loop control":
                return line("Unexpected token, expected \")\"", offending);
            case "missing : in conditional expression":
                return line("Unexpected token, expected \":\"", offending);
            case "syntax error",
                    "invalid property id",
                    "missing } in compound statement",
                    "missing } after function body":
                return line("Unexpected token", offending);
            default:
                Matcher redeclared = REDECLARATION.matcher(details);
                if (redeclared.matches()) {
                    return line(
                            "Identifier '" + redeclared.group(1) + "' has already been declared.",
                            line,
                            lastDeclaration(text, redeclared.group(1), end));
                }
                if (details.equals("identifier is a reserved word: class")) {
                    return line(
                            "ShardLab's shell does not run class declarations",
                            line,
                            Math.max(0, text.lastIndexOf("class", end)));
                }
                String sentence = Character.toUpperCase(details.charAt(0)) + details.substring(1);
                return line(sentence.endsWith(".") ? sentence : sentence + ".", offending);
        }
    }

    /** {@code var NAME}: Babel names a keyword, a reserved word, a name starting with a digit, {@code let let}. */
    private static String variableName(String text, int line, int end, int[] offending) {
        Matcher declared = DECLARED_NAME.matcher(text.substring(0, Math.min(text.length(), end + 1)));
        String name = null;
        int at = -1;
        String declarer = null;
        while (declared.find()) {
            name = declared.group(1);
            at = declared.start(1);
            declarer = text.substring(declared.start(), declared.start() + 3);
        }
        if (name == null) {
            return line("Unexpected token", offending);
        }
        if (name.isEmpty()) {
            return line("Unexpected token", line, at);
        }
        String word = name.replaceAll("[^\\w$].*$", "");
        if (KEYWORDS.contains(word)) {
            return line("Unexpected keyword '" + word + "'.", line, at);
        }
        if (word.equals("enum")) {
            return line("Unexpected reserved word 'enum'.", line, at);
        }
        if (word.equals("let") && !declarer.equals("var")) {
            return line("'let' is disallowed as a lexically bound name.", line, at);
        }
        if (!word.isEmpty() && Character.isDigit(word.charAt(0))) {
            int digits = 0;
            while (digits < word.length() && Character.isDigit(word.charAt(digits))) {
                digits++;
            }
            return digits < word.length()
                    ? line("Identifier directly after number.", line, at + digits)
                    : line("Missing semicolon.", line, previousTokenEnd(text, at));
        }
        return line("Unexpected token", line, at);
    }

    private static String line(String message, int[] position) {
        return line(message, position[0], position[1]);
    }

    private static String line(String message, int line, int column) {
        return "SyntaxError: " + message + " (" + line + ":" + column + ")";
    }

    /** The start of the token that ends at {@code end} on {@code text} ({@code end} itself at the end of input). */
    static int tokenStart(String text, int end) {
        if (end <= 0) {
            return 0;
        }
        char last = text.charAt(end - 1);
        if (Character.isWhitespace(last)) {
            return end;
        }
        if (Character.isJavaIdentifierPart(last)) {
            int i = end;
            while (i > 0 && Character.isJavaIdentifierPart(text.charAt(i - 1))) {
                i--;
            }
            return i;
        }
        if (last == '\'' || last == '"' || last == '`') {
            int opening = text.lastIndexOf(last, end - 2);
            return opening >= 0 ? opening : end - 1;
        }
        for (String p : PUNCTUATORS) {
            if (end >= p.length() && text.startsWith(p, end - p.length())) {
                return end - p.length();
            }
        }
        return end - 1;
    }

    /** Where the token before the one at {@code start} ends: Babel's place for a missing semicolon. */
    private static int previousTokenEnd(String text, int start) {
        int i = Math.min(start, text.length());
        while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    /** The opening quote of the string still open at the end of {@code text}'s first {@code end} characters. */
    private static int openingQuote(String text, int end) {
        char open = 0;
        int at = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (open != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == open) {
                    open = 0;
                }
            } else if (c == '\'' || c == '"') {
                open = c;
                at = i;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                break;
            }
        }
        return open != 0 ? at : Math.max(0, Math.min(end, text.length()) - 1);
    }

    /** The offset of the backtick of a template literal left open, or -1. */
    private static int unclosedTemplate(String source) {
        char open = 0;
        int template = -1;
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                i++;
            } else if (open != 0) {
                if (c == open) {
                    open = 0;
                }
            } else if (c == '`') {
                template = template >= 0 ? -1 : i;
            } else if (template < 0 && (c == '\'' || c == '"')) {
                open = c;
            }
        }
        return template;
    }

    private static int lastDeclaration(String text, String name, int end) {
        Matcher m = Pattern.compile("\\b(?:var|let|const|function|class)\\s+(" + Pattern.quote(name) + ")\\b")
                .matcher(text);
        int at = Math.max(0, text.lastIndexOf(name, end));
        while (m.find() && m.start(1) < Math.max(end, 1) + name.length()) {
            at = m.start(1);
        }
        return at;
    }

    /** {line, column} of {@code offset} in {@code source}. */
    private static int[] position(String source, int offset) {
        int at = Math.max(0, Math.min(offset, source.length()));
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (source.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, at - lineStart};
    }
}

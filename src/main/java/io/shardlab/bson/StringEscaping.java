package io.shardlab.bson;

/**
 * How a string's characters are escaped inside quotes, in the two ways ShardLab prints strings: as mongosh shows a
 * string literal and as the server's {@code str::escape} writes one into an error text.
 */
public enum StringEscaping {
    /**
     * mongosh's single-quoted literal (what {@link BsonPrinter} prints): {@code \'}, {@code \\}, {@code \n},
     * {@code \r}, {@code \t}, other control characters as {@code \}{@code u00XX}.
     */
    SHELL(false),
    /**
     * mongo's {@code str::escape} ({@code src/mongo/util/str_escape.cpp}, as used for a double-quoted text): {@code \"},
     * {@code \\}, {@code \b}, {@code \f}, {@code \n}, {@code \r}, {@code \t}, other control characters as
     * {@code \}{@code u00XX}.
     */
    SERVER(true);

    private final boolean server;

    StringEscaping(boolean server) {
        this.server = server;
    }

    /** Appends {@code text} escaped (without the quotes themselves) to {@code out}; returns {@code out}. */
    public StringBuilder append(StringBuilder out, String text) {
        char quote = server ? '"' : '\'';
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == quote || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (server && c == '\b') {
                out.append("\\b");
            } else if (server && c == '\f') {
                out.append("\\f");
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out;
    }
}

package io.shardlab.cli;

/**
 * How many columns of a terminal a text takes: a wide or fullwidth character (Chinese, Japanese, Korean, fullwidth
 * punctuation such as {@code ，。：}) takes two, a combining mark none, every other character one. Padding by
 * characters ({@code %-36s}) leaves a column of Chinese names twice as wide as it is counted; padding by columns
 * lines it up.
 *
 * <p>The wide ranges are those of Unicode's East Asian Width property, values W and F (Unicode Standard Annex #11,
 * {@code EastAsianWidth.txt}), grouped into blocks; ambiguous characters count one, as terminals outside East Asian
 * locales show them.
 */
final class TerminalColumns {

    private TerminalColumns() {}

    /** The columns {@code text} takes. */
    static int width(String text) {
        return text.codePoints().map(TerminalColumns::columns).sum();
    }

    /** {@code text} followed by spaces up to {@code columns} columns; a wider text is returned as it is. */
    static String padded(String text, int columns) {
        int missing = columns - width(text);
        return missing <= 0 ? text : text + " ".repeat(missing);
    }

    private static int columns(int codePoint) {
        int type = Character.getType(codePoint);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || codePoint == 0x200B) {
            return 0;
        }
        return wide(codePoint) ? 2 : 1;
    }

    private static boolean wide(int c) {
        return (c >= 0x1100 && c <= 0x115F) // Hangul Jamo initials
                || (c >= 0x2E80 && c <= 0x303E) // CJK radicals, Kangxi, ideographic description, CJK punctuation
                || (c >= 0x3041 && c <= 0x33FF) // Hiragana, Katakana, Bopomofo, CJK compatibility
                || (c >= 0x3400 && c <= 0x4DBF) // CJK unified ideographs extension A
                || (c >= 0x4E00 && c <= 0x9FFF) // CJK unified ideographs
                || (c >= 0xA000 && c <= 0xA4CF) // Yi
                || (c >= 0xAC00 && c <= 0xD7A3) // Hangul syllables
                || (c >= 0xF900 && c <= 0xFAFF) // CJK compatibility ideographs
                || (c >= 0xFE30 && c <= 0xFE4F) // CJK compatibility forms
                || (c >= 0xFF00 && c <= 0xFF60) // fullwidth forms (，：（）)
                || (c >= 0xFFE0 && c <= 0xFFE6) // fullwidth signs
                || (c >= 0x20000 && c <= 0x2FFFD) // CJK extensions B to F
                || (c >= 0x30000 && c <= 0x3FFFD); // CJK extension G
    }
}

package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The literal prefix of a regex, as {@code IndexBoundsBuilder::simpleRegex} finds it. */
class RegexPrefixTest {

    @ParameterizedTest(name = "/{0}/{1} pins \"{2}\"")
    @CsvSource(delimiter = '|', nullValues = "NONE", emptyValue = "", textBlock = """
            # regex        | flags | prefix
            ^abc           |       | abc
            abc            |       |
            ^abc.*         |       | abc
            ^abc*          |       | ab
            ^a?            |       |
            '^ab|cd'       |       |
            '^ab\\|cd'     |       | 'ab|cd'
            ^abc           | i     |
            ^abc           | m     |
            \\Aabc         | m     | abc
            ^abc           | s     | abc
            ^a b#c         | x     | ab
            ^\\Qa.b\\E.c   |       | a.b
            ^ab\\d         |       | ab
            ^a\\.b         |       | a.b
            ^a(b)          |       | a
            """)
    void prefix(String regex, String flags, String prefix) {
        assertEquals(prefix == null ? "" : prefix, RegexPrefix.of(regex, flags == null ? "" : flags));
    }
}

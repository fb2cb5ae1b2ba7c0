package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A filter's regular expressions are refused where MongoDB's matcher refuses them
 * ({@code RegexMatchExpression}, mongo {@code src/mongo/db/matcher/expression_leaf.cpp}: 51091
 * "Regular expression is invalid: …", BadValue for a NUL; {@code pcre_util.cpp}: 51108 "invalid
 * flag in regex options: …"), wherever a regex can stand.
 */
class RegexSyntaxTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # filter | message (its reason in PCRE2's words: src/pcre2_error.c compile_error_texts)
            { a: { $regex: '(' } }                         | a: /(/: Regular expression is invalid: missing closing parenthesis
            `{ a: { $regex: 'a(b|c' } }`                    | `a: /a(b|c/: Regular expression is invalid: missing closing parenthesis`
            { a: { $regex: '[b' } }                        | a: /[b/: Regular expression is invalid: missing terminating ] for character class
            { a: { $regex: '[]' } }                        | a: /[]/: Regular expression is invalid: missing terminating ] for character class
            { a: { $regex: '*x' } }                        | a: /*x/: Regular expression is invalid: quantifier does not follow a repeatable item
            `{ a: { $regex: 'a|+' } }`                     | `a: /a|+/: Regular expression is invalid: quantifier does not follow a repeatable item`
            { a: { $regex: '{2}x' } }                      | a: /{2}x/: Regular expression is invalid: quantifier does not follow a repeatable item
            `{ a: { $regex: 'x|{2,3}' } }`                   | `a: /x|{2,3}/: Regular expression is invalid: quantifier does not follow a repeatable item`
            { a: /a)/ }                                    | a: /a)/: Regular expression is invalid: unmatched closing parenthesis
            { a: { $regex: 'ab\\\\' } }                      | a: /ab\\/: Regular expression is invalid: \\ at end of pattern
            { a: { $regex: 'ab\\\\c' } }                     | a: /ab\\c/: Regular expression is invalid: \\c at end of pattern
            { a: { $regex: '\\\\i' } }                       | a: /\\i/: Regular expression is invalid: unrecognized character follows \\
            { a: { $regex: '[z-a]' } }                     | a: /[z-a]/: Regular expression is invalid: range out of order in character class
            { a: { $regex: '[a-\\\\d]' } }                   | a: /[a-\\d]/: Regular expression is invalid: invalid range in character class
            { a: { $regex: '(?z)' } }                      | a: /(?z)/: Regular expression is invalid: unrecognized character after (? or (?-
            { a: { $regex: 'a{3,2}' } }                    | a: /a{3,2}/: Regular expression is invalid: numbers out of order in {} quantifier
            { a: { $regex: 'a{65536}' } }                  | a: /a{65536}/: Regular expression is invalid: number too big in {} quantifier
            { a: { $regex: 'a{1,100000}' } }               | a: /a{1,100000}/: Regular expression is invalid: number too big in {} quantifier
            { a: { $regex: 'x(?#note' } }                  | a: /x(?#note/: Regular expression is invalid: missing ) after (?# comment
            { a: { $regex: '\\\\u0041' } }                   | a: /\\u0041/: Regular expression is invalid: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u
            { a: { $regex: '\\\\Uabc' } }                    | a: /\\Uabc/: Regular expression is invalid: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u
            { a: { $regex: '\\\\N{LATIN SMALL LETTER A}' } } | a: /\\N{LATIN SMALL LETTER A}/: Regular expression is invalid: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u
            { a: { $in: [1, /(/] } }                       | a: /(/: Regular expression is invalid: missing closing parenthesis
            { a: { $nin: [/(/] } }                         | a: /(/: Regular expression is invalid: missing closing parenthesis
            { a: { $all: [/(/] } }                         | a: /(/: Regular expression is invalid: missing closing parenthesis
            { a: { $not: /(/ } }                           | a: /(/: Regular expression is invalid: missing closing parenthesis
            { a: { $regex: 'x', $options: 'q' } }          | a: invalid flag in regex options: q
            { a: { $regex: "a\\u0000b" } }                  | a: Regular expression cannot contain an embedded null byte
            """)
    void refusesWhatMongosMatcherRefuses(String filter, String message) {
        UnsupportedQueryException e = assertThrows(
                UnsupportedQueryException.class, () -> FilterParser.parse(BsonLiterals.parseDocument(filter)));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = ';', quoteCharacter = '`', textBlock = """
            { a: /^abc/ }
            { a: { $regex: '^a.*z$', $options: 'imsux' } }
            { a: { $regex: '(?i)x' } }
            { a: { $in: [/^a/, /^b/] } }
            { a: { $regex: '(?P<name>x)' } }
            { a: { $regex: '(?|a|b)' } }
            { a: { $regex: '{' } }
            { a: { $regex: 'a{2' } }
            { a: { $regex: 'x{,3}' } }
            { a: { $regex: 'a{65535}' } }
            { a: { $regex: 'a(?#a note)b{2}' } }
            { a: { $regex: '[]a]' } }
            { a: { $regex: '[[:alpha:]]+' } }
            { a: { $regex: '\\\\Q(*\\\\E' } }
            { a: { $regex: '\\\\N{U+0041}' } }
            { a: { $regex: ' { 2 } ', $options: 'x' } }
            """)
    void acceptsValidAndPcreOnlySyntax(String filter) {
        FilterParser.parse(BsonLiterals.parseDocument(filter));
    }

    @org.junit.jupiter.api.Test
    void parenthesesNestedBeyondPcresLimitAreRefusedWithoutRecursing() {
        String deep = "(".repeat(20_000) + ")".repeat(20_000);
        UnsupportedQueryException e = assertThrows(
                UnsupportedQueryException.class,
                () -> FilterParser.parse(new org.bson.BsonDocument("a", new org.bson.BsonRegularExpression(deep))));
        assertEquals(true, e.getMessage().endsWith("Regular expression is invalid: parentheses are too deeply nested"));
        FilterParser.parse(
                new org.bson.BsonDocument("a", new org.bson.BsonRegularExpression("(".repeat(250) + ")".repeat(250))));
    }
}

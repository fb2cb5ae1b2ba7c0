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
            # filter                                     | message
            { a: { $regex: '(' } }                       | a: /(/: Regular expression is invalid: Unclosed group
            { a: { $regex: '[b' } }                      | a: /[b/: Regular expression is invalid: Unclosed character class
            { a: { $regex: '*x' } }                      | a: /*x/: Regular expression is invalid: Dangling meta character '*'
            { a: /a)/ }                                  | a: /a)/: Regular expression is invalid: Unmatched closing ')'
            { a: { $in: [1, /(/] } }                     | a: /(/: Regular expression is invalid: Unclosed group
            { a: { $nin: [/(/] } }                       | a: /(/: Regular expression is invalid: Unclosed group
            { a: { $all: [/(/] } }                       | a: /(/: Regular expression is invalid: Unclosed group
            { a: { $not: /(/ } }                         | a: /(/: Regular expression is invalid: Unclosed group
            { a: { $regex: 'x', $options: 'q' } }        | a: invalid flag in regex options: q
            { a: { $regex: "a\\u0000b" } }               | a: Regular expression cannot contain an embedded null byte
            """)
    void refusesWhatMongosMatcherRefuses(String filter, String message) {
        UnsupportedQueryException e = assertThrows(UnsupportedQueryException.class,
                () -> FilterParser.parse(BsonLiterals.parseDocument(filter)));
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
            """)
    void acceptsValidAndPcreOnlySyntax(String filter) {
        FilterParser.parse(BsonLiterals.parseDocument(filter));
    }

    @org.junit.jupiter.api.Test
    void parenthesesNestedBeyondPcresLimitAreRefusedWithoutRecursing() {
        String deep = "(".repeat(20_000) + ")".repeat(20_000);
        UnsupportedQueryException e = assertThrows(UnsupportedQueryException.class,
                () -> FilterParser.parse(new org.bson.BsonDocument("a",
                        new org.bson.BsonRegularExpression(deep))));
        assertEquals(true, e.getMessage().endsWith("Regular expression is invalid: parentheses are too deeply nested"));
        FilterParser.parse(new org.bson.BsonDocument("a",
                new org.bson.BsonRegularExpression("(".repeat(250) + ")".repeat(250))));
    }
}

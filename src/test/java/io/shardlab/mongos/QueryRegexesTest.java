package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A filter's regular expressions handed to the document store as MongoDB reads them: a BSON regex inside
 * {@code $regex} as its pattern and options, a brace that opens no quantifier as a literal, {@code u} (UTF mode,
 * always on) left out; refused with MongoDB's codes. Rows from mongo {@code jstests/core/query/regex/regex_options.js},
 * {@code regex_error.js} and {@code src/mongo/db/matcher/expression_parser.cpp} ({@code parseRegexDocument}); the
 * patterns' own refusals are {@code routing/RegexSyntaxTest}'s.
 */
class QueryRegexesTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regex_options.js        | {a: {$regex: /O/i}}                        | {"a": {"$regex": "O", "$options": "i"}}
            regex_options.js        | {a: {$regex: 'O', $options: 'i'}}          | {"a": {"$regularExpression": {"pattern": "O", "options": "i"}}}
            regex_options.js        | {txt: {$regex: '^hello.*', $options: 'u'}} | {"txt": {"$regularExpression": {"pattern": "^hello.*", "options": ""}}}
            regex_options.js        | {a: /O/i}                                  | {"a": {"$regularExpression": {"pattern": "O", "options": "i"}}}
            expression_parser.cpp   | {a: {$not: {$regex: /x/}}}                 | {"a": {"$not": {"$regex": "x", "$options": ""}}}
            expression_parser.cpp   | {$or: [{a: {$regex: /^N/}}]}               | {"$or": [{"a": {"$regex": "^N", "$options": ""}}]}
            pcre2pattern Repetition | {a: {$regex: /a{/}}                        | {"a": {"$regex": "a\\\\{", "$options": ""}}
            pcre2pattern Repetition | {a: {$regex: /a{2,3}/}}                    | {"a": {"$regex": "a{2,3}", "$options": ""}}
            """)
    void a_regex_is_handed_to_the_store_as_a_pattern_and_options(String source, String filter, String stored) {
        // the JSON reader reads {$regex: 'p', $options: 'o'} as a regex value, so a row whose filter is written so
        // meets a regex value, which stays one
        assertEquals(
                stored,
                new QueryRegexes().normalized(BsonDocument.parse(filter)).toJson(),
                source);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            expression_parser.cpp | {a: {$regex: /x/i, $options: 'm'}} | 51075 | options set in both $regex and $options
            expression_parser.cpp | {a: {$options: 'm', $regex: /x/i}} | 51074 | options set in both $regex and $options
            expression_parser.cpp | {a: {$options: 'm'}}               | 2     | $options needs a $regex
            expression_parser.cpp | {a: {$regex: 5}}                   | 2     | $regex has to be a string
            expression_parser.cpp | {a: {$regex: 'x', $options: 5}}    | 2     | $options has to be a string
            regex_error.js        | {a: {$regex: '[)'}}                | 51091 | Regular expression is invalid: missing terminating ] for character class
            regex_options.js      | {a: {$regex: 'x', $options: 'g'}}  | 51108 | invalid flag in regex options: g
            """)
    void a_regex_mongod_cannot_read_is_refused(String source, String filter, int code, String message) {
        MongoCommandException e = assertThrows(
                MongoCommandException.class, () -> new QueryRegexes().normalized(BsonDocument.parse(filter)));

        assertEquals(code, e.code().number(), source);
        assertEquals(message, e.getMessage(), source);
    }
}

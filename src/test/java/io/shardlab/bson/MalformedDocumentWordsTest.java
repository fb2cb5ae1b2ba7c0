package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A malformed key or filter is explained as what to change, not in the Java driver's JsonReader words ("JSON
 * reader was expecting a value but found '}'."), and the problem alone does not repeat the input.
 */
class MalformedDocumentWordsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # input       | the problem
            {x: }         | a value is missing before '}'
            {x: hashed}   | 'hashed' is not a value (a string is quoted: 'hashed')
            {x 1}         | a ':' is missing between the field name and its value, before '1'
            {: 1}         | a field name is missing before ':'
            {x: 1         | the text ends before the document is closed by '}'
            {x: 'hashed}  | a string is not closed by its quote
            """)
    void the_problem_says_what_to_change(String input, String problem) {
        BsonParseException e = assertThrows(BsonParseException.class, () -> BsonLiterals.parseDocument(input));

        assertEquals(problem, e.problem());
        assertEquals("'" + input + "' is not valid: " + problem, e.getMessage());
    }
}

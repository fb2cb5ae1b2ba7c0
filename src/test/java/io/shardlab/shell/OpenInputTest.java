package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Enter runs a whole input and continues one that stops inside something it opened, as Node's REPL (which is
 * mongosh's) does with acorn's recoverable errors (node lib/internal/repl/utils.js isRecoverableError).
 */
class OpenInputTest {

    // input (\n = new line)                  | open?
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\u0000', textBlock = """
            for (let i = 0; i < 3; i++) {          | true
            db.orders.insertOne({ a: 1             | true
            print('unterminated                    | true
            /* a comment                           | true
            x = `abc                               | true
            x = `a ${b                             | true
            f(1,                                   | true
            [1, 2                                  | true
            if (a) {\\n  b()\\n                      | true
            db.c.find({a: 1})                      | false
            x = a / b / c                          | false
            db.c.find({name: /^A{2}[}]/})          | false
            var s = "a // not a comment {"         | false
            'it\\'s'                               | false
            x = 1 }                                | false
            `a ${b} c`                             | false
            print('a\\n')                          | false
            if (a) { b } else { c }                | false
            // just a comment {                    | false
            function f() { return /}/ }            | false
            """)
    void an_input_is_open_while_a_bracket_string_template_or_comment_is(String input, boolean open) {
        assertEquals(open, OpenInput.isOpen(input.replace("\\n", "\n")));
    }
}

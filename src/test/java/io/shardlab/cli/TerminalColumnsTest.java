package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A text takes as many terminal columns as a terminal shows it in: Chinese characters and fullwidth punctuation two
 * each (Unicode Standard Annex #11, East Asian Width W and F), so that a padded column of Chinese names lines up.
 */
class TerminalColumnsTest {

    @ParameterizedTest(name = "\"{0}\" takes {1} columns")
    @CsvSource(delimiter = '|', textBlock = """
            by customer             | 11
            按客户查询               | 10
            按 customerId 查询       | 18
            范围：最近一天            | 14
            é                       | 1
            ''                      | 0
            """)
    void aWideCharacterTakesTwoColumns(String text, int columns) {
        assertEquals(columns, TerminalColumns.width(text));
    }

    @ParameterizedTest(name = "\"{0}\" padded to {1} columns")
    @CsvSource(delimiter = '|', textBlock = """
            by customer | 14 | 'by customer   '
            按客户查询   | 14 | '按客户查询    '
            按客户查询   | 8  | 按客户查询
            """)
    void paddingFillsColumnsNotCharacters(String text, int columns, String padded) {
        assertEquals(padded, TerminalColumns.padded(text, columns));
    }
}

package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PdfTextTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # text                  | in JFreePDF's literal string (Mac OS Roman octal escapes)
            shard01                 | shard01
            (1, MinKey)             | \\(1, MinKey\\)
            a\\b                    | a\\\\b
            a · b                   | a \\341 b
            9m50s–10m               | 9m50s\\32010m
            'Springf…'              | 'Springf\\311'
            Zürich                  | Z\\237rich
            数据                     | ??
            """)
    void text_is_escaped_for_a_pdf_literal_string_in_mac_roman(String text, String escaped) {
        assertEquals(escaped, PdfText.escape(text));
    }
}

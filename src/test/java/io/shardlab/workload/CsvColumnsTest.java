package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvColumnsTest {

    @ParameterizedTest(name = "''{0}'' becomes {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            42                         | 42
            -7                         | -7
            0                          | 0
            2147483648                 | NumberLong(2147483648)
            -9223372036854775808       | NumberLong('-9223372036854775808')
            92233720368547758070       | NumberDecimal('92233720368547758070')
            3.25                       | 3.25
            -0.5                       | -0.5
            1e6                        | 1000000.0
            2.5E-3                     | 0.0025
            true                       | true
            false                      | false
            01001                      | '01001'
            +5                         | '+5'
            ` 12`                      | ' 12'
            1.                         | '1.'
            .5                         | '.5'
            TRUE                       | 'TRUE'
            ``                         | ''
            abc                        | 'abc'
            """)
    void untypedValuesAreTypedSensibly(String text, String expected) {
        BsonValue value = CsvColumns.auto(text);
        BsonValue want = BsonLiterals.parseValue(expected);

        assertEquals(want.getBsonType(), value.getBsonType(), () -> text + " -> " + value);
        assertEquals(want, value);
    }

    @Test
    void dottedColumnNamesMakeEmbeddedDocumentsAsMongoimportDoes() {
        CsvColumns columns = CsvColumns.fromHeader("t.csv", 1, List.of("name", "address.city", "address.zip"));

        BsonDocument doc = columns.toDocument(List.of("Ann", "Boston", "02108"), 2);

        assertEquals(BsonLiterals.parseDocument("{name: 'Ann', address: {city: 'Boston', zip: '02108'}}"), doc);
    }

    @Test
    void typedHeadersFollowMongoimportColumnsHaveTypes() {
        CsvColumns columns = CsvColumns.fromHeader(
                "t.csv",
                1,
                List.of(
                        "zip.string()",
                        "pop.int64()",
                        "lat.double()",
                        "n.int32()",
                        "ok.boolean()",
                        "d.decimal()",
                        "x.auto()"));

        BsonDocument doc = columns.toDocument(List.of("10001", "21102", "40.75", "7", "true", "1.10", "5"), 2);

        assertEquals(
                BsonLiterals.parseDocument("{zip: '10001', pop: NumberLong(21102), lat: 40.75, n: 7, ok: true,"
                        + " d: NumberDecimal('1.10'), x: 5}"),
                doc);
        assertEquals(List.of("zip", "pop", "lat", "n", "ok", "d", "x"), columns.names());
    }

    @Test
    void aValueThatDoesNotFitItsTypedColumnNamesTheLineAndColumn() {
        CsvColumns columns = CsvColumns.fromHeader("t.csv", 1, List.of("zip.string()", "pop.int32()"));

        DatasetException e = assertThrows(DatasetException.class, () -> columns.toDocument(List.of("1", "many"), 9));

        assertEquals("t.csv line 9: the value 'many' of column 'pop' is not a valid int32()", e.getMessage());
        assertEquals(
                "t.csv 第 9 行：列 'pop' 的值 'many' 不是有效的 int32()",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }

    @Test
    void aRecordWithAnotherNumberOfFieldsIsRefusedNotPadded() {
        CsvColumns columns = CsvColumns.fromHeader("t.csv", 1, List.of("a", "b"));

        DatasetException e = assertThrows(DatasetException.class, () -> columns.toDocument(List.of("1"), 4));

        assertEquals("t.csv line 4: the record has 1 fields but the header has 2 (a,b)", e.getMessage());
    }

    @ParameterizedTest(name = "header {0}")
    @CsvSource(delimiter = '|', textBlock = """
            a;a                      | names the field 'a' twice
            a.string();b             | gives types to 1 of 2 columns
            a.date(2006-01-02)       | date() in 'a.date(2006-01-02)' is not supported
            a.money()                | unknown column type money()
            a;a.b                    | both 'a' and 'a.b'
            a;;c                     | empty field name
            a.string(x)              | takes no argument
            """)
    void badHeadersAreRefusedWithTheReason(String header, String reason) {
        DatasetException e = assertThrows(
                DatasetException.class, () -> CsvColumns.fromHeader("t.csv", 1, List.of(header.split(";", -1))));

        assertTrue(e.getMessage().startsWith("t.csv line 1: "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }
}

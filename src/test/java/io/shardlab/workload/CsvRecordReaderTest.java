package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvRecordReaderTest {

    private static List<List<String>> records(String text) {
        try (CsvRecordReader reader = new CsvRecordReader(new StringReader(text), "t.csv")) {
            List<List<String>> all = new ArrayList<>();
            for (List<String> r = reader.next(); r != null; r = reader.next()) {
                all.add(r);
            }
            return all;
        }
    }

    @Test
    void splitsFieldsAtCommasAndRecordsAtCrLfLfOrCr() {
        assertEquals(
                List.of(List.of("a", "b"), List.of("1", "2"), List.of("3", "4"), List.of("5", "6")),
                records("a,b\r\n1,2\n3,4\r5,6"));
    }

    @Test
    void quotedFieldsHoldCommasLineBreaksAndDoubledQuotes() {
        assertEquals(
                List.of(List.of("x,y", "say \"hi\"", "two\nlines", "")),
                records("\"x,y\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"\"\n"));
    }

    @Test
    void keepsEmptyFieldsAndSkipsEmptyLines() {
        assertEquals(List.of(List.of("a", "", "c"), List.of("", "", "")), records("\n\na,,c\n\n,,\n\n"));
    }

    @Test
    void ignoresAByteOrderMark() {
        assertEquals(List.of(List.of("zip", "city")), records("\uFEFFzip,city\n"));
    }

    @Test
    void reportsTheLineWhereEachRecordStarts() {
        try (CsvRecordReader reader = new CsvRecordReader(new StringReader("h\n\"a\nb\"\nc\n"), "t.csv")) {
            reader.next();
            assertEquals(1, reader.recordLine());
            assertEquals(List.of("a\nb"), reader.next());
            assertEquals(2, reader.recordLine());
            assertEquals(List.of("c"), reader.next());
            assertEquals(4, reader.recordLine());
            assertNull(reader.next());
        }
    }

    @Test
    void malformedQuotingIsAnErrorWithFileAndLine() {
        DatasetException open = assertThrows(DatasetException.class, () -> records("a\n\"never closed\nb\n"));
        assertEquals("t.csv line 2: a quoted field opened here is never closed", open.getMessage());

        DatasetException stray = assertThrows(DatasetException.class, () -> records("a\nab\"c\n"));
        assertEquals(2, stray.line());

        DatasetException after = assertThrows(DatasetException.class, () -> records("a\n\"x\"y\n"));
        assertEquals(
                "t.csv line 2: text after the closing quote of a field: 'y'; expected a comma or the end of "
                        + "the line",
                after.getMessage());
    }
}

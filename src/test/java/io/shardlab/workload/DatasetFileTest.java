package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatasetFileTest {

    private static final WorkloadSettings SETTINGS = WorkloadSettings.of(1_000_000, 1);

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static List<InsertDocument> readAll(Path file) {
        List<InsertDocument> all = new ArrayList<>();
        try (InsertStream stream = DatasetFile.open(file, SETTINGS, Long.MAX_VALUE)) {
            stream.forEachRemaining(all::add);
        }
        return all;
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(textBlock = """
            cities.jsonl,       JSON_LINES
            cities.ndjson,      JSON_LINES
            cities.json,        JSON_LINES
            CITIES.JSONL.GZ,    JSON_LINES
            cities.csv,         CSV
            cities.csv.gz,      CSV
            """)
    void theFileNameChoosesTheFormat(String name, DatasetFile.Format format) {
        assertEquals(format, DatasetFile.formatOf(name));
    }

    @Test
    void anUnknownExtensionIsRefusedWithTheAcceptedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DatasetFile.formatOf("a.txt"));
        assertTrue(e.getMessage().startsWith("a.txt: unknown dataset format"), e.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.csv");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> DatasetFile.open(missing, SETTINGS, 10));
        assertEquals(missing + ": no such file", e.getMessage());
    }

    @Test
    void jsonLinesReplaysDocumentsInFileOrderWithLineNumbers() throws IOException {
        Path file = write("people.jsonl", """
                {"_id": 1, "name": "Ann", "born": {"$date": "1990-05-01T00:00:00Z"}}

                {_id: 2, name: 'Bob', n: NumberLong(5)}
                """);

        List<InsertDocument> docs = readAll(file);

        assertEquals(2, docs.size());
        assertEquals(1, docs.get(0).position());
        assertEquals(3, docs.get(1).position(), "blank lines are skipped but still counted");
        assertEquals(
                BsonLiterals.parseDocument("{_id: 2, name: 'Bob', n: NumberLong(5)}"),
                docs.get(1).document());
        for (InsertDocument d : docs) {
            assertEquals(BsonSizeTest.encodedLength(d.document()), d.bsonSize());
        }
    }

    @Test
    void aDocumentWithoutIdGetsAnObjectIdFirstAsADriverWould() throws IOException {
        Path file = write("a.jsonl", "{\"x\": 1}\n{\"x\": 2}\n");

        List<InsertDocument> docs = readAll(file);

        assertEquals(List.of("_id", "x"), List.copyOf(docs.get(0).document().keySet()));
        assertTrue(
                docs.get(0)
                                .document()
                                .getObjectId("_id")
                                .getValue()
                                .compareTo(docs.get(1)
                                        .document()
                                        .getObjectId("_id")
                                        .getValue())
                        < 0,
                "ids ascend in file order");
        assertEquals(
                BsonSizeTest.encodedLength(docs.get(0).document()), docs.get(0).bsonSize());
        assertEquals(readAll(file).get(1).document(), docs.get(1).document(), "the same seed gives the same ids");
    }

    @Test
    void aLineThatIsNotADocumentNamesTheFileAndLine() throws IOException {
        Path file = write("bad.jsonl", "{\"a\": 1}\n{\"a\": 2\n");
        DatasetException e = assertThrows(DatasetException.class, () -> readAll(file));
        assertTrue(e.getMessage().startsWith(file + " line 2: not a document: "), e.getMessage());

        Path array = write("array.json", "[{\"a\": 1}]\n");
        DatasetException a = assertThrows(DatasetException.class, () -> readAll(array));
        assertTrue(
                a.getMessage()
                        .startsWith(array + " line 1: not a document (JSON Lines holds one {...} document"
                                + " per line; a JSON array is not supported"),
                a.getMessage());

        Path scalar = write("scalar.jsonl", "42\n");
        assertTrue(assertThrows(DatasetException.class, () -> readAll(scalar))
                .getMessage()
                .startsWith(scalar + " line 1: not a document"));
    }

    @Test
    void invalidUtf8IsAnErrorNotSilentlyReplaced() throws IOException {
        Path file = dir.resolve("latin1.csv");
        Files.write(file, new byte[] {'c', 'i', 't', 'y', '\n', 'M', (byte) 0xFC, 'n', 'c', 'h', 'e', 'n', '\n'});

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> readAll(file));

        assertEquals(file + ": not UTF-8 text at byte offset 6 (line 2)", e.getMessage());
    }

    @Test
    void csvReplaysRecordsAsTypedDocuments() throws IOException {
        Path file = write("zips.csv", "zip,city,pop\n01001,Agawam,15338\n\"02108\",\"Boston, MA\",4.5\n");

        List<InsertDocument> docs = readAll(file);

        assertEquals(2, docs.size());
        BsonDocument second = docs.get(1).document().clone();
        second.remove("_id");
        assertEquals(BsonLiterals.parseDocument("{zip: '02108', city: 'Boston, MA', pop: 4.5}"), second);
        assertEquals(3, docs.get(1).position());
        assertEquals(
                BsonSizeTest.encodedLength(docs.get(1).document()), docs.get(1).bsonSize());
    }

    @Test
    void anEmptyCsvFileIsRefused() throws IOException {
        Path file = write("empty.csv", "");
        DatasetException e = assertThrows(DatasetException.class, () -> DatasetFile.open(file, SETTINGS, 10));
        assertEquals(file + ": the file is empty; a CSV dataset starts with a header line", e.getMessage());
    }

    @Test
    void gzipFilesAreReadAsTheirContent() throws IOException {
        Path file = dir.resolve("x.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write("{\"_id\": 1}\n{\"_id\": 2}\n".getBytes(StandardCharsets.UTF_8));
        }

        assertEquals(2, readAll(file).size());
    }

    @Test
    void theLimitStopsTheReplayEarly() throws IOException {
        Path file = write("n.csv", "n\n1\n2\n3\n4\n");
        try (InsertStream stream = DatasetFile.open(file, SETTINGS, 2)) {
            assertEquals(1, stream.next().document().getInt32("n").getValue());
            assertEquals(2, stream.next().document().getInt32("n").getValue());
            assertFalse(stream.hasNext());
        }
    }

    @Test
    void aDocumentOverSixteenMebibytesIsRefused() throws IOException {
        Path file = dir.resolve("big.jsonl");
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("{\"ok\": 1}\n{\"blob\": \"");
            for (int i = 0; i < 16 * 1024; i++) {
                w.write("x".repeat(1024));
            }
            w.write("\"}\n");
        }

        DatasetException e = assertThrows(DatasetException.class, () -> readAll(file));

        assertTrue(
                e.getMessage()
                        .startsWith(file + " line 2: the document is 16777249 bytes as BSON, larger than "
                                + "MongoDB's maximum document size of 16777216 bytes"),
                e.getMessage());
    }

    @Test
    void largeFilesAreStreamedInFileOrder() throws IOException {
        Path file = dir.resolve("many.csv");
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("n,name\n");
            for (int i = 0; i < 200_000; i++) {
                w.write(i + ",name" + i + "\n");
            }
        }
        long count = 0;
        try (InsertStream stream = DatasetFile.open(file, SETTINGS, Long.MAX_VALUE)) {
            while (stream.hasNext()) {
                InsertDocument d = stream.next();
                assertEquals(count, d.document().getInt32("n").getValue());
                assertEquals(count + 2, d.position());
                count++;
            }
        }
        assertEquals(200_000, count);
    }
}

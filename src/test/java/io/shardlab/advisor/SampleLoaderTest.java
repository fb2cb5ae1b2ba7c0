package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleLoaderTest {

    @TempDir
    Path dir;

    private static Sample load(SampleSource source) {
        return new SampleLoader(ProgressListener.NONE, CancelToken.none()).load(source, Long.MAX_VALUE);
    }

    @Test
    void readsMongoexportOutputInFileOrder() throws IOException {
        // mongoexport writes canonical or relaxed Extended JSON, one document per line
        Path file = dir.resolve("orders.json");
        Files.writeString(file, """
                {"_id":{"$oid":"65920080fd9d6253473719b8"},"ts":{"$date":"2024-01-01T00:00:00Z"},"n":{"$numberLong":"5"}}
                {"_id":{"$oid":"65920080fd9d6253473719b9"},"ts":{"$date":{"$numberLong":"1704067201000"}},"n":6}

                {"_id":{"$oid":"65920080fd9d6253473719ba"},"ts":{"$date":"2024-01-01T00:00:02Z"},"n":7.5}
                """);

        Sample sample = load(new DatasetFileSampleSource(file));

        assertEquals(3, sample.numDocsSampled());
        assertEquals(SampleOrder.INSERTION, sample.order());
        assertEquals("orders.json", Messages.of(Language.ENGLISH).text(sample.source()));
        assertEquals(
                BsonLiterals.parseDocument(
                        "{_id: ObjectId('65920080fd9d6253473719b9'), " + "ts: new Date(1704067201000), n: 6}"),
                sample.documents().document(1));
        assertEquals(
                List.of(1L, 2L, 4L),
                List.of(
                        sample.documents().position(0),
                        sample.documents().position(1),
                        sample.documents().position(2)),
                "positions are file lines; the blank line is skipped");
        assertEquals(
                List.of("_id", "ts", "n"),
                sample.fields().stream().map(FieldProfile::path).toList());
    }

    @Test
    void readsACsvWithAHeaderAndGivesEachDocumentAnObjectId() throws IOException {
        Path file = dir.resolve("people.csv");
        Files.writeString(file, "name,age\nada,36\ngrace,45\n");

        Sample sample = load(new DatasetFileSampleSource(file));

        assertEquals(2, sample.numDocsSampled());
        assertEquals(BsonLiterals.parseDocument("{name: 'grace', age: 45}"), withoutId(sample, 1));
        assertTrue(sample.documents().document(0).get("_id") instanceof BsonObjectId, "as mongoimport would");
        assertEquals(
                List.of("_id", "name", "age"),
                sample.fields().stream().map(FieldProfile::path).toList());
    }

    private static org.bson.BsonDocument withoutId(Sample sample, int i) {
        org.bson.BsonDocument d = sample.documents().document(i);
        d.remove("_id");
        return d;
    }

    @Test
    void badInputNamesTheFileAndLine() throws IOException {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"a\": 1}\n{\"a\": \n");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> load(new DatasetFileSampleSource(file)));
        assertTrue(e.getMessage().startsWith(file + " line 2: not a document"), e.getMessage());
        IllegalArgumentException missing = assertThrows(
                IllegalArgumentException.class, () -> load(new DatasetFileSampleSource(dir.resolve("none.jsonl"))));
        assertEquals(dir.resolve("none.jsonl") + ": no such file", missing.getMessage());
    }

    @Test
    void reportsProgressByBytesReadAndFinishesAtOne() throws IOException {
        Path file = dir.resolve("many.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append("{\"i\": ").append(i).append("}\n");
        }
        Files.writeString(file, text);
        List<AnalysisProgress> reports = new ArrayList<>();

        new SampleLoader(reports::add, CancelToken.none()).load(new DatasetFileSampleSource(file), Long.MAX_VALUE);

        assertTrue(reports.size() > 3, "reports along the way: " + reports.size());
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i).fraction() >= reports.get(i - 1).fraction(), "never goes back");
        }
        assertEquals(
                new AnalysisProgress(
                        Message.of("advisor.progress.reading", Message.of("advisor.verbatim", "many.jsonl")), 1),
                reports.get(reports.size() - 1));
    }

    @Test
    void stopsWhenCancelled() throws IOException {
        Path file = dir.resolve("many.jsonl");
        Files.writeString(file, "{\"i\": 1}\n".repeat(10_000));
        CancelToken cancel = new CancelToken();

        assertThrows(
                AnalysisCancelledException.class,
                () -> new SampleLoader(p -> cancel.cancel(), cancel)
                        .load(new DatasetFileSampleSource(file), Long.MAX_VALUE));
    }

    @Test
    void readsAtMostTheLimit() {
        Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none()).load(ShippedDataset.ZIPCODES, 100);

        assertEquals(100, sample.numDocsSampled());
        assertEquals("00501", sample.documents().document(0).getString("zip").getValue());
    }

    @Test
    void shippedDatasetsAreFoundByName() {
        assertEquals(ShippedDataset.ZIPCODES, ShippedDataset.named("zipcodes"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShippedDataset.named("cities"));
        assertEquals("dataset: no shipped dataset 'cities'; shipped: zipcodes", e.getMessage());
    }

    @Test
    void aSampleThatDoesNotFitInMemoryIsRefusedInEnglishAndInChinese() {
        // given a loader that may use one byte
        SampleLoader loader = new SampleLoader(ProgressListener.NONE, CancelToken.none(), 1);

        // when it reads the shipped ZIP codes
        RefusedInput e = assertThrows(RefusedInput.class, () -> loader.load(ShippedDataset.ZIPCODES, 10));

        // then the refusal names the source and what to do, in either language
        assertTrue(e.getMessage().contains(": the sample does not fit in memory: 1 documents take "), e.getMessage());
        String chinese = Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said());
        assertTrue(chinese.contains("：样本装不进内存：1 个文档占用 "), chinese);
        assertTrue(chinese.endsWith("请用 --docs N 少读一些，或用更大的 -Xmx 启动 Java"), chinese);
    }
}

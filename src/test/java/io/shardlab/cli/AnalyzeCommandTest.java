package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnalyzeCommandTest {

    @TempDir
    Path dir;

    private Path orders;

    /** 2,000 orders: a counter, 50 customers in turn, and a region, as mongoexport writes them. */
    @BeforeEach
    void writeOrders() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 2_000; i++) {
            text.append("{\"orderNo\":{\"$numberLong\":\"")
                    .append(i)
                    .append("\"},\"customerId\":")
                    .append(i % 50)
                    .append(",\"region\":\"")
                    .append(i % 10 == 0 ? "eu" : "us")
                    .append("\"}\n");
        }
        orders = dir.resolve("orders.jsonl");
        Files.writeString(orders, text);
    }

    private static BsonDocument json(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        return BsonLiterals.parseDocument(run.out());
    }

    @Test
    void printsAnalyzeShardKeysNumbersPerCandidateInTheOrderGiven() {
        BsonDocument out = json(CliRun.of(
                "analyze",
                "--dataset",
                orders.toString(),
                "--key",
                "{region: 1}",
                "--key",
                "{orderNo: 1}",
                "--key",
                "{customerId: 'hashed'}",
                "--shards",
                "2",
                "--chunk-size",
                "1",
                "--json"));

        BsonArray candidates = out.getArray("candidates");
        assertEquals(3, candidates.size());
        BsonDocument region = candidates.get(0).asDocument();
        assertEquals(BsonLiterals.parseDocument("{region: 1}"), region.getDocument("key"));
        BsonDocument kc = region.getDocument("analyzeShardKey").getDocument("keyCharacteristics");
        assertEquals(2_000, kc.getNumber("numDocsTotal").longValue());
        assertEquals(2_000, kc.getNumber("numDocsSampled").longValue());
        assertEquals(2, kc.getNumber("numDistinctValues").longValue());
        assertEquals(
                BsonLiterals.parseDocument("{value: {region: 'us'}, frequency: 1800}"),
                kc.getArray("mostCommonValues").get(0),
                "the value is the shard-key document");
        assertEquals(
                BsonLiterals.parseDocument("{type: 'monotonic', recordIdCorrelationCoefficient: 1.0}"),
                candidates
                        .get(1)
                        .asDocument()
                        .getDocument("analyzeShardKey")
                        .getDocument("keyCharacteristics")
                        .getDocument("monotonicity"));
        assertEquals(
                BsonLiterals.parseDocument("{recordIdCorrelationCoefficient: 0.0, type: 'not monotonic'}"),
                candidates
                        .get(2)
                        .asDocument()
                        .getDocument("analyzeShardKey")
                        .getDocument("keyCharacteristics")
                        .getDocument("monotonicity"));
        BsonDocument own = region.getDocument("shardlab");
        BsonDocument layout = own.getDocument("layout");
        assertTrue(layout.getNumber("chunks").intValue() >= 1);
        assertTrue(own.containsKey("meanMaxWriteShare"));
        assertTrue(own.getArray("findings").stream()
                .anyMatch(f -> f.asDocument().getString("kind").getValue().equals("lowCardinality")));
        assertTrue(out.isInt32("recommended") || out.isNull("recommended"));
        assertEquals(
                BsonLiterals.parseDocument("{mongodbVersion: '8.0', shards: 2, chunkSizeMB: 1}"),
                out.getDocument("settings"));
    }

    @Test
    void aQueryMixAddsTheReadAndWriteDistributions() throws IOException {
        Path mix = dir.resolve("mix.jsonl");
        Files.writeString(mix, """
                {"op": "find", "filter": {"customerId": 7}, "weight": 3}
                {"op": "find", "filter": {"region": "eu"}}
                {"op": "deleteOne", "filter": {"region": "eu"}}
                """);

        // a hashed key starts with chunks on every shard, so a filter without the key reaches several
        BsonDocument out = json(CliRun.of(
                "analyze",
                "--dataset",
                orders.toString(),
                "--key",
                "{customerId: 'hashed'}",
                "--queries",
                mix.toString(),
                "--mongodb-version",
                "6.0",
                "--json"));

        BsonDocument c = out.getArray("candidates").get(0).asDocument();
        BsonDocument read = c.getDocument("analyzeShardKey").getDocument("readDistribution");
        BsonDocument percentages = read.clone();
        percentages.remove("numReadsByRange");
        assertEquals(BsonLiterals.parseDocument("""
                {sampleSize: {total: 4, find: 4, aggregate: 0, count: 0, distinct: 0},
                 percentageOfSingleShardReads: 75.0, percentageOfMultiShardReads: 0.0,
                 percentageOfScatterGatherReads: 25.0}"""), percentages);
        assertEquals(
                51,
                read.getArray("numReadsByRange").size(),
                "50 distinct hashes give 50 split points: fewer ranges than analyzeShardKeyNumRanges (100)");
        assertEquals(
                3 + 51,
                read.getArray("numReadsByRange").stream()
                        .mapToLong(v -> v.asNumber().longValue())
                        .sum(),
                "3 equality reads reach one range each, the scatter-gather read all of them");
        assertEquals(51, c.getDocument("shardlab").getArray("ranges").size());
        assertEquals(
                BsonLiterals.parseDocument("{numSingleShardReads: 3, numMultiShardReads: 0, numScatterGatherReads: 1}"),
                c.getDocument("shardlab").getDocument("readDistribution"),
                "the raw counts the server drops");
        assertEquals(
                1,
                c.getDocument("analyzeShardKey")
                        .getDocument("writeDistribution")
                        .getDocument("sampleSize")
                        .getNumber("delete")
                        .intValue());
        assertEquals(
                "deleteOne",
                c.getDocument("shardlab")
                        .getArray("rejectedOperations")
                        .get(0)
                        .asDocument()
                        .getString("op")
                        .getValue(),
                "6.0 refuses a deleteOne without the shard key");
        assertTrue(out.isNull("recommended"), "the only candidate is ruled out");
    }

    @Test
    void theReadableReportEndsWithTheRecommendationAndSuggestions() {
        CliRun run = CliRun.of(
                "analyze",
                "--dataset",
                orders.toString(),
                "--key",
                "{region: 1}",
                "--key",
                "{orderNo: 'hashed'}",
                "--chunk-size",
                "1",
                "--shards",
                "2");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("Shard key analysis of orders.jsonl: 2,000 documents"), run.out());
        assertTrue(run.out().contains("1. { region: 1 }"), run.out());
        assertTrue(
                run.out().contains("   mostCommonValues    { region: 'us' } 1,800 · { region: 'eu' } 200"), run.out());
        assertTrue(run.out().contains("\nRecommended: { orderNo: 'hashed' }."), run.out());
        assertEquals("", run.err(), "no progress without a terminal or --progress");
    }

    @Test
    void progressGoesToStandardErrorOnRequest() {
        CliRun run = CliRun.of(
                "analyze", "--dataset", "zipcodes", "--key", "{state: 1}", "--docs", "500", "--progress", "--json");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("[100%] reading zipcodes (shipped with ShardLab)"), run.err());
        assertTrue(run.err().contains("{ state: 1 }: replaying 500 inserts"), run.err());
        assertEquals(
                500,
                BsonLiterals.parseDocument(run.out())
                        .getDocument("sample")
                        .getNumber("numDocsSampled")
                        .intValue(),
                "stdout stays JSON");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --key {a: 2}                         | analyze: Shard key { a: 2 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            --key {a: 1} --chunk-size 0          | analyze: --chunk-size: between 1 and 1024 MB, got 0
            --key {a: 1} --shards 0              | analyze: --shards: between 1 and 1000 shards, got 0
            --key {a: 1} --mongodb-version 3.6   | analyze: --mongodb-version: version: MongoDB 3.6 is older than 4.0, the oldest release ShardLab models
            --key {a: 1} --key {a: 1}            | analyze: candidates: a key is listed twice: [{ a: 1 }, { a: 1 }]
            --key {a: 1} --out cmp.gif           | analyze: --format: not given, and --out cmp.gif ends in '.gif', not .png, .svg or .pdf
            --key {a: 1} --out cmp.png --width 9 | analyze: --width: between 200 and 20000 px, got 9
            --key {a: 1} --out cmp.svg --theme x | analyze: --theme: expected light or dark, got 'x'
            --key {a: 1} --format png            | analyze: --format: only with --out FILE
            """)
    void badOptionsExitTwoWithOneLine(String options, String message) {
        String[] args = ("analyze --dataset " + orders + " " + options).split(" (?=--)|(?<=--[a-z-]{1,20}) ");
        CliRun run = CliRun.of(args);

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.out());
        assertEquals(message, run.err().strip());
    }

    @Test
    void aMissingDatasetOrABadQueryMixNamesTheFile() throws IOException {
        CliRun none =
                CliRun.of("analyze", "--dataset", dir.resolve("none.jsonl").toString(), "--key", "{a: 1}");
        assertEquals(Cli.BAD_INPUT, none.exitCode());
        assertEquals(
                "analyze: --dataset: " + dir.resolve("none.jsonl") + ": no such file (and no shipped dataset of "
                        + "that name; shipped: zipcodes)",
                none.err().strip());

        Path mix = dir.resolve("mix.jsonl");
        Files.writeString(mix, "{\"op\": \"find\", \"filter\": {}}\n{\"op\": \"insert\"}\n");
        CliRun bad =
                CliRun.of("analyze", "--dataset", orders.toString(), "--key", "{a: 1}", "--queries", mix.toString());
        assertEquals(Cli.BAD_INPUT, bad.exitCode());
        assertTrue(bad.err().startsWith("analyze: " + mix + " line 2: 'insert' is not part of a query mix"), bad.err());
    }

    @Test
    void anArrayInACandidatesFieldIsBadInput() throws IOException {
        Path tagged = dir.resolve("tagged.jsonl");
        Files.writeString(tagged, "{\"tags\": \"a\"}\n{\"tags\": [\"a\"]}\n");

        CliRun run = CliRun.of("analyze", "--dataset", tagged.toString(), "--key", "{tags: 1}");

        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals(
                "analyze: candidate { tags: 1 }: document 2 (line 2 of tagged.jsonl) has an array at 'tags'; "
                        + "Shard key cannot contain array values or array descendants.",
                run.err().strip());
    }

    @Test
    void anIndexExportBesideTheFileDecidesIsUniqueAndWhetherTheServerWouldGiveKeyCharacteristics() throws IOException {
        Files.writeString(dir.resolve("orders.jsonl.indexes.json"), """
                [{"v": 2, "key": {"_id": 1}, "name": "_id_"},
                 {"v": 2, "key": {"orderNo": 1}, "name": "orderNo_1", "unique": true}]
                """);

        BsonDocument out = json(CliRun.of(
                "analyze", "--dataset", orders.toString(), "--key", "{orderNo: 1}", "--key", "{region: 1}", "--json"));

        BsonDocument orderNo = out.getArray("candidates").get(0).asDocument();
        assertTrue(orderNo.getDocument("analyzeShardKey")
                .getDocument("keyCharacteristics")
                .getBoolean("isUnique")
                .getValue());
        assertEquals(
                "orderNo_1",
                orderNo.getDocument("shardlab").getString("supportingIndex").getValue());
        BsonDocument region = out.getArray("candidates").get(1).asDocument();
        assertEquals(
                List.of("readDistribution", "writeDistribution"),
                List.copyOf(region.getDocument("analyzeShardKey").keySet()),
                "no supporting index: the server answers without keyCharacteristics");
        assertTrue(region.getDocument("shardlab").isNull("supportingIndex"));
        assertTrue(region.getDocument("shardlab").containsKey("keyCharacteristics"), "ShardLab's estimate stays");
        assertEquals(
                BsonLiterals.parseDocument("{declared: true, source: 'orders.jsonl.indexes.json'}"),
                out.getDocument("sample").getDocument("indexes"));
    }

    @Test
    void withoutAQueryMixBothDistributionsReportASampleSizeOfZero() {
        BsonDocument out =
                json(CliRun.of("analyze", "--dataset", orders.toString(), "--key", "{orderNo: 1}", "--json"));

        BsonDocument reply = out.getArray("candidates").get(0).asDocument().getDocument("analyzeShardKey");
        assertEquals(BsonLiterals.parseDocument("""
                {sampleSize: {total: 0, find: 0, aggregate: 0, count: 0, distinct: 0}}"""), reply.getDocument("readDistribution"));
        assertEquals(BsonLiterals.parseDocument("""
                {sampleSize: {total: 0, update: 0, delete: 0, findAndModify: 0}}"""), reply.getDocument("writeDistribution"));
    }

    @Test
    void theReadableReportDrawsReadsPerRangeAsAHeatStrip() throws IOException {
        Path mix = dir.resolve("mix.jsonl");
        Files.writeString(mix, "{\"op\": \"find\", \"filter\": {\"orderNo\": {\"$gte\": 1001}}}\n");

        CliRun run = CliRun.of(
                "analyze", "--dataset", orders.toString(), "--key", "{orderNo: 1}", "--queries", mix.toString());

        assertEquals(0, run.exitCode(), run.err());
        // orders 1001 to 2000 are the upper 50 of the 100 equal-count ranges: 25 of the 50 columns
        assertTrue(
                run.out()
                        .contains("   numReadsByRange     MinKey |" + " ".repeat(25) + "\u2588".repeat(25)
                                + "| MaxKey  (100 ranges, busiest 1)"),
                run.out());
        assertTrue(run.out().contains("   writeDistribution   no writes (sampleSize 0)"), run.out());
    }

    @Test
    void outWritesTheComparisonAsAPictureWithTheSameBytesForTheSameReport() throws IOException {
        Path mix = dir.resolve("mix.jsonl");
        Files.writeString(
                mix,
                "{\"op\": \"find\", \"filter\": {\"customerId\": 7}}\n"
                        + "{\"op\": \"updateOne\", \"filter\": {\"orderNo\": 5}, \"update\": {\"$set\": {\"region\": \"eu\"}}}\n");
        org.bson.BsonValue recommended = null;
        for (String format : List.of("svg", "pdf", "png")) {
            Path first = dir.resolve("first." + format);
            Path second = dir.resolve("second." + format);
            for (Path out : List.of(first, second)) {
                CliRun run = CliRun.of(
                        "analyze",
                        "--dataset",
                        orders.toString(),
                        "--key",
                        "{orderNo: 1}",
                        "--key",
                        "{customerId: 1, orderNo: 1}",
                        "--queries",
                        mix.toString(),
                        "--json",
                        "--out",
                        out.toString());
                assertEquals(0, run.exitCode(), run.err());
                assertTrue(run.err().contains("analyze: wrote " + out + " (" + format + ", 2 candidates)"), run.err());
                recommended = json(run).get("recommended");
            }
            assertTrue(
                    java.util.Arrays.equals(Files.readAllBytes(first), Files.readAllBytes(second)),
                    format + ": deterministic bytes");
        }
        String svg = Files.readString(dir.resolve("first.svg"));
        assertTrue(svg.contains(">Shard key candidates for "), svg.substring(0, 400));
        assertTrue(svg.contains("1.  { orderNo: 1 }  —  "), "each candidate in the order given");
        assertTrue(svg.contains("2.  { customerId: 1, orderNo: 1 }  —  "), svg);
        String pick = recommended.isNull()
                ? "none"
                : recommended.asNumber().intValue() == 0 ? "1.  { orderNo: 1 }" : "2.  { customerId: 1, orderNo: 1 }";
        assertTrue(recommended.isNull() || svg.contains(pick + "  —  recommended"), "the verdict of " + pick);
        assertTrue(svg.contains(">reads<") && svg.contains(">writes<"), "heat strips of both distributions");
        assertTrue(Files.readString(dir.resolve("first.pdf"), java.nio.charset.StandardCharsets.ISO_8859_1)
                .startsWith("%PDF-"));
        java.awt.image.BufferedImage png =
                javax.imageio.ImageIO.read(dir.resolve("first.png").toFile());
        assertEquals(1400, png.getWidth());
    }

    @Test
    void helpDocumentsTheQueryMixFormatAndTheRecommendationRules() {
        CliRun run = CliRun.of("analyze", "--help");

        assertEquals(0, run.exitCode());
        assertTrue(
                run.out().contains("{\"op\": \"find\", \"filter\": {\"customerId\": 42}, \"weight\": 70}"), run.out());
        assertTrue(run.out().contains("meanMaxWriteShare of"), run.out());
        assertTrue(run.out().contains("--mongodb-version=V"), run.out());
    }
}

package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.bson.BsonLiterals;
import io.shardlab.live.FakeCluster;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code analyze --uri URI --ns NS [--sample-size N]}: the sample is a live collection's
 * {@code $sample}. The collection holds 31 documents because mongo-java-server's {@code $sample}
 * can fail from 32 on (see {@code LiveCollectionSampleSourceTest}).
 */
class AnalyzeLiveCommandTest {

    static FakeCluster cluster;

    @BeforeAll
    static void seed() {
        cluster = FakeCluster.mongos("7.0.12", 21);
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 1; i <= 31; i++) {
            docs.add(new BsonDocument("_id", new BsonInt64(i)).append("customerId", new BsonInt64(i % 7)));
        }
        try (MongoClient client = MongoClients.create(cluster.connectionString())) {
            client.getDatabase("shop")
                    .getCollection("orders", BsonDocument.class)
                    .insertMany(docs);
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void samplesTheLiveCollectionAndReportsItsCountWithUnknownMonotonicity() {
        CliRun run = CliRun.of(
                "analyze",
                "--uri",
                cluster.connectionString(),
                "--ns",
                "shop.orders",
                "--sample-size",
                "12",
                "--key",
                "{_id: 1}",
                "--key",
                "{customerId: 1}",
                "--shards",
                "2",
                "--json");

        assertEquals(0, run.exitCode(), run.err());
        BsonDocument out = BsonLiterals.parseDocument(run.out());
        assertFalse(
                out.getArray("candidates")
                        .get(1)
                        .asDocument()
                        .getDocument("analyzeShardKey")
                        .containsKey("keyCharacteristics"),
                "listIndexes shows no index on customerId");
        for (var candidate : out.getArray("candidates")) {
            BsonDocument reply = candidate.asDocument().getDocument("analyzeShardKey");
            BsonDocument kc = reply.containsKey("keyCharacteristics")
                    ? reply.getDocument("keyCharacteristics")
                    : candidate.asDocument().getDocument("shardlab").getDocument("keyCharacteristics");
            assertEquals(12, kc.getNumber("numDocsSampled").longValue());
            assertEquals(31, kc.getNumber("numDocsTotal").longValue());
            assertEquals(
                    "unknown", kc.getDocument("monotonicity").getString("type").getValue());
        }
    }

    @Test
    void anUnreachableServerExitsWithCodeTwoAndOneLineWithinFifteenSeconds() throws Exception {
        String uri = "mongodb://dba:Secr3tPw@127.0.0.1:" + freePort() + "/";
        long start = System.nanoTime();
        CliRun run = CliRun.of("analyze", "--uri", uri, "--ns", "shop.orders", "--key", "{_id: 1}");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(seconds < 15, seconds + " s");
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("no server answered at mongodb://dba:****@127.0.0.1:"), run.err());
        assertFalse(run.err().contains("Secr3tPw"), run.err());
    }

    @Test
    void aMissingCollectionExitsWithCodeTwoNamingIt() {
        CliRun run =
                CliRun.of("analyze", "--uri", cluster.connectionString(), "--ns", "shop.nosuch", "--key", "{_id: 1}");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("shop.nosuch at mongodb://127.0.0.1:"), run.err());
        assertTrue(run.err().contains("no such collection"), run.err());
    }

    @Test
    void theLiveOptionsAreRefusedWhereTheyDoNotApply() {
        CliRun noNs = CliRun.of("analyze", "--uri", cluster.connectionString(), "--key", "{_id: 1}");
        assertEquals(2, noNs.exitCode());
        assertTrue(noNs.err().contains("--ns: give the collection to sample with --uri"), noNs.err());

        CliRun nsWithFile = CliRun.of("analyze", "--dataset", "zipcodes", "--ns", "shop.orders", "--key", "{zip: 1}");
        assertEquals(2, nsWithFile.exitCode());
        assertTrue(nsWithFile.err().contains("--ns: only with --uri"), nsWithFile.err());

        CliRun both =
                CliRun.of("analyze", "--dataset", "zipcodes", "--uri", cluster.connectionString(), "--key", "{zip: 1}");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both.err());

        CliRun zero = CliRun.of(
                "analyze",
                "--uri",
                cluster.connectionString(),
                "--ns",
                "shop.orders",
                "--sample-size",
                "0",
                "--key",
                "{_id: 1}");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().contains("--sample-size: between 1 and 100000000 documents, got 0"), zero.err());
    }

    @Test
    void helpNamesTheLiveSampleOptions() {
        CliRun run = CliRun.of("analyze", "--help");
        assertEquals(0, run.exitCode());
        for (String option : List.of(
                "--uri=URI", "--ns=NS", "--sample-size=N", "--tls-ca-file=FILE", "--timeout=SECONDS", "$sample")) {
            assertTrue(run.out().contains(option), option + " in\n" + run.out());
        }
    }

    /** $listSampledQueries documents as a 7.0 mongos returns them (docs listSampledQueries; SampledQueryDocument). */
    static List<BsonDocument> sampledQueries() {
        String common = "_id: UUID('4cf7d2a0-0d5c-4f46-9d6a-8a2f5f7f0a01'), ns: 'shop.orders', "
                + "collectionUuid: UUID('0f1c6a8e-2b9d-4d0e-8d5f-5a0f2b9c7e11'), expireAt: ISODate('2026-12-31T00:00:00Z')";
        return List.of(
                BsonLiterals.parseDocument("{" + common + ", cmdName: 'find', cmd: {filter: {_id: 3}, collation: {}}}"),
                BsonLiterals.parseDocument("{" + common + ", cmdName: 'count', cmd: {filter: {customerId: 2}}}"),
                BsonLiterals.parseDocument("{" + common + ", cmdName: 'update', cmd: {update: 'orders', updates: "
                        + "[{q: {_id: 5}, u: {$set: {customerId: 1}}, multi: false, upsert: false}], ordered: true, "
                        + "$db: 'shop'}}"),
                BsonLiterals.parseDocument("{" + common + ", cmdName: 'delete', cmd: {delete: 'orders', deletes: "
                        + "[{q: {customerId: 4}, limit: 0}], ordered: true, $db: 'shop'}}"),
                BsonLiterals.parseDocument("{" + common + ", cmdName: 'find', cmd: {filter: {_id: 1}}}")
                        .append("ns", new org.bson.BsonString("shop.other")));
    }

    @Test
    void theClustersSampledQueriesAreTheQueryMix() {
        try (FakeCluster sampling = FakeCluster.mongos("7.0.12", 21).withSampledQueries(sampledQueries())) {
            seed(sampling);

            CliRun run = CliRun.of(
                    "analyze",
                    "--uri",
                    sampling.connectionString(),
                    "--ns",
                    "shop.orders",
                    "--sample-size",
                    "20",
                    "--key",
                    "{_id: 1}",
                    "--sampled-queries",
                    "--json");

            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.err().contains("analyze: 4 sampled operations of shop.orders"), run.err());
            BsonDocument reply = BsonLiterals.parseDocument(run.out())
                    .getArray("candidates")
                    .get(0)
                    .asDocument()
                    .getDocument("analyzeShardKey");
            assertEquals(
                    BsonLiterals.parseDocument("{total: 2, find: 1, aggregate: 0, count: 1, distinct: 0}"),
                    reply.getDocument("readDistribution").getDocument("sampleSize"));
            assertEquals(
                    50.0,
                    reply.getDocument("readDistribution")
                            .getDouble("percentageOfSingleShardReads")
                            .getValue(),
                    "the find by _id; the count has no _id");
            assertEquals(
                    BsonLiterals.parseDocument("{total: 2, update: 1, delete: 1, findAndModify: 0}"),
                    reply.getDocument("writeDistribution").getDocument("sampleSize"));
            assertEquals(
                    50.0,
                    reply.getDocument("writeDistribution")
                            .getDouble("percentageOfMultiWritesWithoutShardKey")
                            .getValue(),
                    "the deleteMany (limit: 0)");
        }
    }

    @Test
    void withoutSampledQueriesItSaysHowToEnableSampling() {
        try (FakeCluster sampling = FakeCluster.mongos("7.0.12", 21).withSampledQueries(List.of())) {
            seed(sampling);

            CliRun run = CliRun.of(
                    "analyze",
                    "--uri",
                    sampling.connectionString(),
                    "--ns",
                    "shop.orders",
                    "--sample-size",
                    "10",
                    "--key",
                    "{_id: 1}",
                    "--sampled-queries",
                    "--json");

            assertEquals(0, run.exitCode(), run.err());
            assertTrue(
                    run.err()
                            .contains(
                                    "analyze: no sampled queries: enable sampling with db.adminCommand("
                                            + "{configureQueryAnalyzer: \"shop.orders\", mode: \"full\", samplesPerSecond: 10})"),
                    run.err());
        }
    }

    @Test
    void aServerThatCannotListSampledQueriesIsOneLineOfBadInput() {
        CliRun run = CliRun.of(
                "analyze",
                "--uri",
                cluster.connectionString(),
                "--ns",
                "shop.orders",
                "--sample-size",
                "10",
                "--key",
                "{_id: 1}",
                "--sampled-queries");

        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("listing the sampled queries of shop.orders"), run.err());
    }

    @Test
    void theServersOwnAnswerIsShownBesideShardLabsWithTheDifferencesExplained() {
        // the reply of analyzeShardKey {_id: 1} in the shape of analyze_shard_key_cmd.idl / the docs' example
        BsonDocument serverReply = BsonLiterals.parseDocument("""
                {keyCharacteristics: {numDocsTotal: NumberLong(31), avgDocSizeBytes: NumberLong(33),
                   numDocsSampled: NumberLong(31), isUnique: true, numDistinctValues: NumberLong(31),
                   mostCommonValues: [{value: {_id: NumberLong(1)}, frequency: NumberLong(1)},
                     {value: {_id: NumberLong(2)}, frequency: NumberLong(1)},
                     {value: {_id: NumberLong(3)}, frequency: NumberLong(1)},
                     {value: {_id: NumberLong(4)}, frequency: NumberLong(1)},
                     {value: {_id: NumberLong(5)}, frequency: NumberLong(1)}],
                   monotonicity: {recordIdCorrelationCoefficient: 1.0, type: 'monotonic'}},
                 readDistribution: {sampleSize: {total: NumberLong(0), find: NumberLong(0), aggregate: NumberLong(0),
                   count: NumberLong(0), distinct: NumberLong(0)}},
                 writeDistribution: {sampleSize: {total: NumberLong(0), update: NumberLong(0), delete: NumberLong(0),
                   findAndModify: NumberLong(0)}}}""");
        try (FakeCluster server = FakeCluster.mongos("8.0.4", 25).withAnalyzeShardKey("_id", serverReply)) {
            seed(server);

            CliRun json = CliRun.of(
                    "analyze",
                    "--uri",
                    server.connectionString(),
                    "--ns",
                    "shop.orders",
                    "--sample-size",
                    "12",
                    "--key",
                    "{_id: 1}",
                    "--server-analyze",
                    "--json");
            CliRun text = CliRun.of(
                    "analyze",
                    "--uri",
                    server.connectionString(),
                    "--ns",
                    "shop.orders",
                    "--sample-size",
                    "12",
                    "--key",
                    "{_id: 1}",
                    "--server-analyze");

            assertEquals(0, json.exitCode(), json.err());
            BsonDocument answer = BsonLiterals.parseDocument(json.out())
                    .getArray("candidates")
                    .get(0)
                    .asDocument()
                    .getDocument("server");
            assertEquals(
                    io.shardlab.bson.BsonPrinter.relaxedJson(serverReply),
                    io.shardlab.bson.BsonPrinter.relaxedJson(answer.getDocument("analyzeShardKey")),
                    "the server's answer, as it came (relaxed JSON prints a NumberLong as a plain number)");
            List<String> fields = answer.getArray("differences").stream()
                    .map(d -> d.asDocument().getString("field").getValue())
                    .toList();
            assertTrue(
                    fields.containsAll(List.of(
                            "keyCharacteristics.numDocsSampled",
                            "keyCharacteristics.numDistinctValues",
                            "keyCharacteristics.monotonicity.type")),
                    fields.toString());
            assertFalse(fields.contains("keyCharacteristics.numDocsTotal"), "both count 31 documents");
            assertFalse(fields.contains("keyCharacteristics.isUnique"), "both have the _id index");
            assertTrue(text.out().contains("server analyzeShardKey differs on"), text.out());
            assertTrue(
                    text.out()
                            .contains("keyCharacteristics.monotonicity.type: ShardLab 'unknown', server "
                                    + "'monotonic'"),
                    text.out());
        }
    }

    @Test
    void serverAnalysisNeedsALiveCluster() {
        CliRun run = CliRun.of("analyze", "--dataset", "zipcodes", "--key", "{state: 1}", "--server-analyze");

        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals(
                "analyze: --server-analyze: only with --uri (a live 7.0+ cluster)",
                run.err().strip());
    }

    private static void seed(FakeCluster target) {
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 1; i <= 31; i++) {
            docs.add(new BsonDocument("_id", new BsonInt64(i)).append("customerId", new BsonInt64(i % 7)));
        }
        try (MongoClient client = MongoClients.create(target.connectionString())) {
            client.getDatabase("shop")
                    .getCollection("orders", BsonDocument.class)
                    .insertMany(docs);
        }
    }
}

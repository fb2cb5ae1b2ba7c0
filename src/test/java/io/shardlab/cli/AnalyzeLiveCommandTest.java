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
            client.getDatabase("shop").getCollection("orders", BsonDocument.class).insertMany(docs);
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
        CliRun run = CliRun.of("analyze", "--uri", cluster.connectionString(), "--ns", "shop.orders",
                "--sample-size", "12", "--key", "{_id: 1}", "--key", "{customerId: 1}", "--shards", "2", "--json");

        assertEquals(0, run.exitCode(), run.err());
        BsonDocument out = BsonLiterals.parseDocument(run.out());
        assertFalse(out.getArray("candidates").get(1).asDocument().getDocument("analyzeShardKey")
                .containsKey("keyCharacteristics"), "listIndexes shows no index on customerId");
        for (var candidate : out.getArray("candidates")) {
            BsonDocument reply = candidate.asDocument().getDocument("analyzeShardKey");
            BsonDocument kc = reply.containsKey("keyCharacteristics") ? reply.getDocument("keyCharacteristics")
                    : candidate.asDocument().getDocument("shardlab").getDocument("keyCharacteristics");
            assertEquals(12, kc.getNumber("numDocsSampled").longValue());
            assertEquals(31, kc.getNumber("numDocsTotal").longValue());
            assertEquals("unknown", kc.getDocument("monotonicity").getString("type").getValue());
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
        CliRun run = CliRun.of("analyze", "--uri", cluster.connectionString(), "--ns", "shop.nosuch", "--key",
                "{_id: 1}");

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

        CliRun both = CliRun.of("analyze", "--dataset", "zipcodes", "--uri", cluster.connectionString(), "--key",
                "{zip: 1}");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both.err());

        CliRun zero = CliRun.of("analyze", "--uri", cluster.connectionString(), "--ns", "shop.orders",
                "--sample-size", "0", "--key", "{_id: 1}");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().contains("--sample-size: at least 1 document, got 0"), zero.err());
    }

    @Test
    void helpNamesTheLiveSampleOptions() {
        CliRun run = CliRun.of("analyze", "--help");
        assertEquals(0, run.exitCode());
        for (String option : List.of("--uri=URI", "--ns=NS", "--sample-size=N", "--tls-ca-file=FILE", "--timeout=SECONDS",
                "$sample")) {
            assertTrue(run.out().contains(option), option + " in\n" + run.out());
        }
    }
}

package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.advisor.AdvisorSettings;
import io.shardlab.advisor.AnalysisCancelledException;
import io.shardlab.advisor.AnalysisProgress;
import io.shardlab.advisor.CancelToken;
import io.shardlab.advisor.KeyCharacteristics;
import io.shardlab.advisor.MonotonicityType;
import io.shardlab.advisor.ProgressListener;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SampleLoader;
import io.shardlab.advisor.SampleOrder;
import io.shardlab.advisor.ShardKeyAdvisor;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A live collection sampled with {@code $sample}, against mongo-java-server (which implements
 * {@code $sample} as a random sort of the whole collection): the size is honoured, the collection's
 * count becomes numDocsTotal, monotonicity is "unknown", only reads are sent, and failures are one
 * line without the password.
 */
class LiveCollectionSampleSourceTest {

    /**
     * Fewer than 32: mongo-java-server 1.47.0 implements {@code $sample} as a sort whose comparator
     * draws a new random number on every comparison ({@code SampleStage}), which the JDK's TimSort
     * may reject with "Comparison method violates its general contract!" once it merges runs, i.e. from
     * 32 documents on. Below that it uses a binary insertion sort that never checks, so the tests
     * stay deterministic. Real servers have no such limit.
     */
    static final int DOCUMENTS = 31;

    static final String NS = "shop.orders";
    static final JsonWriterSettings EXTENDED =
            JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
    static FakeCluster cluster;

    @BeforeAll
    static void seed() {
        cluster = FakeCluster.mongos("7.0.12", 21);
        Random random = new Random(7);
        List<BsonDocument> docs = new ArrayList<>();
        for (int i = 1; i <= DOCUMENTS; i++) {
            docs.add(new BsonDocument("_id", new BsonInt64(i))
                    .append("customerId", new BsonInt64(random.nextInt(50)))
                    .append("note", new BsonString("x".repeat(random.nextInt(40)))));
        }
        try (MongoClient client = MongoClients.create(cluster.connectionString())) {
            client.getDatabase("shop")
                    .getCollection("orders", BsonDocument.class)
                    .insertMany(docs);
            client.getDatabase("shop").createCollection("empty");
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static LiveConnection connect(CommandRecorder recorder) {
        return new LiveConnector(List.of(recorder)).connect(LiveConnectionRequest.of(cluster.connectionString()));
    }

    @Test
    void theSampleHasTheRequestedSizeAndStandsForTheWholeCollectionInUnknownOrder() {
        // given a collection of 31 documents and a sample of 10
        try (LiveConnection connection = connect(new CommandRecorder())) {
            LiveCollectionSampleSource source = new LiveCollectionSampleSource(connection, NS, 10);

            // when it is loaded
            Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none()).load(source, Long.MAX_VALUE);

            // then 10 distinct documents of the collection come back, standing for all 31, in unknown order
            assertEquals(10, sample.numDocsSampled());
            assertEquals(DOCUMENTS, sample.numDocsTotal());
            assertEquals(SampleOrder.UNKNOWN, sample.order());
            Set<BsonValue> ids = new HashSet<>();
            for (int i = 0; i < sample.numDocsSampled(); i++) {
                ids.add(sample.documents().document(i).get("_id"));
            }
            assertEquals(10, ids.size(), "mongo-java-server's $sample draws without repetition");
            String described = Messages.of(Language.ENGLISH).text(sample.source());
            assertTrue(described.startsWith("shop.orders ($sample of 10 at mongodb://127.0.0.1:"), described);
            assertTrue(
                    Messages.of(Language.SIMPLIFIED_CHINESE)
                            .text(sample.source())
                            .matches("mongodb://127\\.0\\.0\\.1:\\d+ 上的 shop\\.orders（\\$sample 抽取 10 个文档）"),
                    Messages.of(Language.SIMPLIFIED_CHINESE).text(sample.source()));
        }
    }

    @Test
    void everyDocumentCarriesItsBsonSizeAndItsOrdinal() {
        try (LiveConnection connection = connect(new CommandRecorder())) {
            var input = new LiveCollectionSampleSource(connection, NS, 12).open();
            try (input) {
                long n = 0;
                while (input.documents().hasNext()) {
                    var d = input.documents().next();
                    n++;
                    assertEquals(
                            RawBsonDocument.parse(d.document().toJson(EXTENDED))
                                    .getByteBuffer()
                                    .remaining(),
                            d.bsonSize());
                    assertEquals(n, d.position());
                    assertEquals(n, input.progressDone().getAsLong());
                }
                assertEquals(12, n);
                assertEquals(12, input.progressTotal());
                assertEquals(DOCUMENTS, input.numDocsTotal());
            }
        }
    }

    @Test
    void aSampleLargerThanTheCollectionIsTheWholeCollection() {
        try (LiveConnection connection = connect(new CommandRecorder())) {
            Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none())
                    .load(new LiveCollectionSampleSource(connection, NS, 5000), Long.MAX_VALUE);
            assertEquals(DOCUMENTS, sample.numDocsSampled());
            assertEquals(DOCUMENTS, sample.numDocsTotal());
        }
    }

    @Test
    void monotonicityOfASampledKeyIsUnknownEvenForAnIncreasingId() {
        // given a sample whose _id grows with insertion in the collection
        try (LiveConnection connection = connect(new CommandRecorder())) {
            Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none())
                    .load(new LiveCollectionSampleSource(connection, NS, 20), Long.MAX_VALUE);

            // when _id is analysed
            KeyCharacteristics k = new ShardKeyAdvisor(Runnable::run)
                    .analyze(
                            sample,
                            List.of(ShardKeyPattern.parse("{_id: 1}")),
                            List.of(),
                            AdvisorSettings.of(MongoVersion.V8_0, 2),
                            ProgressListener.NONE,
                            CancelToken.none())
                    .candidates()
                    .get(0)
                    .keyCharacteristics();

            // then its monotonicity is "unknown": $sample's order says nothing about insertion
            assertEquals(MonotonicityType.UNKNOWN, k.monotonicity().type());
            assertEquals("unknown", k.monotonicity().type().value());
            assertEquals(DOCUMENTS, k.numDocsTotal());
            assertEquals(20, k.numDocsSampled());
        }
    }

    @Test
    void onlyReadsAreSentAndTheAggregateIsExactlyOneSampleStage() {
        CommandRecorder recorder = new CommandRecorder();
        try (LiveConnection connection = connect(recorder)) {
            new SampleLoader(ProgressListener.NONE, CancelToken.none())
                    .load(new LiveCollectionSampleSource(connection, NS, 2500), Long.MAX_VALUE);
        }
        Set<String> reads = Set.of(
                "hello",
                "isMaster",
                "ismaster",
                "ping",
                "buildInfo",
                "listCollections",
                "count",
                "listIndexes",
                "find",
                "aggregate",
                "getMore",
                "killCursors",
                "endSessions");
        for (BsonDocument command : recorder.commands) {
            assertTrue(reads.contains(command.getFirstKey()), "not a read: " + command.toJson());
            if (command.getFirstKey().equals("aggregate")) {
                assertEquals("orders", command.getString("aggregate").getValue());
                assertEquals(
                        List.of(new BsonDocument("$sample", new BsonDocument("size", new org.bson.BsonInt32(2500)))),
                        command.getArray("pipeline").getValues());
            }
        }
        assertTrue(
                recorder.names().containsAll(List.of("listCollections", "count", "aggregate")),
                recorder.names().toString());
        assertTrue(recorder.nonReads().stream().noneMatch(c -> c.contains("$out") || c.contains("$merge")));
    }

    @Test
    void progressIsReportedInDocumentsOfTheSample() {
        List<AnalysisProgress> reports = new CopyOnWriteArrayList<>();
        try (LiveConnection connection = connect(new CommandRecorder())) {
            new SampleLoader(reports::add, CancelToken.none())
                    .load(new LiveCollectionSampleSource(connection, NS, DOCUMENTS), Long.MAX_VALUE);
        }
        assertEquals(0.0, reports.get(0).fraction());
        assertEquals(1.0, reports.get(reports.size() - 1).fraction());
    }

    @Test
    void aMissingCollectionIsNamedInOneLine() {
        try (LiveConnection connection = connect(new CommandRecorder())) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> new LiveCollectionSampleSource(connection, "shop.nosuch", 10).open());
            assertEquals(
                    "shop.nosuch at " + connection.masked() + ": no such collection; give an existing "
                            + "db.collection",
                    e.getMessage());
        }
    }

    @Test
    void anEmptyCollectionIsNamedInOneLine() {
        try (LiveConnection connection = connect(new CommandRecorder())) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> new LiveCollectionSampleSource(connection, "shop.empty", 10).open());
            assertEquals(
                    "shop.empty at " + connection.masked() + ": the collection is empty; there is nothing to "
                            + "sample",
                    e.getMessage());
        }
    }

    @Test
    void aConnectionCancelledDuringTheLoadStopsItAsCancelled() {
        Cancellation cancellation = new Cancellation();
        LiveConnection connection =
                new LiveConnector().connect(LiveConnectionRequest.of(cluster.connectionString()), cancellation);
        try (connection) {
            var input = new LiveCollectionSampleSource(connection, NS, DOCUMENTS).open();
            // given the first batch read, the user cancels: the client closes under the cursor
            input.documents().next();
            cancellation.cancel();
            assertThrows(AnalysisCancelledException.class, () -> {
                while (input.documents().hasNext()) {
                    input.documents().next();
                }
            });
            input.close();
        }
    }

    @Test
    void anUnreachableServerFailsInOneLineWithoutThePassword() throws Exception {
        String password = "s3cret-Pa55";
        String uri = "mongodb://dba:" + password + "@127.0.0.1:" + LiveConnectorTest.freePort() + "/";
        LiveClusterException e = assertThrows(
                LiveClusterException.class,
                () -> new LiveConnector()
                        .connect(LiveConnectionRequest.of(uri).withTimeouts(LiveTimeouts.all(Duration.ofSeconds(1)))));
        assertEquals(LiveClusterException.Kind.UNREACHABLE, e.kind());
        assertFalse(e.getMessage().contains("\n"));
        assertFalse(e.getMessage().contains(password), e.getMessage());
    }

    @Test
    void badNamespacesAndSizesAreRefusedNamingTheArgument() {
        try (LiveConnection connection = connect(new CommandRecorder())) {
            assertEquals(
                    "ns: expected db.collection, got 'orders'",
                    assertThrows(
                                    IllegalArgumentException.class,
                                    () -> new LiveCollectionSampleSource(connection, "orders", 10))
                            .getMessage());
            assertEquals(
                    "sample size: at least 1 document, got 0",
                    assertThrows(
                                    IllegalArgumentException.class,
                                    () -> new LiveCollectionSampleSource(connection, NS, 0))
                            .getMessage());
        }
    }

    @Test
    void aConnectingSourceConnectsWhenOpenedAndFailsInOneLineWhenNothingListens() throws Exception {
        Sample sample = new SampleLoader(ProgressListener.NONE, CancelToken.none())
                .load(
                        LiveCollectionSampleSource.connecting(
                                new LiveConnector(),
                                LiveConnectionRequest.of(cluster.connectionString()),
                                NS,
                                5,
                                new Cancellation()),
                        Long.MAX_VALUE);
        assertEquals(5, sample.numDocsSampled());
        assertEquals(DOCUMENTS, sample.numDocsTotal());

        String password = "s3cret-Pa55";
        String uri = "mongodb://dba:" + password + "@127.0.0.1:" + LiveConnectorTest.freePort() + "/";
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> LiveCollectionSampleSource.connecting(
                                new LiveConnector(),
                                LiveConnectionRequest.of(uri).withTimeouts(LiveTimeouts.all(Duration.ofSeconds(1))),
                                NS,
                                5,
                                new Cancellation())
                        .open());
        assertTrue(e.getMessage().startsWith("no server answered at mongodb://dba:****@127.0.0.1:"), e.getMessage());
        assertFalse(e.getMessage().contains(password));
        assertFalse(e.getMessage().contains("\n"));
    }
}
